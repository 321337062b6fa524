import Foundation
import Testing

/// Hostile inputs too large to keep as files: made here, checked for their exact message
/// and status, and for finishing at all.
@Suite("Large hostile inputs")
struct LargeHostileInputTests {
  static let depth = 100_000

  @Test("100,000 nested arrays at the root")
  func deepAtRoot() throws {
    try TemporaryDirectory.with { folder in
      let xml =
        "<plist>" + String(repeating: "<array>", count: Self.depth)
        + String(repeating: "</array>", count: Self.depth) + "</plist>"
      let file = try PlistFile.write(Data(xml.utf8), named: "deep.plist", in: folder)
      let result = try CLIRunner.run(["--no-cache", "-f", file.path])
      #expect(result.status == 2)
      #expect(
        result.stderrText
          == "names-search: \(file.path): item 1: expected a string or a dictionary, found an array\n"
      )
    }
  }

  @Test("100,000 nested arrays inside a section")
  func deepInSection() throws {
    try TemporaryDirectory.with { folder in
      let xml =
        "<plist><dict><key>A</key><array>" + String(repeating: "<array>", count: Self.depth)
        + String(repeating: "</array>", count: Self.depth) + "</array></dict></plist>"
      let file = try PlistFile.write(Data(xml.utf8), named: "deep.plist", in: folder)
      let result = try CLIRunner.run(["--no-cache", "-f", file.path])
      #expect(result.status == 2)
      #expect(
        result.stderrText
          == "names-search: \(file.path): section \"A\", item 1: expected a string, found an array\n"
      )
    }
  }

  @Test("a binary plist nested 100,000 deep is refused, not a stack overflow")
  func deepBinary() throws {
    try TemporaryDirectory.with { folder in
      // Objects: 0 = {"A": 2}, 1 = "A", 2… = [next], last = "Ann"; 4-byte offsets and refs.
      func be(_ value: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
      }
      var objects: [[UInt8]] = [[0xD1] + be(1) + be(2), [0x51, 0x41]]
      for i in 2..<(Self.depth + 2) { objects.append([0xA1] + be(i + 1)) }
      objects.append([0x53, 0x41, 0x6E, 0x6E])
      var body = Array("bplist00".utf8)
      var offsets: [Int] = []
      for object in objects {
        offsets.append(body.count)
        body += object
      }
      let table = body.count
      for offset in offsets { body += be(offset) }
      body +=
        [0, 0, 0, 0, 0, 0, 4, 4] + [0, 0, 0, 0] + be(objects.count)
        + [UInt8](repeating: 0, count: 8)
        + [0, 0, 0, 0] + be(table)
      let file = try PlistFile.write(Data(body), named: "deep.plist", in: folder)
      let result = try CLIRunner.run(["--no-cache", "-f", file.path])
      #expect(result.status == 2)
      // The reader never recurses: the first nested array is simply not a name.
      #expect(
        result.stderrText
          == "names-search: \(file.path): section \"A\", item 1: expected a string, found an array\n"
      )
      #expect(result.stdout.isEmpty)
    }
  }

  @Test("a single 100 MB name loads and matches")
  func hugeName() throws {
    try TemporaryDirectory.with { folder in
      let name = String(repeating: "a", count: 100_000_000)
      let xml =
        "<plist><dict><key>A</key><array><string>\(name)</string><string>Bob</string></array></dict></plist>"
      let file = try PlistFile.write(Data(xml.utf8), named: "big.plist", in: folder)
      let result = try CLIRunner.run(["--no-cache", "--count", "-f", file.path, "aaaa"])
      #expect(result.stdoutText == "1\n")
      #expect(result.status == 0)
    }
  }
}
