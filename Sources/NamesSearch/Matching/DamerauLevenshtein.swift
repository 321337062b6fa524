/// The Damerau–Levenshtein distance of two words: the fewest insertions, deletions,
/// substitutions and swaps of two adjacent characters that turn one into the other, a
/// swapped pair may be edited further ("ca" → "abc" is 2), the unrestricted distance of
/// Lowrance and Wagner (1975), over Unicode scalars.
///
/// ```swift
/// DamerauLevenshtein.distance(
///   "jonh".unicodeScalars.map(\.value), "john".unicodeScalars.map(\.value))   // 1
/// ```
///
/// The search compares folded words (`Query.typoText`, NFD: a letter with a mark kept by
/// `--diacritic-sensitive` is two scalars, a Hangul syllable its jamo). Checked against
/// PyPI's jellyfish and rapidfuzz on every word of the fixtures, which are NFC text where
/// jellyfish's characters are scalars (`Scripts/make-damerau-levenshtein-reference.py`).
public enum DamerauLevenshtein {
  /// The distance of `a` and `b` (scalar values).
  ///
  /// - Complexity: O(n · m) time and memory in the two lengths (names' words are short; the
  ///   table is on the stack).
  public static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in distance(a, b) } }
  }

  /// `distance(_:_:)` of two buffers of scalar values.
  static func distance(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>)
    -> Int
  {
    let n = a.count
    let m = b.count
    if n == 0 { return m }
    if m == 0 { return n }
    let width = m + 2
    let infinity = n + m
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: (n + 2) * width + 2 * n) {
      memory in
      // d[(i + 1) * width + (j + 1)] is the distance of a[..<i] and b[..<j]; row and
      // column 0 hold `infinity` for the swaps that reach before the start.
      let d = UnsafeMutableBufferPointer(rebasing: memory[..<((n + 2) * width)])
      d.initialize(repeating: 0)
      // The last row (1-based) where each scalar of `a` was seen: a short list, words being
      // short (`seen` holds scalar values, `seenRow` their rows).
      let seen = UnsafeMutableBufferPointer(
        rebasing: memory[((n + 2) * width)..<((n + 2) * width + n)])
      let seenRow = UnsafeMutableBufferPointer(rebasing: memory[((n + 2) * width + n)...])
      var seenCount = 0
      d[0] = infinity
      for i in 0...n {
        d[(i + 1) * width] = infinity
        d[(i + 1) * width + 1] = i
      }
      for j in 0...m {
        d[j + 1] = infinity
        d[width + j + 1] = j
      }
      for i in 1...n {
        var lastColumn = 0
        for j in 1...m {
          let scalar = b[j - 1]
          var k = 0
          for s in 0..<seenCount where seen[s] == Int(scalar) {
            k = seenRow[s]
            break
          }
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
        let scalar = Int(a[i - 1])
        var found = false
        for s in 0..<seenCount where seen[s] == scalar {
          seenRow[s] = i
          found = true
          break
        }
        if !found {
          seen[seenCount] = scalar
          seenRow[seenCount] = i
          seenCount += 1
        }
      }
      return d[(n + 1) * width + m + 1]
    }
  }

  /// Whether `a` and `b` are within `limit` edits: `distance(a, b) <= limit`, without
  /// computing it when the lengths alone are further apart.
  ///
  /// - Complexity: O(1) when the lengths differ by more than `limit`, else as `distance`.
  public static func isWithin(_ limit: Int, _ a: [UInt32], _ b: [UInt32]) -> Bool {
    guard abs(a.count - b.count) <= limit else { return false }
    return distance(a, b) <= limit
  }

  /// `isWithin(_:_:_:)` of two buffers of scalar values.
  static func isWithin(
    _ limit: Int, _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    guard abs(a.count - b.count) <= limit else { return false }
    return distance(a, b) <= limit
  }
}
