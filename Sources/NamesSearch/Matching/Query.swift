/// What the user typed, parsed once: the term and the match options.
///
/// ```swift
/// let query = Query(term: "jose")            // CONTAINS[cd]
/// let exact = Query(term: "José", options: MatchOptions(ignoresCase: false))
/// ```
///
/// An empty term is a reset: it matches every name.
public struct Query: Sendable, Hashable {
  /// The text to look for inside names, exactly as typed.
  public var term: String
  /// Which differences the match ignores.
  public var options: MatchOptions

  /// Creates a query for `term` with `options` (case and diacritics ignored by default).
  public init(term: String, options: MatchOptions = .default) {
    self.term = term
    self.options = options
  }

  /// Whether the query is a reset (empty term): every name matches.
  public var isReset: Bool { term.isEmpty }
}
