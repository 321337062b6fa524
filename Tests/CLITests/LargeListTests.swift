import Foundation
import TestSupport
import Testing

/// A list of several megabytes and more than 100,000 names: read in pieces, searched in
/// parallel, and still answered exactly.
@Suite("Large lists")
struct LargeListTests {
  /// 26 sections of 6,000 names like "Aé12&ö", written in reverse title order, with an
  /// entity in every name so that pieces of the file end inside names and entities.
  static let sections: [ReferenceSection] = (0..<26).reversed().map { s in
    let title = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(s)))
    return ReferenceSection(title: title, names: (0..<6_000).map { "\(title)\u{E9}\($0)&\u{F6}" })
  }

  static let xml: Data = {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
    for section in sections {
      text += "<key>\(section.title)</key>\n<array>\n"
      for name in section.names {
        text += "<string>\(PlistFile.escaped(name))</string>\n"
      }
      text += "</array>\n"
    }
    text += "</dict>\n</plist>\n"
    return Data(text.utf8)
  }()

  @Test(
    "Every name of a 5 MB list comes back, in order, byte for byte",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func reset() throws {
    #expect(Self.xml.count > 4 << 20)
    let expected = FixtureReference.plainOutput(FixtureReference.search("", in: Self.sections))
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Self.xml, named: "large.plist", in: folder)
      let result = try CLIRunner.run(["-f", file.path])
      #expect(result.stdout == Data(expected.utf8))
      #expect(result.stderrText == "")
      #expect(result.status == 0)
    }
  }

  @Test(
    "Searching a large list matches the reference",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)),
    arguments: ["E12", "9&\u{D6}", "zz"])
  func search(term: String) throws {
    let expected = FixtureReference.search(term, in: Self.sections)
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Self.xml, named: "large.plist", in: folder)
      let result = try CLIRunner.run(["-f", file.path, "--fold", "cd", term])
      #expect(result.stdout == Data(FixtureReference.plainOutput(expected).utf8))
      #expect(result.stderrText == "")
      #expect(result.status == (expected.isEmpty ? 1 : 0))
      let count = try CLIRunner.run(["-f", file.path, "--fold", "cd", "--count", term])
      #expect(count.stdoutText == "\(expected.reduce(0) { $0 + $1.names.count })\n")
    }
  }

  @Test("A large list read from standard input", .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func standardInput() throws {
    let result = try CLIRunner.run(["-f", "-", "--count", ""], stdin: Self.xml)
    #expect(result.stdoutText == "156000\n")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }
}
