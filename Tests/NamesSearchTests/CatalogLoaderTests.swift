import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The shipped loader (`CatalogLoader.load`: format sniffing, then the XML or binary
/// reader), with expected values written by hand or read by Foundation (`FoundationReference`).
@Suite("CatalogLoader")
struct CatalogLoaderTests {
  func load(_ xml: String) throws(LoadError) -> Catalog {
    try CatalogLoader.load(from: FileReader(bytes: Array(xml.utf8), source: "t.plist"))
  }

  func reason(_ xml: String) -> LoadError.Reason? {
    do {
      _ = try load(xml)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test("reads sections and names in file order")
  func reads() throws {
    let catalog = try load(
      "<plist><dict><key>B</key><array><string>Bob</string></array>"
        + "<key>A</key><array><string>Zed</string><string>Ann</string><string>Zed</string>"
        + "</array></dict></plist>")
    #expect(
      catalog.sections == [
        Section(title: "A", names: ["Zed", "Ann", "Zed"]), Section(title: "B", names: ["Bob"]),
      ])
  }

  @Test("binary lists load; OpenStep text loads as Foundation reads it")
  func otherFormats() throws {
    let object: [String: Any] = ["A": ["Ann", "Åsa"], "#": ["42"]]
    let binary = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let catalog = try CatalogLoader.load(from: FileReader(bytes: Array(binary), source: "b"))
    #expect(
      catalog.sections == [
        Section(title: "A", names: ["Ann", "Åsa"]), Section(title: "#", names: ["42"]),
      ])
    let openStep = "{ A = (Ann, \"Anna Lee\"); }"
    // Foundation reads it…
    let reference = try FoundationReference.catalog(
      fromPropertyList: Data(openStep.utf8), source: "t.plist")
    #expect(reference.sections == [Section(title: "A", names: ["Ann", "Anna Lee"])])
    // …and so does the tool.
    #expect(try load(openStep).sections == reference.sections)
  }

  @Test("names are kept exactly as stored, never normalised")
  func exactText() throws {
    let catalog = try load(
      "<plist><dict><key>M</key><array><string>Mu\u{308}ller</string></array></dict></plist>")
    #expect(Array(catalog.names[0].unicodeScalars) == Array("Mu\u{308}ller".unicodeScalars))
  }

  @Test("entities and character references decode")
  func entities() throws {
    let catalog = try load(
      "<plist><dict><key>A</key><array><string>A&amp;B &#x4A;o</string></array></dict></plist>")
    #expect(catalog.names[0] == "A&B Jo")
  }

  @Test("each wrong shape names its place and the type found")
  func wrongShapes() {
    #expect(reason("<plist><string>x</string></plist>") == .rootNotDictionary(found: "a string"))
    #expect(reason("<plist><integer>3</integer></plist>") == .rootNotDictionary(found: "a number"))
    #expect(
      reason("<plist><dict><key>B</key><string>x</string></dict></plist>")
        == .sectionNotArray(title: "B", found: "a string"))
    let items = [
      ("<integer>1</integer>", "a number"),
      ("<real>1.5</real>", "a number"),
      ("<true/>", "a boolean"), ("<false/>", "a boolean"),
      ("<date>2020-01-01T00:00:00Z</date>", "a date"),
      ("<data>AAE=</data>", "data"), ("<array/>", "an array"),
    ]
    for (item, found) in items {
      let xml =
        "<plist><dict><key>B</key><array><string>a</string><string>b</string><string>c</string>"
        + item + "</array></dict></plist>"
      #expect(reason(xml) == .nameNotString(title: "B", position: 4, found: found))
    }
    // A dictionary item is a record (PlistRecordsTests); a root array is a flat list.
    #expect(
      reason("<plist><dict><key>B</key><array><dict/></array></dict></plist>")
        == .recordsNeedKey(fields: []))
  }

  @Test("the message is one line naming file and place")
  func message() {
    let error = LoadError(
      source: "names.plist", reason: .nameNotString(title: "B", position: 4, found: "a dictionary"))
    #expect(
      error.description
        == "names.plist: section \"B\", item 4: expected a string, found a dictionary")
    let odd = LoadError(source: "f", reason: .sectionNotArray(title: "a\"\n", found: "a string"))
    #expect(
      odd.description == "f: section \"a\\\"\\u{A}\": expected an array of names, found a string")
  }

  @Test("not a property list, empty data")
  func notAPropertyList() {
    guard case .notAList(let why)? = reason("<html><body>x</body></html>") else {
      Issue.record("expected notAList")
      return
    }
    #expect(!why.isEmpty)
    #expect(reason("") == .empty)
  }

  @Test("file errors use the system's words")
  func fileErrors() throws {
    let missing = "/nonexistent-\(UUID().uuidString).plist"
    #expect(throws: LoadError(source: missing, reason: .unreadable("No such file or directory"))) {
      try CatalogLoader.load(contentsOfFile: missing)
    }
    let folder = FileManager.default.temporaryDirectory.path
    #expect(throws: LoadError(source: folder, reason: .isDirectory)) {
      try CatalogLoader.load(contentsOfFile: folder)
    }
    let empty = folder + "/empty-\(UUID().uuidString).plist"
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    defer { try? FileManager.default.removeItem(atPath: empty) }
    #expect(throws: LoadError(source: empty, reason: .empty)) {
      try CatalogLoader.load(contentsOfFile: empty)
    }
  }
}
