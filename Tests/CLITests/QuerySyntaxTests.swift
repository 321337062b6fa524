import Testing

/// The query syntax on the command line (issue 13): words in any order, operators, `-F`,
/// and a term that cannot be read refused with its column marked, exit 64.
@Suite("Query syntax on the command line")
struct QuerySyntaxTests {
  static let catalog: [(title: String, names: [String])] = [
    ("A", ["Anne Marie", "Anne-Marie", "Annemarie"]),
    ("J", ["John Smith", "Jon Snow"]),
    ("M", ["Marie Anne"]),
    ("S", ["Smith John"]),
  ]

  @Test("words in any order, either word, not, anchors, a phrase")
  func words() throws {
    let cases: [([String], String, Int32)] = [
      (["smith john"], "J\n  John Smith\nS\n  Smith John\n", 0),
      (["anne marie", "--index"], "A M\n", 0),
      (["\"anne marie\""], "A\n  Anne Marie\n", 0),
      (["jon | smith", "--count"], "3\n", 0),
      (["^mar"], "M\n  Marie Anne\n", 0),
      (["!anne", "--count"], "3\n", 0),
      (["-F", "smith john"], "S\n  Smith John\n", 0),
      (["-F", "john smith", "--count"], "1\n", 0),
      (["--fixed-strings", "anne marie", "--count"], "1\n", 0),
      (["zzz | yyy"], "", 1),
    ]
    for (arguments, output, status) in cases {
      let result = try CLIRunner.run(arguments, catalog: Self.catalog)
      #expect(result.stdoutText == output, "\(arguments)")
      #expect(result.status == status, "\(arguments)")
      #expect(result.stderrText == "")
    }
  }

