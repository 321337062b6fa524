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
  /// The fields' first keys.
  private let keys: [String]
  /// The UTF-8 of the keys that are ASCII, back to back, and where each ends in it.
  private let asciiText: [UInt8]
  private let asciiEnds: [Int]
  /// Whether every key is ASCII: then an ASCII key needs only the byte comparisons.
  private let allASCII: Bool

  /// The filter of the first keys of `fields`' paths.
  init(_ fields: RecordFields) {
    var keys: [String] = []
    var asciiText: [UInt8] = []
    var asciiEnds: [Int] = []
    for path in [fields.name, fields.section].compactMap({ $0 }) + fields.search {
      let key = path.keys[0]
      if keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) { continue }
      keys.append(key)
      if key.utf8.allSatisfy({ $0 < 0x80 }) {
        asciiText += key.utf8
        asciiEnds.append(asciiText.count)
      }
    }
    self.keys = keys
    self.asciiText = asciiText
    self.asciiEnds = asciiEnds
    allASCII = asciiEnds.count == keys.count
  }

  /// Whether the key `utf8` (well-formed UTF-8) is the first key of a field's path.
  ///
  /// - Complexity: O(n) in the key's length times the number of fields.
  func selects(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    selects(utf8, isASCII: utf8.allSatisfy { $0 < 0x80 })
  }

  /// `selects(_:)` for a key whose caller knows whether it `isASCII` (every byte below
  /// 0x80): an ASCII key is compared with each ASCII field by length, then `memcmp(3)`,
  /// with no `String` made (nor any retain), and as a `String` only with the fields that
  /// are not ASCII.
  ///
  /// - Complexity: as `selects(_:)`.
  @inline(__always)
  func selects(_ utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
    if isASCII {
      let count = utf8.count
      let found = asciiText.withUnsafeBufferPointer { text in
        asciiEnds.withUnsafeBufferPointer { ends in
          var start = 0
          for end in ends {
            if end - start == count
              && (count == 0
                || RawBytes.equal(text.baseAddress! + start, utf8.baseAddress!, count: count))
            {
              return true
            }
            start = end
          }
          return false
        }
      }
      if found || allASCII { return found }
    }
    let text = String(decoding: utf8, as: UTF8.self)
    return keys.contains { $0 == text }
  }
}
