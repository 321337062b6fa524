import Foundation
import Testing

/// `--json`: one line,
/// `{"query":…,"sections":[{"title":…,"names":[…]}],"index":[…],"total":N}`.
@Suite("JSON output")
struct JSONOutputTests {
  /// Parses one line of JSON output into its parts.
  struct Parsed {
    var query: String?
    var sections: [(title: String?, names: [String]?)]
    var index: [String]?
    var total: Int?
    var keys: Set<String>
  }

  static func parse(_ result: CLIResult) throws -> Parsed {
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
      "stdout is a JSON object: \(result.stdoutText)")
    let sections = try #require(object["sections"] as? [[String: Any]])
    return Parsed(
      query: object["query"] as? String,
      sections: sections.map { ($0["title"] as? String, $0["names"] as? [String]) },
      index: object["index"] as? [String],
      total: object["total"] as? Int,
      keys: Set(object.keys))
  }

  @Test("A search as one JSON line with query, sections, index and total, in that order")
  func shape() throws {
    let result = try CLIRunner.run(
      ["--json", "ann"], catalog: [("J", ["Joanna", "Jim"]), ("A", ["Ann", "Abe"])])
    #expect(result.status == 0)
    #expect(result.stderrText == "")
    let text = result.stdoutText
    #expect(text.hasPrefix("{\"query\":"))
    #expect(text.hasSuffix("}\n"))
    #expect(text.filter { $0 == "\n" }.count == 1)
    let order = ["\"query\":", "\"sections\":[", "\"index\":[", "\"total\":"].map {
      text.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())

    let parsed = try Self.parse(result)
    #expect(parsed.keys == ["query", "sections", "index", "total"])
    #expect(parsed.query == "ann")
    #expect(parsed.sections.map(\.title) == ["A", "J"])
    #expect(parsed.sections.map(\.names) == [["Ann"], ["Joanna"]])
    #expect(parsed.index == ["A", "J"])
    #expect(parsed.total == 2)
  }

  @Test("Nothing matched: empty sections and index, total 0, exit 1")
  func noMatch() throws {
    let result = try CLIRunner.run(["--json", "xyz"], catalog: [("A", ["Ann"])])
    #expect(result.status == 1)
    let parsed = try Self.parse(result)
    #expect(parsed.query == "xyz")
    #expect(parsed.sections.isEmpty)
    #expect(parsed.index == [])
    #expect(parsed.total == 0)
  }

  @Test("Quotes, backslashes and control characters are escaped; names keep their bytes")
  func escaping() throws {
    let odd = "Q\"uote\\back\tslash\u{1}"
    // A control character cannot be written in XML 1.0: use a binary plist.
    let catalog: [String: [String]] = ["\"": [odd, "Plain"], "Q": ["Ann \"Jo\""]]
    let data = try PropertyListSerialization.data(
      fromPropertyList: catalog, format: .binary, options: 0)
    let result = try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(data, named: "odd.plist", in: folder)
      return try CLIRunner.run(["-f", file.path, "--json", "-F", "\""])
    }
    #expect(result.status == 0)
    #expect(result.stdoutText.filter { $0 == "\n" }.count == 1, "one line")
    let parsed = try Self.parse(result)
    #expect(parsed.query == "\"")
    #expect(parsed.sections.map(\.title) == ["Q", "\""])
    #expect(parsed.sections.map(\.names) == [["Ann \"Jo\""], [odd]])
    #expect(parsed.total == 2)
  }

  @Test("A decomposed name is written with its exact stored bytes")
  func exactBytes() throws {
    let result = try CLIRunner.run(
      ["--json", "jose"], catalog: [("J", ["Jose\u{301}", "José"])])
    #expect(result.status == 0)
    let decomposed = Data("\"Jose".utf8) + Data([0xCC, 0x81]) + Data("\"".utf8)
    let precomposed = Data("\"Jos".utf8) + Data([0xC3, 0xA9]) + Data("\"".utf8)
    #expect(result.stdout.range(of: decomposed) != nil)
    #expect(result.stdout.range(of: precomposed) != nil)
    #expect(try Self.parse(result).total == 2)
  }

  @Test("--json with an empty term is the reset")
  func reset() throws {
    let result = try CLIRunner.run(["--json", ""], catalog: [("B", ["Bo"]), ("A", ["Al", "Al"])])
    #expect(result.status == 0)
    let parsed = try Self.parse(result)
    #expect(parsed.query == "")
    #expect(parsed.sections.map(\.title) == ["A", "B"])
    #expect(parsed.sections.map(\.names) == [["Al", "Al"], ["Bo"]])
    #expect(parsed.index == ["A", "B"])
    #expect(parsed.total == 3)
  }
}
