import Foundation
import TestSupport
import Testing

/// `names-search -f DB` reads an SQLite database and leaves it as it was: the same bytes and
/// modification times of every file beside it, and no new file (`-journal`, `-wal`, `-shm`)
/// in its folder, for a rollback and a WAL database, writable, with a read-only file and in
/// a read-only folder; a locked database is one line after a bounded wait.
@Suite("SQLite databases are read, never changed")
struct SQLiteSafetyTests {
  enum Journal: String, CaseIterable, Sendable {
    /// A rollback-journal database.
    case rollback
    /// A WAL database closed cleanly: no `-wal` file.
    case wal
    /// A WAL database whose writer still holds it open with a commit in the `-wal` file.
    case walWithContent
  }

  enum Access: String, CaseIterable, Sendable {
    case writable, readOnlyFile, readOnlyFolder
  }

  /// Every file of a folder: its bytes and modification time, by name.
  struct Snapshot: Equatable {
    var files: [String: Data]
    var times: [String: Date]

    init(_ folder: URL) throws {
      let manager = FileManager.default
      files = [:]
      times = [:]
      for name in try manager.contentsOfDirectory(atPath: folder.path) {
        let path = folder.appendingPathComponent(name).path
        files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        times[name] = try manager.attributesOfItem(atPath: path)[.modificationDate] as? Date
      }
    }
  }

  /// `names-search` with `arguments`; when `asNobody` and this runs as root (root may write
  /// in a read-only folder), as the user nobody, from a copy of the tool in `folder`.
  static func run(_ arguments: [String], in folder: URL, asNobody: Bool) throws -> CLIResult {
    let files = FileManager.default
    var program = try CLIRunner.executable()
    var prefix: [String] = []
    if asNobody && getuid() == 0 {
      let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
      try #require(
        files.isExecutableFile(atPath: setpriv.path),
        "running as root: /usr/bin/setpriv is needed to drop privileges")
      let tool = folder.appendingPathComponent("names-search")
      if !files.fileExists(atPath: tool.path) {
        try files.copyItem(at: program, to: tool)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
      }
      prefix = ["--reuid=65534", "--regid=65534", "--clear-groups", tool.path]
      program = setpriv
    }
    return try CLIRunner.runProgram(program, prefix + arguments)
  }

  @Test(
    "The database and its folder are unchanged after a read",
    arguments: Journal.allCases, Access.allCases)
  func unchanged(_ journal: Journal, _ access: Access) throws {
    try TemporaryDirectory.with { root in
      let files = FileManager.default
      try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
      let folder = root.appendingPathComponent("db")
      try files.createDirectory(at: folder, withIntermediateDirectories: true)
      let path = folder.appendingPathComponent("names.db").path
      let database = try TestDatabase(path: path)
      if journal != .rollback { try database.execute("PRAGMA journal_mode=WAL") }
      try database.execute("CREATE TABLE names(name TEXT)")
      try database.insert(into: "names", columns: 1, rows: [["Bob"], ["Ann"]])
      var expected = "A\n  Ann\nB\n  Bob\n"
      if journal == .walWithContent {
        // The writer stays open: its commit lives in the -wal file only.
        try database.execute("PRAGMA wal_autocheckpoint=0")
        try database.insert(into: "names", columns: 1, rows: [["Cy"]])
        expected += "C\n  Cy\n"
      } else {
        database.close()
      }
      defer { database.close() }
      let listing = try files.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(
        listing
          == (journal == .walWithContent
            ? ["names.db", "names.db-shm", "names.db-wal"] : ["names.db"]))
      switch access {
      case .writable: break
      case .readOnlyFile:
        try files.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
      case .readOnlyFolder:
        try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
      }
      defer { try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
      let before = try Snapshot(folder)
      // Apart in time from the writes, so a changed time would show.
      Thread.sleep(forTimeInterval: 0.02)
      let result = try Self.run(
        ["--no-cache", "-f", path, ""], in: root, asNobody: access != .writable)
      #expect(result.status == 0, "\(result.stderrText)")
      #expect(result.stderrText == "")
      #expect(result.stdoutText == expected)
      let after = try Snapshot(folder)
      #expect(after.files.keys.sorted() == listing)
      #expect(after == before)
    }
  }

  @Test("A database another process holds locked is one line after a bounded wait")
  func locked() throws {
    try TemporaryDirectory.with { root in
      let path = root.appendingPathComponent("names.db").path
      let holder = try TestDatabase(path: path)
      defer { holder.close() }
      try holder.execute("CREATE TABLE names(name TEXT); INSERT INTO names VALUES ('Ann')")
      try holder.execute("BEGIN EXCLUSIVE; INSERT INTO names VALUES ('Bob')")
      let start = Date()
      let result = try CLIRunner.run(["--no-cache", "-f", path, ""])
      let seconds = Date().timeIntervalSince(start)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderrText
          == "names-search: \(path): the database is locked by another process (still locked"
          + " after 1.0 s)\n")
      #expect(seconds >= 0.9 && seconds < 10, "waited \(seconds) s")
      // Once the writer commits, the reader sees both rows.
      try holder.execute("COMMIT")
      let later = try CLIRunner.run(["--no-cache", "-f", path, ""])
      #expect(later.stdoutText == "A\n  Ann\nB\n  Bob\n")
    }
  }

  @Test("A -wal file without its -shm is refused rather than a -shm left behind")
  func walWithoutShm() throws {
    try TemporaryDirectory.with { root in
      let files = FileManager.default
      let path = root.appendingPathComponent("names.db").path
      let writer = try TestDatabase(path: path)
      try writer.execute("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0")
      try writer.execute("CREATE TABLE names(name TEXT); INSERT INTO names VALUES ('Ann')")
      // A copy of the database and its -wal, as a crash or a careless copy leaves them.
      let copy = root.appendingPathComponent("copy")
      try files.createDirectory(at: copy, withIntermediateDirectories: true)
      let copied = copy.appendingPathComponent("names.db").path
      try files.copyItem(atPath: path, toPath: copied)
      try files.copyItem(atPath: path + "-wal", toPath: copied + "-wal")
      writer.close()
      let before = try Snapshot(copy)
      let result = try CLIRunner.run(["--no-cache", "-f", copied, ""])
      #expect(result.status == 2)
      #expect(
        result.stderrText
          == "names-search: \(copied): not a valid SQLite database: its -wal file has no -shm"
          + " file beside it, and reading it would leave one behind (open it once with sqlite3"
          + " to recover it)\n")
      #expect(try Snapshot(copy) == before)
    }
  }
}
