/// How the bytes of a search key lead back to the characters of its name, so that a match
/// found in the key can be shown on the name (`MatchHighlighter`).
///
/// ```swift
/// // "王芳" with the reading key "wang fang": "wang " came from 王 (UTF-8 0..<3), "fang"
/// // from 芳 (3..<6).
/// let reading = KeyMapping.anchors([
///   KeyAnchor(keyOffset: 0, nameOffset: 0), KeyAnchor(keyOffset: 5, nameOffset: 3),
///   KeyAnchor(keyOffset: 9, nameOffset: 6),
/// ])
/// reading.nameRange(ofKeyRange: 5..<9)   // 3..<6: 芳
/// ```
public enum KeyMapping: Sendable, Hashable {
  /// The key is its name folded by `TextFolder` with the keys' options. Its map is the
  /// folding's offset map (where each user-perceived character's folded bytes start), which
  /// `MatchHighlighter` makes by folding the name one character at a time, only for names
  /// it shows, in a window of bounded size: the map costs nothing during a search.
  case folding
  /// The key was made otherwise (a reading, initials, a transliteration) and supplies its
  /// own map: anchors ascending in both offsets, the first at `(0, 0)`, the last at the
  /// key's and the name's ends, each name offset at the start of a user-perceived
  /// character. The key's bytes from one anchor to the next came from the name's bytes
  /// between the same two anchors.
  case anchors([KeyAnchor])
  /// Nothing leads from the key to its name's characters: a match in it is found but not
  /// marked.
  case unmapped

  /// The UTF-8 byte range of the name that the key's bytes `keyRange` came from: from the
  /// last anchor at or before its start to the first anchor at or after its end; `nil` for
  /// `.folding` (whose map is made from the name) and `.unmapped`.
  ///
  /// - Complexity: O(log a) in the number of anchors.
  public func nameRange(ofKeyRange keyRange: Range<Int>) -> Range<Int>? {
    guard case .anchors(let anchors) = self, !anchors.isEmpty else { return nil }
    // The first anchor whose key offset is above `value` (binary search).
    func firstAbove(_ value: Int) -> Int {
      var low = 0
      var high = anchors.count
      while low < high {
        let middle = (low + high) / 2
        if anchors[middle].keyOffset <= value { low = middle + 1 } else { high = middle }
      }
      return low
    }
    let start = anchors[max(firstAbove(keyRange.lowerBound) - 1, 0)].nameOffset
    // The first anchor at or after the end: the first above `end - 1`.
    let after = firstAbove(keyRange.upperBound - 1)
    let end =
      after < anchors.count ? anchors[after].nameOffset : anchors[anchors.count - 1].nameOffset
    return start..<max(start, end)
  }
}

/// One point where a search key and its name line up (see `KeyMapping.anchors`).
public struct KeyAnchor: Sendable, Hashable {
  /// A byte offset in the key's folded UTF-8.
  public var keyOffset: Int
  /// The matching byte offset in the name's UTF-8 (the start of a user-perceived character,
  /// or the name's end).
  public var nameOffset: Int

  /// Creates an anchor.
  public init(keyOffset: Int, nameOffset: Int) {
    self.keyOffset = keyOffset
    self.nameOffset = nameOffset
  }
}
