import Foundation
import Testing

/// `--fold all` (the default) and `--fold cd` through the tool: what each finds, what a
/// match highlights, and `--json`, against output written out by hand.
@Suite("Fold all on the command line")
struct FoldAllTests {
  static let red = "\u{1B}[1;31m"
  static let bold = "\u{1B}[1m"
  static let reset = "\u{1B}[0m"

  static let catalog: [(title: String, names: [String])] = [
    ("A", ["Ærø", "Adam", "أحمد", "احمد"]),
    ("J", ["Jean-Paul", "Jean Paul", "Jean–Luc"]),
    ("L", ["Łódź", "Lodz"]),
    ("O", ["O’Brien", "O'Neil", "Obama"]),
    ("S", ["St. John", "St John", "サトウ", "ＵＳＢ", "ｻﾄｳ", "ガク"]),
    ("T", ["Þór", "Thor"]),
  ]

  /// The plain output for `sections`, as the tool prints it.
  static func plain(_ sections: [(String, [String])]) -> String {
    sections.map { title, names in title + "\n" + names.map { "  \($0)\n" }.joined() }.joined()
  }

  @Test(
    "each rule finds under fold all (the default) and not under fold cd",
    arguments: [
      ("lodz", [("L", ["Łódź", "Lodz"])], [("L", ["Lodz"])]),
      ("aero", [("A", ["Ærø"])], []),
      ("thor", [("T", ["Þór", "Thor"])], [("T", ["Thor"])]),
      ("احمد", [("A", ["أحمد", "احمد"])], [("A", ["احمد"])]),
      ("أحمد", [("A", ["أحمد", "احمد"])], [("A", ["أحمد"])]),
      ("usb", [("S", ["ＵＳＢ"])], []),
      ("サトウ", [("S", ["サトウ", "ｻﾄｳ"])], [("S", ["サトウ"])]),
      ("さとう", [("S", ["サトウ", "ｻﾄｳ"])], []),
      ("ｶﾞ", [("S", ["ガク"])], []),
      ("obrien", [("O", ["O’Brien"])], []),
      ("o'brien", [("O", ["O’Brien"])], []),
      ("o’neil", [("O", ["O'Neil"])], []),
      ("jeanpaul", [("J", ["Jean-Paul"])], []),
      ("jean—paul", [("J", ["Jean-Paul"])], []),
      ("st john", [("S", ["St. John", "St John"])], [("S", ["St John"])]),
      ("-", [("J", ["Jean-Paul", "Jean–Luc"])], [("J", ["Jean-Paul"])]),
    ] as [(String, [(String, [String])], [(String, [String])])])
  func finds(term: String, all: [(String, [String])], cd: [(String, [String])]) throws {
    // One substring (-F): the rules of folding, not the words of a query.
    let byDefault = try CLIRunner.run(["-F", term], catalog: Self.catalog)
    #expect(byDefault.stdoutText == Self.plain(all), "all: \(term)")
    #expect(byDefault.status == 0)
    let explicit = try CLIRunner.run(["-F", "--fold", "all", term], catalog: Self.catalog)
    #expect(explicit.stdoutText == byDefault.stdoutText)
    let contains = try CLIRunner.run(["-F", "--fold=cd", term], catalog: Self.catalog)
    #expect(contains.stdoutText == Self.plain(cd), "cd: \(term)")
    #expect(contains.status == (cd.isEmpty ? 1 : 0))
  }

  @Test("--case-sensitive and --diacritic-sensitive keep their meaning under fold all")
  func sensitive() throws {
    let names = [("A", ["Æsa"]), ("L", ["Łódź"])]
    func run(_ arguments: [String]) throws -> String {
      try CLIRunner.run(arguments, catalog: names).stdoutText
    }
    #expect(try run(["--case-sensitive", "ae"]) == "")
    #expect(try run(["--case-sensitive", "AEsa"]) == "A\n  Æsa\n")
    #expect(try run(["--diacritic-sensitive", "lodz"]) == "")
    #expect(try run(["--diacritic-sensitive", "Łódź"]) == "L\n  Łódź\n")
    #expect(try run(["lodz"]) == "L\n  Łódź\n")
    #expect(try run(["ae"]) == "A\n  Æsa\n")
  }

  @Test(
    "--color always highlights the whole name a term without its punctuation finds",
    arguments: [
      ("obrien", "O", "O’Brien", "\(red)O’Brien\(reset)"),
      ("o'brien", "O", "O’Brien", "\(red)O’Brien\(reset)"),
      ("brie", "O", "O’Brien", "O’\(red)Brie\(reset)n"),
      ("jeanpaul", "J", "Jean-Paul", "\(red)Jean-Paul\(reset)"),
      ("npa", "J", "Jean-Paul", "Jea\(red)n-Pa\(reset)ul"),
      ("lodz", "L", "Łódź", "\(red)Łódź\(reset)"),
      ("aero", "A", "Ærø", "\(red)Ærø\(reset)"),
      ("usb", "U", "ＵＳＢ", "\(red)ＵＳＢ\(reset)"),
    ])
  func highlight(term: String, title: String, name: String, marked: String) throws {
    let result = try CLIRunner.run(["--color", "always", term], catalog: [(title, [name])])
    #expect(result.stdoutText == "\(Self.bold)\(title)\(Self.reset)\n  \(marked)\n")
  }

  @Test("--color always highlights only the dash that \"-\" finds")
  func highlightDash() throws {
    let result = try CLIRunner.run(
      ["--color", "always", "-"], catalog: [("J", ["Jean-Paul", "Jean–Luc", "Jean Paul"])])
    #expect(
      result.stdoutText
        == "\(Self.bold)J\(Self.reset)\n  Jean\(Self.red)-\(Self.reset)Paul\n"
        + "  Jean\(Self.red)–\(Self.reset)Luc\n")
  }

  @Test("--json gives the names as stored, whatever the folding found them by")
  func json() throws {
    for (term, expected) in [
      (
        "obrien",
        #"{"query":"obrien","sections":[{"title":"O","names":["O’Brien"]}],"index":["O"],"total":1}"#
      ),
      (
        "jeanpaul",
        #"{"query":"jeanpaul","sections":[{"title":"J","names":["Jean-Paul"]}],"index":["J"],"total":1}"#
      ),
      (
        "-",
        #"{"query":"-","sections":[{"title":"J","names":["Jean-Paul","Jean–Luc"]}],"index":["J"],"total":2}"#
      ),
      (
        "lodz",
        #"{"query":"lodz","sections":[{"title":"L","names":["Łódź","Lodz"]}],"index":["L"],"total":2}"#
      ),
    ] {
      let result = try CLIRunner.run(["--json", term], catalog: Self.catalog)
      #expect(result.stdoutText == expected + "\n", "\(term)")
    }
    let cd = try CLIRunner.run(["--json", "--fold", "cd", "obrien"], catalog: Self.catalog)
    #expect(cd.stdoutText == #"{"query":"obrien","sections":[],"index":[],"total":0}"# + "\n")
    #expect(cd.status == 1)
  }

  @Test("--fold takes all or cd; anything else is a usage error")
  func badRule() throws {
    let result = try CLIRunner.run(["--fold", "none", "a"], catalog: Self.catalog)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrText.hasPrefix(
        "Error: The value 'none' is invalid for '--fold <rule>'. Please provide one of 'all' and 'cd'.\n"
      ))
  }
}
