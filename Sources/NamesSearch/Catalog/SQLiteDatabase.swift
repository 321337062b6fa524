import CSQLite
import Glibc

/// An SQLite 3 database opened read-only so that reading it never changes anything on disk:
/// not the file's bytes or times, and no `-journal`, `-wal` or `-shm` file is made or left
/// behind, even when the file is read-only or its folder is not writable.
///
/// How it is opened depends on the journal mode its 100-byte header gives (bytes 18 and 19,
/// "Database File Format", sqlite.org/fileformat2.html) and on the files beside it:
///
/// | database | opened as | why |
/// | --- | --- | --- |
/// | rollback journal (header 1) | URI `mode=ro` | takes a shared lock (released when closed), so a writer mid-write is seen as `SQLITE_BUSY`; a reader never makes a journal |
/// | WAL (header 2), `-wal` absent or empty | URI `immutable=1` | `mode=ro` would make `-wal` and `-shm` and, unable to write, leave them behind (measured with SQLite 3.40); with no WAL content the main file holds every commit. `immutable` takes no lock, so the file's size, times and inode are compared before and after, with the `-wal` still empty: a writer that came meanwhile is an error, never a torn read |
/// | WAL, `-wal` holding content, `-shm` present | URI `mode=ro&readonly_shm=1` | reads the committed WAL content (which `immutable` would ignore); `readonly_shm` opens the `-shm` read-only, so it is not even written |
/// | WAL, `-wal` holding content, no `-shm` | refused | reading would have to create a `-shm` file and leave it behind |
///
/// A busy database (a writer holds the lock) is retried for `busyTimeout` milliseconds,
/// then refused in one line. SQLite's result codes become `LoadError`s (`error(_:)`).
final class SQLiteDatabase {
  /// How long a locked database is waited for before it is refused, in milliseconds.
  static let busyTimeout: Int32 = 1000

  /// The connection; `nil` once closed.
  private(set) var handle: OpaquePointer?
  private let source: String
  /// For an `immutable` open: the file's status, checked again by `checkUnchanged()`.
  private let immutableStamp: (path: PathName, status: FileStatus)?

  /// Opens the database at `path` (called `source` in errors) read-only, as the table above
  /// says.
  ///
  /// - Throws: `LoadError` `invalid(format: .sqlite, …)` for a file that does not start
  ///   with an SQLite header, whose header is cut short or whose pages are fewer than the
  ///   header says (a truncated file), or a WAL database whose `-shm` is missing;
  ///   `unreadable` when it cannot be opened.
  init(path: PathName, source: String) throws(LoadError) {
    self.source = source
    let header = try Self.header(of: path, source: source)
    let isWAL = header[18] == 2 || header[19] == 2
    let walSize = Self.status(of: path, suffix: "-wal")?.size ?? 0
    var query: String
    if isWAL && walSize == 0 {
      query = "immutable=1"
      guard let status = Self.status(of: path, suffix: "") else {
        throw LoadError(source: source, reason: .unreadable(Descriptor.lastErrorText()))
      }
      immutableStamp = (path, status)
    } else {
      query = "mode=ro"
      if isWAL {
        guard Self.status(of: path, suffix: "-shm") != nil else {
          throw LoadError(
            source: source,
            reason: .invalid(
              format: .sqlite,
              "its -wal file has no -shm file beside it, and reading it would leave one behind"
                + " (open it once with sqlite3 to recover it)"))
        }
        query += "&readonly_shm=1"
      }
      immutableStamp = nil
    }
    let uri = Self.uri(path) + "?" + query
    var db: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(uri, &db, flags, nil)
    handle = db
    guard code == SQLITE_OK else {
      let error = self.error(code)
      close()
      throw error
    }
    sqlite3_busy_timeout(db, Self.busyTimeout)
    sqlite3_extended_result_codes(db, 1)
  }

  deinit { close() }

  /// Closes the connection (releasing its lock); later calls do nothing.
  func close() {
    if let handle { sqlite3_close_v2(handle) }
    handle = nil
  }

  /// For a database opened `immutable`: checks that the file is as it was when opened and
  /// its `-wal` still empty, so what was read is one committed state.
  ///
  /// - Throws: `LoadError` `unreadable` when a writer changed the database meanwhile.
  func checkUnchanged() throws(LoadError) {
    guard let (path, status) = immutableStamp else { return }
    let now = Self.status(of: path, suffix: "")
    let walSize = Self.status(of: path, suffix: "-wal")?.size ?? 0
    guard now == status, walSize == 0 else {
      throw LoadError(
        source: source,
        reason: .unreadable("the database changed while it was read; try again"))
    }
  }

