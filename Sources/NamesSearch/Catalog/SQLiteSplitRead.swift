import Dispatch

extension SQLiteReader {
  /// A table of names only (no records kept, no search or section column), read in two
  /// halves at once: the rows before the middle rowid on the calling thread, as any table
  /// is read, and the rest on another core (`ThreadPool.run`) through a second read-only
  /// connection, into a block of names the caller appends after its own. Stepping through
  /// SQLite's rows is most of the time a large table takes to load, and the other core is
  /// idle meanwhile.
  ///
  /// - Order: both halves are rowid ranges of the table's own b-tree (`NOT INDEXED`; a
  ///   `WITHOUT ROWID` table, or one whose columns hide every rowid alias, is not split),
  ///   appended first half first: the rows come in rowid order, as unsplit.
  /// - One state: the first connection holds its shared lock in one transaction from the
  ///   rowids' bounds to the end of the read, as an unsplit read holds it through its one
  ///   statement, so no writer commits meanwhile (and the second half, read here if it comes
  ///   to that, needs no new lock). The second connection is opened before that lock is
  ///   taken: closing a descriptor of the file drops every POSIX lock the process holds on
  ///   it. The database's and its `-wal`'s status (`SQLiteDatabase.stamp(of:)`) is taken
  ///   before either reads and compared when both halves are done; a commit in between
  ///   makes the caller read the table again, unsplit.
  /// - The same answers: the second half takes only rows whose name is text of well-formed
  ///   UTF-8 or NULL (skipped); at anything else (a blob, bytes SQLite would repair, an
  ///   error) it stops, `isComplete` is false, and the caller reads that half itself, so
  ///   errors and repairs are exactly an unsplit read's.
  final class SplitRead {
    /// The first half's statement, on the caller's connection.
    let firstHalf: SQLiteStatement
    /// The second half's statement on the caller's connection, for when the other core's
    /// read is not complete.
    let secondHalf: SQLiteStatement
    /// The files' status before the second connection opened.
    let stamp: [FileStatus?]
    private let result: SecondHalf

    /// What the other core read: the names' UTF-8 back to back, the end offset of each, and
    /// how many rows it stepped through (NULL names included).
    final class SecondHalf: @unchecked Sendable {
      var bytes: [UInt8] = []
      var ends: [Int] = []
      var rows = 0
      var isComplete = false
      let done = DispatchSemaphore(value: 0)
    }

    private init(
      firstHalf: SQLiteStatement, secondHalf: SQLiteStatement, stamp: [FileStatus?],
      result: SecondHalf
    ) {
      self.firstHalf = firstHalf
      self.secondHalf = secondHalf
      self.stamp = stamp
      self.result = result
    }

    /// Starts reading the column `name` of `table` (whose columns are `columns`) split at
    /// its middle rowid, or answers `nil` when the table is not split: its rowids span
    /// fewer than `minimumRows`, it has no rowid a query can name, or a query fails (the
    /// unsplit read then meets the same failure and reports it).
    ///
    /// - Complexity: O(log n): the rowids' least and greatest are found in the b-tree.
    static func start(
      _ database: SQLiteDatabase, path: PathName, source: String, table: String,
      columns: [String], name: String, minimumRows: Int64
    ) -> SplitRead? {
      // The first of SQLite's names for the rowid that no column takes (sqlite.org/lang_createtable.html#rowid).
      let taken = Set(columns.map { $0.lowercased() })
      guard let rowid = ["_rowid_", "rowid", "oid"].first(where: { !taken.contains($0) })
      else { return nil }
      let stamp = SQLiteDatabase.stamp(of: path)
      // The second connection is opened here, before this one holds a lock: opening reads
      // the header through a descriptor of its own, and closing any descriptor of the file
      // drops every POSIX lock the process holds on it (fcntl(2)), this connection's shared
      // lock included, which would let a writer commit under the first half's read.
      guard let other = try? SQLiteDatabase(path: path, source: source) else { return nil }
      // This connection keeps its shared lock from the bounds to the end of the read, in
      // one transaction, as an unsplit read keeps it through its one statement: a writer
      // cannot commit meanwhile, and reading the second half here, if it comes to that,
      // needs no new lock.
      func run(_ sql: String) -> Bool {
        guard let statement = try? database.prepare(sql) else { return false }
        return (try? statement.step()) != nil
      }
      guard run("BEGIN") else { return nil }
      // One aggregate a query: SQLite answers a lone min() or max() of the rowid from the
      // b-tree's ends, but both in one query by scanning the table (580M instructions for
      // 1M rows, against 2M).
      func bound(_ aggregate: String) -> Int64? {
        guard
          let query = try? database.prepare("SELECT \(aggregate)(\(rowid)) FROM \(quoted(table))"),
          (try? query.step()) == true, query.kind(0) == .integer
        else { return nil }
        return query.integer(0)
      }
      let bounds = bound("min").flatMap { low in bound("max").map { (low, $0) } }
      let select = "SELECT \(quoted(name)) FROM \(quoted(table)) NOT INDEXED WHERE \(rowid) "
      var halves: (first: SQLiteStatement, second: SQLiteStatement, sql: String)? = nil
      if let (low, high) = bounds {
        // Rowids span all of Int64: neither the span nor the middle may overflow.
        let (span, overflow) = high.subtractingReportingOverflow(low)
        let middle = low / 2 + high / 2 + (low % 2 + high % 2) / 2
        if overflow || span >= minimumRows,
          let first = try? database.prepare(select + "<= \(middle)"),
          let second = try? database.prepare(select + "> \(middle)")
        {
          halves = (first, second, select + "> \(middle)")
        }
      }
      guard let halves else {
        // Not split: the read goes on as if this had not begun.
        _ = run("COMMIT")
        other.close()
        return nil
      }
      let result = SecondHalf()
      let lent = Connection(database: other)
      let secondSQL = halves.sql
      ThreadPool.run {
        defer { result.done.signal() }
        read(lent.database, sql: secondSQL, into: result)
      }
      return SplitRead(
        firstHalf: halves.first, secondHalf: halves.second, stamp: stamp, result: result)
    }

    /// The second connection, handed to the thread that reads through it (and only it,
    /// from then on).
    private struct Connection: @unchecked Sendable {
      let database: SQLiteDatabase
    }

    /// Waits for the other core's half.
    func wait() -> SecondHalf {
      result.done.wait()
      return result
    }

    /// The second half, read through a connection of its own, closed when done.
    private static func read(_ database: SQLiteDatabase, sql: String, into half: SecondHalf) {
      defer { database.close() }
      guard let statement = try? database.prepare(sql) else { return }
      while true {
        guard let more = try? statement.step() else { return }
        if !more { break }
        half.rows += 1
        switch statement.kind(0) {
        case .null: continue
        case .blob: return
        default:
          let taken = statement.withText(0) { text in
            guard UTF8Validation.isValid(text) else { return false }
            half.bytes.append(contentsOf: text)
            half.ends.append(half.bytes.count)
            return true
          }
          if !taken { return }
        }
      }
      guard (try? database.checkUnchanged()) != nil else { return }
      half.isComplete = true
    }
  }
}
