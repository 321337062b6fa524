import Foundation
import Testing

/// Every message that carries a count says "1 byte", "1 object", "1 name", "1 section"
/// for one and the plural otherwise. Expected texts are written out by hand.
@Suite("Messages with numbers agree with them", .serialized)
struct CountedMessageTests {
  @Test("--max-size: larger than 1 byte, larger than 2 bytes")
  func maximumSize() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "names.plist", in: folder)
      for (limit, words) in [("1", "1 byte"), ("2", "2 bytes")] {
        let result = try CLIRunner.run(["--no-cache", "--max-size", limit, "-f", file.path])
        #expect(result.status == 2)
        #expect(
          result.stderrText
            == "names-search: \(file.path): file is larger than \(words) (see --max-size)\n")
      }
    }
  }

  @Test("a binary trailer that claims 1 object says 1 object")
  func trailerCount() throws {
    // bplist00, then {"A": [3]}, "A", [3], "Ann" at bytes 8, 11, 13, 15; the offset table
    // at 19; the trailer: 1-byte offsets and references, 1 object, top 0, table at 200.
    var bytes = Array("bplist00".utf8)
    bytes += [0xD1, 1, 2, 0x51, 0x41, 0xA1, 3, 0x53, 0x41, 0x6E, 0x6E]
    bytes += [8, 11, 13, 15]
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
    bytes += [0, 0, 0, 0, 0, 0, 0, 200]
    let result = try CLIRunner.run(["-f", "-"], stdin: Data(bytes))
    #expect(result.status == 2)
    #expect(
      result.stderrText
        == "names-search: <stdin>: not a property list: damaged binary property list: "
        + "the trailer's counts do not fit the file (1 object, table at byte 200)\n")
  }

  @Test("the live status line: 1 of 1 name · 1 section")
  func liveStatus() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "one.plist", in: folder)
      let run = try LiveRun(["-i", "--debounce", "0", "-f", file.path])
      #expect(
        run.terminal.read { $0.contains("1 of 1 name · 1 section") },
        "\(run.terminal.visibleText.suffix(200))")
      run.terminal.type("z")
      #expect(run.terminal.read { $0.contains("0 of 1 name · 0 sections") })
      run.terminal.type("\u{3}")
      #expect(try #require(run.finish()).status == 130)
    }
  }
}
