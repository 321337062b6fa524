import CSQLite

/// An SQLite database a test builds or holds open through the SQLite C library (the same
/// `CSQLite` module the reader uses), so tests need no `sqlite3` tool.
///
/// ```swift
/// let db = try TestDatabase(path: "/tmp/x.db")
/// try db.execute("CREATE TABLE t(name TEXT); INSERT INTO t VALUES ('Ann')")
/// db.close()
/// ```
public final class TestDatabase {
  /// A failed SQLite call: the statement and SQLite's words.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  private var handle: OpaquePointer?

  /// Opens (creating it when missing) the database at `path`, read-write.
  ///
  /// - Throws: `Failure` when SQLite cannot open it.
  public init(path: String) throws {
    let code = sqlite3_open_v2(
      path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    guard code == SQLITE_OK else {
      let words = String(cString: sqlite3_errstr(code))
      sqlite3_close_v2(handle)
      handle = nil
      throw Failure(description: "\(path): \(words)")
    }
  }

  deinit { close() }

  /// Runs `sql`, one or more statements separated by semicolons, ignoring any rows.
  ///
  /// - Throws: `Failure` with SQLite's message.
  public func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
      let words = message.map { String(cString: $0) } ?? "error"
      sqlite3_free(message)
      throw Failure(description: "\(sql): \(words)")
    }
  }

  /// Inserts `rows` into `table` with one prepared statement in one transaction, each row's
  /// values bound in order: `String` as text, `Int` as an integer, `Double` as a real,
  /// `[UInt8]` as a blob, anything else (`nil`) as NULL.
  ///
  /// - Throws: `Failure` with SQLite's message.
  public func insert(into table: String, columns: Int, rows: [[Any?]]) throws {
    let marks = Array(repeating: "?", count: columns).joined(separator: ",")
    var statement: OpaquePointer?
    let sql = "INSERT INTO \(table) VALUES (\(marks))"
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
    defer { sqlite3_finalize(statement) }
    // SQLITE_TRANSIENT, which Swift cannot import: SQLite copies the bound bytes.
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    try execute("BEGIN")
    for row in rows {
      sqlite3_reset(statement)
      for (i, value) in row.enumerated() {
        let index = Int32(i + 1)
        switch value {
        case let text as String: sqlite3_bind_text(statement, index, text, -1, transient)
        case let number as Int: sqlite3_bind_int64(statement, index, Int64(number))
        case let number as Double: sqlite3_bind_double(statement, index, number)
        case let bytes as [UInt8]:
          bytes.withUnsafeBytes {
            _ = sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient)
          }
        default: sqlite3_bind_null(statement, index)
        }
      }
      guard sqlite3_step(statement) == SQLITE_DONE else {
        throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
      }
    }
    try execute("COMMIT")
  }

  /// Closes the connection, releasing its locks; later calls do nothing.
  public func close() {
    if let handle { sqlite3_close_v2(handle) }
    handle = nil
  }
}
