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
    "Canonically equivalent titles are one title to a reader: refused, both spellings named",
    arguments: [
      ("\u{E9}", "e\u{301}", "U+00E9", "U+0065 U+0301"), ("\u{C5}", "\u{212B}", "U+00C5", "U+212B"),
    ], [false, true])
  func canonicallyEquivalentTitles(
    titles: (String, String, String, String), viaStandardInput: Bool
  ) throws {
    let (first, second, firstCodes, secondCodes) = titles
    let catalog: [(title: String, names: [String])] = [
      ("B", ["Bob"]), (first, ["First"]), (second, ["Second"]),
    ]
    let result =
      viaStandardInput
      ? try CLIRunner.run(["-f", "-"], stdin: PlistFile.xml(catalog))
      : try CLIRunner.run([], catalog: catalog)
    #expect(result.stdoutText == "")
    #expect(result.status == 2)
    #expect(
      result.stderrText.hasSuffix(
        ": sections \"\(first)\" (\(firstCodes)) and \"\(second)\" (\(secondCodes))"
          + " are the same title written two ways\n"))
  }

  @Test(
    "Titles from --section-key: canonically equivalent values are one section, first spelling",
    arguments: [
      ("\u{E9}", "e\u{301}", ["B", "\u{E9}"]), ("e\u{301}", "\u{E9}", ["B", "e\u{301}"]),
      ("\u{C5}", "\u{212B}", ["\u{C5}", "B"]), ("\u{212B}", "\u{C5}", ["\u{212B}", "B"]),
    ], ["csv", "json"])
  func equivalentFieldTitles(
    titles: (first: String, second: String, order: [String]), format: String
  ) throws {
    // The values are the records' data, not titles the list's author wrote twice: records
    // whose groups are spelled two ways (precomposed and decomposed, Å and the angstrom
    // sign) belong together. By hand, in the root collation "B" comes before "é" (b < e)
    // and after "Å" (a < b); the merged section keeps the spelling met first (never the
    // later one, which the last two records use) and the records' order.
    let rows = [
      ("First", titles.first), ("Bob", "B"), ("Second", titles.second), ("Third", titles.second),
    ]
    let text =
      format == "csv"
      ? "name,group\n" + rows.map { "\($0.0),\($0.1)\n" }.joined()
      : "[" + rows.map { #"{"name": "\#($0.0)", "group": "\#($0.1)"}"# }.joined(separator: ",")
        + "]"
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Data(text.utf8), named: "groups.\(format)", in: folder)
      let result = try CLIRunner.run([
        "-f", file.path, "--key", "name", "--section-key", "group", "--json", "",
      ])
      #expect(result.status == 0)
      #expect(result.stderrText == "")
      let object = try #require(
        try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
      let sections = try #require(object["sections"] as? [[String: Any]])
      let found = sections.map { ($0["title"] as? String).map { Array($0.unicodeScalars) } }
      #expect(found == titles.order.map { Array($0.unicodeScalars) })
      let merged = sections.first { ($0["title"] as? String) != "B" }
      #expect(merged?["names"] as? [String] == ["First", "Second", "Third"])
    }
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
