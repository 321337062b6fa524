/// Finds the parts of an original name that a query matched, for highlighting.
///
/// The name is folded one user-perceived character at a time, remembering where each
/// character's folded bytes start; every acceptable occurrence of the folded term (one that
/// neither starts nor ends inside a user-perceived character, as `Matcher` decides) is mapped
/// back to the original characters it covers. The original text is never changed.
///
/// ```swift
/// MatchHighlighter(matcher: Matcher(query: Query(term: "jose")))
///   .matchedRanges(in: "María José")   // the range of "José"
/// ```
public struct MatchHighlighter {
  private let matcher: Matcher
  private let folder: TextFolder

  /// Creates a highlighter for `matcher`'s query.
  public init(matcher: Matcher) {
    self.matcher = matcher
    self.folder = TextFolder(options: matcher.query.options)
  }

  /// The non-overlapping ranges of `name` that the term matched, in order.
  ///
  /// - Complexity: O(n) in the name's length.
  public func matchedRanges(in name: String) -> [Range<String.Index>] {
    guard !matcher.matchesEverything else { return [] }
    var key = GrowableArray<UInt8>()
    var starts: [(offset: Int, index: String.Index)] = []
    for index in name.indices {
      starts.append((key.count, index))
      folder.append(String(name[index]), to: &key)
    }
    starts.append((key.count, name.endIndex))
    let length = matcher.foldedTerm.count
    var ranges: [Range<String.Index>] = []
    let folded = key.buffer
    do {
      let key = UnsafeRawBufferPointer(folded)
      var position = 0
      var boundaries = ClusterBoundary()
      while let hit = matcher.firstMatch(in: key, from: position, boundaries: &boundaries) {
        // The character containing the first matched byte, and the one after the last.
        let first = max(Self.firstIndex(in: starts, atLeast: hit + 1) - 1, 0)
        let end = min(Self.firstIndex(in: starts, atLeast: hit + length), starts.count - 1)
        let range = starts[first].index..<starts[end].index
        if let last = ranges.last, last.upperBound >= range.lowerBound {
          ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else if !range.isEmpty {
          ranges.append(range)
        }
        position = max(hit + length, starts[end].offset)
      }
    }
    return ranges
  }

  /// Binary search: the first position in `starts` whose offset is at least `value`.
  private static func firstIndex(
    in starts: [(offset: Int, index: String.Index)], atLeast value: Int
  ) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle].offset < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
