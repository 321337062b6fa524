/// Which top-level keys of a JSON record hold a field that is read (`RecordFields`: the
/// first key of the name, search and section paths), decided from the key's UTF-8 as
/// `RecordValue.value(at:)` would decide it from `String`s: by canonical equivalence
/// (Swift's `String` `==`), so "e\u0301" selects the field "é" there and here.
///
/// Two ASCII spellings are equivalent exactly when their bytes are equal (ASCII text is
/// unchanged by normalization, UAX #15), so an ASCII key is compared with an ASCII field
/// byte for byte, with no `String` made; any other pair is compared as `String`s (an ASCII
/// field such as "K" is equivalent to the non-ASCII key "\u{212A}", KELVIN SIGN).
struct RecordKeyFilter {
  /// The fields' first keys, each with its UTF-8 when that is ASCII.
  private let keys: [(text: String, ascii: [UInt8]?)]

  /// The filter of the first keys of `fields`' paths.
  init(_ fields: RecordFields) {
    var keys: [(text: String, ascii: [UInt8]?)] = []
    for path in [fields.name, fields.section].compactMap({ $0 }) + fields.search {
      let key = path.keys[0]
      if keys.contains(where: { $0.text.utf8.elementsEqual(key.utf8) }) { continue }
      keys.append((key, key.utf8.allSatisfy { $0 < 0x80 } ? Array(key.utf8) : nil))
    }
    self.keys = keys
  }

  /// Whether the key `utf8` (well-formed UTF-8) is the first key of a field's path.
  ///
  /// - Complexity: O(n) in the key's length times the number of fields.
  func selects(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let isASCII = utf8.allSatisfy { $0 < 0x80 }
    var text: String? = nil
    for key in keys {
      if isASCII, let ascii = key.ascii {
        if ascii.elementsEqual(utf8) { return true }
        continue
      }
      if text == nil { text = String(decoding: utf8, as: UTF8.self) }
      if text! == key.text { return true }
    }
    return false
  }
}
