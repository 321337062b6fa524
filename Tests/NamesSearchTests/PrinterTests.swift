import Foundation
import Testing

@testable import NamesSearch

@Suite("Printers")
struct PrinterTests {
  let catalog = Catalog(sections: [
    Section(title: "J", names: ["Joanna", "José", "Jose\u{301}"]),
    Section(title: "A", names: ["Ann", "Ab\"c\\d\u{1}"]),
    Section(title: "S", names: ["Straße"]),
  ])

  func printed(_ printer: some ResultPrinter, _ term: String, capacity: Int = 7) throws -> String {
    var bytes: [UInt8] = []
    let output = OutputBuffer(capacity: capacity) { bytes.append(contentsOf: $0) }
    try printer.print(Searcher().search(Query(term: term), in: catalog), to: output)
    try output.flush()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A buffer too small for a name in one copy (each byte on its own), and the usual one.
  @Test("plain: titles, then names indented by two spaces", arguments: [7, 64 * 1024])
  func plain(capacity: Int) throws {
    #expect(try printed(PlainTextPrinter(), "ann", capacity: capacity) == "A\n  Ann\nJ\n  Joanna\n")
    #expect(try printed(PlainTextPrinter(), "xyz", capacity: capacity) == "")
  }

  @Test("plain keeps the stored bytes of each name", arguments: [7, 64 * 1024])
  func exactBytes(capacity: Int) throws {
    let text = try printed(PlainTextPrinter(), "jose", capacity: capacity)
    #expect(Array(text.utf8) == Array("J\n  José\n  Jose\u{301}\n".utf8))
  }

  @Test("styled: titles and matched characters are marked")
  func styled() throws {
    let style = TextStyle(titleStart: "<", titleEnd: ">", matchStart: "[", matchEnd: "]")
    let printer = PlainTextPrinter(style: style)
    #expect(try printed(printer, "ann") == "<A>\n  [Ann]\n<J>\n  Jo[ann]a\n")
    #expect(try printed(printer, "jose") == "<J>\n  [José]\n  [Jose\u{301}]\n")
    #expect(try printed(printer, "stras") == "<S>\n  [Straß]e\n")
    #expect(
      try printed(printer, "a")
        == "<A>\n  [A]nn\n  [A]b\"c\\d\u{1}\n<J>\n  Jo[a]nn[a]\n<S>\n  Str[a]ße\n")
  }

  @Test("index and count")
  func indexAndCount() throws {
    #expect(try printed(IndexPrinter(), "a") == "A J S\n")
    #expect(try printed(IndexPrinter(), "xyz") == "\n")
    #expect(try printed(CountPrinter(), "") == "6\n")
    #expect(try printed(CountPrinter(), "xyz") == "0\n")
  }

  @Test("JSON parses back to the same result")
  func json() throws {
    let text = try printed(JSONPrinter(), "")
    #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["query"] as? String == "")
    #expect(object["index"] as? [String] == ["A", "J", "S"])
    #expect(object["total"] as? Int == 6)
    let sections = try #require(object["sections"] as? [[String: Any]])
    #expect(sections.map { $0["title"] as? String } == ["A", "J", "S"])
    #expect(sections[0]["names"] as? [String] == ["Ann", "Ab\"c\\d\u{1}"])
    let names = try #require(sections[1]["names"] as? [String])
    #expect(
      names.map { Array($0.unicodeScalars) }
        == ["Joanna", "José", "Jose\u{301}"].map { Array($0.unicodeScalars) })
    #expect(text.contains(#""Ab\"c\\d\u0001""#))
  }
}
