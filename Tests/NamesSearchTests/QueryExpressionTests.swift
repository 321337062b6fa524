import Testing

@testable import NamesSearch

/// The query syntax (issue 13), read by hand: each term and the clauses it must give, and
/// each term that must be refused, with the column a person would point at.
@Suite("Reading a term as words and operators")
struct QueryExpressionTests {
  typealias Word = QueryExpression.Word

  static func plain(_ text: String) -> Word { Word(text) }

  /// Term → clauses (each a list of alternatives), worked out by hand from the rules.
  static let readings: [(String, [[Word]])] = [
    ("", []),
    ("   ", []),
    ("ann", [[plain("ann")]]),
    ("smith john", [[plain("smith")], [plain("john")]]),
    ("  smith \t john  ", [[plain("smith")], [plain("john")]]),
    ("jon | john", [[plain("jon"), plain("john")]]),
    ("jon|john", [[plain("jon"), plain("john")]]),
    ("a | b c", [[plain("a"), plain("b")], [plain("c")]]),
    ("a b | c", [[plain("a")], [plain("b"), plain("c")]]),
    ("a | b | c", [[plain("a"), plain("b"), plain("c")]]),
    ("!smith", [[Word("smith", isNegated: true)]]),
    ("^ann", [[Word("ann", isAnchoredAtStart: true)]]),
    ("ann$", [[Word("ann", isAnchoredAtEnd: true)]]),
    ("^ann$", [[Word("ann", isAnchoredAtStart: true, isAnchoredAtEnd: true)]]),
    ("!^smith", [[Word("smith", isNegated: true, isAnchoredAtStart: true)]]),
    ("!son$", [[Word("son", isNegated: true, isAnchoredAtEnd: true)]]),
    ("\"anne marie\"", [[plain("anne marie")]]),
    ("\"anne marie\" smith", [[plain("anne marie")], [plain("smith")]]),
    ("!\"anne marie\"", [[Word("anne marie", isNegated: true)]]),
    ("^\"de la\"", [[Word("de la", isAnchoredAtStart: true)]]),
    ("\"de la\"$", [[Word("de la", isAnchoredAtEnd: true)]]),
    ("o\"neil o\"x", [[plain("oneil ox")]]),
    ("\"a | b\"", [[plain("a | b")]]),
    ("\"!x ^y z$\"", [[plain("!x ^y z$")]]),
    ("\"\"", [[plain("")]]),
    // Escapes: the six operator characters and white space; anything else keeps its `\`.
    ("\\!bang", [[plain("!bang")]]),
    ("\\^hat", [[plain("^hat")]]),
    ("cash\\$", [[plain("cash$")]]),
    ("a\\|b", [[plain("a|b")]]),
    ("\\\"q", [[plain("\"q")]]),
    ("back\\\\", [[plain("back\\")]]),
    ("anne\\ marie", [[plain("anne marie")]]),
    ("c:\\names", [[plain("c:\\names")]]),
    ("end\\", [[plain("end\\")]]),
    ("\"say \\\"hi\\\"\"", [[plain("say \"hi\"")]]),
    // Operator characters elsewhere are letters.
    ("ke$ha", [[plain("ke$ha")]]),
    ("yahoo!", [[plain("yahoo!")]]),
    ("a^b", [[plain("a^b")]]),
    ("^!x", [[Word("!x", isAnchoredAtStart: true)]]),
    ("$$", [[Word("$", isAnchoredAtEnd: true)]]),
    // Letters of any script; a word ends only at white space or `|`.
    ("张三 さとう", [[plain("张三")], [plain("さとう")]]),
    ("o’brien", [[plain("o’brien")]]),
    // Operators are scalars: a mark typed after one belongs to the word.
    ("\"\u{301}ann\"", [[plain("\u{301}ann")]]),
    ("!\u{301}ann", [[Word("\u{301}ann", isNegated: true)]]),
    ("^\u{301}", [[Word("\u{301}", isAnchoredAtStart: true)]]),
    // Typos: `~` and a digit at the end of a word (before a `$`); elsewhere a letter.
    ("jonh~1", [[Word("jonh", typos: 1)]]),
    ("!jonh~2 x", [[Word("jonh", isNegated: true, typos: 2)], [plain("x")]]),
    ("jonh~1$", [[Word("jonh", isAnchoredAtEnd: true, typos: 1)]]),
    ("\"a b\"~1", [[Word("a b", typos: 1)]]),
    ("a~b", [[plain("a~b")]]),
    ("a~", [[plain("a~")]]),
    ("a~12", [[plain("a~12")]]),
    ("a\\~1", [[plain("a~1")]]),
    // Sounds-like: `~` before a word, with `!` before it and `^` on either side; a second
    // `~` is a letter.
    ("~katherine", [[Word("katherine", soundsLike: true)]]),
    ("~1", [[Word("1", soundsLike: true)]]),
    (
      "^~kat ~^kat",
      [
        [Word("kat", isAnchoredAtStart: true, soundsLike: true)],
        [Word("kat", isAnchoredAtStart: true, soundsLike: true)],
      ]
    ),
    (
      "!~^kat$",
      [
        [
          Word(
            "kat", isNegated: true, isAnchoredAtStart: true, isAnchoredAtEnd: true, soundsLike: true
          )
        ]
      ]
    ),
    ("~~kat", [[Word("~kat", soundsLike: true)]]),
    ("~kat~1 | jon", [[Word("kat", typos: 1, soundsLike: true), plain("jon")]]),
    ("\\~kat", [[plain("~kat")]]),
    ("~\"a b\"", [[Word("a b", soundsLike: true)]]),
  ]

