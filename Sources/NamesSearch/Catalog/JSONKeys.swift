/// The keys of one JSON object read so far and where each was, so a key written twice is
/// found (RFC 8259 section 4 leaves names that are not unique to the reader; this project
/// refuses them). Keys compare by their code points, as JSON does: "é" and "e\u0301" are
/// different keys. They are kept as UTF-8 bytes, so a key read from the input needs no
/// `String` (`insert(utf8:at:)`).
///
/// A few keys are searched in a list; past `linearLimit`, through a dictionary, so an
/// object of n keys costs O(n) time either way.
struct JSONKeys {
  /// How many keys are searched linearly before a dictionary is built.
  static let linearLimit = 12

  /// The keys' UTF-8 back to back, and each key's end in it and offset in the document.
  private var text: [UInt8] = []
  private var list: [(end: Int, offset: Int)] = []
  /// Past `linearLimit` keys: each key's UTF-8 (compared byte for byte, that is by code
  /// point) → its offset.
  private var index: [[UInt8]: Int]? = nil

  /// Adds `key`, read at byte `offset`; answers the offset of the same key read before,
  /// or `nil` when it is new (then it is added).
  ///
  /// - Complexity: O(1) amortized past `linearLimit` keys, O(`linearLimit`) before.
  mutating func insert(_ key: String, at offset: Int) -> Int? {
    var key = key
    return key.withUTF8 { insert(utf8: $0, at: offset) }
  }

  /// `insert(_:at:)` for a key given as its UTF-8.
  ///
  /// - Complexity: as `insert(_:at:)`, and O(n) in the key's length.
  mutating func insert(utf8 key: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    if index != nil {
      let bytes = Array(key)
      if let first = index![bytes] { return first }
      index![bytes] = offset
      return nil
    }
    // Compares code points (bytes), not `String`'s canonical equivalence.
    let found = text.withUnsafeBufferPointer { text -> Int? in
      var start = 0
      for entry in list {
        if entry.end - start == key.count {
          var k = 0
          while k < key.count && text[start + k] == key[k] { k += 1 }
          if k == key.count { return entry.offset }
        }
        start = entry.end
      }
      return nil
    }
    if let found { return found }
    text.append(contentsOf: key)
    list.append((text.count, offset))
    if list.count > Self.linearLimit {
      var index: [[UInt8]: Int] = [:]
      var start = 0
      for entry in list {
        index[Array(text[start..<entry.end])] = entry.offset
        start = entry.end
      }
      self.index = index
      text = []
      list = []
    }
    return nil
  }

  /// Forgets every key, keeping the memory, for the next object.
  mutating func removeAll() {
    text.removeAll(keepingCapacity: true)
    list.removeAll(keepingCapacity: true)
    index = nil
  }
}