  @Test("--typos, word~N and --max-typos; exact names first in each section")
  func typos() throws {
    let list: [(title: String, names: [String])] = [
      ("J", ["Jon", "Jonh Doe", "John", "Jonas"]), ("S", ["Smyth", "Smith"]),
    ]
    let cases: [([String], String, Int32)] = [
      (["jonh"], "J\n  Jonh Doe\n", 0),
      (["--typos", "jonh"], "J\n  Jonh Doe\n  Jon\n  John\n", 0),
      (["jonh~1"], "J\n  Jonh Doe\n  Jon\n  John\n", 0),
      (["--max-typos", "0", "jonh~1"], "J\n  Jonh Doe\n", 0),
      (["--typos", "--index", "smith"], "S\n", 0),
      (["--typos", "--count", "smith"], "2\n", 0),
      // "smit" has 4 letters: 1 typo finds Smith (one deletion), not Smyth (two edits).
      (["--typos", "smit"], "S\n  Smith\n", 0),
      (["zzzz~1"], "", 1),
    ]
    for (arguments, output, status) in cases {
      let result = try CLIRunner.run(arguments, catalog: list)
      #expect(result.stdoutText == output, "\(arguments)")
      #expect(result.status == status, "\(arguments)")
    }
    // A list written keeps the list's order: typos are not put last there.
    let written = try CLIRunner.run(
      ["-o", "-", "--output-format", "json", "jonh~1"], catalog: list)
    #expect(written.stdoutText == #"{"J":["Jon","Jonh Doe","John"]}"# + "\n")
    let bad = try CLIRunner.run(["--max-typos", "x", "a"], catalog: list)
    #expect(bad.status == 64)
    #expect(
      bad.stderrText.hasPrefix(
        "Error: The value 'x' is invalid for '--max-typos <n>'. Please provide a whole number "
          + "of typos from 0 to 9.\n"))
  }

  @Test("--sounds-like and ~word; exact names first in each section, marked apart")
  func soundsLike() throws {
    let list: [(title: String, names: [String])] = [
      ("A", ["Anna Shvarts", "Ali Muhammad"]), ("C", ["Catherine Zeta"]),
      ("K", ["Katherine", "Kathryn Bigelow", "Karl"]),
    ]
    let cases: [([String], String, Int32)] = [
      (["katherine"], "K\n  Katherine\n", 0),
      (
        ["--sounds-like", "katherine"], "C\n  Catherine Zeta\nK\n  Katherine\n  Kathryn Bigelow\n",
        0
      ),
      // Exact first: Kathryn Bigelow before Katherine, which only sounds like it.
      (["~kathryn"], "C\n  Catherine Zeta\nK\n  Kathryn Bigelow\n  Katherine\n", 0),
      (["~schwarz"], "A\n  Anna Shvarts\n", 0),
      (["--sounds-like", "mohammed", "--index"], "A\n", 0),
      (["~kathryn bigelow"], "K\n  Kathryn Bigelow\n", 0),
      (["!~kathryn"], "A\n  Anna Shvarts\n  Ali Muhammad\nK\n  Karl\n", 0),
      (["^~zeta"], "", 1),
      (["~zeta$"], "C\n  Catherine Zeta\n", 0),
      (["\\~kat"], "", 1),
    ]
    for (arguments, output, status) in cases {
      let result = try CLIRunner.run(arguments, catalog: list)
      #expect(result.stdoutText == output, "\(arguments)")
      #expect(result.status == status, "\(arguments)")
    }
    // Marked apart on a color terminal: exact bold red, by sound underlined magenta.
    let colored = try CLIRunner.run(["--color", "always", "~kathryn bigelow"], catalog: list)
    #expect(
      colored.stdoutText
        == "\u{1B}[1mK\u{1B}[0m\n  \u{1B}[1;31mKathryn\u{1B}[0m \u{1B}[1;31mBigelow\u{1B}[0m\n")
    let alike = try CLIRunner.run(["--color", "always", "--sounds-like", "kathryn"], catalog: list)
    #expect(alike.stdoutText.contains("\u{1B}[4;35mCatherine\u{1B}[0m Zeta"))
    let lone = try CLIRunner.run(["a ~"], catalog: list)
    #expect(lone.status == 64)
    #expect(lone.stderrText.contains("'~'"))
  }

  @Test("--json gives the query as typed")
  func json() throws {
    let result = try CLIRunner.run(["--json", "--count", "!x"], catalog: Self.catalog)
    // --count and --json pick two modes: a usage error, the query never read.
    #expect(result.status == 64)
    let json = try CLIRunner.run(["--json", "\"jon s\" | ^smith"], catalog: Self.catalog)
    #expect(
      json.stdoutText
        == #"{"query":"\"jon s\" | ^smith","sections":[{"title":"J","names":["Jon Snow"]},"#
        + #"{"title":"S","names":["Smith John"]}],"index":["J","S"],"total":2}"# + "\n")
  }

  @Test("a term that cannot be read: the message, the term, a caret under the column")
  func refused() throws {
    // Columns and caret positions worked out by hand; 张 is two columns wide.
    let cases: [(String, String, String)] = [
      ("anne \"marie", "the quote at column 6 is not closed (write \\\" for a quote)", "       ^"),
      ("张 \"x", "the quote at column 3 is not closed (write \\\" for a quote)", "     ^"),
      ("a |", "the '|' at column 3 has no word on one side (write \\| for a bar)", "    ^"),
      ("!", "the '!' at column 1 has no word after it (write \\! to look for it)", "  ^"),
      (
        "ann ^$", "the '$' at column 6 has no word before it (write \\$ to look for it)",
        "       ^"
      ),
    ]
    for (term, message, caret) in cases {
      for mode in [[], ["-i"], ["--count"]] {
        let result = try CLIRunner.run(mode + [term], catalog: Self.catalog)
        #expect(result.status == 64, "\(term)")
        #expect(result.stdoutText == "")
        let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6, "\(result.stderrText)")
        guard lines.count == 6 else { continue }
        #expect(lines[0] == "Error: In the term, \(message).")
        #expect(lines[1] == "  \(term)")
        #expect(lines[2] == caret, "\(term)")
        #expect(lines[3].hasPrefix("Usage: names-search "))
        #expect(lines[4] == "  See 'names-search --help' for more information.")
      }
    }
    // The same characters under -F are a term: no match, exit 1.
    let literal = try CLIRunner.run(["-F", "anne \"marie"], catalog: Self.catalog)
    #expect(literal.status == 1)
    #expect(literal.stderrText == "")
  }
}
