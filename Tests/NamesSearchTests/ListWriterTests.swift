import BuiltInCatalog
import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The list writers (`-o`): what they write is read back by independent readers,
/// Foundation's `PropertyListSerialization` and `JSONSerialization`, and must equal the
/// sections written; and read back by our own loader, every term answers alike.
@Suite("List writers")
struct ListWriterTests {
  static func bytes(_ writer: any ListWriter, _ result: SearchResult) throws -> [UInt8] {
    var collected: [UInt8] = []
    let output = OutputBuffer { collected.append(contentsOf: $0) }
    try writer.check(result)
    try writer.write(result, to: output)
    try output.flush()
    return collected
  }

  /// The sections as Foundation reads them back, sorted by title as `SectionOrder` would
  /// not matter: compared as a dictionary.
  static func foundationRead(_ bytes: [UInt8], format: ListFormat) throws -> [String: [String]] {
    let object: Any =
      format == .json
      ? try JSONSerialization.jsonObject(with: Data(bytes))
      : try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    return try #require(object as? [String: [String]])
  }

  static func dictionary(_ sections: [Section]) -> [String: [String]] {
    Dictionary(uniqueKeysWithValues: sections.map { ($0.title, $0.names) })
  }

  /// Hard names: markup, CR alone and in CRLF, tabs, astral and combining characters, a
  /// long ASCII name (count ≥ 15 follows the marker), and >255 objects (2-byte refs).
  static let hard: Catalog = {
    var sections = [
      Section(title: "A & <B>", names: ["a<b>&c", "x\r\ny", "cr\ronly", "tab\there", "]]>"]),
      Section(title: "É", names: ["Élise", "e\u{301}", "😀 emoji", "𝔘𝔫𝔦", "ǅ", " lead"]),
      Section(title: "Long", names: [String(repeating: "n", count: 300), "ｆｕｌｌ"]),
    ]
    sections.append(Section(title: "Many", names: (0..<400).map { "name \($0)" }))
    return Catalog(sections: sections)
  }()

  static let writers: [any ListWriter] = [XMLPlistWriter(), BinaryPlistWriter(), JSONListWriter()]

  @Test("Foundation reads back exactly the sections written", arguments: 0..<3)
  func foundationReadsBack(writer index: Int) throws {
    let writer = Self.writers[index]
    for catalog in [Self.hard, try BuiltInCatalog.load(), Catalog(sections: [])] {
      let all = Searcher().search(Query(term: ""), in: catalog)
      let read = try Self.foundationRead(try Self.bytes(writer, all), format: writer.format)
      #expect(read == Self.dictionary(catalog.sections))
      // A culled result: only its sections and names.
      let culled = Searcher().search(Query(term: "n"), in: catalog)
      let readCulled = try Self.foundationRead(
        try Self.bytes(writer, culled), format: writer.format)
      #expect(readCulled == Self.dictionary(culled.sections))
    }
  }

  @Test("JSON is an object of title to names in section order")
  func jsonShape() throws {
    let catalog = Catalog(sections: [
      Section(title: "B", names: ["Bob"]), Section(title: "A", names: ["Ann", "A\"b"]),
    ])
    let text = String(
      decoding: try Self.bytes(JSONListWriter(), Searcher().search(Query(term: ""), in: catalog)),
      as: UTF8.self)
    #expect(text == "{\"A\":[\"Ann\",\"A\\\"b\"],\"B\":[\"Bob\"]}\n")
    let none = Searcher().search(Query(term: "zzz"), in: catalog)
    #expect(String(decoding: try Self.bytes(JSONListWriter(), none), as: UTF8.self) == "{}\n")
  }

  @Test("XML escapes markup and writes CR as &#13;; it refuses what XML 1.0 cannot carry")
  func xmlText() throws {
    let catalog = Catalog(sections: [Section(title: "A", names: ["a&b<c>", "x\ry"])])
    let text = String(
      decoding: try Self.bytes(XMLPlistWriter(), Searcher().search(Query(term: ""), in: catalog)),
      as: UTF8.self)
    #expect(text.contains("<string>a&amp;b&lt;c&gt;</string>"))
    #expect(text.contains("<string>x&#13;y</string>"))
    for bad: Unicode.Scalar in ["\u{0}", "\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] {
      let named = Catalog(sections: [
        Section(title: "A", names: ["ok"]), Section(title: "B", names: ["b", "x\(bad)"]),
      ])
      let result = Searcher().search(Query(term: ""), in: named)
      #expect(
        throws: ListWriteError(format: .xmlPropertyList, title: "B", position: 2, character: bad)
      ) {
        try XMLPlistWriter().check(result)
      }
      // Binary and JSON carry it.
      for writer in [BinaryPlistWriter(), JSONListWriter()] as [any ListWriter] {
        #expect(
          try Self.foundationRead(try Self.bytes(writer, result), format: writer.format)
            == Self.dictionary(named.sections))
      }
    }
    let badTitle = Catalog(sections: [Section(title: "T\u{7}", names: ["x"])])
    let error = #expect(throws: ListWriteError.self) {
      try XMLPlistWriter().check(Searcher().search(Query(term: ""), in: badTitle))
    }
    #expect(
      error?.message
        == "the title of section \"T\u{7}\" holds U+0007, which an XML property list cannot "
        + "carry (XML 1.0, section 2.2)")
  }

  @Test("our loader reads every writer's list back, and every term answers alike", arguments: 0..<3)
  func loaderReadsBack(writer index: Int) throws {
    let writer = Self.writers[index]
    let fixture = try CatalogLoader.load(contentsOfFile: TestPaths.fixture)
    let terms =
      ["", "é", "jose", "José", "straße", "ß", "ø", "김", "李", "ы", "n 3", "zzz"]
      + "abcdefghijklmnopqrstuvwxyz".map { String($0) }
    for catalog in [Self.hard, try BuiltInCatalog.load(), fixture] {
      let bytes = try Self.bytes(writer, Searcher().search(Query(term: ""), in: catalog))
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("names-search-writer-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
      // The JSON reader may not be on this branch yet: only what loads is compared.
      guard writer.format != .json || ListReaders.standard[.json] != nil else { continue }
      let back = try CatalogLoader.load(contentsOfFile: path)
      for term in terms {
        #expect(
          Self.json(Searcher().search(Query(term: term), in: back))
            == Self.json(Searcher().search(Query(term: term), in: catalog)), "\(term)")
      }
    }
  }

  static func json(_ result: SearchResult) -> String {
    var collected: [UInt8] = []
    let output = OutputBuffer { collected.append(contentsOf: $0) }
    try? JSONPrinter().print(result, to: output)
    try? output.flush()
    return String(decoding: collected, as: UTF8.self)
  }
}
