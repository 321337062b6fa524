import Foundation
import Testing

/// The command line through an index cache with its n-gram index (a list large enough to
/// get one, searched three times): every output mode answers as `--no-cache` does, whether
/// the one-word path (`IndexedQuery`) or the full load answers it, and that path never
/// answers what it must not (`-o`, `--json`, a list over `--max-size`).
@Suite("Cached one-word queries on the command line")
struct IndexedQueryCLITests {
  /// 40,000 records "Name,City" in a CSV file: over 256 KiB of keys, so the second run
  /// writes the `.tri` file; records, so `--json` has something the index does not carry.
  static func writeList(in folder: URL) throws -> String {
    let syllables = ["ka", "ro", "mi", "ta", "ne", "vo", "lu", "shi", "an", "ber", "gen", "é", "ø"]
    var rows = ["Name,City"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    for i in 0..<40_000 {
      let name = (0..<(2 + next() % 4)).map { _ in syllables[next() % syllables.count] }.joined()
      rows.append("\(name.capitalized) \(i % 97),Town\(i % 13)")
    }
    let path = folder.appendingPathComponent("people.csv").path
    try Data(rows.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    return path
  }

  /// The list written in `folder`, the arguments that search it, and an environment whose
  /// cache folder holds its index and n-gram index (two runs write them).
  static func cachedList(in folder: URL) throws -> (
    list: String, arguments: [String], environment: [String: String]
  ) {
    let list = try writeList(in: folder)
    var environment = CLIRunner.defaultEnvironment
    environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
    let base = ["-f", list, "--key", "Name"]
    for _ in 0..<2 { _ = try CLIRunner.run(base + ["--count", "kar"], environment: environment) }
    return (list, base, environment)
  }

  @Test("a query that reads no damaged block is answered; the full load finds the damage")
  func checksWhatItReads() throws {
    try TemporaryDirectory.with { folder in
      let (_, base, environment) = try Self.cachedList(in: folder)
      let cacheFolder = folder.appendingPathComponent("cache/names-search")
      let index = try #require(
        try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).first {
          $0.hasSuffix(".idx")
        })
      let indexURL = cacheFolder.appendingPathComponent(index)
      var bytes = [UInt8](try Data(contentsOf: indexURL))
      // A byte in the middle of the file: the names or their keys, which a term found
      // nowhere never reads.
      bytes[bytes.count / 2] ^= 0x01
      try Data(bytes).write(to: indexURL)
      let nowhere = try CLIRunner.run(base + ["zzzq"], environment: environment)
      #expect(nowhere.status == 1 && nowhere.stdout.isEmpty && nowhere.stderr.isEmpty)
      // Answered from the index as it is: not rewritten.
      #expect([UInt8](try Data(contentsOf: indexURL)) == bytes)
      // Two words take the full load, which checks every block, reads the list again and
      // rewrites the index.
      let two = try CLIRunner.run(base + ["zzzq kar"], environment: environment)
      #expect(two.status == 1)
      #expect([UInt8](try Data(contentsOf: indexURL)) != bytes)
    }
  }

  @Test("sections, counts, the index, JSON and -o answer as --no-cache does")
  func sameAsNoCache() throws {
    try TemporaryDirectory.with { folder in
      let (list, base, environment) = try Self.cachedList(in: folder)
      let cacheFolder = folder.appendingPathComponent("cache/names-search").path
      let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder)
      #expect(files.contains { $0.hasSuffix(".tri") }, "\(files)")
      for term in ["kar", "rovo", "shiber", "zzz", "anné", "lu"] {
        for mode in [[], ["--count"], ["--index"], ["--json"]] {
          let arguments = base + mode + [term]
          let cached = try CLIRunner.run(arguments, environment: environment)
          let uncached = try CLIRunner.run(["--no-cache"] + arguments, environment: environment)
          #expect(cached.status == uncached.status, "\(arguments)")
          #expect(cached.stdout == uncached.stdout, "\(arguments)")
          #expect(cached.stderrText == uncached.stderrText, "\(arguments)")
        }
        // -o writes the answer to a file; nothing to standard output.
        let out = folder.appendingPathComponent("out-\(term).json").path
        let written = try CLIRunner.run(
          base + ["-o", out, term], environment: environment)
        let reference = folder.appendingPathComponent("ref-\(term).json").path
        let uncached = try CLIRunner.run(
          ["--no-cache"] + base + ["-o", reference, term], environment: environment)
        #expect(written.status == uncached.status && written.stdout.isEmpty)
        #expect(
          FileManager.default.contents(atPath: out)
            == FileManager.default.contents(atPath: reference),
          "-o \(term)")
      }
      // A list over --max-size is refused as without a cache: the same line, exit 2.
      let size = try #require(
        try FileManager.default.attributesOfItem(atPath: list)[.size] as? Int)
      let limited = base + ["--max-size", String(size - 1), "kar"]
      let cached = try CLIRunner.run(limited, environment: environment)
      let uncached = try CLIRunner.run(["--no-cache"] + limited, environment: environment)
      #expect(cached.status == 2 && uncached.status == 2)
      #expect(cached.stderrText == uncached.stderrText && cached.stdout.isEmpty)
    }
  }
}
