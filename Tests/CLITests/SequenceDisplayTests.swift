import Foundation
import Testing

/// Names whose invisible characters are part of how they are written (an emoji flag, a
/// Persian or Hindi name's joiners) are shown as they are on a terminal; the same
/// characters where no script uses them are escaped. The expected bytes are written out by
/// hand from the rule in README's Safety section.
@Suite("Valid sequences are shown, stray invisibles escaped")
struct SequenceDisplayTests {
  static let england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"

  /// (name, shown on a terminal).
  static let names: [(String, String)] = [
    (england + " Lee", england + " Lee"),
    ("علی\u{200C}اکبر", "علی\u{200C}اکبر"),  // Persian ZWNJ between letters
    ("क्\u{200D}षमा", "क्\u{200D}षमा"),  // Devanagari half form: virama + ZWJ
    ("ഗോപാലന്\u{200D}", "ഗോപാലന്\u{200D}"),  // Malayalam old-style chillu
    ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308} Pride", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308} Pride"),
    ("Ann\u{E0041}", "Ann\\u{E0041}"),  // a lone tag character
    ("Auf\u{200C}lage", "Auf\\u{200C}lage"),  // ZWNJ between Latin letters
    ("ក\u{17B4}", "ក\\u{17B4}"),  // Khmer invisible vowel
    ("Ann\u{AD}a", "Ann\\u{AD}a"),  // soft hyphen
    ("\u{3164}", "\\u{3164}"),  // Hangul filler
    ("Bo\u{FE0F}b", "Bo\\u{FE0F}b"),  // VS16 after a letter
  ]

  func list(in folder: URL) throws -> URL {
    try PlistFile.write(
      PlistFile.xml([(title: "N", names: Self.names.map(\.0))]), named: "names.plist",
      in: folder)
  }

  /// Runs names-search with `arguments` on `file`, standard output on a pseudo-terminal;
  /// returns what the terminal received.
  func onTerminal(_ arguments: [String], _ file: URL) throws -> String {
    let terminal = try PseudoTerminal(rows: 24, columns: 200)
    let process = Process()
    process.executableURL = try CLIRunner.executable()
    process.arguments = arguments + ["--no-cache", "-f", file.path]
    process.standardOutput = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
    try process.run()
    process.waitUntilExit()
    terminal.read(timeout: 1) { _ in false }
    #expect(process.terminationStatus == 0)
    return terminal.rawText
  }

  @Test("on a terminal: sequences as they are, stray invisible characters escaped")
  func terminal() throws {
    try TemporaryDirectory.with { folder in
      let output = try onTerminal(["--color", "never"], try list(in: folder))
      #expect(output == "N\r\n" + Self.names.map { "  \($0.1)\r\n" }.joined())
    }
  }

  @Test("a highlighted match cut right after a joiner keeps the joiner as it is")
  func highlighted() throws {
    try TemporaryDirectory.with { folder in
      let output = try onTerminal(["--color", "always", "اکبر"], try list(in: folder))
      let (bold, red, reset) = ("\u{1B}[1m", "\u{1B}[1;31m", "\u{1B}[0m")
      #expect(output == bold + "N" + reset + "\r\n  علی\u{200C}" + red + "اکبر" + reset + "\r\n")
    }
  }

  @Test("into a pipe every name is written byte for byte")
  func pipe() throws {
    try TemporaryDirectory.with { folder in
      let result = try CLIRunner.run(["--no-cache", "-f", try list(in: folder).path])
      #expect(result.stdoutText == "N\n" + Self.names.map { "  \($0.0)\n" }.joined())
    }
  }

  @Test("--json: the same characters \\u-escaped, sequences as they are, exact when decoded")
  func json() throws {
    try TemporaryDirectory.with { folder in
      let result = try CLIRunner.run(["--json", "--no-cache", "-f", try list(in: folder).path])
      let text = result.stdoutText
      #expect(text.contains("\"\(Self.england) Lee\""))
      #expect(text.contains("\"علی\u{200C}اکبر\""))
      #expect(text.contains(#""Ann\udb40\udc41""#))
      #expect(text.contains(#""Auf\u200clage""#))
      #expect(text.contains(#""Ann\u00ada""#))
      let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
      let sections = object?["sections"] as? [[String: Any]]
      #expect(sections?.first?["names"] as? [String] == Self.names.map(\.0))
    }
  }

  @Test("error messages quote a title with the same escapes: ESC as \\e, a flag as it is")
  func errorMessage() throws {
    try TemporaryDirectory.with { folder in
      for (title, shown) in [
        ("a\u{1B}[31m\u{200C}b\n", #"a\e[31m\u{200C}b\u{A}"#),
        (Self.england, Self.england),
      ] {
        // A binary plist: XML 1.0 cannot carry ESC.
        let data = try PropertyListSerialization.data(
          fromPropertyList: [title: "x"], format: .binary, options: 0)
        let file = try PlistFile.write(data, named: "bad.plist", in: folder)
        let result = try CLIRunner.run(["--no-cache", "-f", file.path])
        #expect(
          result.stderrText
            == "names-search: \(file.path): section \"\(shown)\": expected an array of names, "
            + "found a string\n")
        #expect(result.status == 2)
      }
    }
  }
}
