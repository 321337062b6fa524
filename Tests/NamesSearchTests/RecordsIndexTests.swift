import Foundation
import Testing

@testable import NamesSearch

/// The records part of an index cache file (`CacheHeader.recordsChecksum`,
/// `LoadOptions.keepsRecords`): checked apart from the index, only when the records are
/// wanted; an index of a list loaded without its records says so, and a load that wants them
/// reads the list again. The expected records are the CSV rows below written as JSON by hand.
@Suite("Records in the index cache")
struct RecordsIndexTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "records-index-\(UUID().uuidString)"
  ).path
  var cache: String { folder + "/cache" }

  /// Two records; names "Ann Lee" and "Bob Stone".
  static let csv = "name,mail\nBob Stone,bob@example.org\nAnn Lee,ann@example.org\n"
  /// The records, in section order (A, B), as compact JSON, by hand.
  static let records = [
    #"{"name":"Ann Lee","mail":"ann@example.org"}"#,
    #"{"name":"Bob Stone","mail":"bob@example.org"}"#,
  ]
  static let sections = [
    Section(title: "A", names: ["Ann Lee"]), Section(title: "B", names: ["Bob Stone"]),
  ]

  /// Writes the list, an hour old (so the cache trusts its stamp); its path.
  func makeList() throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/people.csv"
    try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    return path
  }

  func load(_ path: String, keepsRecords: Bool) throws -> CachedCatalogLoader {
    try CachedCatalogLoader.load(
      contentsOfFile: path, cacheDirectory: cache,
      options: LoadOptions(
        fields: RecordFields(name: RecordKeyPath("name")), keepsRecords: keepsRecords))
  }

  /// The catalog's records in display order (section by section).
  func records(_ catalog: Catalog) -> [String]? {
    catalog.records.map { store in
      (0..<catalog.sectionCount).flatMap { catalog.nameRange(ofSection: $0).map { store[$0] } }
    }
  }

  /// The index file of the list, and where its records part starts.
  func indexFile(of path: String) throws -> (path: String, recordsStart: Int) {
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let options = LoadOptions(fields: RecordFields(name: RecordKeyPath("name")))
    let file = IndexCache.file(for: absolute, options: options, in: cache)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let version = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self) }
    let header = try bytes.withUnsafeBytes { raw in
      try CacheHeader.decode(raw, version: UInt32(littleEndian: version))
    }
    return (file, header.layout.recordEnds)
  }

  @Test("an index of records serves loads with and without them; only the first checks them")
  func bothLoads() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let first = try load(path, keepsRecords: true)
    #expect(first.origin == .list && records(first.catalog) == Self.records)
    #expect(first.writeCache())
    let plain = try load(path, keepsRecords: false)
    #expect(plain.origin == .cache && plain.catalog.sections == Self.sections)
    #expect(plain.catalog.records == nil && plain.catalog.recordsDropped)
    let full = try load(path, keepsRecords: true)
    #expect(full.origin == .cache && records(full.catalog) == Self.records)
    #expect(!full.catalog.recordsDropped)
  }

  @Test("damage in the records part costs only the loads that want the records")
  func damagedRecords() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    #expect(try load(path, keepsRecords: true).writeCache())
    let (file, recordsStart) = try indexFile(of: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    // The "A" of "Ann Lee" in the records' text, after their end offsets.
    let needle = Array(#""Ann Lee""#.utf8)
    let at = try #require(
      (recordsStart..<bytes.count - needle.count).first {
        Array(bytes[$0..<$0 + needle.count]) == needle
      })
    bytes[at + 1] = UInt8(ascii: "Z")
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let plain = try load(path, keepsRecords: false)
    #expect(plain.origin == .cache && plain.catalog.sections == Self.sections)
    let full = try load(path, keepsRecords: true)
    #expect(full.origin == .list && records(full.catalog) == Self.records)
  }

  @Test("a list loaded without its records stores an index that says so")
  func droppedRecords() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let first = try load(path, keepsRecords: false)
    #expect(first.origin == .list && first.catalog.records == nil)
    #expect(first.catalog.recordsDropped && first.catalog.sections == Self.sections)
    #expect(first.writeCache())
    #expect(try load(path, keepsRecords: false).origin == .cache)
    // The index cannot give the records: the list is read again, and its index replaced.
    let full = try load(path, keepsRecords: true)
    #expect(full.origin == .list && records(full.catalog) == Self.records)
    #expect(full.writeCache())
    #expect(try load(path, keepsRecords: false).origin == .cache)
    let again = try load(path, keepsRecords: true)
    #expect(again.origin == .cache && records(again.catalog) == Self.records)
  }

  @Test("a list of names, not records, is never said to have dropped any")
  func namesOnly() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/names.txt"
    try Data("Bob\nAnn\n".utf8).write(to: URL(fileURLWithPath: path))
    let loaded = try CachedCatalogLoader.load(
      contentsOfFile: path, cacheDirectory: cache, options: LoadOptions(keepsRecords: false))
    #expect(loaded.catalog.records == nil && !loaded.catalog.recordsDropped)
  }
}
