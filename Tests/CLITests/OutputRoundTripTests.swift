import Foundation
import TestSupport
import Testing

/// `-o` round trip (issue 11, "Done when"): for every list fixture and the built-in list,
/// in each output format, searching the written file gives the same answer (`--json`) as
/// searching the input, for the empty term, every letter, and diacritic and multi-byte
/// terms. The reference is the tool's own answer on the input, computed independently of
/// the writers.
@Suite("Output round trip")
struct OutputRoundTripTests {
  /// Every file under Tests/Fixtures that is a list, with the flags it is read with. A
  /// fixture a reader adds joins here with its flags (`--key`, `--table`, …).
  static let lists: [String: [String]] = [
    "sortednames.plist": []
  ]

  /// Files under Tests/Fixtures that are not lists this branch reads: reference data and
  /// checksums, and the international name lists (one name a line), which join `lists`
  /// with the text reader.
  static let notLists: [String] = [
    "README.md", "SHA256SUMS", "unicode/", "paths/", "international/",
  ]

  /// Through the binary, a few terms (each spawns a process); `ListWriterTests` searches
  /// every letter in-process.
  static let terms = ["", "a", "é", "José", "straße", "김", "ы", "AN", "zzz"]

  static let formats = ["xml", "binary", "json"]

  /// Every file under Tests/Fixtures, relative to it.
  static func fixtureFiles() throws -> [String] {
    let root = TestPaths.file("Tests/Fixtures")
    let walker = try #require(FileManager.default.enumerator(atPath: root.path))
    var files: [String] = []
    while let next = walker.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let path = root.appendingPathComponent(next).path
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(next)
      }
    }
    return files.sorted()
  }

  @Test("every fixture file is classified: a list with its flags, or not a list")
  func everyFixtureClassified() throws {
    for file in try Self.fixtureFiles() {
      let isList = Self.lists[file] != nil
      let isNot = Self.notLists.contains { $0.hasSuffix("/") ? file.hasPrefix($0) : file == $0 }
      #expect(isList != isNot, "\(file)")
    }
  }

  /// The `--json` answers for every term, reading with `input` (arguments before the term).
  static func answers(_ input: [String]) throws -> [String] {
    try terms.map { term in
      let result = try CLIRunner.run(input + ["--no-cache", "--json", "--", term])
      #expect(result.status == 0 || result.status == 1, "\(input) \(term): \(result.stderrText)")
      return result.stdoutText
    }
  }

  @Test(
    "searching the written list answers as searching the input",
    arguments: [nil] + lists.keys.sorted().map(Optional.some), formats)
  func roundTrip(fixture: String?, format: String) throws {
    let input: [String] =
      fixture.map { ["-f", TestPaths.file("Tests/Fixtures/\($0)").path] + Self.lists[$0]! } ?? []
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("names-search-roundtrip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = folder.appendingPathComponent("list.\(format)").path
    let write = try CLIRunner.run(
      input + ["--no-cache", "-o", written, "--output-format", format])
    #expect(write.status == 0 && write.stdout.isEmpty, "\(write.stderrText)")
    // JSON is read back by the JSON reader, another part of issue 11: until it is merged,
    // the written file is refused in these words and only Foundation's reading of it is
    // checked (`ListWriterTests`).
    let probe = try CLIRunner.run(["-f", written, "--no-cache", "--count"])
    if format == "json" && probe.status == 2
      && probe.stderrText.contains("expected an XML or a binary property list")
    {
      return
    }
    let expected = try Self.answers(input)
    let found = try Self.answers(["-f", written])
    for (term, (a, b)) in zip(Self.terms, zip(expected, found)) {
      #expect(a == b, "term \(term)")
    }

    // The culled list for a term holds exactly that term's answer.
    let culled = folder.appendingPathComponent("culled.\(format)").path
    let cull = try CLIRunner.run(
      input + ["--no-cache", "-o", culled, "--output-format", format, "jo"])
    #expect(cull.status == 0)
    let direct = try CLIRunner.run(input + ["--no-cache", "--json", "jo"])
    let fromCulled = try CLIRunner.run(["-f", culled, "--no-cache", "--json", "jo"])
    #expect(fromCulled.stdoutText == direct.stdoutText)
  }
}
