import Foundation
import Testing

/// A small binary list can reference one string many times; what it expands to is held to
/// limits (see README, Safety), checked the same way with or without the index cache.
@Suite("Lists that expand")
struct ExpansionLimitTests {
  /// A binary list with one section "A" holding `count` references to one string of
  /// `length` letters "x": objects 0 = {"A": 2}, 1 = "A", 2 = the array, 3 = the string;
  /// 2-byte references and 4-byte offsets (Apple's bplist00 layout, written by hand).
  static func bomb(length: Int, count: Int) -> Data {
    func be(_ value: Int, _ width: Int) -> [UInt8] {
      (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    func header(_ type: UInt8, _ n: Int) -> [UInt8] {
      n < 15 ? [type << 4 | UInt8(n)] : [type << 4 | 0x0F, 0x12] + be(n, 4)
    }
    var objects: [[UInt8]] = [
      header(0xD, 1) + be(1, 2) + be(2, 2), [0x51, 0x41],
      header(0xA, count) + Array(repeating: be(3, 2), count: count).flatMap { $0 },
      header(0x5, length) + Array(repeating: UInt8(ascii: "x"), count: length),
    ]
    var body = Array("bplist00".utf8)
    var offsets: [Int] = []
    for i in objects.indices {
      offsets.append(body.count)
      body += objects[i]
    }
    objects.removeAll()
    let table = body.count
    for offset in offsets { body += be(offset, 4) }
    body += [0, 0, 0, 0, 0, 0, 4, 2] + be(offsets.count, 8) + be(0, 8) + be(table, 8)
    return Data(body)
  }

  @Test("a 127 KB file naming one 20,000-byte string 53,687 times is refused at once")
  func referenceBomb() throws {
    try TemporaryDirectory.with { folder in
      let file = folder.appendingPathComponent("bomb.plist")
      let data = Self.bomb(length: 20_000, count: 53_687)
      try data.write(to: file)
      // The limit, by hand: 64 times the file's size plus 64 MiB.
      let limit = 64 * data.count + 64 * 1_048_576
      let expected =
        "names-search: \(file.path): a file of \(data.count) bytes that would expand to more than"
        + " \(limit) bytes once loaded (at most 64 times its size plus 67108864 bytes)\n"
      for options in [["--no-cache"], []] {
        let result = try CLIRunner.run(options + ["-f", file.path, "x"])
        #expect(result.status == 2)
        #expect(result.stderrText == expected)
        #expect(result.stdoutText == "")
      }
    }
  }

  @Test("--max-size holds on what a list expands to, with the index cached or not")
  func sizeLimitWithCache() throws {
    try TemporaryDirectory.with { folder in
      let file = folder.appendingPathComponent("list.plist")
      // 1,000-byte name 20,000 times: 20,000,000 bytes of names, 20,320,065 loaded (by
      // hand: names + 16 per name + the title "A" (1) + 64), under 64 × size + 64 MiB.
      try Self.bomb(length: 1_000, count: 20_000).write(to: file)
      var environment = CLIRunner.defaultEnvironment
      environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
      let first = try CLIRunner.run(["-f", file.path, "--count", "x"], environment: environment)
      #expect(first.stdoutText == "20000\n")
      let index = try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("cache/names-search").path)
      #expect(index.contains { $0.hasSuffix(".idx") }, "the first run wrote an index")
      let expected =
        "names-search: \(file.path): once loaded, it would take more than 20000000 bytes (see --max-size)\n"
      for options in [["--no-cache"], []] {
        let result = try CLIRunner.run(
          options + ["--max-size", "20000000", "-f", file.path, "--count", "x"],
          environment: environment)
        #expect(result.status == 2)
        #expect(result.stderrText == expected)
      }
      // Just enough room: both paths load it.
      for options in [["--no-cache"], []] {
        let result = try CLIRunner.run(
          options + ["--max-size", "20320065", "-f", file.path, "--count", "x"],
          environment: environment)
        #expect(result.stdoutText == "20000\n")
      }
    }
  }
}
