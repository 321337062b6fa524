import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `SQLiteReader` with records not kept (`LoadOptions.keepsRecords` false), which selects
/// only the name, search and section columns and hands SQLite's UTF-8 to the builder
/// without making `String`s, against the same tables read with records kept (every column,
/// each text a `String`): the same sections, names and search keys, or the same error.
/// Text that is not UTF-8 is checked by hand: repaired to U+FFFD either way.
@Suite("SQLite reader without records")
struct SQLiteNarrowReadTests {
  /// What reading the table at `path` gives: the sections and keys written out, or the
  /// error.
  static func outcome(
    _ path: String, name: String?, search: [String], section: String?, keepsRecords: Bool
  ) -> String {
    let fields = RecordFields(
      name: name.flatMap(RecordKeyPath.init), search: search.compactMap(RecordKeyPath.init),
      section: section.flatMap(RecordKeyPath.init))
    do {
      let input = ListInput(
        file: try FileReader(path: path), prefix: [], droppedLines: 0,
        options: LoadOptions(format: .sqlite, fields: fields, keepsRecords: keepsRecords),
        progress: nil)
      let list = try SQLiteReader.read(input)
      // The stores hold well-formed UTF-8 (`NameStore`'s precondition): repaired text, not
      // SQLite's bytes, which reading a name as a `String` would hide.
      #expect(UTF8Validation.firstInvalid(in: list.names.bytes.buffer) == nil)
      if let (keys, _) = list.searchKeys {
        #expect(UTF8Validation.firstInvalid(in: keys.bytes.buffer) == nil)
      }
      var text = ""
      for (title, range) in zip(list.titles, list.ranges) {
        text += "[\(title)] " + range.map { list.names[$0] }.joined(separator: " | ") + "\n"
      }
      if let (keys, owners) = list.searchKeys {
        for (k, owner) in owners.enumerated() { text += "key \(owner): \(keys[k])\n" }
      }
      #expect(list.recordsDropped == (!keepsRecords && list.names.count > 0))
      return text
    } catch {
      return "error: \(error)"
    }
  }

  /// Builds a database with `sql`, then expects each choice of fields to read the same
  /// either way; answers the outcomes without records.
  @discardableResult
  static func expectSame(
    _ sql: [String], choices: [(String?, [String], String?)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    var outcomes: [String] = []
    try SQLiteReaderTests.withDatabase(
      { db in for statement in sql { try db.execute(statement) } },
      then: { path in
        for (name, search, section) in choices {
          let kept = outcome(
            path, name: name, search: search, section: section, keepsRecords: true)
          let narrow = outcome(
            path, name: name, search: search, section: section, keepsRecords: false)
          #expect(
            kept == narrow, "\(name ?? "-") \(search) \(section ?? "-")",
            sourceLocation: sourceLocation)
          outcomes.append(narrow)
        }
      })
    return outcomes
  }

  @Test("values of every storage class, NULLs, blobs and sections read the same")
  func storageClasses() throws {
    try Self.expectSame(
      [
        "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, n REAL, b BLOB, g TEXT, k)",
        "INSERT INTO t VALUES (1, 'Émile', 1.5, X'000102', 'x', 'nick')",
        "INSERT INTO t VALUES (2, NULL, 2.0, NULL, 'x', NULL)",
        "INSERT INTO t VALUES (3, 42, NULL, NULL, 'y', 7)",
        "INSERT INTO t VALUES (4, 'Zoë \"z\"', 1e999, X'', 'x', 2.5)",
        "INSERT INTO t VALUES (5, 'ann', NULL, NULL, 'Y', 'k')",
      ],
      choices: [
        ("name", [], nil), ("name", ["k"], nil), ("name", ["k", "g"], "g"),
        ("name", ["name"], "g"), ("g", [], "name"), ("name", ["b"], nil), ("b", [], nil),
        ("name", [], "k"), ("nothing", [], nil), ("name", ["nothing"], nil),
        ("k", ["n", "id"], nil), ("id", [], nil), (nil, ["k"], "g"), (nil, [], nil),
      ])
  }

  @Test("text that is not UTF-8 is repaired to U+FFFD, with records kept or not")
  func notUTF8() throws {
    let outcomes = try Self.expectSame(
      [
        "CREATE TABLE t(name TEXT, k TEXT, g TEXT)",
        "INSERT INTO t VALUES (CAST(X'FF41' AS TEXT), 'ok', 'A')",
        "INSERT INTO t VALUES ('Bob', CAST(X'42C3' AS TEXT), 'A')",
        "INSERT INTO t VALUES ('Cy', 'c', CAST(X'41ED' AS TEXT))",
      ],
      choices: [("name", [], nil), ("name", ["k"], "g")])
    // By hand: 0xFF is no UTF-8 byte; 0xC3 and 0xED begin sequences that end early.
    #expect(outcomes[0] == "[#] \u{FFFD}A\n[B] Bob\n[C] Cy\n")
    #expect(
      outcomes[1]
        == "[A] \u{FFFD}A | Bob\n[A\u{FFFD}] Cy\nkey 0: ok\nkey 1: B\u{FFFD}\nkey 2: c\n")
  }

  @Test("a WITHOUT ROWID table and quoted column names read the same")
  func quotedColumns() throws {
    try Self.expectSame(
      [
        #"CREATE TABLE "t""x"("na""me" TEXT PRIMARY KEY, "é" TEXT, "e.mail") WITHOUT ROWID"#,
        #"INSERT INTO "t""x" VALUES ('Bob', 'b', 'bob@x'), ('Ann', 'a', NULL)"#,
      ],
      choices: [(#"na"me"#, ["e.mail"], "é"), (#"na"me"#, [], nil), ("é", [#"na"me"#], nil)])
  }
}
