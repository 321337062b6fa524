import Foundation
import Testing

@testable import NamesSearch

/// Records through the catalog: further search keys are searched (with any options), the
/// name is what is shown, `--json` carries the records, and the index cache keeps both and
/// keeps each set of load options apart. Expected values are written out by hand.
@Suite("Records in the catalog")
struct RecordCatalogTests {
  static func record(_ fields: [(String, String)]) -> RecordValue {
    .dictionary(fields.map { RecordField(key: $0.0, value: .string($0.1)) })
  }

  /// Two sections of records: name, nickname and e-mail.
  static func catalog() throws -> Catalog {
    var builder = SectionsBuilder(
      source: "people", expansion: nil,
      fields: RecordFields(
        name: RecordKeyPath("name"), search: [RecordKeyPath("nick")!, RecordKeyPath("mail")!]))
    try builder.beginSection("B")
    try builder.appendRecord(record([("name", "Bob"), ("nick", "Robert"), ("mail", "b@x.org")]))
    builder.endSection()
    try builder.beginSection("A")
    try builder.appendRecord(record([("name", "Ann"), ("nick", "Nancy"), ("mail", "ann@y.org")]))
    try builder.appendRecord(record([("name", "Åsa"), ("mail", "ÅSA@z.org")]))
    builder.endSection()
    return try CatalogLoader.catalog(builder.finish(), source: "people")
  }

  static func names(_ result: SearchResult) -> [String] {
    result.matchedNames.map { result.catalog.names[Int($0)] }
  }

