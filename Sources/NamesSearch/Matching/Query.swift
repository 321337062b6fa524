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
  /// How many typos each word may hold (none unless asked for).
  public var typos: TypoTolerance
  /// Whether every word also matches name words that sound like it (`PhoneticCode`:
  /// Double Metaphone and Daitch–Mokotoff codes), as `~word` asks for one word.
  public var soundsLike: Bool

  /// Creates a query for `term` with `options` (case and diacritics ignored by default),
  /// read as words and operators unless `syntax` says otherwise, words exact unless
  /// `typos` or `soundsLike` says otherwise.
  public init(
    term: String, options: MatchOptions = .default, syntax: QuerySyntax = .words,
    typos: TypoTolerance = .default, soundsLike: Bool = false
  ) {
    self.term = term
    self.options = options
    self.syntax = syntax
    self.typos = typos
    self.soundsLike = soundsLike
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

  /// The query of one literal `word` with these options, exact.
  func literal(_ word: String) -> Query {
    Query(term: word, options: options, syntax: .fixedStrings)
  }

  /// `word`'s text as words with typos are compared (`TypoScanner`): folded as the keys
  /// are, punctuation left out ("o'brein" is "obrein", "jean-pual" "jeanpual").
  func typoText(_ word: QueryExpression.Word) -> String {
    String(
      decoding: TextFolder(options: options, dropsPunctuation: true).fold(word.text),
      as: UTF8.self)
  }

  /// The typos `word` may have (`TypoTolerance.allowed`), by the letters (user-perceived
  /// characters) of its folded text, so that a Hangul syllable is one letter, not its
  /// jamo; none for a word that folds to several words (a phrase) or to nothing.
  func allowedTypos(_ word: QueryExpression.Word) -> Int {
    guard word.typos != nil || typos.byLength else { return 0 }
    let folded = typoText(word)
    guard !folded.isEmpty, !folded.unicodeScalars.contains(where: \.properties.isWhitespace)
    else { return 0 }
    return typos.allowed(forLength: folded.count, explicit: word.typos)
  }

  /// The sounds-like codes (`PhoneticCode`) that `word` is matched by, when it asks for
  /// them (`~word`, or `soundsLike`) and reads as one word of at least
  /// `PhoneticCode.minimumQueryLetters` letters A–Z (`PhoneticWords`: "o'brien" does, a
  /// phrase or "jean-paul" does not); else `nil`.
  func soundCodes(_ word: QueryExpression.Word) -> [UInt64]? {
    guard word.soundsLike || soundsLike else { return nil }
    let words = PhoneticWords.letters(in: word.text)
    guard words.count == 1, words[0].utf8.count >= PhoneticCode.minimumQueryLetters else {
      return nil
    }
    var letters = words[0]
    return letters.withUTF8 { PhoneticCode.codes(ofLetters: $0) }
  }

  /// The one word of `expression` (this query's, read once by the caller), when it is a
  /// single plain word that may hold no typo and no other sound: the query is then that
  /// word's search as a whole term.
  func singleExactWord(of expression: QueryExpression) -> String? {
    guard let word = expression.singleWord, allowedTypos(expression.clauses[0][0]) == 0,
      soundCodes(expression.clauses[0][0]) == nil
    else {
      return nil
    }
    return word
  }

  /// Whether the query is a reset: every name matches (an empty term; read as words, also
  /// one of white space only).
  public var isReset: Bool { searchedExpression.clauses.isEmpty }
}
