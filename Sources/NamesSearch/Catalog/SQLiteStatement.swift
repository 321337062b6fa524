import CSQLite

/// One prepared SQLite statement of an `SQLiteDatabase`, stepped row by row; finalized when
/// released.
///
/// Column values are read in place: `text(_:)` lends SQLite's own UTF-8 bytes of a value
/// (valid until the next step), so a row costs no copy the caller does not make.
final class SQLiteStatement {
  /// A column value's storage class (sqlite.org/datatype3.html, "Storage Classes").
  enum Kind {
    case integer, real, text, blob, null
  }

  private let statement: OpaquePointer

  init(_ statement: OpaquePointer) {
    self.statement = statement
  }

  deinit { sqlite3_finalize(statement) }

  /// Steps to the next row: `true` for a row, `false` at the end.
  ///
  /// - Throws: the SQLite result code of a failed step (`SQLiteDatabase.error(_:)` words it).
  func step() throws(SQLiteStepError) -> Bool {
    let code = sqlite3_step(statement)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw SQLiteStepError(code: sqlite3_extended_errcode(sqlite3_db_handle(statement)))
  }

  /// The number of columns in each row.
  var columnCount: Int { Int(sqlite3_column_count(statement)) }

  /// The name of column `index` (0-based), as the table declares it.
  func name(_ index: Int) -> String {
    sqlite3_column_name(statement, Int32(index)).map { String(cString: $0) } ?? ""
  }

  /// The declared type of column `index` ("VARCHAR(20)"), or `nil` when it has none.
  func declaredType(_ index: Int) -> String? {
    sqlite3_column_decltype(statement, Int32(index)).map { String(cString: $0) }
  }

  /// The storage class of column `index`'s value in the current row.
  func kind(_ index: Int) -> Kind {
    switch sqlite3_column_type(statement, Int32(index)) {
    case SQLITE_INTEGER: .integer
    case SQLITE_FLOAT: .real
    case SQLITE_TEXT: .text
    case SQLITE_BLOB: .blob
    default: .null
    }
  }

  /// Calls `body` with the UTF-8 text of column `index` in the current row (a number as
  /// SQLite writes it, "1.5"), lent until the next step.
  func withText<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let bytes = sqlite3_column_text(statement, Int32(index))
    let count = Int(sqlite3_column_bytes(statement, Int32(index)))
    return body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
  }

  /// The value of column `index` in the current row as an integer (`sqlite3_column_int64`).
  func integer(_ index: Int) -> Int64 {
    sqlite3_column_int64(statement, Int32(index))
  }

  /// The value of column `index` in the current row as a double (`sqlite3_column_double`).
  func double(_ index: Int) -> Double {
    sqlite3_column_double(statement, Int32(index))
  }

  /// The text of column `index` in the current row, bytes that are not UTF-8 repaired
  /// (U+FFFD).
  func text(_ index: Int) -> String {
    withText(index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the bytes of the blob in column `index` of the current row.
  func withBlob<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    let bytes = sqlite3_column_blob(statement, Int32(index))
    let count = Int(sqlite3_column_bytes(statement, Int32(index)))
    return body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
  }
}

/// A failed `sqlite3_step`: its extended result code.
struct SQLiteStepError: Error {
  var code: Int32
}