  @Test("a further key finds its name, once, with the default options and any other")
  func furtherKeysSearched() throws {
    let catalog = try Self.catalog()
    #expect(catalog.furtherKeys?.count == 5)
    #expect(catalog.defaultKeys.count == 8)
    let searcher = Searcher()
    #expect(Self.names(searcher.search(Query(term: "nancy"), in: catalog)) == ["Ann"])
    #expect(Self.names(searcher.search(Query(term: ".org"), in: catalog)) == ["Bob", "Ann", "Åsa"])
    // In the name and the nickname: the name once.
    #expect(Self.names(searcher.search(Query(term: "an"), in: catalog)) == ["Ann"])
    let exact = MatchOptions(ignoresCase: false, ignoresDiacritics: false)
    #expect(
      Self.names(searcher.search(Query(term: "Robert", options: exact), in: catalog)) == ["Bob"])
    #expect(searcher.search(Query(term: "robert", options: exact), in: catalog).isEmpty)
    #expect(
      Self.names(searcher.search(Query(term: "ÅSA@", options: exact), in: catalog)) == ["Åsa"])
    let noCase = MatchOptions(ignoresCase: true, ignoresDiacritics: false)
    #expect(Self.names(searcher.search(Query(term: "asa@", options: noCase), in: catalog)).isEmpty)
    #expect(
      Self.names(searcher.search(Query(term: "åsa@", options: noCase), in: catalog)) == ["Åsa"])
    // A match in a further key cannot be shown on the name; one in the name can.
    let byNick = searcher.search(Query(term: "nancy"), in: catalog)
    #expect(byNick.mapping(at: 0) == .unmapped)
    let byName = searcher.search(Query(term: "ann"), in: catalog)
    #expect(byName.mapping(at: 0) == .folding)
  }

  @Test("the plain output shows a name found by a further key unhighlighted, by its name marked")
  func plainOutput() throws {
    let catalog = try Self.catalog()
    let style = TextStyle(titleStart: "<", titleEnd: ">", matchStart: "[", matchEnd: "]")
    func printed(_ term: String) throws -> String {
      var collected: [UInt8] = []
      let output = OutputBuffer { collected.append(contentsOf: $0) }
      try PlainTextPrinter(style: style).print(
        Searcher().search(Query(term: term), in: catalog), to: output)
      try output.flush()
      return String(decoding: collected, as: UTF8.self)
    }
    #expect(try printed("nancy") == "<A>\n  Ann\n")
    #expect(try printed("an") == "<A>\n  [An]n\n")
    #expect(try printed("y.org") == "<A>\n  Ann\n")
  }

  @Test("--json adds each section's records in the order of its names; none without records")
  func jsonRecords() throws {
    let catalog = try Self.catalog()
    var collected: [UInt8] = []
    let output = OutputBuffer { collected.append(contentsOf: $0) }
    try JSONPrinter().print(Searcher().search(Query(term: "o"), in: catalog), to: output)
    try output.flush()
    #expect(
      String(decoding: collected, as: UTF8.self)
        == #"{"query":"o","sections":[{"title":"A","names":["Ann","Åsa"],"records":["#
        + #"{"name":"Ann","nick":"Nancy","mail":"ann@y.org"},{"name":"Åsa","mail":"ÅSA@z.org"}]},"#
        + #"{"title":"B","names":["Bob"],"records":[{"name":"Bob","nick":"Robert","mail":"b@x.org"}]}],"#
        + #""index":["A","B"],"total":3}"# + "\n")
    collected = []
    let plain = Catalog(sections: [Section(title: "A", names: ["Ann"])])
    try JSONPrinter().print(Searcher().search(Query(term: ""), in: plain), to: output)
    try output.flush()
    #expect(
      String(decoding: collected, as: UTF8.self)
        == #"{"query":"","sections":[{"title":"A","names":["Ann"]}],"index":["A"],"total":1}"#
        + "\n")
  }

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "record-cache-\(UUID().uuidString)"
  ).path

  @Test("the index cache keeps further keys and records, for its own load options only")
  func cacheKeepsRecords() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let list = folder + "/people.json"
    try Data("stands for the list".utf8).write(to: URL(fileURLWithPath: list))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: list)
    let stamp = try #require(SourceStamp(path: list))
    let catalog = try Self.catalog()
    let options = LoadOptions(
      fields: RecordFields(
        name: RecordKeyPath("name"), search: [RecordKeyPath("nick")!, RecordKeyPath("mail")!]))
    let identity = CacheIdentity(options: options, companionStamp: 0)
    let cache = folder + "/cache"
    #expect(
      IndexCache.write(
        catalog, for: list, stamp: stamp, sourceHash: 1, identity: identity, in: cache))
    let read = try #require(IndexCache.read(for: list, stamp: stamp, identity: identity, in: cache))
    #expect(read.sections == catalog.sections)
    #expect(Self.names(Searcher().search(Query(term: "nancy"), in: read)) == ["Ann"])
    let exact = MatchOptions(ignoresCase: false, ignoresDiacritics: false)
    #expect(
      Self.names(Searcher().search(Query(term: "Robert", options: exact), in: read)) == ["Bob"])
    #expect(
      read.records.map { store in (0..<store.count).map { store[$0] } }
        == catalog.records.map { store in (0..<store.count).map { store[$0] } })
    #expect(read.furtherKeys?.owners.map { $0 } == catalog.furtherKeys?.owners.map { $0 })
    // Other options (another --key, none at all) never use this index: another file name,
    // and the header's options hash is checked too.
    var other = options
    other.fields.name = RecordKeyPath("nick")
    #expect(
      IndexCache.read(
        for: list, stamp: stamp, identity: .init(options: other, companionStamp: 0), in: cache)
        == nil)
    #expect(IndexCache.read(for: list, stamp: stamp, in: cache) == nil)
    #expect(
      IndexCache.file(for: list, options: other, in: cache)
        != IndexCache.file(for: list, options: options, in: cache))
    // A file of these options renamed to another's name is refused by its header.
    try FileManager.default.copyItem(
      atPath: IndexCache.file(for: list, options: options, in: cache),
      toPath: IndexCache.file(for: list, options: other, in: cache))
    #expect(
      IndexCache.read(
        for: list, stamp: stamp, identity: .init(options: other, companionStamp: 0), in: cache)
        == nil)
    // Another -wal stamp: not used.
    #expect(
      IndexCache.read(
        for: list, stamp: stamp, identity: .init(options: options, companionStamp: 7), in: cache)
        == nil)
  }

  @Test("a list's -wal file is part of its cache's stamp: appearing or changing, it rebuilds")
  func walStamp() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let list = folder + "/list.plist"
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["A": ["Ann"]], format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: list))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: list)
    func load(_ options: LoadOptions = .default) throws -> CachedCatalogLoader {
      try CachedCatalogLoader.load(
        contentsOfFile: list, cacheDirectory: folder + "/cache", options: options)
    }
    #expect(try load().writeCache())
    #expect(try load().origin == .cache)
    // The same list read with other options has an index of its own.
    let forced = LoadOptions(format: .xmlPropertyList)
    let first = try load(forced)
    #expect(first.origin == .list)
    #expect(first.writeCache())
    #expect(try load(forced).origin == .cache)
    #expect(try load().origin == .cache)
    // A -wal file appears: both rebuild.
    try Data("wal".utf8).write(to: URL(fileURLWithPath: list + "-wal"))
    let withWal = try load()
    #expect(withWal.origin == .list)
    #expect(withWal.writeCache())
    #expect(try load().origin == .cache)
    // It grows: rebuilt again.
    try Data("wal, more".utf8).write(to: URL(fileURLWithPath: list + "-wal"))
    #expect(try load().origin == .list)
    #expect(CacheIdentity.companionStamp(of: PathName(list + "-none")!) == 0)
  }
}