  /// Prepares one SQL statement.
  ///
  /// - Throws: `LoadError` as `error(_:)`.
  func prepare(_ sql: String) throws(LoadError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw error(code)
    }
    return SQLiteStatement(statement)
  }

  /// The error for SQLite result `code` (an extended code), in one line: a locked
  /// database, an encrypted or damaged one, memory refused, or SQLite's own words.
  func error(_ code: Int32) -> LoadError {
    let primary = code & 0xFF
    let words = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    let reason: LoadError.Reason
    switch primary {
    case SQLITE_BUSY, SQLITE_LOCKED:
      reason = .unreadable(
        "the database is locked by another process (still locked after"
          + " \(Double(Self.busyTimeout) / 1000) s)")
    case SQLITE_NOTADB:
      reason = .invalid(format: .sqlite, "file is encrypted or is not a database")
    case SQLITE_CORRUPT:
      reason = .invalid(
        format: .sqlite, "the database is damaged or encrypted (\(words ?? "malformed"))")
    case SQLITE_NOMEM:
      return LoadError.memoryRefused(source: source)
    case SQLITE_READONLY:
      // A hot journal or WAL that only a writer may recover (SQLITE_READONLY_ROLLBACK,
      // SQLITE_READONLY_RECOVERY, SQLITE_READONLY_CANTINIT).
      reason = .invalid(
        format: .sqlite,
        "it needs recovery that a read-only reader cannot do (\(String(cString: sqlite3_errstr(code))));"
          + " open it once with sqlite3")
    default:
      reason = .unreadable(words ?? String(cString: sqlite3_errstr(code)))
    }
    return LoadError(source: source, reason: reason)
  }

  /// The first 100 bytes of the file, checked: the magic string, a whole header, and a
  /// file at least as long as the pages the header counts (when that count is valid:
  /// header bytes 92…95 equal 24…27).
  private static func header(of path: PathName, source: String) throws(LoadError) -> [UInt8] {
    let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else {
      throw LoadError(source: source, reason: .unreadable(Descriptor.lastErrorText()))
    }
    defer { Glibc.close(fd) }
    var header = [UInt8](repeating: 0, count: 100)
    var got = 0
    while got < 100 {
      let count = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, 100 - got, got) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      got += count
    }
    let invalid = { (why: String) in
      LoadError(source: source, reason: .invalid(format: .sqlite, why))
    }
    guard header[0..<min(got, 16)].elementsEqual("SQLite format 3\0".utf8.prefix(min(got, 16))),
      got >= 16
    else { throw invalid("it does not start with \"SQLite format 3\"") }
    guard got == 100 else {
      throw invalid("the 100-byte header is cut short at \(got) bytes")
    }
    let rawPageSize = Int(header[16]) << 8 | Int(header[17])
    let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
    guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
      throw invalid("the header gives page size \(rawPageSize)")
    }
    func word(_ at: Int) -> Int {
      header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let pages = word(28)
    if pages > 0, word(92) == word(24), let status = Descriptor.status(of: fd),
      status.size < Int64(pages) * Int64(pageSize)
    {
      throw invalid(
        "the file is cut short: \(status.size) bytes, where the header counts \(pages)"
          + " pages of \(pageSize) bytes")
    }
    return header
  }

  /// The status of the database file at `path` and of its `-wal` (`nil` for one that does
  /// not exist): every commit changes one of them (the file's pages, or the WAL it is
  /// appended to), so an equal stamp before and after two reads says they read one state.
  static func stamp(of path: PathName) -> [FileStatus?] {
    [status(of: path, suffix: ""), status(of: path, suffix: "-wal")]
  }

  /// `stat(2)` of the file `path` + `suffix` ("-wal", "-shm"), or `nil` when it does not
  /// exist.
  private static func status(of path: PathName, suffix: String) -> FileStatus? {
    var bytes = path.bytes
    bytes.append(contentsOf: suffix.utf8)
    guard let full = PathName(bytes: bytes) else { return nil }
    var info = stat()
    return full.withCString { stat($0, &info) } == 0 ? FileStatus(info) : nil
  }

  /// An SQLite URI filename (sqlite.org/uri.html) for `path`: every byte but unreserved
  /// ones and `/` percent-encoded, so `?`, `#` and `%` in a name stay part of it; an
  /// absolute path gets an empty authority (`file:///…`).
  static func uri(_ path: PathName) -> String {
    var text = path.isAbsolute ? "file://" : "file:"
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    text += String(decoding: bytes, as: UTF8.self)
    return text
  }
}
