/// How many typos the words of a query may hold (`--typos`, `--max-typos`, `word~N`),
/// by the rule Typesense applies by default: none for words of fewer than 4 letters, 1
/// from 4 letters, 2 from 8.
///
/// ```swift
/// let typos = TypoTolerance(byLength: true)
/// typos.allowed(forLength: 4, explicit: nil)   // 1: "jonh" finds "John"
/// typos.allowed(forLength: 3, explicit: nil)   // 0: "ann" stays exact
/// typos.allowed(forLength: 3, explicit: 1)     // 1: "ann~1"
/// ```
///
/// A typo is one edit of the Damerau–Levenshtein distance (`DamerauLevenshtein`): a
/// letter inserted, deleted, replaced, or two neighbours swapped.
public struct TypoTolerance: Sendable, Hashable {
  /// Whether every word gets typos by its length (`--typos`); without it only a word
  /// written `word~N` has any.
  public var byLength: Bool
  /// The most typos any word may have (`--max-typos N`, 0 to 9), `~N` included.
  public var maximum: Int

  /// Creates a tolerance; by default words get typos only when written `word~N`, at most 2.
  public init(byLength: Bool = false, maximum: Int = 2) {
    self.byLength = byLength
    self.maximum = maximum
  }

  /// No typos unless a word asks (`word~N`), at most 2.
  public static let `default` = TypoTolerance()

  /// The typos a word of `length` letters (scalars of its folded text) may have: `explicit`
  /// (its `~N`) if given, else by its length when `byLength` (1 from 4, 2 from 8), else
  /// none; never more than `maximum`.
  ///
  /// - Complexity: O(1).
  public func allowed(forLength length: Int, explicit: Int?) -> Int {
    let wanted = explicit ?? (byLength ? (length >= 8 ? 2 : length >= 4 ? 1 : 0) : 0)
    return max(0, min(wanted, maximum))
  }
}
