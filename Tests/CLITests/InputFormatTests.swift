import Foundation
import Testing

/// XML, binary and OpenStep property lists, from a file or from standard input.
@Suite("Input formats")
struct InputFormatTests {
  static let catalog: [String: [String]] = [
    "B": ["Bob", "Joanna"],
    "A": ["Ann", "Abe", "Anna"],
    "É": ["Éanna"],
  ]
  static let expectedAnn = "A\n  Ann\n  Anna\nB\n  Joanna\nÉ\n  Éanna\n"

  static func binary() throws -> Data {
    try PropertyListSerialization.data(
      fromPropertyList: catalog, format: .binary, options: 0)
  }

  @Test("An XML plist file")
  func xmlFile() throws {
    let result = try CLIRunner.run(
      ["ann"],
      catalog: [("B", ["Bob", "Joanna"]), ("A", ["Ann", "Abe", "Anna"]), ("É", ["Éanna"])])
    #expect(result.stdoutText == Self.expectedAnn)
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("A binary plist file made by PropertyListSerialization")
  func binaryFile() throws {
    let data = try Self.binary()
    #expect(data.starts(with: Data("bplist".utf8)))
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(data, named: "names.bplist", in: folder)
      let result = try CLIRunner.run(["-f", file.path, "ann"])
      #expect(result.stdoutText == Self.expectedAnn)
      #expect(result.stderrText == "")
      #expect(result.status == 0)
      let count = try CLIRunner.run(["-f", file.path, "--count"])
      #expect(count.stdoutText == "6\n")
    }
  }

  @Test("A binary plist on standard input")
  func binaryStandardInput() throws {
    let result = try CLIRunner.run(["-f", "-", "ann"], stdin: Self.binary())
    #expect(result.stdoutText == Self.expectedAnn)
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("A list of names that starts as OpenStep text does: the error says how to read it")
  func namesThatLookLikeOpenStep() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        Data("(unknown)\nBob\n".utf8), named: "names.txt", in: folder)
      let result = try CLIRunner.run(["-f", file.path])
      #expect(
        result.stderrText
          == "names-search: \(file.path): not a property list: line 2, column 1: 'B' after the"
          + " end of the list (if it is one name a line, read it with --format text)\n")
      #expect(result.status == 2)
      let text = try CLIRunner.run(["-f", file.path, "--format", "text"])
      #expect(text.stdoutText == "B\n  Bob\n#\n  (unknown)\n")
    }
  }

  @Test("An OpenStep text file reads; a section written twice is refused with both places")
  func openStepFile() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        Data("// names\n{\n  A = (Ann, \"Anna Lee\");\n  B = (Bob); /* end */\n}\n".utf8),
        named: "names.strings", in: folder)
      let result = try CLIRunner.run(["-f", file.path, "ann"])
      #expect(result.stdoutText == "A\n  Ann\n  Anna Lee\n")
      #expect(result.status == 0)
      let piped = try CLIRunner.run(
        ["-f", "-", "--index"], stdin: Data("(Ann, Bob, Cy)".utf8))
      #expect(piped.stdoutText == "A B C\n")
    }
    let text = """
      {
        A = (Ann, Abby);
        A = (Al);
      }
      """
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Data(text.utf8), named: "names.strings", in: folder)
      let result = try CLIRunner.run(["-f", file.path, "ann"])
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderrText
          == "names-search: \(file.path): not a property list: line 3, column 3: section \"A\""
          + " appears twice (first at line 2, column 3)\n"
      )
      #expect(result.status == 2)
    }
  }

  @Test("An XML plist on standard input")
  func xmlStandardInput() throws {
    let data = PlistFile.xml([
      ("B", ["Bob", "Joanna"]), ("A", ["Ann", "Abe", "Anna"]), ("É", ["Éanna"]),
    ])
    let result = try CLIRunner.run(["-f", "-", "ann"], stdin: data)
    #expect(result.stdoutText == Self.expectedAnn)
    #expect(result.status == 0)
  }

  static let xmlFeatures = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- a comment before the root -->
    <plist version="1.0">
    <dict>
      <key>A</key>
      <!-- a comment between elements -->
      <array>
        <string>Ann &amp; Bob</string>
        <string>&lt;Al&gt;</string>
        <string>Jos&#233;</string>
        <string>Jos&#x65;&#x301;</string>
        <string><![CDATA[Anna <x> & co]]></string>
        <string>a&apos;b&quot;c</string>
        <string>  spaced  </string>
      </array>
      <key>C &amp; D</key>
      <array><string>Cid</string></array>
      <key>E</key>
      <array/>
    </dict>
    </plist>

    """

  static let expectedXMLFeatures = Data(
    ("A\n  Ann & Bob\n  <Al>\n  Jos\u{E9}\n  Jose\u{301}\n  Anna <x> & co\n  a'b\"c\n"
      + "    spaced  \nC & D\n  Cid\n").utf8)

  @Test("XML entities, character references, CDATA and comments are read as Foundation does")
  func xmlFeatures() throws {
    try TemporaryDirectory.with { folder in
      let data = Data(Self.xmlFeatures.utf8)
      let file = try PlistFile.write(data, named: "features.plist", in: folder)
      for arguments in [["-f", file.path], ["-f", "-"]] {
        let result = try CLIRunner.run(arguments, stdin: data)
        #expect(result.stdout == Self.expectedXMLFeatures, "\(arguments)")
        #expect(result.stderrText == "")
        #expect(result.status == 0)
      }
    }
  }

  @Test("A UTF-16 XML plist with a byte-order mark")
  func utf16XML() throws {
    let text = Self.xmlFeatures.replacingOccurrences(of: "UTF-8", with: "UTF-16")
    let data = try #require(text.data(using: .utf16))
    #expect(data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]))
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(data, named: "utf16.plist", in: folder)
      for arguments in [["-f", file.path], ["-f", "-"]] {
        let result = try CLIRunner.run(arguments, stdin: data)
        #expect(result.stdout == Self.expectedXMLFeatures, "\(arguments)")
        #expect(result.stderrText == "")
        #expect(result.status == 0)
      }
    }
  }

  @Test("An XML plist whose root <dict> has no <plist> around it")
  func xmlWithoutPlistElement() throws {
    let data = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <dict><key>B</key><array><string>Bob</string></array></dict>

      """.utf8)
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(data, named: "bare.plist", in: folder)
      let result = try CLIRunner.run(["-f", file.path])
      #expect(result.stdoutText == "B\n  Bob\n")
      #expect(result.status == 0)
    }
  }

  @Test("An empty dictionary is a valid, empty list: nothing matches")
  func emptyDictionary() throws {
    let result = try CLIRunner.run([], catalog: [])
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText == "")
    #expect(result.status == 1)
  }
}
