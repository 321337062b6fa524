/// The Damerau–Levenshtein distance of two words: the fewest insertions, deletions,
/// substitutions and swaps of two adjacent characters that turn one into the other, a
/// swapped pair may be edited further ("ca" → "abc" is 2), the unrestricted distance of
/// Lowrance and Wagner (1975), over Unicode scalars.
///
/// ```swift
/// DamerauLevenshtein.distance(Array("jonh".unicodeScalars), Array("john".unicodeScalars))  // 1
/// ```
///
/// Checked against PyPI's jellyfish and rapidfuzz on every word of the fixtures
/// (`Scripts/make-damerau-levenshtein-reference.py`).
public enum DamerauLevenshtein {
  /// The distance of `a` and `b` (scalar values).
  ///
  /// - Complexity: O(n · m) time and memory in the two lengths (names' words are short).
  public static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
    let n = a.count
    let m = b.count
    if n == 0 { return m }
    if m == 0 { return n }
    let width = m + 2
    let infinity = n + m
    // d[(i + 1) * width + (j + 1)] is the distance of a[..<i] and b[..<j]; row and column
    // 0 hold `infinity` for the swaps that reach before the start.
    var d = [Int](repeating: 0, count: (n + 2) * width)
    d[0] = infinity
    for i in 0...n {
      d[(i + 1) * width] = infinity
      d[(i + 1) * width + 1] = i
    }
    for j in 0...m {
      d[j + 1] = infinity
      d[width + j + 1] = j
    }
    // The last row (1-based) where each scalar of `a` was seen: a short list, words being
    // short.
    var seen: [UInt32] = []
    var seenRow: [Int] = []
    for i in 1...n {
      var lastColumn = 0
      for j in 1...m {
        let scalar = b[j - 1]
        var k = 0
        if let at = seen.firstIndex(of: scalar) { k = seenRow[at] }
        let l = lastColumn
        let cost: Int
        if a[i - 1] == scalar {
          cost = 0
          lastColumn = j
        } else {
          cost = 1
        }
        let substitution = d[i * width + j] + cost
        let insertion = d[(i + 1) * width + j] + 1
        let deletion = d[i * width + j + 1] + 1
        let swap = d[k * width + l] + (i - k - 1) + 1 + (j - l - 1)
        d[(i + 1) * width + j + 1] = min(substitution, insertion, deletion, swap)
      }
      if let at = seen.firstIndex(of: a[i - 1]) {
        seenRow[at] = i
      } else {
        seen.append(a[i - 1])
        seenRow.append(i)
      }
    }
    return d[(n + 1) * width + m + 1]
  }

  /// Whether `a` and `b` are within `limit` edits: `distance(a, b) <= limit`, without
  /// computing it when the lengths alone are further apart.
  ///
  /// - Complexity: O(1) when the lengths differ by more than `limit`, else as `distance`.
  public static func isWithin(_ limit: Int, _ a: [UInt32], _ b: [UInt32]) -> Bool {
    guard abs(a.count - b.count) <= limit else { return false }
    return distance(a, b) <= limit
  }
}
