import Foundation
import Testing

/// Section titles: never folded, ordered letters first (root collation), then the rest.
@Suite("Section titles")
struct SectionTitleTests {
  @Test("Section titles are never folded: \"A\", \"Å\" and \"Ä\" stay three sections")
  func titlesNotFolded() throws {
    let catalog: [(title: String, names: [String])] = [
      ("Ä", ["Äda"]), ("A", ["Ada"]), ("Å", ["Åda"]),
    ]
    let result = try CLIRunner.run(["ada"], catalog: catalog)
    #expect(result.stdoutText == "A\n  Ada\nÅ\n  Åda\nÄ\n  Äda\n")
    let index = try CLIRunner.run(["--index", "ada"], catalog: catalog)
    #expect(index.stdoutText == "A Å Ä\n")
  }

  @Test(
    "Canonically equivalent titles stay two sections, each with its own names and bytes",
    arguments: [("\u{E9}", "e\u{301}"), ("\u{C5}", "\u{212B}")], [false, true])
  func canonicallyEquivalentTitles(titles: (String, String), viaStandardInput: Bool) throws {
    let (first, second) = titles
    let catalog: [(title: String, names: [String])] = [
      ("B", ["Bob"]), (first, ["First"]), (second, ["Second"]),
    ]
    let run = { (arguments: [String]) throws -> CLIResult in
      viaStandardInput
        ? try CLIRunner.run(["-f", "-"] + arguments, stdin: PlistFile.xml(catalog))
        : try CLIRunner.run(arguments, catalog: catalog)
    }
    let result = try run([])
    let count = try run(["--count"])
    let one = first + "\n  First\n"
    let two = second + "\n  Second\n"
    // The contract orders letters by collation; it does not say which of two canonically
    // equivalent titles comes first, so either order is accepted.
    let bob = "B\n  Bob\n"
    let accepted = [bob + one + two, bob + two + one, one + two + bob, two + one + bob].map {
      Data($0.utf8)
    }
    #expect(accepted.contains(result.stdout), "stdout: \(result.stdoutText.debugDescription)")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
    #expect(count.stdoutText == "3\n")
  }

  @Test("Section order: letters by root collation, then other titles by code point")
  func sectionOrder() throws {
    // Written in a scrambled order on purpose. (An empty title is refused: see the
    // hostile-input corpus.)
    let titles = ["b", "Ä", "#", "A", "ä", "0", "…", "Å", "a", "B"]
    let catalog = titles.map { (title: $0, names: ["n" + $0]) }
    let index = try CLIRunner.run(["--index"], catalog: catalog)
    #expect(index.stdoutText == "a A Å ä Ä b B # 0 …\n")
    let plain = try CLIRunner.run([], catalog: catalog)
    let expectedOrder = ["a", "A", "Å", "ä", "Ä", "b", "B", "#", "0", "…"]
    #expect(plain.stdoutText == expectedOrder.map { "\($0)\n  n\($0)\n" }.joined())
    #expect(plain.status == 0)
  }
}
