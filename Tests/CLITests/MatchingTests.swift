import Foundation
import Testing

/// What TERM matches: case and diacritics ignored like `CONTAINS[cd]`, unless told otherwise.
@Suite("Matching")
struct MatchingTests {
  static let people: [(title: String, names: [String])] = [
    ("J", ["José", "Jose\u{301}", "Jose", "Joanna"]),
    ("A", ["Ann", "Anna", "Abby"]),
    ("S", ["Straße", "STRASSE", "Sam"]),
    ("M", ["Müller", "Mu\u{308}ller", "Max"]),
  ]

  @Test("Case is ignored: \"ANN\" finds \"Ann\", \"Anna\" and \"Joanna\"")
  func caseIgnored() throws {
    let result = try CLIRunner.run(["ANN"], catalog: Self.people)
    #expect(result.stdoutText == "A\n  Ann\n  Anna\nJ\n  Joanna\n")
    #expect(result.status == 0)
  }

  @Test("Diacritics are ignored: \"jose\" finds \"José\" precomposed and decomposed")
  func diacriticsIgnored() throws {
    let result = try CLIRunner.run(["jose"], catalog: Self.people)
    #expect(result.stdout == Data("J\n  José\n  Jose\u{301}\n  Jose\n".utf8))
    #expect(result.status == 0)
  }

  @Test("\"strasse\" finds \"Straße\" and \"STRASSE\"; \"straße\" finds both too")
  func sharpS() throws {
    for term in ["strasse", "straße"] {
      let result = try CLIRunner.run([term], catalog: Self.people)
      #expect(result.stdoutText == "S\n  Straße\n  STRASSE\n", "term \(term)")
      #expect(result.status == 0)
    }
  }

  @Test(
    "Canonically equivalent spellings match each other; names print as stored",
    arguments: ["Müller", "Mu\u{308}ller", "müller", "MULLER"])
  func canonicalEquivalence(term: String) throws {
    let result = try CLIRunner.run([term], catalog: Self.people)
    // Byte-exact: the decomposed name stays decomposed, the precomposed one precomposed.
    let expected: [UInt8] =
      Array("M\n  M".utf8) + [0xC3, 0xBC] + Array("ller\n  Mu".utf8) + [0xCC, 0x88]
      + Array("ller\n".utf8)
    #expect(result.stdout == Data(expected))
    #expect(result.status == 0)
  }

  @Test("--case-sensitive: \"ann\" does not find \"Ann\" but finds \"Joanna\"")
  func caseSensitive() throws {
    let result = try CLIRunner.run(["--case-sensitive", "ann"], catalog: Self.people)
    #expect(result.stdoutText == "J\n  Joanna\n")
    #expect(result.status == 0)
  }

  @Test("--case-sensitive still ignores diacritics: \"Jose\" finds every José")
  func caseSensitiveKeepsDiacriticFolding() throws {
    let result = try CLIRunner.run(["--case-sensitive", "Jose"], catalog: Self.people)
    #expect(result.stdout == Data("J\n  José\n  Jose\u{301}\n  Jose\n".utf8))
    let lower = try CLIRunner.run(["--case-sensitive", "jose"], catalog: Self.people)
    #expect(lower.stdout.isEmpty)
    #expect(lower.status == 1)
  }

  @Test("--diacritic-sensitive: \"jose\" does not find \"José\" in either spelling")
  func diacriticSensitive() throws {
    let result = try CLIRunner.run(["--diacritic-sensitive", "jose"], catalog: Self.people)
    #expect(result.stdoutText == "J\n  Jose\n")
    #expect(result.status == 0)
  }

  @Test("--diacritic-sensitive: \"Jose\" does not match the \"e\" of decomposed \"Jose\\u{301}\"")
  func diacriticSensitiveRespectsCharacters() throws {
    let result = try CLIRunner.run(
      ["--diacritic-sensitive", "Jose"], catalog: [("J", ["Jose\u{301}", "Jose\u{301}x"])])
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText == "")
    #expect(result.status == 1)
  }

  @Test(
    "--diacritic-sensitive: \"e\" does not match a name \"e\\u{301}x\" through its decomposed e")
  func diacriticSensitiveDecomposedE() throws {
    let catalog: [(title: String, names: [String])] = [("E", ["e\u{301}x", "\u{E9}x"])]
    let sensitive = try CLIRunner.run(["--diacritic-sensitive", "e"], catalog: catalog)
    #expect(sensitive.stdout.isEmpty)
    #expect(sensitive.status == 1)
    let x = try CLIRunner.run(["--diacritic-sensitive", "x"], catalog: catalog)
    #expect(x.stdout == Data("E\n  e\u{301}x\n  \u{E9}x\n".utf8))
    let insensitive = try CLIRunner.run(["e"], catalog: catalog)
    #expect(insensitive.stdout == Data("E\n  e\u{301}x\n  \u{E9}x\n".utf8))
    #expect(insensitive.status == 0)
  }

  @Test("--diacritic-sensitive: \"José\" finds both spellings of \"José\", not \"Jose\"")
  func diacriticSensitiveCanonical() throws {
    let result = try CLIRunner.run(["--diacritic-sensitive", "José"], catalog: Self.people)
    #expect(result.stdout == Data("J\n  José\n  Jose\u{301}\n".utf8))
    #expect(result.status == 0)
  }

  @Test("Both flags: only exact case and diacritics match")
  func bothFlags() throws {
    let result = try CLIRunner.run(
      ["--case-sensitive", "--diacritic-sensitive", "Jos"],
      catalog: [("J", ["José", "jose", "Jos"])])
    #expect(result.stdoutText == "J\n  José\n  Jos\n")
    let exact = try CLIRunner.run(
      ["--case-sensitive", "--diacritic-sensitive", "JOSÉ"], catalog: [("J", ["José", "JOSE"])])
    #expect(exact.stdout.isEmpty)
    #expect(exact.status == 1)
  }

  @Test(
    "A match at the end of a name does not depend on the name after it",
    arguments: [[String](), ["--diacritic-sensitive"], ["--case-sensitive"]])
  func matchAtEndOfName(flags: [String]) throws {
    // Each "…ann" is followed by a name that starts with a scalar that would continue a
    // character (a combining acute, a spacing vowel sign, a zero width joiner) if the two
    // names were one text. They are not: every "…ann" matches.
    let catalog: [(title: String, names: [String])] = [
      ("A", ["Xann", "\u{301}bc", "Yann", "\u{93E}x", "Zann", "\u{200D}q", "ann"])
    ]
    let result = try CLIRunner.run(flags + ["ann"], catalog: catalog)
    #expect(result.stdoutText == "A\n  Xann\n  Yann\n  Zann\n  ann\n")
    #expect(result.status == 0)
  }
}
