import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Records read without keeping them (`LoadOptions.keepsRecords` false), where
/// `JSONParser.record(depth:keeping:)` decodes only the name, search and section fields and
/// checks and skips the rest, against the same documents read with records kept, which
/// decode every value (`JSONParser.value`, itself checked against Python's `json` module by
/// `JSONConformanceTests`): the same titles, names, ranges and search keys, or the same
/// error, word for word.
///
/// The inputs: every document of `Tests/Fixtures/json/conformance.tsv`, as a list and as the
/// value of a field of a record (before and after the name, skipped and decoded), and the
/// movies fixture under several field choices.
@Suite("JSON records read without keeping them")
struct JSONSkippedFieldsTests {
  /// What reading `bytes` gives: the sections written out, or the error's message.
  static func outcome(_ bytes: [UInt8], fields: RecordFields, keepsRecords: Bool) -> String {
    let padded = bytes + [0]
    do {
      let sections = try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
        try JSONReader.read(
          buffer, source: "l.json", fields: fields, keepsRecords: keepsRecords)
      }
      var text = ""
      for (title, range) in zip(sections.titles, sections.ranges) {
        text += "[\(title)] " + range.map { sections.names[$0] }.joined(separator: " | ") + "\n"
      }
      if let (keys, owners) = sections.searchKeys {
        for (k, owner) in owners.enumerated() { text += "key \(owner): \(keys[k])\n" }
      }
      return text
    } catch {
      return "error: \(error.description)"
    }
  }

  /// Expects `bytes` to read the same with records kept and not.
  static func expectSame(
    _ bytes: [UInt8], fields: RecordFields, _ comment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let kept = outcome(bytes, fields: fields, keepsRecords: true)
    let skipped = outcome(bytes, fields: fields, keepsRecords: false)
    #expect(kept == skipped, "\(comment)", sourceLocation: sourceLocation)
  }

  static let name = RecordFields(name: RecordKeyPath("name"))
  static let nameSearchSection = RecordFields(
    name: RecordKeyPath("name"), search: [RecordKeyPath("x")!],
    section: RecordKeyPath("s"))
  static let nested = RecordFields(name: RecordKeyPath("x.name"))

  @Test("each conformance document, as the list and inside a record, reads the same")
  func conformanceDocuments() {
    let cases = JSONConformanceTests.cases
    #expect(cases.count >= 300)
    for testCase in cases {
      let document = testCase.bytes
      let wrappers: [(String, [UInt8])] = [
        ("the list", document),
        (
          "skipped after the name",
          Array(#"[{"name": "Ann", "y": "#.utf8) + document + Array("}]".utf8)
        ),
        (
          "skipped before the name",
          Array(#"[{"y": "#.utf8) + document + Array(#", "name": "Ann"}]"#.utf8)
        ),
        (
          "the search field",
          Array(#"[{"name": "Ann", "s": "A", "x": "#.utf8) + document + Array("}]".utf8)
        ),
        (
          "skipped in a section",
          Array(#"{"A": [{"y": "#.utf8) + document + Array(#", "name": "Ann"}]}"#.utf8)
        ),
        ("nested name", Array(#"[{"y": 1, "x": "#.utf8) + document + Array("}]".utf8)),
      ]
      for (place, bytes) in wrappers {
        for fields in [Self.name, Self.nameSearchSection, Self.nested, .none] {
          Self.expectSame(bytes, fields: fields, "\(testCase.name), \(place), \(fields)")
        }
      }
    }
  }

  @Test("hand-made records: duplicate keys, depth, wrong types, missing fields")
  func handMade() {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let documents = [
      #"[{"name": "Ann", "y": {"a": 1, "a": 2}}]"#,
      #"[{"name": "Ann", "y": 1, "y": 2}]"#,
      #"[{"y": {"b": [1, 2, {"c": null}]}, "name": "Bob", "name": "Ann"}]"#,
      #"[{"name": "Ann", "y": "#.appending(deep) + "}]",
      #"[{"name": 42, "y": [1,]}]"#,
      #"[{"name": 42, "y": [1]}]"#,
      #"[{"y": "x"}, {"name": "Ann"}]"#,
      #"[{"name": "Ann", "x": true, "s": "A"}]"#,
      #"[{"name": "Ann", "x": ["k1", 2, "k2"], "s": "A"}, {"name": "Bob", "s": "B"}]"#,
      #"[{"name": "Ann", "s": null}]"#,
      #"[{"name": "Ann", "y": 01}]"#,
      #"[{"name": "Ann", "y": "\ud800"}]"#,
      #"[{"name": "Ann", "y": tru}]"#,
      #"[{"name": "Ann", "y": -}]"#,
      #"[{"name": "Ann", "y": 1.5e+3, "z": "é\n", "w": [[], {}]}, "Bob"]"#,
      #"[{"x": {"name": "Ann", "y": 1}, "y": {"name": 2}}]"#,
      #"[{"x": {"y": 1}}]"#,
      // Keys equivalent but not equal: KELVIN SIGN and "K"; "e\u0301" and "é".
      #"[{"\u212Aey": "Ann", "e\u0301": "x"}, {"Key": "Bob", "é": "y"}]"#,
      #"[{"Key": "Ann", "é": 1, "e\u0301": "x"}]"#,
      #"[{"K\u0065y": "Ann", "\u00e9": ["a", "b"]}]"#,
    ]
    let equivalents = RecordFields(name: RecordKeyPath("Key"), search: [RecordKeyPath("é")!])
    for document in documents {
      for fields in [Self.name, Self.nameSearchSection, Self.nested, .none, equivalents] {
        Self.expectSame(Array(document.utf8), fields: fields, "\(document), \(fields)")
      }
    }
  }

  @Test("the movies fixture reads the same under each choice of fields")
  func movies() throws {
    let bytes = Array(try Data(contentsOf: TestPaths.file("Tests/Fixtures/records/movies.json")))
    let choices = [
      RecordFields(name: RecordKeyPath("movieName")),
      RecordFields(name: RecordKeyPath("movieName"), search: [RecordKeyPath("movieTime")!]),
      RecordFields(name: RecordKeyPath("movieImage"), section: RecordKeyPath("movieTime")),
      RecordFields(name: RecordKeyPath("movieName"), search: [RecordKeyPath("nothing")!]),
      RecordFields(name: RecordKeyPath("nothing")),
      RecordFields.none,
    ]
    for fields in choices {
      let kept = Self.outcome(bytes, fields: fields, keepsRecords: true)
      #expect(kept.count > 20, "\(fields)")
      #expect(kept == Self.outcome(bytes, fields: fields, keepsRecords: false), "\(fields)")
    }
    // Hand-checked: the fixture's first record.
    let first = Self.outcome(
      bytes, fields: RecordFields(name: RecordKeyPath("movieName")), keepsRecords: false)
    #expect(first.contains("'Breaker' Morant"))
  }

  @Test("after the first record, names read in place read as decoded records")
  func namesInPlace() {
    // The first record is always decoded whole (its keys name a misspelt field), so each
    // case follows one.
    var documents: [String] = []
    for testCase in JSONConformanceTests.cases {
      let value = String(decoding: testCase.bytes, as: UTF8.self)
      documents.append(#"[{"name": "Ann"}, {"name": "#.appending(value) + "}]")
      documents.append(#"[{"name": "Ann"}, {"id": "#.appending(value) + #", "name": "Bo"}]"#)
      documents.append(#"{"A": [{"name": "Ann"}, {"name": "Bo", "v": "#.appending(value) + "}]}")
    }
    documents += [
      #"[{"name": "Ann"}, {"name": "B\u00f6"}, {"name": "C\"y"}, {"name": ""}]"#,
      #"[{"name": "Ann"}, {"id": 1}]"#,
      #"[{"name": "Ann"}, {}]"#,
      #"[{"name": "Ann"}, {"name": "Bo", "name": "Cy"}]"#,
      #"[{"name": "Ann"}, {"id": 1, "id": 2, "name": "Bo"}]"#,
      #"[{"name": "Ann"}, {"n\u0061me": "Bo"}, {"id": "\u0041", "name": "Cy"}]"#,
      #"[{"name": "Ann"}, {"name": null}, {"name": ["Bo"]}]"#,
      #"[{"name": "Ann"}, {"name": "Bo", "y": [1,]}]"#,
      #"[{"name": "Ann"}, {"name": "Bo" "y": 1}]"#,
      #"[{"name": "Ann"}, {"name": "Bo",}]"#,
      #"[{"name": "Ann"}, {"name": "Bo"]"#,
      #"[{"name": "Ann"}, {"name": "Bo"#,
      #"[{"Key": "Ann"}, {"\u212Aey": "Bo"}, {"Key": "Cy", "\u212Aey": "Di"}]"#,
      #"[{"é": "Ann"}, {"e\u0301": "Bo"}, {"é": "Cy", "é": "Di"}, {"é": "Eve"}]"#,
    ]
    let choices = [
      Self.name, RecordFields(name: RecordKeyPath("Key")), RecordFields(name: RecordKeyPath("é")),
    ]
    for document in documents {
      for fields in choices {
        Self.expectSame(Array(document.utf8), fields: fields, "\(document), \(fields)")
      }
    }
    // By hand: escaped and plain names after the first.
    #expect(
      Self.outcome(
        Array(#"[{"name": "Ann"}, {"id": 2, "name": "Bo\u00e9"}, {"name": "Cy", "id": 3}]"#.utf8),
        fields: Self.name, keepsRecords: false) == "[A] Ann\n[B] Boé\n[C] Cy\n")
  }
}
