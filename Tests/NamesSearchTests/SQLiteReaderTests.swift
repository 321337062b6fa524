import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `SQLiteReader`: the products fixture against the rows the `sqlite3` shell printed
/// (`Tests/Fixtures/records/products.expected.json`, made by `make-products.py`), and small
/// databases built here through the SQLite C library, whose expected answers are written
/// by hand.
@Suite("SQLite reader")
struct SQLiteReaderTests {
  static let products = TestPaths.file("Tests/Fixtures/records/products.sqlite").path

  /// The rows `sqlite3 -json` printed for `SELECT * FROM products ORDER BY rowid`.
  static func expectedRows() throws -> [[String: Any]] {
    let data = try Data(
      contentsOf: TestPaths.file("Tests/Fixtures/records/products.expected.json"))
    return try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  static func read(
    _ path: String, table: String? = nil, name: String? = nil, search: [String] = [],
    section: String? = nil
  ) throws(LoadError) -> SectionedNames {
    let fields = RecordFields(
      name: name.flatMap(RecordKeyPath.init), search: search.compactMap(RecordKeyPath.init),
      section: section.flatMap(RecordKeyPath.init))
    let input = ListInput(
      file: try FileReader(path: path), prefix: [], droppedLines: 0,
      options: LoadOptions(format: .sqlite, table: table, fields: fields), progress: nil)
    return try SQLiteReader.read(input)
  }

  static func error(_ body: () throws(LoadError) -> SectionedNames) -> LoadError.Reason? {
    do {
      _ = try body()
      return nil
    } catch {
      return error.reason
    }
  }

  static func sections(_ list: SectionedNames) -> [(String, [String])] {
    zip(list.titles, list.ranges).map { title, range in
      (title, range.map { String(decoding: list.names.utf8(of: $0), as: UTF8.self) })
    }
  }

  static func records(_ list: SectionedNames) throws -> [[String: Any]] {
    let store = try #require(list.records)
    return try (0..<store.count).map { index in
      let data = Data(store.utf8(of: index))
      return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
  }

  /// A new database in a fresh folder, built by `build`; `body` gets its path.
  static func withDatabase(
    _ build: (TestDatabase) throws -> Void, then body: (String) throws -> Void
  ) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("names-search-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("list.db").path
    let database = try TestDatabase(path: path)
    try build(database)
    database.close()
    try body(path)
  }

  @Test("The products table by vendor: the sqlite3 shell's rows, grouped in file order")
  func productsByVendor() throws {
    let rows = try Self.expectedRows()
    #expect(rows.count == 3000)
    let list = try Self.read(Self.products, table: "products", name: "name", section: "vendor")
    // The reference grouping: vendors in order of first appearance, names in rowid order.
    var titles: [String] = []
    var members: [String: [String]] = [:]
    for row in rows {
      let vendor = try #require(row["vendor"] as? String)
      if members[vendor] == nil { titles.append(vendor) }
      members[vendor, default: []].append(try #require(row["name"] as? String))
    }
    let sections = Self.sections(list)
    #expect(sections.map(\.0) == titles)
    #expect(sections.map(\.1) == titles.map { members[$0]! })
    // Each record is the row as the shell printed it, in the same order as the names.
    var expectedRecords: [[String: Any]] = []
    for title in titles {
      expectedRecords += rows.filter { $0["vendor"] as? String == title }
    }
    let records = try Self.records(list)
    #expect(records.count == expectedRecords.count)
    for (record, expected) in zip(records, expectedRecords) {
      #expect(NSDictionary(dictionary: record) == NSDictionary(dictionary: expected))
    }
  }

  @Test("Search keys are the chosen columns' values, as text")
  func productsSearchKeys() throws {
    let rows = try Self.expectedRows()
    let list = try Self.read(
      Self.products, table: "products", name: "name", search: ["product_id", "vendor_id"],
      section: "vendor")
    let (texts, owners) = try #require(list.searchKeys)
    #expect(texts.count == 2 * rows.count)
    // The first name's keys are its row's product_id and vendor_id (an integer, as text).
    let first = try #require(rows.first)
    #expect(owners[0] == 0 && owners[1] == 0)
    #expect(String(decoding: texts.utf8(of: 0), as: UTF8.self) == first["product_id"] as? String)
    #expect(
      String(decoding: texts.utf8(of: 1), as: UTF8.self) == "\(first["vendor_id"] as! Int)")
  }

  @Test("Several tables need one chosen; an unknown one lists them")
  func tableChoice() {
    #expect(
      Self.error { () throws(LoadError) in try Self.read(Self.products) }
        == .chooseTable(available: ["vendors", "products"]))
    #expect(
      Self.error { () throws(LoadError) in try Self.read(Self.products, table: "items") }
        == .noSuchTable("items", available: ["vendors", "products"]))
    // Table names are matched exactly: SQL's case folding does not apply.
    #expect(
      Self.error { () throws(LoadError) in try Self.read(Self.products, table: "Products") }
        == .noSuchTable("Products", available: ["vendors", "products"]))
  }

  @Test("Several text columns need one chosen; an unknown column lists them all")
  func columnChoice() {
    #expect(
      Self.error { () throws(LoadError) in try Self.read(Self.products, table: "products") }
        == .chooseColumn(available: ["vendor", "name", "product_id"]))
    // A column chosen as section title or search key is no candidate.
    #expect(
      Self.error { () throws(LoadError) in
        try Self.read(Self.products, table: "products", search: ["product_id"], section: "vendor")
      } == nil)
    let all = ["id", "vendor", "name", "vendor_id", "product_id"]
    #expect(
      Self.error { () throws(LoadError) in
        try Self.read(Self.products, table: "products", name: "title")
      } == .noSuchField("title", available: all))
    #expect(
      Self.error { () throws(LoadError) in
        try Self.read(Self.products, table: "products", name: "name", section: "maker")
      } == .noSuchField("maker", available: all))
    // vendors has one text column: it needs no key.
    #expect((try? Self.read(Self.products, table: "vendors"))?.names.count == 87)
  }

  @Test("The name column by declared type affinity (sqlite.org/datatype3.html 3.1)")
  func affinity() throws {
    #expect(SQLiteAffinity(declaredType: "VARCHAR(40)") == .text)
    #expect(SQLiteAffinity(declaredType: "nchar") == .text)
    #expect(SQLiteAffinity(declaredType: "CLOB") == .text)
    #expect(SQLiteAffinity(declaredType: "CHARINT") == .integer)
    #expect(SQLiteAffinity(declaredType: nil) == .blob)
    #expect(SQLiteAffinity(declaredType: "DOUBLE") == .real)
    #expect(SQLiteAffinity(declaredType: "DATE") == .numeric)
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, title VARCHAR(30), score REAL)")
        try db.insert(into: "t", columns: 3, rows: [[nil, "Ann", 1.5], [nil, "Bob", 2.0]])
      },
      then: { path in
        let list = try Self.read(path)
        #expect(Self.sections(list).map(\.1) == [["Ann"], ["Bob"]])
      })
    // No typed text column: the untyped ones are the candidates.
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(a, b, n INTEGER)")
      },
      then: { path in
        #expect(
          Self.error { () throws(LoadError) in try Self.read(path) }
            == .chooseColumn(available: ["a", "b"]))
      })
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(n INTEGER, x REAL)")
      },
      then: { path in
        #expect(
          Self.error { () throws(LoadError) in try Self.read(path) }
            == .recordsNeedKey(fields: ["n", "x"]))
      })
  }

  @Test("a REAL in a record is the shortest text that reads back as the same double")
  func realPrecision() throws {
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(name TEXT, n REAL)")
        try db.insert(
          into: "t", columns: 2,
          rows: [
            ["a", 0.1 + 0.2], ["b", 1.0 / 3.0], ["c", Double.greatestFiniteMagnitude], ["d", 3.0],
          ])
      },
      then: { path in
        let list = try Self.read(path)
        let texts = (0..<4).map { String(decoding: list.records!.utf8(of: $0), as: UTF8.self) }
        // By hand (IEEE 754 binary64; the shortest digits that round-trip, as Python's repr
        // gives them): SQLite's own 15 digits made these 0.3, 0.333333333333333 and
        // 1.79769313486232e+308, which is past the largest double.
        #expect(
          Set(texts) == [
            #"{"name":"a","n":0.30000000000000004}"#, #"{"name":"b","n":0.3333333333333333}"#,
            #"{"name":"c","n":1.7976931348623157e+308}"#, #"{"name":"d","n":3.0}"#,
          ])
      })
  }

  @Test("NULL names are skipped, numbers are their text, a blob name is an error naming the row")
  func nameValues() throws {
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(name TEXT, n REAL, b BLOB, g TEXT)")
        try db.insert(
          into: "t", columns: 4,
          rows: [
            ["Émile", 1.5, [0, 1, 2] as [UInt8], "x"], [nil, 2.0, nil, "x"], [42, nil, nil, "x"],
            ["Zoë \"z\"\n", Double.infinity, [UInt8](), "x"],
          ])
      },
      then: { path in
        let list = try Self.read(path, section: "g")
        #expect(Self.sections(list).map(\.1) == [["Émile", "42", "Zoë \"z\"\n"]])
        // By hand: [0, 1, 2] in base64 is "AAEC"; an infinite real, which JSON lacks, is null.
        let records = try Self.records(list)
        #expect(records.count == 3)
        #expect(records[0]["name"] as? String == "Émile")
        #expect(records[0]["n"] as? Double == 1.5)
        #expect(records[0]["b"] as? String == "AAEC")
        // A number stored in a TEXT column becomes text (type affinity).
        #expect(records[1]["name"] as? String == "42")
        #expect(records[1]["n"] is NSNull && records[1]["b"] is NSNull)
        #expect(records[2]["n"] is NSNull && records[2]["b"] as? String == "")
        let text = String(decoding: list.records!.utf8(of: 0), as: UTF8.self)
        #expect(text == #"{"name":"Émile","n":1.5,"b":"AAEC","g":"x"}"#)
      })
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(name TEXT)")
        try db.insert(into: "t", columns: 1, rows: [["Ann"], [nil], [[0xFF] as [UInt8]]])
      },
      then: { path in
        #expect(
          Self.error { () throws(LoadError) in try Self.read(path) }
            == .fieldNotString(title: nil, position: 3, field: "name", found: "a blob"))
      })
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(name TEXT, g TEXT)")
        try db.insert(into: "t", columns: 2, rows: [["Ann", "A"], ["Bob", nil]])
      },
      then: { path in
        #expect(
          Self.error { () throws(LoadError) in try Self.read(path, section: "g") }
            == .fieldNotString(title: nil, position: 2, field: "g", found: "null"))
      })
  }

  @Test("Names with quotes and semicolons are identifiers, never SQL")
  func hostileNames() throws {
    let table = #"x"; DROP TABLE t; --"#
    let column = #"na"me; --"#
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(keep TEXT)")
        try db.execute(
          #"CREATE TABLE "x""; DROP TABLE t; --" ("na""me; --" TEXT, g TEXT)"#)
        try db.insert(
          into: #""x""; DROP TABLE t; --""#, columns: 2, rows: [["Ann", "A"], ["Bob", "A"]])
      },
      then: { path in
        let list = try Self.read(path, table: table, name: column, section: "g")
        #expect(Self.sections(list).map(\.1) == [["Ann", "Bob"]])
        #expect(
          Self.error { () throws(LoadError) in try Self.read(path) }
            == .chooseTable(available: ["t", table]))
      })
  }

  @Test("Rows come in rowid order even with an index; WITHOUT ROWID in primary-key order")
  func rowOrder() throws {
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, g TEXT)")
        try db.execute("CREATE INDEX by_name ON t(name, g, id)")
        try db.insert(
          into: "t", columns: 3,
          rows: [[3, "Cy", "A"], [1, "Zed", "A"], [2, "Ann", "A"], [4, nil, "A"]])
      },
      then: { path in
        let list = try Self.read(path, section: "g")
        #expect(Self.sections(list).map(\.1) == [["Zed", "Ann", "Cy"]])
      })
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(k TEXT PRIMARY KEY, name TEXT, g TEXT) WITHOUT ROWID")
        try db.insert(
          into: "t", columns: 3, rows: [["b", "Bob", "A"], ["c", "Cy", "A"], ["a", "Zed", "A"]])
      },
      then: { path in
        let list = try Self.read(path, name: "name", section: "g")
        #expect(Self.sections(list).map(\.1) == [["Zed", "Bob", "Cy"]])
      })
  }

  @Test("An empty table is an empty list")
  func emptyTable() throws {
    try Self.withDatabase(
      { db in try db.execute("CREATE TABLE t(name TEXT)") },
      then: { path in
        let list = try Self.read(path)
        #expect(list.names.count == 0 && list.titles.isEmpty)
      })
  }

  @Test("A flat table without a section column gets made sections")
  func madeSections() throws {
    try Self.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(name TEXT)")
        try db.insert(into: "t", columns: 1, rows: [["élise"], ["Bob"], ["ann"], ["42"]])
      },
      then: { path in
        let sections = Self.sections(try Self.read(path))
        // The order of made sections is the `SectionMaker`'s; here only how names are filed.
        #expect(
          Set(sections.map { "\($0.0):\($0.1.joined(separator: ","))" })
            == ["A:ann", "B:Bob", "E:élise", "#:42"])
      })
  }

  @Test("Committed WAL content is read, with a writer still holding the database open")
  func walContent() throws {
    try Self.withDatabase(
      { db in
        try db.execute("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0")
        try db.execute("CREATE TABLE t(name TEXT)")
      },
      then: { path in
        let writer = try TestDatabase(path: path)
        defer { writer.close() }
        try writer.execute("PRAGMA wal_autocheckpoint=0")
        try writer.insert(into: "t", columns: 1, rows: [["Ann"], ["Bob"]])
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")
        #expect((wal[.size] as? Int ?? 0) > 0)
        let list = try Self.read(path)
        #expect(Self.sections(list).map(\.1) == [["Ann"], ["Bob"]])
      })
  }

  @Test("Damaged files are one error each")
  func damaged() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.products)))
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let pages = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
    #expect(pages * pageSize == bytes.count)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("names-search-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func reason(_ data: [UInt8]) throws -> LoadError.Reason? {
      let path = folder.appendingPathComponent("db-\(UUID().uuidString)").path
      try Data(data).write(to: URL(fileURLWithPath: path))
      return Self.error { () throws(LoadError) in
        try Self.read(path, table: "products", name: "name")
      }
    }
    #expect(
      try reason(Array(bytes[..<(2 * pageSize)]))
        == .invalid(
          format: .sqlite,
          "the file is cut short: \(2 * pageSize) bytes, where the header counts \(pages)"
            + " pages of \(pageSize) bytes"))
    #expect(
      try reason(Array(bytes[..<60]))
        == .invalid(format: .sqlite, "the 100-byte header is cut short at 60 bytes"))
    #expect(
      try reason(Array("SQLite format 2\0".utf8) + bytes[16...])
        == .invalid(format: .sqlite, "it does not start with \"SQLite format 3\""))
    // "Encrypted": a valid header, then random bytes.
    var generator = SeededGenerator(seed: 11)
    let random =
      bytes[..<100] + (100..<bytes.count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect(
      try reason(Array(random))
        == .invalid(
          format: .sqlite,
          "the database is damaged or encrypted (database disk image is malformed)"))
    // Garbage pages past the schema: the table's pages overwritten.
    var garbage = bytes
    for i in (4 * pageSize)..<bytes.count { garbage[i] = UInt8(truncatingIfNeeded: i &* 131) }
    guard case .invalid(.sqlite, let why)? = try reason(garbage) else {
      Issue.record("garbage pages were read")
      return
    }
    #expect(why.hasPrefix("the database is damaged or encrypted ("))
  }
}
