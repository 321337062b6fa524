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
    "sortednames.plist": [],
    "names.txt": [],
    "contacts.csv": ["--key", "Full Name"],
    "records/movies.json": ["--key", "movieName"],
    "records/products.sqlite": ["--table", "products", "--key", "name"],
    "records/flat.plist": [],
    "openstep/contacts.plist": [],
    "records/records.plist": ["--key", "name"],
    "records/records-binary.plist": ["--key", "name"],
  ].merging(
    [
      "cs_CZ", "da_DK", "de_DE", "el_GR", "en_US", "es_ES", "fr_FR", "ja_JP", "ko_KR", "pl_PL",
      "ru_RU", "sv_SE", "tr_TR", "zh_CN", "zh_TW",
    ].map { ("international/\($0).txt", []) }
  ) { a, _ in a }

  /// Files under Tests/Fixtures that are not lists: reference data, generators and
  /// checksums (a folder ends in "/").
  static let notLists: [String] = [
    "README.md", "SHA256SUMS", "unicode/", "paths/", "csv/", "json/", "readings/", "locale/",
    "typos/", "phonetics/", "plist-corpus/",
    "international/ja_JP_readings.tsv", "records/make-movies.py", "records/make-products.py",
    "records/products.expected.json", "openstep/duplicate.plist",
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
    try terms.map { term in try answer(input, term: term) }
  }

  /// The `--json` answer for `term`, without the sections' "records": a written list holds
  /// names only, so its answer is compared on titles, names, index and total.
  static func answer(_ input: [String], term: String) throws -> String {
    let result = try CLIRunner.run(input + ["--no-cache", "--json", "--", term])
    #expect(result.status == 0 || result.status == 1, "\(input) \(term): \(result.stderrText)")
    var object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let sections = try #require(object["sections"] as? [[String: Any]])
    object["sections"] = sections.map { $0.filter { $0.key != "records" } }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self) + " status \(result.status)"
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
    let expected = try Self.answers(input)
    let found = try Self.answers(["-f", written])
    for (term, (a, b)) in zip(Self.terms, zip(expected, found)) {
      #expect(a == b, "term \(term)")
    }

    // The culled list for a term holds exactly that term's answer.
    let culled = folder.appendingPathComponent("culled.\(format)").path
    let cull = try CLIRunner.run(
      input + ["--no-cache", "-o", culled, "--output-format", format, "jo"])
    let direct = try Self.answer(input, term: "jo")
    #expect(cull.status == (direct.hasSuffix("status 0") ? 0 : 1))
    #expect(try Self.answer(["-f", culled], term: "jo") == direct)
  }
}
