import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Regression tests for the robustness report of 2026-11-29 (crashes, hangs and stale
/// answers found by trying to break the tool), one test per finding.
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

  @Test("thousands of combining marks in a name load in linear time")
  func longRunsOfMarks() throws {
    let name =
      "a" + String(repeating: "\u{301}", count: 30_000)
      + String(repeating: "\u{316}", count: 30_000)
    let start = Date()
    let (result, _) = try run(PlistFile.xml([("A", [name, "Bob"])]), ["--count", "a"])
    #expect(result.stdoutText == "1\n")
    #expect(Date().timeIntervalSince(start) < 20)  // was 87 s; a loose bound, not a benchmark
  }

  @Test("highlighting a 40,000-letter name is linear")
  func longHighlight() throws {
    let start = Date()
    let (result, _) = try run(
      PlistFile.xml([("A", [String(repeating: "a", count: 40_000)])]), ["--color", "always", "a"])
    #expect(result.status == 0)
    #expect(result.stdoutText.components(separatedBy: "\u{1B}[1;31m").count == 2)  // one run
    #expect(Date().timeIntervalSince(start) < 20)  // was 55 s
  }

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
