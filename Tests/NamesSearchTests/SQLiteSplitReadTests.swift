import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `SQLiteReader.SplitRead`: a table of names only read in two halves at once, against the
/// same table read unsplit (one statement over the whole table, `minimumRowsToSplit`
/// `.max`): the same sections and names in the same order, or the same error, whatever the
/// second half holds; and the tables that cannot be split are not.
@Suite("SQLite split read")
struct SQLiteSplitReadTests {
  /// The list, or the error, written out.
  static func outcome(_ path: String, minimumRowsToSplit: Int64) -> String {
    do {
      let input = ListInput(
        file: try FileReader(path: path), prefix: [], droppedLines: 0,
        options: LoadOptions(
          format: .sqlite, fields: RecordFields(name: RecordKeyPath("name")),
          keepsRecords: false),
        progress: nil)
      let list = try SQLiteReader.read(input, minimumRowsToSplit: minimumRowsToSplit)
      #expect(UTF8Validation.isValid(list.names.bytes.buffer))
      var text = ""
      for (title, range) in zip(list.titles, list.ranges) {
        text += "[\(title)] " + range.map { list.names[$0] }.joined(separator: " | ") + "\n"
      }
      return text
    } catch {
      return "error: \(error)"
    }
  }

  /// Whether the table `t` of the database at `path` is split.
  static func isSplit(_ path: String, columns: [String]) throws -> Bool {
    let database = try SQLiteDatabase(path: try #require(PathName(path)), source: path)
    defer { database.close() }
    return SQLiteReader.SplitRead.start(
      database, path: try #require(PathName(path)), source: path, table: "t", columns: columns,
      name: "name", minimumRows: 1)?.wait().isComplete != nil
  }

  /// Builds a table with `sql` and expects the split read to give the unsplit read's
  /// outcome; answers it and whether the table was split.
  @discardableResult
  static func expectSame(_ sql: [String], columns: [String] = ["name"]) throws -> (String, Bool) {
    var result = ("", false)
    try SQLiteReaderTests.withDatabase(
      { db in for statement in sql { try db.execute(statement) } },
      then: { path in
        let unsplit = outcome(path, minimumRowsToSplit: .max)
        #expect(outcome(path, minimumRowsToSplit: 1) == unsplit)
        result = (unsplit, try isSplit(path, columns: columns))
      })
    return result
  }

  /// `count` rows of names, some NULL, some numbers, rowids with gaps.
  static func rows(_ count: Int) -> [String] {
    (1...count).map { k in
      let value =
        k % 7 == 0 ? "NULL" : k % 11 == 0 ? "\(k * 3)" : "'Name \(k) é\(k % 5 == 0 ? "ß" : "")'"
      return "INSERT INTO t(rowid, name) VALUES (\(k * 5 + k % 4), \(value))"
    }
  }

  @Test("names, NULLs and numbers, rowids with gaps: split, the same list")
  func plain() throws {
    let (text, split) = try Self.expectSame(
      ["CREATE TABLE t(name TEXT, n INTEGER)"] + Self.rows(300))
    #expect(split)
    #expect(text.contains("Name 299 é"))
  }

  @Test("bytes that are not UTF-8, or a blob, in either half: the same repairs and errors")
  func secondHalfFallsBack() throws {
    for (rowid, value) in [(250, "X'41C328'"), (10, "X'41C328'"), (250, "X'00FF'"), (3, "X'00FF'")]
    {
      let damage =
        value == "X'00FF'"
        ? "INSERT INTO t(rowid, name) VALUES (\(rowid * 5 + 4), \(value))"
        : "INSERT INTO t(rowid, name) VALUES (\(rowid * 5 + 4), CAST(\(value) AS TEXT))"
      let (text, split) = try Self.expectSame(
        ["CREATE TABLE t(name)"] + Self.rows(300) + [damage])
      #expect(split)
      if value == "X'00FF'" {
        #expect(text.hasPrefix("error: "))
      } else {
        #expect(text.contains("A\u{FFFD}("))
      }
    }
  }

  @Test("rowids at both ends of Int64, and tables that are empty or have one row")
  func extremes() throws {
    let (text, split) = try Self.expectSame([
      "CREATE TABLE t(name TEXT)",
      "INSERT INTO t(rowid, name) VALUES (-9223372036854775808, 'Low')",
      "INSERT INTO t(rowid, name) VALUES (0, 'Zero')",
      "INSERT INTO t(rowid, name) VALUES (9223372036854775807, 'High')",
    ])
    #expect(split)
    // Titles in order of first appearance: rowid order.
    #expect(text == "[L] Low\n[Z] Zero\n[H] High\n")
    #expect(try Self.expectSame(["CREATE TABLE t(name TEXT)"]) == ("", false))
    #expect(
      try Self.expectSame(["CREATE TABLE t(name TEXT)", "INSERT INTO t VALUES ('Ann')"])
        == ("[A] Ann\n", false))
  }

  @Test("a WITHOUT ROWID table, and one whose columns hide every rowid alias, are not split")
  func notSplit() throws {
    let (_, withoutRowid) = try Self.expectSame(
      ["CREATE TABLE t(name TEXT PRIMARY KEY) WITHOUT ROWID"]
        + (1...50).map { "INSERT INTO t VALUES ('Name \($0)')" })
    #expect(!withoutRowid)
    let hidden = ["name", "rowid", "_rowid_", "oid"]
    let (_, aliasesTaken) = try Self.expectSame(
      ["CREATE TABLE t(name TEXT, rowid INTEGER, _rowid_ INTEGER, oid INTEGER)"]
        + (1...50).map { "INSERT INTO t VALUES ('Name \($0)', \(100 - $0), 1, 2)" },
      columns: hidden)
    #expect(!aliasesTaken)
    // Two aliases taken: split by the third, in true rowid order.
    let (text, split) = try Self.expectSame(
      ["CREATE TABLE t(name TEXT, rowid INTEGER, _rowid_ INTEGER)"]
        + (1...50).map { "INSERT INTO t VALUES ('Name \($0)', \(100 - $0), 1)" },
      columns: ["name", "rowid", "_rowid_"])
    #expect(split)
    #expect(text.contains("Name 1 | Name 10 | Name 11"))
  }

  /// Opening the second connection reads the header through a descriptor, and closing any
  /// descriptor of the file drops the process's locks on it: a writer then committed under
  /// the first half's read ("database disk image is malformed", found with a writer
  /// running). Now the first connection takes its shared lock after the second is open and
  /// keeps it to the end: a writer cannot commit until the read is done.
  @Test("a writer cannot commit while a split read holds the table")
  func writerWaits() throws {
    try SQLiteReaderTests.withDatabase(
      { db in
        try db.execute("CREATE TABLE t(name TEXT)")
        for k in 1...300 { try db.execute("INSERT INTO t VALUES ('Name \(k)')") }
      },
      then: { path in
        let pathName = try #require(PathName(path))
        let database = try SQLiteDatabase(path: pathName, source: path)
        defer { database.close() }
        var split = SQLiteReader.SplitRead.start(
          database, path: pathName, source: path, table: "t", columns: ["name"], name: "name",
          minimumRows: 1)
        #expect(split?.wait().isComplete == true)
        let writer = try TestDatabase(path: path)
        defer { writer.close() }
        #expect(throws: (any Error).self) { try writer.execute("INSERT INTO t VALUES ('Late')") }
        // Once the read's statements and connection are gone, the writer commits.
        split = nil
        database.close()
        try writer.execute("INSERT INTO t VALUES ('Late')")
      })
  }
}
