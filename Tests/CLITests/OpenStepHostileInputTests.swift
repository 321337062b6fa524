import Foundation
import TestSupport
import Testing

/// Hostile OpenStep property lists, too large to keep as files (the small ones are in the
/// corpus, `Tests/Corpus`): unterminated strings, comments and data megabytes long, nesting
/// 100,000 deep, tokens of tens of megabytes, and UTF-16 and UTF-32 that break off. Each
/// refusal is exactly one line naming the file (and the line and column where the reader
/// names one), with exit status 2 and nothing on stdout, from a file and from standard input
/// alike. Every place asserted is counted by hand in the comments. The time limit turns a
/// reader that went quadratic (hours on inputs this large) into a failure instead of a hang.
@Suite("OpenStep hostile inputs", .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
struct OpenStepHostileInputTests {
  static let depth = 100_000
  static let nesting = "nesting deeper than 512 arrays and dictionaries"

  /// Runs `names-search --no-cache -f FILE` on `bytes` written to a file, then (when
  /// `viaStandardInput`) `names-search -f -` with `bytes` on standard input, and checks each
  /// refusal: status 2, nothing on stdout, one line on stderr, `names-search: <file>: `
  /// then `message`.
  static func expectRefused(
    _ bytes: [UInt8], _ message: String, options: [String] = [], viaStandardInput: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(bytes)
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(data, named: "list.plist", in: folder)
      let result = try CLIRunner.run(["--no-cache", "-f", file.path] + options)
      expectLine(
        result, "names-search: \(file.path): \(withHint(message))", sourceLocation: sourceLocation)
    }
    if viaStandardInput {
      let result = try CLIRunner.run(["-f", "-"] + options, stdin: data)
      expectLine(
        result, "names-search: <stdin>: \(withHint(message))", sourceLocation: sourceLocation)
    }
  }

  /// `message` with the command line's hint, which follows a syntax error (a line and a
  /// column) in text taken for OpenStep, as it follows CSV's: such text may be a list of
  /// names. A title written twice and a decoding error (a line only) get none.
  static func withHint(_ message: String) -> String {
    guard message.hasPrefix(bad + "line "), message.contains(", column "),
      !message.contains(" appears twice ")
    else { return message }
    return message + " (if it is one name a line, read it with --format text)"
  }

  static func expectLine(
    _ result: CLIResult, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 2, "exit status", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "nothing on stdout", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "one line", sourceLocation: sourceLocation)
    #expect(result.stderrText == line + "\n", sourceLocation: sourceLocation)
  }

  /// Writes `bytes` to a file and runs `names-search --no-cache -f FILE arguments…`.
  static func run(_ bytes: [UInt8], _ arguments: [String]) throws -> (CLIResult, String) {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Data(bytes), named: "list.plist", in: folder)
      return (try CLIRunner.run(["--no-cache", "-f", file.path] + arguments), file.path)
    }
  }

  static func repeated(_ text: String, _ count: Int) -> [UInt8] {
    Array(String(repeating: text, count: count).utf8)
  }

  static let bad = "not a property list: "

  // MARK: Unterminated tokens

  @Test("an unterminated quoted string is refused where it starts, short or 5 MB long")
  func unterminatedString() throws {
    // `{` 1, ` ` 2, `A` 3, ` ` 4, `=` 5, ` ` 6, `(` 7, `Ann` 8-10, `,` 11, ` ` 12, `"` 13,
    // `Bob` 14-16: the input ends at column 17.
    try Self.expectRefused(
      Array("{ A = (Ann, \"Bob".utf8),
      Self.bad + "line 1, column 17: the string that starts at line 1, column 13 never ends")
    // Line 2 is `  A = ("`, its quote at column 8; then 1,000,000 lines of `abcd`, each
    // ending in LF inside the string: the input ends at line 2 + 1,000,000, column 1.
    try Self.expectRefused(
      Array("{\n  A = (\"".utf8) + Self.repeated("abcd\n", 1_000_000),
      Self.bad + "line 1000002, column 1: the string that starts at line 2, column 8 never ends")
    // Columns count scalars: `x` at column 9, then 2,500,000 `é` (two bytes each, the
    // 1 MiB chunk boundary cutting one) at 10-2,500,009; the end at column 2,500,010.
    try Self.expectRefused(
      Array("{\n  A = (\"x".utf8) + Self.repeated("é", 2_500_000),
      Self.bad + "line 2, column 2500010: the string that starts at line 2, column 8 never ends")
  }

  @Test("an unterminated comment inside the dictionary runs to the end of the input")
  func unterminatedComment() throws {
    // Line 3 is `  /*` (columns 1-4) then 3,000,000 `x` (5-3,000,004): the end is at
    // column 3,000,005, where the list still lacks its `}`.
    try Self.expectRefused(
      Array("{\n  A = (Ann);\n  /*".utf8) + Self.repeated("x", 3_000_000),
      Self.bad + "line 3, column 3000005: the list ends before its closing '}'")
    // Inside an array: `(` 1, `Ann` 2-4, `,` 5, ` ` 6, `/*` 7-8, LFs: line 2 + 1,000,000.
    try Self.expectRefused(
      Array("(Ann, /*\n".utf8) + Self.repeated("*\n", 1_000_000),
      Self.bad + "line 1000002, column 1: the list ends inside the list, before its ')'")
  }

  @Test("unterminated data is refused where it starts")
  func unterminatedData() throws {
    // `(` 1, `<` 2, then 1,500,000 pairs of digits (3-3,000,002): the end at 3,000,003.
    try Self.expectRefused(
      Array("(<".utf8) + Self.repeated("0a", 1_500_000),
      Self.bad + "line 1, column 3000003: the data that starts at line 1, column 2 never ends")
  }

  // MARK: Deep nesting

  @Test("100,000 nested arrays are refused at depth 513, not a stack overflow")
  func deepArrays() throws {
    // At the root, the `(` at column k is k deep.
    try Self.expectRefused(
      Self.repeated("(", Self.depth) + Self.repeated(")", Self.depth),
      Self.bad + "line 1, column 513: " + Self.nesting)
    // `{` 1, `A` 2, `=` 3, the section's `(` 4 (depth 2): the `(` at column k is k - 2 deep.
    try Self.expectRefused(
      Array("{A=(".utf8) + Self.repeated("(", Self.depth),
      Self.bad + "line 1, column 515: " + Self.nesting)
  }

  @Test("100,000 nested dictionaries are refused in one line, not a stack overflow")
  func deepDictionaries() throws {
    // `{{` is no OpenStep text (a dictionary is no section title): it is taken for JSON,
    // whose parser refuses the second `{` at column 2.
    try Self.expectRefused(
      Self.repeated("{", Self.depth),
      "not valid JSON: line 1, column 2: expected a string as key, found '{'")
    try Self.expectRefused(
      Self.repeated("{", Self.depth),
      Self.bad + "line 1, column 2: expected a section title (a string) or '}', found '{'",
      options: ["--format", "openstep"])
    // Records: the one at column 2 is depth 2, and each `{a=` is three columns and one
    // level more: depth d at column 3d - 4, depth 513 at 1,535.
    try Self.expectRefused(
      Array("(".utf8) + Self.repeated("{a=", Self.depth),
      Self.bad + "line 1, column 1535: " + Self.nesting)
    // A section's value that is not an array is read whole to name it: `{` 1, `A` 2,
    // `=` 3, then depth d at column 3d - 2, depth 513 at 1,537.
    try Self.expectRefused(
      Array("{A=".utf8) + Self.repeated("{a=", Self.depth),
      Self.bad + "line 1, column 1537: " + Self.nesting)
  }

  // MARK: Huge tokens

  @Test("a 30 MB unquoted name loads, and is refused by a smaller --max-size")
  func hugeUnquotedName() throws {
    let bytes = Array("(".utf8) + Self.repeated("a", 30_000_000) + Array(", Bob)".utf8)
    let (result, _) = try Self.run(bytes, ["--count", "aaaa"])
    #expect(result.stdoutText == "1\n")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
    // 20M is 20 × 2^20 bytes.
    let (refused, path) = try Self.run(bytes, ["--max-size", "20M", "--count"])
    Self.expectLine(
      refused, "names-search: \(path): file is larger than 20971520 bytes (see --max-size)")
  }

  @Test("a 30 MB quoted name loads")
  func hugeQuotedName() throws {
    let (result, _) = try Self.run(
      Array("{ A = (\"".utf8) + Self.repeated("b", 30_000_000) + Array("\", Bob); }".utf8),
      ["--count", "bbbb"])
    #expect(result.stdoutText == "1\n")
    #expect(result.status == 0)
  }

  /// The format is told from the first string's end; before, a first title that ended past
  /// the first read was told from a file (read 1 MiB at a time) but not from a pipe.
  @Test("a long quoted first title is told the same way from a file and from a pipe")
  func longQuotedTitle() throws {
    // 70,000 bytes: past a pipe's first read, inside the 1 MiB looked at.
    let title = "{ \"" + String(repeating: "b", count: 70_000) + "\" = (Bob); }"
    let (file, _) = try Self.run(Array(title.utf8), ["--count"])
    #expect(file.stdoutText == "1\n")
    #expect(file.status == 0)
    let piped = try CLIRunner.run(["-f", "-", "--count"], stdin: Data(title.utf8))
    #expect(piped.stdoutText == "1\n", "\(piped.stderrText)")
    #expect(piped.status == 0)
    // 30 MB: its end is not in sight, and `{` then `"` is taken for JSON, whose key must be
    // followed by ':' (`{` 1, ` ` 2, `"` 3, the title 4-30,000,003, `"` 30,000,004, ` `
    // 30,000,005, `=` 30,000,006); named, the format reads it.
    let huge =
      Array("{ \"".utf8) + Self.repeated("b", 30_000_000) + Array("\" = (Bob); }".utf8)
    try Self.expectRefused(
      huge, "not valid JSON: line 1, column 30000006: expected ':' after the key, found '='")
    let (named, _) = try Self.run(huge, ["--format", "openstep", "--count"])
    #expect(named.stdoutText == "1\n")
    #expect(named.status == 0)
  }

  @Test("100,000 sections on one line load; one written twice is refused with both columns")
  func manySectionsOnOneLine() throws {
    let sections = (0..<100_000).map { "S\($0) = (N\($0)); " }
    let line = "{ " + sections.joined() + "}"
    let (result, _) = try Self.run(Array(line.utf8), ["--count"])
    #expect(result.stdoutText == "100000\n")
    #expect(result.status == 0)
    // `{ ` takes columns 1-2, so section i starts at column 3 + the length of those before
    // it; the repeated `S7` starts right after the last one.
    let first = 3 + sections[..<7].reduce(0) { $0 + $1.count }
    let again = 3 + sections.reduce(0) { $0 + $1.count }
    try Self.expectRefused(
      Array(("{ " + sections.joined() + "S7 = (X); }").utf8),
      Self.bad
        + "line 1, column \(again): section \"S7\" appears twice (first at line 1, column \(first))"
    )
  }

  @Test("a run of 2,000,000 backslashes is 1,000,000 in the name; one more escapes the quote")
  func backslashes() throws {
    let (result, _) = try Self.run(
      Array("(\"a".utf8) + Self.repeated("\\", 2_000_000) + Array("\")".utf8),
      ["--count", "a"])
    #expect(result.stdoutText == "1\n")
    #expect(result.status == 0)
    // `(` 1, `"` 2, `a` 3, 2,000,001 backslashes 4-2,000,004, the escaped `"` 2,000,005,
    // `)` 2,000,006 (inside the string), the end at 2,000,007.
    try Self.expectRefused(
      Array("(\"a".utf8) + Self.repeated("\\", 2_000_001) + Array("\")".utf8),
      Self.bad + "line 1, column 2000007: the string that starts at line 1, column 2 never ends")
  }

  // MARK: Invalid text

  @Test("bytes that are not UTF-8, in a quoted string and in comments, are refused at their column")
  func invalidUTF8() throws {
    // `(` 1, `Ann` 2-4, `,` 5, ` ` 6, `"` 7, 2,000,000 `a` 8-2,000,007, 0xFF at 2,000,008
    // (in the second 1 MiB chunk).
    try Self.expectRefused(
      Array("(Ann, \"".utf8) + Self.repeated("a", 2_000_000) + [0xFF] + Array("\")".utf8),
      Self.bad + "line 1, column 2000008: not valid UTF-8 (byte 0xFF)")
    // A lead byte that the input ends after: `(` 1, `"` 2, `é` 3, 0xC3 at 4.
    try Self.expectRefused(
      Array("(\"é".utf8) + [0xC3], Self.bad + "line 1, column 4: not valid UTF-8 (byte 0xC3)")
    // `(` 1, `Ann` 2-4, ` ` 5, `/*` 6-7, 1,000,000 `é` 8-1,000,007, then E2 82 before `*`
    // (a three-byte sequence cut short) at 1,000,008.
    try Self.expectRefused(
      Array("(Ann /*".utf8) + Self.repeated("é", 1_000_000) + [0xE2, 0x82] + Array("*/)".utf8),
      Self.bad + "line 1, column 1000008: not valid UTF-8 (byte 0xE2)")
    // A `//` comment on line 3: `/` 1, `/` 2, then 0x80, a continuation byte alone, at 3.
    try Self.expectRefused(
      Array("(Ann,\nBob,\n//".utf8) + [0x80] + Array("\nCy)".utf8),
      Self.bad + "line 3, column 3: not valid UTF-8 (byte 0x80)")
  }

  @Test("a UTF-8 byte-order mark twice, or after white space, is refused")
  func repeatedByteOrderMark() throws {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    try Self.expectRefused(
      mark + mark + Array("{ A = (Ann); }".utf8),
      Self.bad + "line 1, column 1: the byte-order mark is repeated")
    try Self.expectRefused(
      mark + mark + mark + Array("(Ann)".utf8),
      Self.bad + "line 1, column 1: the byte-order mark is repeated")
    // After a line feed it is no byte-order mark but U+FEFF, at line 2, column 1.
    try Self.expectRefused(
      Array("\n".utf8) + mark + Array("(Ann)".utf8),
      Self.bad
        + "line 2, column 1: expected '{' or '(' to start the list, found a character that"
        + " must be in quotes (byte 0xEF)")
  }

  // MARK: UTF-16 and UTF-32

  /// `(`, LF, then 300,000 lines `Ann,`, in `encoding` after its byte-order mark, then
  /// `tail` (raw bytes): the lines end at line 300,002.
  static func wideList(_ encoding: String.Encoding, mark: [UInt8], count: Int, tail: [UInt8])
    -> [UInt8]
  {
    mark + Array(("(\n" + String(repeating: "Ann,\n", count: count)).data(using: encoding)!)
      + tail
  }

  @Test("UTF-16 that ends inside a unit or holds a lone surrogate, past the first chunk")
  func brokenUTF16() throws {
    // The decoder counts lines by LF: `(` and LF, then 300,000 lines: line 300,002.
    try Self.expectRefused(
      Self.wideList(.utf16LittleEndian, mark: [0xFF, 0xFE], count: 300_000, tail: [0x29]),
      Self.bad + "line 300002: not valid UTF-16: the text ends inside a character (1 of its bytes)"
    )
    try Self.expectRefused(
      Self.wideList(
        .utf16BigEndian, mark: [0xFE, 0xFF], count: 300_000, tail: [0xD8, 0x00, 0, 0x29]),
      Self.bad + "line 300002: not valid UTF-16: a lone surrogate (0xD800)")
    try Self.expectRefused(
      Self.wideList(.utf16LittleEndian, mark: [0xFF, 0xFE], count: 300_000, tail: [0x00, 0xDC]),
      Self.bad + "line 300002: not valid UTF-16: a lone surrogate (0xDC00)")
    // A high surrogate as the last unit.
    try Self.expectRefused(
      Self.wideList(.utf16BigEndian, mark: [0xFE, 0xFF], count: 300_000, tail: [0xDB, 0xFF]),
      Self.bad + "line 300002: not valid UTF-16: a lone surrogate (0xDBFF)")
  }

  @Test("UTF-32 that ends inside a unit or holds a surrogate, past the first chunk")
  func brokenUTF32() throws {
    try Self.expectRefused(
      Self.wideList(
        .utf32LittleEndian, mark: [0xFF, 0xFE, 0, 0], count: 100_000, tail: [0x29, 0, 0]),
      Self.bad + "line 100002: not valid UTF-32: the text ends inside a character (3 of its bytes)"
    )
    try Self.expectRefused(
      Self.wideList(
        .utf32BigEndian, mark: [0, 0, 0xFE, 0xFF], count: 100_000, tail: [0, 0, 0xDF, 0xFF]),
      Self.bad + "line 100002: not valid UTF-32: a lone surrogate (0xDFFF)")
  }

  @Test("a lone surrogate in the first bytes names UTF-16, not \"text\"")
  func loneSurrogateAtStart() throws {
    // Decoded with the first bytes read, before the rest: line 1.
    try Self.expectRefused(
      [0xFF, 0xFE] + Array("(\"A".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        + [0x00, 0xD8, 0x22, 0x00, 0x29, 0x00],
      Self.bad + "line 1: not valid UTF-16: a lone surrogate (0xD800)")
  }
}
