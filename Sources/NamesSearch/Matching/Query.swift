/// What the user typed: the term, how to read it, and the match options.
///
/// ```swift
/// let query = Query(term: "jose")                 // CONTAINS[cd], and more (MatchOptions)
/// let exact = Query(term: "José", options: MatchOptions(ignoresCase: false))
/// let words = Query(term: "smith john")           // both words, in any order
/// let literal = Query(term: "smith john", syntax: .fixedStrings)
/// ```
///
/// An empty term (or, read as words, one of white space only) is a reset: it matches every
/// name.
public struct Query: Sendable, Hashable {
  /// The text to look for inside names, exactly as typed.
  public var term: String
  /// Which differences the match ignores.
  public var options: MatchOptions
  /// How the term is read: words and operators (the default) or one literal substring.
  public var syntax: QuerySyntax

  /// Creates a query for `term` with `options` (case and diacritics ignored by default),
  /// read as words and operators unless `syntax` says otherwise.
  public init(term: String, options: MatchOptions = .default, syntax: QuerySyntax = .words) {
    self.term = term
    self.options = options
    self.syntax = syntax
  }

  /// The term read as `syntax` says: as words and operators, or, for `.fixedStrings`, one
  /// clause of one plain word, the term (none for an empty term).
  ///
  /// - Throws: `QuerySyntaxError` when the term does not read as words and operators.
  /// - Complexity: O(n) in the term's length.
  public func expression() throws(QuerySyntaxError) -> QueryExpression {
    switch syntax {
    case .fixedStrings:
      return QueryExpression(clauses: term.isEmpty ? [] : [[QueryExpression.Word(term)]])
    case .words:
      return try QueryExpression(parsing: term)
    }
  }

  /// What a search answers for this query: its expression, or, when the term does not read
  /// as words and operators, the term as one literal substring (a caller that shows the
  /// problem asks `expression()` first).
  var searchedExpression: QueryExpression {
    (try? expression())
      ?? Query(term: term, options: options, syntax: .fixedStrings)
      .searchedExpression
  }

  /// The query of one literal `word` with these options.
  func literal(_ word: String) -> Query {
    Query(term: word, options: options, syntax: .fixedStrings)
  }

  /// Whether the query is a reset: every name matches (an empty term; read as words, also
  /// one of white space only).
  public var isReset: Bool { searchedExpression.clauses.isEmpty }
}
