import Foundation
import Testing

/// Names that try to drive the terminal: escaped on a terminal, byte-exact in a pipe,
/// exact (JSON-escaped) in `--json`. The expected bytes are written out by hand.
@Suite("Names never drive the terminal")
struct TerminalSafetyTests {
  static let names = [
    "A\u{1B}]0;pwned\u{7}",  // OSC: set the window title
    "B\u{1B}]52;c;aGVsbG8=\u{7}",  // OSC 52: write the clipboard
    "C\u{1B}[2J\u{1B}[H",  // CSI: clear the screen, move the cursor
    "D\u{9B}31m",  // C1 CSI
    "E\u{202E}gnp.exe",  // right-to-left override (Trojan Source)
    "F\u{2066}x\u{2069}",  // isolates
    "G\u{200B}x\u{7F}",  // zero width space, DEL
    "H\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\",  // OSC 8 hyperlink
  ]

  static let escaped = [
    "A\\e]0;pwned\\u{7}", "B\\e]52;c;aGVsbG8=\\u{7}", "C\\e[2J\\e[H", "D\\u{9B}31m",
    "E\\u{202E}gnp.exe", "F\\u{2066}x\\u{2069}", "G\\u{200B}x\\u{7F}",
    "H\\e]8;;http://x\\e\\link\\e]8;;\\e\\",
  ]

  /// A binary plist: XML 1.0 cannot carry control characters, a binary plist can.
  func list(in folder: URL) throws -> URL {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["N": Self.names], format: .binary, options: 0)
    return try PlistFile.write(data, named: "hostile.plist", in: folder)
  }

  @Test("on a terminal every control is shown escaped")
  func terminal() throws {
    try TemporaryDirectory.with { folder in
      let file = try list(in: folder)
      let terminal = try PseudoTerminal(rows: 24, columns: 200)
      let process = Process()
      process.executableURL = try CLIRunner.executable()
      process.arguments = ["--color", "never", "--no-cache", "-f", file.path]
      process.standardOutput = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
      try process.run()
      process.waitUntilExit()
      terminal.read(timeout: 1) { _ in false }
      // The terminal turns each "\n" into "\r\n" (ONLCR).
      let expected = "N\r\n" + Self.escaped.map { "  \($0)\r\n" }.joined()
      #expect(terminal.rawText == expected)
      #expect(!terminal.output.contains(0x1B))
      #expect(process.terminationStatus == 0)
    }
  }

  @Test("into a pipe the names are written byte for byte")
  func pipe() throws {
    try TemporaryDirectory.with { folder in
      let result = try CLIRunner.run(["--no-cache", "-f", try list(in: folder).path])
      #expect(result.stdout == Data(("N\n" + Self.names.map { "  \($0)\n" }.joined()).utf8))
    }
  }

  @Test("--json keeps the exact text, JSON-escaped, with no raw control or bidi character")
  func json() throws {
    try TemporaryDirectory.with { folder in
      let result = try CLIRunner.run(["--json", "--no-cache", "-f", try list(in: folder).path])
      #expect(result.stdoutText.contains(#""A\u001b]0;pwned\u0007""#))
      // Bidirectional and C1 characters are \u-escaped too: exact text, inert on a terminal.
      #expect(result.stdoutText.contains(#""E\u202egnp.exe""#))
      #expect(result.stdoutText.contains(#""D\u009b31m""#))
      #expect(!result.stdout.contains(0x1B))
      let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
      let sections = object?["sections"] as? [[String: Any]]
      #expect(sections?.first?["names"] as? [String] == Self.names)
    }
  }
}
