import Foundation
import Testing

/// The plain output and what matches, on small hand-written lists.
@Suite("Search output")
struct SearchOutputTests {
  static let people: [(title: String, names: [String])] = [
    ("J", ["José", "Jose\u{301}", "Jose", "Joanna"]),
    ("A", ["Ann", "Anna", "Abby"]),
    ("S", ["Straße", "STRASSE", "Sam"]),
    ("M", ["Müller", "Mu\u{308}ller", "Max"]),
  ]

  @Test("Titles then matching names indented by two spaces, sections sorted, nothing else")
  func plainShape() throws {
    let result = try CLIRunner.run(["ann"], catalog: Self.people)
    #expect(result.stdoutText == "A\n  Ann\n  Anna\nJ\n  Joanna\n")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("Duplicates are kept and file order is kept within a section")
  func duplicatesAndFileOrder() throws {
    let catalog: [(title: String, names: [String])] = [
      ("N", ["Zed", "Ann", "Bob", "Ann", "Dan"])
    ]
    let all = try CLIRunner.run([""], catalog: catalog)
    #expect(all.stdoutText == "N\n  Zed\n  Ann\n  Bob\n  Ann\n  Dan\n")
    let some = try CLIRunner.run(["an"], catalog: catalog)
    #expect(some.stdoutText == "N\n  Ann\n  Ann\n  Dan\n")
  }

  @Test("Empty sections are culled; a reset keeps every name of every section")
  func cullingAndReset() throws {
    let catalog: [(title: String, names: [String])] = [
      ("B", ["Bob", "Bea"]), ("A", ["Ann"]), ("C", ["Cy"]),
    ]
    let some = try CLIRunner.run(["b"], catalog: catalog)
    #expect(some.stdoutText == "B\n  Bob\n  Bea\n")
    let reset = try CLIRunner.run([""], catalog: catalog)
    #expect(reset.stdoutText == "A\n  Ann\nB\n  Bob\n  Bea\nC\n  Cy\n")
    let absent = try CLIRunner.run([], catalog: catalog)
    #expect(absent.stdout == reset.stdout)
    #expect(absent.status == 0)
  }

  @Test("Nothing matched: empty stdout, exit 1")
  func noMatch() throws {
    let result = try CLIRunner.run(["xyz"], catalog: Self.people)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText == "")
    #expect(result.status == 1)
  }

  @Test("--index and --count when nothing matched: an empty line and 0, exit 1")
  func noMatchIndexAndCount() throws {
    let index = try CLIRunner.run(["--index", "xyz"], catalog: Self.people)
    #expect(index.stdoutText == "\n")
    #expect(index.status == 1)
    let count = try CLIRunner.run(["--count", "xyz"], catalog: Self.people)
    #expect(count.stdoutText == "0\n")
    #expect(count.status == 1)
  }

  @Test("--index and --count of a search")
  func indexAndCount() throws {
    let index = try CLIRunner.run(["--index", "a"], catalog: Self.people)
    #expect(index.stdoutText == "A J M S\n")
    #expect(index.status == 0)
    let count = try CLIRunner.run(["--count", "a"], catalog: Self.people)
    // Ann, Anna, Abby, Joanna, Straße, STRASSE, Sam, Max.
    #expect(count.stdoutText == "8\n")
    #expect(count.status == 0)
  }

  @Test("The built-in list: 2,000 names in 26 sections A…Z; \"Ann\" and \"Anna\" are in A")
  func builtInList() throws {
    let reset = try CLIRunner.run([""])
    let lines = reset.stdoutText.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("  ") }.count == 2_000)
    #expect(
      lines.filter { !$0.hasPrefix("  ") }
        == "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map {
          Substring(String($0))
        })
    #expect(reset.status == 0)
    let count = try CLIRunner.run(["--count"])
    #expect(count.stdoutText == "2000\n")
    let ann = try CLIRunner.run(["ann"])
    let annLines = ann.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(annLines.first == "A")
    let sectionA = annLines.dropFirst().prefix { $0.hasPrefix("  ") }
    #expect(sectionA.contains("  Ann"))
    #expect(sectionA.contains("  Anna"))
    #expect(ann.status == 0)
  }
}
