import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Writing the index cache never changes the outcome: limits, signals and folders that
/// refuse the write mean "no cache", and no temporary file is left behind.
@Suite("Cache write failures")
struct CacheWriteFailureTests {
  /// The cache folder's entries (sorted), or [] when there is none.
  static func cacheEntries(in folder: URL) -> [String] {
    let cache = folder.appendingPathComponent("cache/names-search").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).sorted()
  }

  static func temporaries(in folder: URL) -> [String] {
    cacheEntries(in: folder).filter { $0.contains(".tmp-") }
  }

  /// Runs `names-search arguments` from `sh -c` after `limit` (a `ulimit` command).
  static func run(limit: String, _ arguments: [String], in folder: URL, redirect: String = "")
    throws -> CLIResult
  {
    try CLIRunner.runProgram(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\(limit) && exec \"$0\" \"$@\" \(redirect)", CLIRunner.executable().path]
        + arguments,
      environment: RepeatedRunTests.environment(cacheIn: folder))
  }

  /// A list of `count` names in 26 sections, old enough for the cache to trust its stamp.
  static func list(names count: Int, in folder: URL) throws -> URL {
    var sections: [(title: String, names: [String])] = []
    for (i, letter) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".enumerated() {
      let names = stride(from: i, to: count, by: 26).map { "\(letter)nna Lavrènko \($0)" }
      sections.append((String(letter), names))
    }
    let file = try PlistFile.write(PlistFile.xml(sections), named: "names.plist", in: folder)
    try RepeatedRunTests.setModificationDate(file, secondsAgo: 3_600)
    return file
  }

  @Test("An index over the file-size limit is not written, and the answer is the same")
  func fileSizeLimit() throws {
    try TemporaryDirectory.with { folder in
      let file = try Self.list(names: 2_000, in: folder)
      let expected = try CLIRunner.run(["--no-cache", "-f", file.path, "--count", "nko 1"])
      #expect(expected.status == 0)
      // 64 blocks (32 KiB with sh's 512-byte blocks, 64 KiB with bash's): the index of
      // 2,000 names is larger, the count is not.
      for _ in 0..<2 {
        let result = try Self.run(
          limit: "ulimit -f 64", ["-f", file.path, "--count", "nko 1"], in: folder)
        #expect(!result.signaled, "killed by signal \(result.status)")
        #expect(result.status == 0)
        #expect(result.stdoutText == expected.stdoutText)
        #expect(result.stderrText == "")
        #expect(Self.cacheEntries(in: folder).allSatisfy { !$0.hasSuffix(".idx") })
        #expect(Self.temporaries(in: folder) == [])
      }
    }
  }

  @Test("Output over the file-size limit is a write error, exit 2")
  func outputOverFileSizeLimit() throws {
    try TemporaryDirectory.with { folder in
      let file = try Self.list(names: 2_000, in: folder)
      let output = folder.appendingPathComponent("out.txt").path
      let result = try Self.run(
        limit: "ulimit -f 8", ["-f", file.path, "nna"], in: folder,
        redirect: "> '\(output)'")
      #expect(!result.signaled, "killed by signal \(result.status)")
      #expect(result.status == 2)
      #expect(result.stderrText == "names-search: write error: File too large\n")
      #expect(Self.temporaries(in: folder) == [])
    }
  }

  @Test("A cache folder that refuses files is not an error")
  func readOnlyFolder() throws {
    try TemporaryDirectory.with { folder in
      let files = FileManager.default
      let file = try Self.list(names: 200, in: folder)
      let cache = folder.appendingPathComponent("cache/names-search")
      try files.createDirectory(at: cache, withIntermediateDirectories: true)
      try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      try files.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("cache").path)
      try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cache.path)
      defer { try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache.path) }
      // As root a read-only folder is still writable: run a copy of the tool as nobody.
      var program = try CLIRunner.executable()
      var prefix: [String] = []
      if getuid() == 0 {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        try #require(
          files.isExecutableFile(atPath: setpriv.path),
          "running as root: /usr/bin/setpriv is needed to drop privileges")
        try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let tool = folder.appendingPathComponent("names-search")
        try files.copyItem(at: program, to: tool)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        prefix = ["--reuid=65534", "--regid=65534", "--clear-groups", tool.path]
        program = setpriv
      }
      for _ in 0..<2 {
        let result = try CLIRunner.runProgram(
          program, prefix + ["-f", file.path, "--count", "-F", "nko 1"],
          environment: RepeatedRunTests.environment(cacheIn: folder))
        #expect(result.status == 0)
        #expect(result.stdoutText == "111\n")
        #expect(result.stderrText == "")
        #expect(Self.cacheEntries(in: folder) == [])
      }
    }
  }

  @Test("A stale temporary file of a killed run is swept by the next write")
  func staleTemporary() throws {
    try TemporaryDirectory.with { folder in
      let file = try Self.list(names: 200, in: folder)
      let cache = folder.appendingPathComponent("cache/names-search")
      try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
      let stale = cache.appendingPathComponent("0123456789abcdef.idx.tmp-Xy12Zw")
      let recent = cache.appendingPathComponent("fedcba9876543210.idx.tmp-Ab34Cd")
      let other = cache.appendingPathComponent("notes.txt.tmp-Xy12Zw")
      for url in [stale, recent, other] { try Data("partial".utf8).write(to: url) }
      for url in [stale, other] { try RepeatedRunTests.setModificationDate(url, secondsAgo: 7_200) }
      let result = try CLIRunner.run(
        ["-f", file.path, "--count", "nna"],
        environment: RepeatedRunTests.environment(cacheIn: folder))
      #expect(result.status == 0)
      #expect(result.stdoutText == "200\n")
      let entries = Self.cacheEntries(in: folder)
      #expect(!entries.contains(stale.lastPathComponent))
      #expect(entries.contains(recent.lastPathComponent))
      #expect(entries.contains(other.lastPathComponent))
      #expect(entries.filter { $0.hasSuffix(".idx") }.count == 1)
    }
  }

  @Test("SIGTERM after the answer leaves no temporary file")
  func terminatedDuringWrite() throws {
    try TemporaryDirectory.with { folder in
      let file = try Self.list(names: 60_000, in: folder)
      let environment = RepeatedRunTests.environment(cacheIn: folder)
      for delay in [0, 5_000, 30_000] {
        // A fresh write each time (the Unicode version memo stays).
        let cache = folder.appendingPathComponent("cache/names-search")
        for entry in Self.cacheEntries(in: folder) where entry.hasSuffix(".idx") {
          try FileManager.default.removeItem(at: cache.appendingPathComponent(entry))
        }
        let process = Process()
        process.executableURL = try CLIRunner.executable()
        process.arguments = ["-f", file.path, "--count", "nna"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The count is printed before the cache is written: signal right after it.
        let line = output.fileHandleForReading.readData(ofLength: 6)
        usleep(useconds_t(delay))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(String(decoding: line, as: UTF8.self) == "60000\n")
        let ended =
          process.terminationReason == .uncaughtSignal
          ? process.terminationStatus == SIGTERM : process.terminationStatus == 0
        #expect(ended, "\(process.terminationReason) \(process.terminationStatus)")
        #expect(Self.temporaries(in: folder) == [], "after \(delay) µs")
      }
    }
  }
}
