import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The record and flat-list fixtures (`Tests/Fixtures/records`, made by
/// `Scripts/make-record-fixtures.py` from the international lists): what they load to,
/// against the lists they were made from, Foundation's `PropertyListSerialization` and the
/// slow reference filing of `FirstLetterSectionsTests`.
@Suite("Record fixtures")
struct RecordFixtureTests {
  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: TestPaths.file("Tests/Fixtures/records/\(name)"))
  }

  static func names(_ locale: String) throws -> [String] {
    try String(
      contentsOf: TestPaths.file("Tests/Fixtures/international/\(locale).txt"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
  }

  @Test("flat.plist: every name once, filed into made sections")
  func flat() throws {
    let data = try Self.data("flat.plist")
    let list = try PlistRecordsTests.read(data)
    let order = try #require(
      PropertyListSerialization.propertyList(from: data, format: nil) as? [String])
    let all = try FirstLetterSectionsTests.locales.flatMap(Self.names)
    #expect(order.sorted() == all.sorted())
    let expected = FirstLetterSectionsTests.reference(order)
    #expect(list.titles == expected.map(\.title))
    #expect(
      list.ranges.flatMap { $0.map { list.names[$0] } }
        == expected.flatMap { $0.members.map { order[$0] } })
  }

  @Test("records.plist and records-binary.plist: names by --key name, records kept")
  func records() throws {
    let fields = RecordFields(name: RecordKeyPath("name"))
    let xml = try PlistRecordsTests.read(Self.data("records.plist"), fields: fields)
    let binary = try PlistRecordsTests.read(Self.data("records-binary.plist"), fields: fields)
    #expect(xml.titles == FirstLetterSectionsTests.locales)
    for (title, range) in zip(xml.titles, xml.ranges) {
      #expect(range.map { xml.names[$0] } == (try Self.names(title)))
    }
    let records = try PlistRecordsTests.records(xml)
    for (i, record) in records.enumerated() {
      #expect(record["name"] as? String == xml.names[i])
      #expect(record.allKeys.count == 3 && (record["image"] as? String)?.hasSuffix(".png") == true)
    }
    #expect(binary.titles == xml.titles && binary.ranges == xml.ranges)
    #expect(
      (0..<binary.names.count).map { binary.records![$0] }
        == (0..<xml.names.count).map { xml.records![$0] })
  }
}
