import Foundation
import TestSupport
import Testing

/// CSV and plain-text lists through the command line: the committed fixtures
/// (`Tests/Fixtures/contacts.csv`, `names.txt`, made by `Scripts/make-list-fixtures.py`),
/// standard input, and errors (exit 2). Expected output written by hand.
@Suite("CSV and text input")
struct CSVTextInputTests {
  /// What names-search adds to every CSV syntax error: such a file may be a list of names.
  static let csvHint = " (if it is one name a line, read it with --format text)"

  static let names = TestPaths.file("Tests/Fixtures/names.txt").path
  static let contacts = TestPaths.file("Tests/Fixtures/contacts.csv").path

  @Test("the text fixture: 90 names (15 locales × 6), its blank lines skipped")
  func textFixture() throws {
    let count = try CLIRunner.run(["-f", Self.names, "--count"])
    #expect(count.stdoutText == "90\n" && count.status == 0)
    let found = try CLIRunner.run(["-f", Self.names, "sedl"])
    #expect(found.stdoutText == "A\n  Adam Sedlák\n")
    #expect(found.stderrText == "" && found.status == 0)
  }

  @Test("the contacts CSV holds records of five fields: without a key it is exit 2, naming them")
  func contactsNeedKey() throws {
    let result = try CLIRunner.run(["-f", Self.contacts, "ada"])
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrText
        == "names-search: \(Self.contacts): the items are records; choose the field that is the"
        + " name (fields: \"Full Name\", \"Nickname\", \"Email\", \"Group\", \"Notes\")"
        + " (name it with --key)\n")
    #expect(result.status == 2)
  }

  @Test(
    "a one-column CSV (its header quoted, so the sniffer tells it) and a text list on standard input"
  )
  func standardInput() throws {
    let csv = try CLIRunner.run(
      ["-f", "-", "ada"], stdin: Data("\"Name\"\r\n\"Lovelace, Ada\"\r\nBob\r\n".utf8))
    #expect(csv.stdoutText == "L\n  Lovelace, Ada\n")
    #expect(csv.stderrText == "" && csv.status == 0)
    let text = try CLIRunner.run(["-f", "-"], stdin: Data("\n  ann\r\nbob\nÉlise\n".utf8))
    #expect(text.stdoutText == "A\n  ann\nB\n  bob\nE\n  Élise\n")
    #expect(text.status == 0)
  }

  @Test("a plain query caches a CSV without its records; --json then reads them from the list")
  func recordsAfterPlainQuery() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "records-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let list = folder.appendingPathComponent("people.csv")
    try Data("name,mail\nBob Stone,bob@example.org\nAnn Lee,ann@example.org\n".utf8)
      .write(to: list)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: list.path)
    var environment = CLIRunner.defaultEnvironment
    environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
    let arguments = ["-f", list.path, "--key", "name"]
    let cacheFolder = folder.appendingPathComponent("cache/names-search").path
    func indexFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? [])
        .filter { $0.hasSuffix(".idx") }
    }
    let plain = try CLIRunner.run(arguments + ["lee"], environment: environment)
    #expect(plain.stdoutText == "A\n  Ann Lee\n" && plain.status == 0)
    #expect(indexFiles().count == 1)
    // By hand: the row of Ann Lee as a JSON object, in header order.
    let expected =
      #"{"query":"lee","sections":[{"title":"A","names":["Ann Lee"],"records":"#
      + #"[{"name":"Ann Lee","mail":"ann@example.org"}]}],"index":["A"],"total":1}"# + "\n"
    for _ in 0..<2 {
      let json = try CLIRunner.run(arguments + ["--json", "lee"], environment: environment)
      #expect(json.stdoutText == expected && json.status == 0)
      let again = try CLIRunner.run(arguments + ["lee"], environment: environment)
      #expect(again.stdoutText == plain.stdoutText)
    }
    #expect(indexFiles().count == 1)
  }

  @Test("broken CSV and text are one line naming the place, exit 2")
  func errors() throws {
    try TemporaryDirectory.with { folder in
      let cases: [(String, [UInt8], String)] = [
        (
          "ragged.csv", Array("\"Name\"\nAnn\nBob,Jr\n".utf8),
          "not valid CSV: line 3: 2 fields, but the header has 1" + Self.csvHint
        ),
        (
          "open.csv", Array("\"Name\"\nAnn\n\"Bob\n".utf8),
          "not valid CSV: line 3: a quoted field never ends" + Self.csvHint
        ),
        (
          "bad.txt", Array("Ann\nB".utf8) + [0xFF] + Array("b\n".utf8),
          "not valid text: line 2: not valid UTF-8 (bytes 0xFF 0x62)"
        ),
      ]
      for (name, bytes, message) in cases {
        let file = try PlistFile.write(Data(bytes), named: name, in: folder)
        let result = try CLIRunner.run(["-f", file.path, "a"])
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "names-search: \(file.path): \(message)\n")
        #expect(result.status == 2)
      }
    }
  }
}