  @Test("terms read as words and operators", arguments: 0..<readings.count)
  func reads(_ index: Int) throws {
    let (term, clauses) = Self.readings[index]
    #expect(try QueryExpression(parsing: term).clauses == clauses, "\(term.debugDescription)")
  }

  /// Term → why it is refused, and the column (in characters, from 1).
  static let refusals: [(String, QuerySyntaxError.Reason, Int)] = [
    ("\"anne", .unclosedQuote, 1),
    ("anne \"marie", .unclosedQuote, 6),
    ("张三 \"x", .unclosedQuote, 4),
    // Columns count characters: "é" typed decomposed is one.
    ("e\u{301} \"x", .unclosedQuote, 3),
    ("\"\u{301}ann", .unclosedQuote, 1),
    ("\"a\" \"b", .unclosedQuote, 5),
    ("\"ends with \\\"", .unclosedQuote, 1),
    ("|", .emptyAlternative, 1),
    ("| a", .emptyAlternative, 1),
    ("a |", .emptyAlternative, 3),
    ("a | | b", .emptyAlternative, 5),
    ("a || b", .emptyAlternative, 4),
    ("!", .operatorWithoutWord("!"), 1),
    ("^", .operatorWithoutWord("^"), 1),
    ("!^", .operatorWithoutWord("^"), 2),
    ("$", .operatorWithoutWord("$"), 1),
    ("^$", .operatorWithoutWord("$"), 2),
    ("ann !", .operatorWithoutWord("!"), 5),
    ("ann ! b", .operatorWithoutWord("!"), 5),
    ("~", .operatorWithoutWord("~"), 1),
    ("!~", .operatorWithoutWord("~"), 2),
    ("a ^~ b", .operatorWithoutWord("~"), 4),
    ("~!jon", .negationNotFirst, 2),
    ("a ^~!jon", .negationNotFirst, 5),
  ]

  @Test("terms refused, with the column at fault", arguments: 0..<refusals.count)
  func refuses(_ index: Int) {
    let (term, reason, column) = Self.refusals[index]
    #expect(throws: QuerySyntaxError(reason, column: column), "\(term.debugDescription)") {
      try QueryExpression(parsing: term)
    }
  }

  @Test("-F: the whole term, one word, operators and all; an empty term, none")
  func fixedStrings() throws {
    let query = Query(term: "\"a | !b", syntax: .fixedStrings)
    #expect(try query.expression().clauses == [[Self.plain("\"a | !b")]])
    #expect(try Query(term: "", syntax: .fixedStrings).expression().clauses.isEmpty)
    // Spaces alone are a term of their own under -F, a reset as words.
    #expect(!Query(term: "  ", syntax: .fixedStrings).isReset)
    #expect(Query(term: "  ").isReset)
  }

  @Test("one plain word is the fast path; anything more is not")
  func singleWord() throws {
    #expect(try QueryExpression(parsing: " ann ").singleWord == "ann")
    #expect(try QueryExpression(parsing: "\"anne marie\"").singleWord == "anne marie")
    for term in ["a b", "a | b", "!a", "^a", "a$"] {
      #expect(try QueryExpression(parsing: term).singleWord == nil, "\(term)")
    }
  }

  @Test("messages name the column and the way out")
  func messages() {
    #expect(
      QuerySyntaxError(.unclosedQuote, column: 6).message
        == "the quote at column 6 is not closed (write \\\" for a quote)")
    #expect(
      QuerySyntaxError(.operatorWithoutWord("$"), column: 1).message
        == "the '$' at column 1 has no word before it (write \\$ to look for it)")
    #expect(
      QuerySyntaxError(.emptyAlternative, column: 3).message
        == "the '|' at column 3 has no word on one side (write \\| for a bar)")
  }
}
