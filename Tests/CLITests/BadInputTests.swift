import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files that cannot be read or are not sortednames lists: one line on stderr,
/// `names-search: <file as given>: <what is wrong>`, exit 2, nothing on stdout.
@Suite("Bad input files")
struct BadInputTests {
  /// Checks the error shape; `message` is the whole stderr line without its newline.
  static func expectFileError(
    _ result: CLIResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.stderrText == message + "\n", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "nothing on stdout", sourceLocation: sourceLocation)
    #expect(result.status == 2, "exit status", sourceLocation: sourceLocation)
  }

  /// Writes `data` to a fresh folder and runs `names-search -f <file> ann`.
  static func runOn(_ data: Data) throws -> (file: String, result: CLIResult) {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(data, named: "bad.plist", in: folder)
      return (file.path, try CLIRunner.run(["-f", file.path, "ann"]))
    }
  }

  @Test("A missing file: No such file or directory, named as given (relative)")
  func missingRelative() throws {
    try TemporaryDirectory.with { folder in
      let result = try CLIRunner.run(["-f", "missing.plist"], currentDirectory: folder)
      Self.expectFileError(result, "names-search: missing.plist: No such file or directory")
    }
  }

  @Test("A missing file given with --file=: named as given (absolute)")
  func missingAbsolute() throws {
    try TemporaryDirectory.with { folder in
      let path = folder.appendingPathComponent("nope/names.plist").path
      let result = try CLIRunner.run(["--file=\(path)", "ann"])
      Self.expectFileError(result, "names-search: \(path): No such file or directory")
    }
  }

  @Test("A directory: Is a directory")
  func directory() throws {
    try TemporaryDirectory.with { folder in
      let result = try CLIRunner.run(["-f", folder.path])
      Self.expectFileError(result, "names-search: \(folder.path): Is a directory")
    }
  }

  @Test("An unreadable file: Permission denied")
  func unreadable() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "secret.plist", in: folder)
      try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
      defer {
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
      }
      let result: CLIResult
      if getuid() == 0 {
        // Root reads a mode-000 file anyway: run a copy of the tool as nobody instead.
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        try #require(
          FileManager.default.isExecutableFile(atPath: setpriv.path),
          "running as root: /usr/bin/setpriv is needed to drop privileges")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let tool = folder.appendingPathComponent("names-search")
        try FileManager.default.copyItem(at: CLIRunner.executable(), to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        result = try CLIRunner.runProgram(
          setpriv,
          ["--reuid=65534", "--regid=65534", "--clear-groups", tool.path, "-f", file.path])
      } else {
        result = try CLIRunner.run(["-f", file.path])
      }
      Self.expectFileError(result, "names-search: \(file.path): Permission denied")
    }
  }

  @Test("An empty file: file is empty")
  func emptyFile() throws {
    let (file, result) = try Self.runOn(Data())
    Self.expectFileError(result, "names-search: \(file): file is empty")
  }

  @Test(
    "Not a property list: the message starts with \"not a property list: \"",
    // ("hello world" is a text list now, issue 11; three zero bytes are still refused.)
    arguments: ["<html><body>x</body></html>", "\0\0\0hello world", "{ A = (Ann; }"],
    [false, true])
  func notAPropertyList(text: String, viaStandardInput: Bool) throws {
    let file: String
    let result: CLIResult
    if viaStandardInput {
      file = "<stdin>"
      result = try CLIRunner.run(["-f", "-", "ann"], stdin: Data(text.utf8))
    } else {
      (file, result) = try Self.runOn(Data(text.utf8))
    }
    let words = "not a property list: "
    let prefix = "names-search: \(file): \(words)"
    #expect(result.stderrText.hasPrefix(prefix), "stderr: \(result.stderrText)")
    #expect(result.stderrText.count > prefix.count + 1, "the parser's words follow")
    #expect(result.stderrText.hasSuffix("\n"))
    #expect(result.stderrLines.count == 1, "exactly one line")
    #expect(result.stdout.isEmpty)
    #expect(result.status == 2)
  }

  @Test(
    "The root is not a dictionary",
    arguments: [
      ("<string>Ann</string>", "a string"),
      ("<integer>3</integer>", "a number"),
    ])
  func rootNotDictionary(body: String, found: String) throws {
    let (file, result) = try Self.runOn(PlistFile.xml(body: body))
    Self.expectFileError(
      result, "names-search: \(file): expected a dictionary of sections at the root, found \(found)"
    )
  }

  @Test(
    "A section that is not an array",
    arguments: [
      ("<string>Bob</string>", "a string"),
      ("<dict><key>x</key><array/></dict>", "a dictionary"),
      ("<integer>7</integer>", "a number"),
    ])
  func sectionNotArray(value: String, found: String) throws {
    let body = """
      <dict>
        <key>A</key><array><string>Ann</string></array>
        <key>B</key>\(value)
      </dict>
      """
    let (file, result) = try Self.runOn(PlistFile.xml(body: body))
    Self.expectFileError(
      result, "names-search: \(file): section \"B\": expected an array of names, found \(found)")
  }

  @Test(
    "An item that is not a string: its 1-based position and type",
    arguments: [
      ("<integer>42</integer>", "a number"),
      ("<real>1.5</real>", "a number"),
      ("<true/>", "a boolean"),
      ("<false/>", "a boolean"),
      ("<date>2020-01-02T03:04:05Z</date>", "a date"),
      ("<data>AAEC</data>", "data"),
      ("<array><string>Bo</string></array>", "an array"),
    ])
  func itemNotString(item: String, found: String) throws {
    let body = """
      <dict>
        <key>A</key><array><string>Ann</string></array>
        <key>B</key><array>
          <string>Bea</string><string>Ben</string><string>Bo</string>\(item)<string>Bud</string>
        </array>
      </dict>
      """
    let (file, result) = try Self.runOn(PlistFile.xml(body: body))
    Self.expectFileError(
      result, "names-search: \(file): section \"B\", item 4: expected a string, found \(found)")
  }

  @Test("The first item can be the bad one: item 1")
  func firstItemNotString() throws {
    let body = "<dict><key>B</key><array><integer>1</integer></array></dict>"
    let (file, result) = try Self.runOn(PlistFile.xml(body: body))
    Self.expectFileError(
      result, "names-search: \(file): section \"B\", item 1: expected a string, found a number")
  }

  @Test("Empty standard input: <stdin>: file is empty")
  func emptyStandardInput() throws {
    let result = try CLIRunner.run(["-f", "-"], stdin: Data())
    Self.expectFileError(result, "names-search: <stdin>: file is empty")
  }

  @Test("A bad section on standard input: <stdin> names it")
  func standardInputBadSection() throws {
    let body = "<dict><key>B</key><array><string>Bo</string><true/></array></dict>"
    let result = try CLIRunner.run(["-f", "-"], stdin: PlistFile.xml(body: body))
    Self.expectFileError(
      result, "names-search: <stdin>: section \"B\", item 2: expected a string, found a boolean")
  }

  @Test("Errors go to stderr even with --json, --count or --index")
  func errorsWithOtherOutputs() throws {
    try TemporaryDirectory.with { folder in
      for flag in ["--json", "--count", "--index"] {
        let result = try CLIRunner.run([flag, "-f", "missing.plist"], currentDirectory: folder)
        Self.expectFileError(result, "names-search: missing.plist: No such file or directory")
      }
    }
  }
}
