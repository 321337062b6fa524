/// The keys of one JSON object read so far and where each was, so a key written twice is
/// found (RFC 8259 section 4 leaves names that are not unique to the reader; this project
/// refuses them). Keys compare by their code points, as JSON does: "é" and "e\u0301" are
/// different keys.
///
/// A few keys are searched in a list; past `linearLimit`, through a dictionary, so an
/// object of n keys costs O(n) time either way.
struct JSONKeys {
  /// How many keys are searched linearly before a dictionary is built.
  static let linearLimit = 12

  private var list: [(key: String, offset: Int)] = []
  private var index: [CodePoints: Int]? = nil

  /// A key compared and hashed by its UTF-8 bytes (`String` compares by canonical
  /// equivalence).
  private struct CodePoints: Hashable {
    var text: String
    static func == (a: Self, b: Self) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
    func hash(into hasher: inout Hasher) {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }

  /// Adds `key`, read at byte `offset`; answers the offset of the same key read before,
  /// or `nil` when it is new (then it is added).
  ///
  /// - Complexity: O(1) amortized past `linearLimit` keys, O(`linearLimit`) before.
  mutating func insert(_ key: String, at offset: Int) -> Int? {
    if var index {
      if let first = index[CodePoints(text: key)] { return first }
      self.index = nil
      index[CodePoints(text: key)] = offset
      self.index = index
      return nil
    }
    // Compares code points, not `String`'s canonical equivalence.
    for entry in list where entry.key.utf8.elementsEqual(key.utf8) { return entry.offset }
    list.append((key, offset))
    if list.count > Self.linearLimit {
      var index: [CodePoints: Int] = [:]
      for entry in list { index[CodePoints(text: entry.key)] = entry.offset }
      self.index = index
      list = []
    }
    return nil
  }
}
