/// Why a term could not be read as words and operators (`QueryExpression`), and where.
///
/// ```swift
/// do { _ = try QueryExpression(parsing: "anne \"marie") } catch {
///   error.column    // 6: the quote that is not closed
///   error.message   // "the quote at column 6 is not closed (write \" for a quote)"
/// }
/// ```
public struct QuerySyntaxError: Error, Sendable, Hashable {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// A `"` opens a phrase that no later `"` closes.
    case unclosedQuote
    /// A `|` with no word on one side (at the start or end of the term, or beside another
    /// `|`).
    case emptyAlternative
    /// An operator with no word to apply to: `!` or `^` with none after it ("!", "^",
    /// "!^"), `$` with none before it ("$", "^$").
    case operatorWithoutWord(Character)
    /// A `!` after `~` or `^` ("~!jon"): negation comes first ("!~jon").
    case negationNotFirst
  }

  /// What is wrong.
  public let reason: Reason
  /// The position of the offending character in the term, in user-perceived characters
  /// (extended grapheme clusters, Unicode UAX #29), counted from 1.
  public let column: Int

  /// Creates an error.
  public init(_ reason: Reason, column: Int) {
    self.reason = reason
    self.column = column
  }

  /// One line saying what is wrong and where, without a final period; the operator
  /// characters are quoted as typed.
  public var message: String {
    switch reason {
    case .unclosedQuote:
      return "the quote at column \(column) is not closed (write \\\" for a quote)"
    case .emptyAlternative:
      return "the '|' at column \(column) has no word on one side (write \\| for a bar)"
    case .negationNotFirst:
      return
        "the '!' at column \(column) comes after another operator (write it first, as in "
        + "!~word, or \\! to look for it)"
    case .operatorWithoutWord(let character):
      let side = character == "$" ? "before" : "after"
      return
        "the '\(character)' at column \(column) has no word \(side) it (write \\\(character) "
        + "to look for it)"
    }
  }
}
