import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Crashes, hangs and stale answers found by trying to break the tool, one test each, with
/// the exact input that caused it (the fixes are in commit cbb9ff0, "Fix what the robustness
/// report found"). Each test says what input it pins and what failure it guards against.
@Suite("Robustness report regressions")
struct RobustnessReportTests {
  /// A binary list: objects 0 = {"A": 2}, 1 = "A", 2 = [3], 3 = "Ann", with 8-byte offsets
  /// and references; `reference` replaces the array's element, `lastOffset` object 3's offset.
  static func binary(reference: UInt64 = 3, lastOffset: UInt64? = nil) -> Data {
    func be(_ value: UInt64) -> [UInt8] {
      (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    let objects: [[UInt8]] = [
      [0xD1] + be(1) + be(2), [0x51, 0x41], [0xA1] + be(reference), [0x53, 0x41, 0x6E, 0x6E],
    ]
    var body = Array("bplist00".utf8)
    var offsets: [UInt64] = []
    for object in objects {
      offsets.append(UInt64(body.count))
      body += object
    }
    if let lastOffset { offsets[3] = lastOffset }
    let table = UInt64(body.count)
    for offset in offsets { body += be(offset) }
    body += [0, 0, 0, 0, 0, 0, 8, 8] + be(UInt64(objects.count)) + be(0) + be(table)
    return Data(body)
  }

  func run(_ data: Data, _ arguments: [String] = [], named name: String = "list.plist") throws -> (
    CLIResult, String
  ) {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(data, named: name, in: folder)
      return (try CLIRunner.run(["--no-cache", "-f", file.path] + arguments), file.path)
    }
  }

  /// Pins: the four-object binary list above with the array's one reference set to 2^64 - 1,
  /// then with object 3's offset set to 2^64 - 1. Guards against converting or adding such a
  /// value before checking it (an overflowing `Int` conversion trapped): each must be refused
  /// with the message naming the value and the limit it is past.
  @Test("a reference or an offset of 2^64 - 1 is refused, not a trap")
  func hugeReferences() throws {
    let (reference, path) = try run(Self.binary(reference: UInt64.max))
    #expect(reference.status == 2)
    #expect(
      reference.stderrText
        == "names-search: \(path): not a property list: damaged binary property list: a reference to object 18446744073709551615, past the last object 3\n"
    )
    let (offset, path2) = try run(Self.binary(lastOffset: UInt64.max))
    #expect(offset.status == 2)
    #expect(
      offset.stderrText
        == "names-search: \(path2): not a property list: damaged binary property list: object 3 is said to be at byte 18446744073709551615, outside the objects\n"
    )
  }

  /// Pins: a binary list under 2 MiB whose one array holds 200 references to the same 1 MiB
  /// string (200 MiB of names once loaded), run with `--max-size 50M`. Guards against a
  /// "reference bomb": checking only the file's size, then expanding every reference (a
  /// 1 MB file took 8 GB and crashed). The names' total must be held to the limit.
  @Test("one string referenced thousands of times cannot expand past --max-size")
  func referenceBomb() throws {
    // Objects: 0 = {"A": 2}, 1 = "A", 2 = an array of 200 references to 3, 3 = 1 MiB of "a".
    func be(_ value: UInt64) -> [UInt8] {
      (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    let megabyte: [UInt8] =
      [0x5F, 0x12] + [0x00, 0x10, 0x00, 0x00] + [UInt8](repeating: 0x61, count: 1 << 20)
    let array: [UInt8] = [0xAF, 0x11, 0x00, 0xC8] + (0..<200).flatMap { _ in be(3) }
    let objects: [[UInt8]] = [[0xD1] + be(1) + be(2), [0x51, 0x41], array, megabyte]
    var body = Array("bplist00".utf8)
    var offsets: [UInt64] = []
    for object in objects {
      offsets.append(UInt64(body.count))
      body += object
    }
    let table = UInt64(body.count)
    for offset in offsets { body += be(offset) }
    body += [0, 0, 0, 0, 0, 0, 8, 8] + be(4) + be(0) + be(table)
    let data = Data(body)
    #expect(data.count < 2 << 20)
    let (result, path) = try run(data, ["--max-size", "50M", "--count"])
    #expect(result.status == 2)
    #expect(
      result.stderrText
        == "names-search: \(path): once loaded, it would take more than 52428800 bytes (see --max-size)\n"
    )
  }

  /// Pins: a small valid list extended with `truncate` to 1 TiB (sparse: no blocks used), at
  /// the default limit (1 GiB). Guards against reading or mapping a file before checking its
  /// size: it must be refused at once by its size, with the limit in the message.
  @Test("a sparse file bigger than the limit is refused before any reading")
  func sparseFile() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "sparse.plist", in: folder)
      #expect(truncate(file.path, 1 << 40) == 0)  // 1 TiB, no blocks used
      let result = try CLIRunner.run(["--no-cache", "-f", file.path])
      #expect(result.status == 2)
      #expect(
        result.stderrText
          == "names-search: \(file.path): file is larger than 1073741824 bytes (see --max-size)\n")
    }
  }

  /// Pins: one name of `a` then 30,000 U+0301 (combining class 230) and 30,000 U+0316
  /// (class 220), so canonical ordering must sort one run of 60,000 marks while folding.
  /// Guards against a quadratic sort of that run (it took 87 s for a 128 KB name); it is
  /// now O(n log n). The 20 s bound is loose: a check of the order, not a benchmark.
  @Test("thousands of combining marks in a name load in linear time")
  func longRunsOfMarks() throws {
    let name =
      "a" + String(repeating: "\u{301}", count: 30_000)
      + String(repeating: "\u{316}", count: 30_000)
    let start = Date()
    let (result, _) = try run(PlistFile.xml([("A", [name, "Bob"])]), ["--count", "a"])
    #expect(result.stdoutText == "1\n")
    #expect(Date().timeIntervalSince(start) < 20)
  }

  /// Pins: one name of 40,000 `a`s, searched for `a` with `--color always`. Guards against
  /// highlighting that finds each matched character by walking the name from its start
  /// (quadratic: 55 s for this name); matches next to each other must also merge into one
  /// coloured run. The 20 s bound is loose, as above.
  @Test("highlighting a 40,000-letter name is linear")
  func longHighlight() throws {
    let start = Date()
    let (result, _) = try run(
      PlistFile.xml([("A", [String(repeating: "a", count: 40_000)])]), ["--color", "always", "a"])
    #expect(result.status == 0)
    #expect(result.stdoutText.components(separatedBy: "\u{1B}[1;31m").count == 2)  // one run
    #expect(Date().timeIntervalSince(start) < 20)
  }

  /// Pins: a named pipe with no writer put where the list's index cache file was. Guards
  /// against opening the cache with a blocking `open` (it hung for ever): the cache must be
  /// opened without blocking or following links, found not to be a regular file, and skipped,
  /// so the search is answered from the list.
  @Test("a FIFO planted at the cache file's path is skipped, not waited on")
  func fifoAsCache() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "list.plist", in: folder)
      var environment = CLIRunner.defaultEnvironment
      environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
      _ = try CLIRunner.run(["-f", file.path], environment: environment)
      let cacheFolder = folder.appendingPathComponent("cache/names-search")
      let cacheFile = try #require(
        try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).first)
      let cachePath = cacheFolder.appendingPathComponent(cacheFile).path
      try FileManager.default.removeItem(atPath: cachePath)
      #expect(mkfifo(cachePath, 0o600) == 0)
      let result = try CLIRunner.run(["-f", file.path, "ann"], environment: environment)
      #expect(result.stdoutText == "A\n  Ann\n")
    }
  }

  /// Pins: a cached list rewritten in place (same inode, same size: "Alice" becomes "Zelda")
  /// and its modification time put back. Guards against a cache stamp of size and
  /// modification time only, which answered with the old names; the stamp also holds the
  /// status-change time, which no user can set back.
  @Test("an edit that keeps the size and the modification time is not answered from the cache")
  func sameSizeSameTime() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Alice"])]), named: "list.plist", in: folder)
      let old = Date(timeIntervalSinceNow: -86_400)
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
      var environment = CLIRunner.defaultEnvironment
      environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
      _ = try CLIRunner.run(["-f", file.path], environment: environment)
      // Rewrite in place (same inode, same size), then put the old time back.
      let handle = try FileHandle(forUpdating: file)
      let edited = String(decoding: try Data(contentsOf: file), as: UTF8.self).replacingOccurrences(
        of: "Alice", with: "Zelda")
      try handle.seek(toOffset: 0)
      handle.write(Data(edited.utf8))
      try handle.close()
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
      let result = try CLIRunner.run(["-f", file.path, "zel"], environment: environment)
      #expect(result.stdoutText == "A\n  Zelda\n")
    }
  }
}
