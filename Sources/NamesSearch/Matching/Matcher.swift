/// Decides whether a folded key contains a query's folded term, the term taken as one
/// literal substring whatever the query's `QuerySyntax` (a query of several words has a
/// matcher per word: `Query.literal`, `ExpressionEvaluation`).
///
/// ```swift
/// let matcher = Matcher(query: Query(term: "ann"))
/// matcher.matches(key: TextFolder().fold("Joanna"))   // true
/// ```
///
/// A key matches when the folded term occurs in it as bytes and that occurrence neither
/// starts nor ends inside a user-perceived character of the key (an extended grapheme
/// cluster, Unicode UAX #29; see `ClusterBoundary`): "🇵🇰" does not find "🇰🇵🇰🇷", whose
/// flags are KP and KR. An empty folded term matches every key.
public struct Matcher: Sendable {
  /// The query this matcher answers.
  public let query: Query
  /// The folded UTF-8 of the query's term.
  public let foldedTerm: [UInt8]

  /// Whether the term has punctuation that folding keeps (under
  /// `MatchOptions.Folding.all`): it is then searched in the keys that keep punctuation
  /// (`SearchKeys.dropsPunctuation` false), else in those that drop it (`FullFolding`).
  public let keepsPunctuation: Bool

  /// Creates a matcher, folding the query's term once.
  public init(query: Query) {
    self.query = query
    self.foldedTerm = TextFolder(options: query.options).fold(query.term)
    self.keepsPunctuation =
      query.options.foldsAll
      && TextFolder(options: query.options, dropsPunctuation: true).fold(query.term)
        != foldedTerm
  }

  /// Whether every key matches (the folded term is empty).
  public var matchesEverything: Bool { foldedTerm.isEmpty }

  /// The byte offset of the first acceptable occurrence of the term in `key` at or after
  /// `start`, or `nil`. The whole of `key` is one key: the cluster boundaries around an
  /// occurrence may depend on bytes before `start`.
  ///
  /// - Complexity: O(n) in practice, where n is the key's length.
  public func firstMatch(in key: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
    var boundaries = ClusterBoundary()
    return firstMatch(in: key, from: start, boundaries: &boundaries)
  }

  /// `firstMatch(in:from:)` with a boundary checker kept across calls on the same key, so
  /// that finding every match along a key costs O(n), not O(n²), on runs of flags.
  func firstMatch(
    in key: UnsafeRawBufferPointer, from start: Int, boundaries: inout ClusterBoundary
  ) -> Int? {
    foldedTerm.withUnsafeBytes { needle in
      var position = start
      while let hit = SubstringSearch.firstOccurrence(of: needle, in: key, from: position) {
        if boundaries.isBoundary(in: key, at: hit),
          boundaries.isBoundary(in: key, at: hit + needle.count)
        {
          return hit
        }
        position = hit + 1
      }
      return nil
    }
  }

  /// Whether `key` contains the term.
  public func matches(_ key: UnsafeRawBufferPointer) -> Bool {
    foldedTerm.isEmpty || firstMatch(in: key) != nil
  }

  /// Whether the folded `key` contains the term.
  public func matches(key: [UInt8]) -> Bool {
    key.withUnsafeBytes { matches($0) }
  }
}
