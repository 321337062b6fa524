import Foundation
import Testing

@testable import NamesSearch

/// The JSON list reader: its shapes (sections, flat lists, records), what it keeps of
/// records, and its messages, each expected message worked out by hand (lines and columns
/// counted on the document as written, columns in code points).
@Suite("JSONReader")
struct JSONReaderTests {
  /// The sections `text` reads to.
  static func read(_ text: String, fields: RecordFields = .none) throws(LoadError)
    -> SectionedNames
  {
    let padded = Array(text.utf8) + [0]
    return try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
      try JSONReader.read(buffer, source: "l.json", fields: fields)
    }
  }

  /// The sections as (title, names) pairs.
  static func shape(_ sections: SectionedNames) -> [[String]] {
    zip(sections.titles, sections.ranges).map { title, range in
      [title] + range.map { sections.names[$0] }
    }
  }

  /// The message reading `bytes` fails with, or "read" when it does not fail.
  static func message(_ bytes: [UInt8], fields: RecordFields = .none) -> String {
    let padded = bytes + [0]
    do {
      _ = try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
        try JSONReader.read(buffer, source: "l.json", fields: fields)
      }
      return "read"
    } catch {
      return error.description
    }
  }

  static func message(_ text: String, fields: RecordFields = .none) -> String {
    message(Array(text.utf8), fields: fields)
  }

  static func key(_ text: String) -> RecordKeyPath { RecordKeyPath(text)! }

  @Test("an object of sections keeps its titles and names in file order, escapes decoded")
  func sections() throws {
    let sections = try Self.read(
      #"{"B":["Bob","B\u00e9a \"x\""], "A" : [ "\ud83d\ude00", "tab\tend" ],"C":[]}"#)
    #expect(
      Self.shape(sections) == [["B", "Bob", "Béa \"x\""], ["A", "😀", "tab\tend"], ["C"]])
    #expect(sections.records == nil)
    #expect(sections.searchKeys == nil)
  }

  @Test("a root array is a flat list filed under first letters, '#' last")
  func flat() throws {
    let sections = try Self.read(#"["zed", "Ann", "\u00e9lise", "42", "abe"]"#)
    // Sections in order of first appearance (the catalog orders titles); names sorted as
    // titles are, case aside: "abe" before "Ann".
    #expect(
      Self.shape(sections) == [["Z", "zed"], ["A", "abe", "Ann"], ["E", "élise"], ["#", "42"]])
    #expect(try Self.shape(Self.read("[]")) == [])
    #expect(try Self.shape(Self.read("{}")) == [])
  }

  @Test("records: the name at --key, further search keys, the records kept as compact JSON")
  func records() throws {
    let text = """
      [ {"movieName": "Alien", "movieImage": "alien.jpg", "movieTime": 117,
         "also": ["Alien (1979)", 3, "Le huitième passager"]},
        {"movieName": "Brazil", "movieTime": 1.5e2, "also": null, "x": {"y": [true, false]}} ]
      """
    let sections = try Self.read(
      text, fields: RecordFields(name: Self.key("movieName"), search: [Self.key("also")]))
    #expect(Self.shape(sections) == [["A", "Alien"], ["B", "Brazil"]])
    let records = try #require(sections.records)
    #expect(records.count == 2)
    #expect(
      records[0]
        == #"{"movieName":"Alien","movieImage":"alien.jpg","movieTime":117,"also":["Alien (1979)",3,"Le huitième passager"]}"#
    )
    #expect(
      records[1] == #"{"movieName":"Brazil","movieTime":1.5e2,"also":null,"x":{"y":[true,false]}}"#)
    let keys = try #require(sections.searchKeys)
    // Strings of an array are keys; its number is not; null gives none.
    #expect(
      (0..<keys.texts.count).map { keys.texts[$0] } == ["Alien (1979)", "Le huitième passager"])
    #expect(keys.owners == [0, 0])
  }

  @Test("a dotted key path reaches into nested records")
  func nestedKeyPath() throws {
    let text = #"{"Staff": [{"name": {"first": "Ann", "last": "Lee"}}, {"name": {"first": "Bo"}}]}"#
    let sections = try Self.read(text, fields: RecordFields(name: Self.key("name.first")))
    #expect(Self.shape(sections) == [["Staff", "Ann", "Bo"]])
    #expect(
      Self.message(text, fields: RecordFields(name: Self.key("name.last")))
        == #"l.json: section "Staff", item 2: no field "name.last""#)
  }

  @Test("a section key files a flat list's records by title, in order of first appearance")
  func sectionKey() throws {
    let text = """
      [{"n": "Ann", "g": "Work"}, {"n": "Bob", "g": "Friends"}, {"n": "Cy", "g": "Work"}]
      """
    let sections = try Self.read(
      text, fields: RecordFields(name: Self.key("n"), section: Self.key("g")))
    #expect(Self.shape(sections) == [["Work", "Ann", "Cy"], ["Friends", "Bob"]])
    #expect(sections.records?[2] == #"{"n":"Bob","g":"Friends"}"#)
  }

  @Test("records without --key, with a missing field or a field of another type")
  func recordErrors() {
    #expect(
      Self.message(#"[{"movieName": "Alien", "movieTime": 117}]"#)
        == #"l.json: the items are records; choose the field that is the name (fields: "movieName", "movieTime")"#
    )
    #expect(
      Self.message(
        #"{"A": [{"name": "x"}, {"nom": "y"}]}"#, fields: RecordFields(name: Self.key("name")))
        == #"l.json: section "A", item 2: no field "name""#)
    #expect(
      Self.message(#"[{"name": 5}]"#, fields: RecordFields(name: Self.key("name")))
        == #"l.json: item 1: field "name" is a number, not a string"#)
    #expect(
      Self.message(#"["Ann"]"#, fields: RecordFields(name: Self.key("name")))
        == #"l.json: the list holds names, not records, so it has no field "name""#)
  }

  @Test("shapes that are not lists")
  func shapeErrors() {
    #expect(
      Self.message(#""abc""#)
        == "l.json: expected an object of sections or an array at the root, found a string")
    #expect(
      Self.message("42")
        == "l.json: expected an object of sections or an array at the root, found a number")
    #expect(
      Self.message(#"{"A": "Ann"}"#)
        == #"l.json: section "A": expected an array of names, found a string"#)
    #expect(
      Self.message(#"{"A": ["Ann", 1]}"#)
        == #"l.json: section "A", item 2: expected a string, found a number"#)
    #expect(
      Self.message(#"["a", true]"#)
        == "l.json: item 2: expected a string or a dictionary, found a boolean")
    #expect(
      Self.message(#"["a", [1, 2]]"#)
        == "l.json: item 2: expected a string or a dictionary, found an array")
    // A syntax error inside the item comes before its shape.
    #expect(
      Self.message(#"["a", [1, 2,]]"#)
        == "l.json: not valid JSON: line 1, column 12: a trailing comma before ']'")
  }

  @Test(
    "syntax errors name the line and the column, in code points",
    arguments: [
      (#"{"A":["Ann",]}"#, "line 1, column 12: a trailing comma before ']'"),
      (#"{"A":[],}"#, "line 1, column 8: a trailing comma before '}'"),
      (
        "{\"A\":[\"Ann\"],\n \"A\":[\"Bob\"]}",
        #"line 2, column 2: the key "A" appears twice in one object (first at line 1, column 2)"#
      ),
      (
        #"[{"n":"a", "n":"b"}]"#,
        #"line 1, column 12: the key "n" appears twice in one object (first at line 1, column 3)"#
      ),
      (#"["Ann""#, "line 1, column 7: the document ends early; expected ',' or ']'"),
      (
        #"["Ann"#,
        "line 1, column 6: the document ends early, inside the string that starts at line 1,"
          + " column 2"
      ),
      (#"{"A":["#, "line 1, column 7: the document ends early; expected a value"),
      (
        #"["\ud800"]"#,
        #"line 1, column 3: a lone surrogate \uD800 (a high surrogate not followed by a low one)"#
      ),
      (#"["x\udc00"]"#, #"line 1, column 4: a lone surrogate \uDC00 (a low surrogate first)"#),
      (
        "[\"a\nb\"]",
        #"line 1, column 4: control character U+000A in a string (write it as an escape such as \n or \u00XX)"#
      ),
      (#"["\x41"]"#, #"line 1, column 3: invalid escape '\x' in a string"#),
      (#"["\u12G4"]"#, #"line 1, column 3: \u must be followed by four hex digits"#),
      (
        "[\"Ann\" // c\n]",
        "line 1, column 8: expected ',' or ']', found '/' (JSON has no comments)"
      ),
      ("[NaN]", "line 1, column 2: expected a value, found the word 'NaN'"),
      ("[tru]", "line 1, column 2: expected a value, found the word 'tru'"),
      ("[01]", "line 1, column 2: a number with a leading zero"),
      ("[1.]", "line 1, column 4: expected a digit after '.', found ']'"),
      ("[-]", "line 1, column 3: expected a digit after '-', found ']'"),
      ("[1e+]", "line 1, column 5: expected a digit in the exponent, found ']'"),
      (#"["Ann"] x"#, "line 1, column 9: text after the end of the document: the word 'x'"),
      (#"["é", x]"#, "line 1, column 7: expected a value, found the word 'x'"),
      ("[\n  \"中文\",\n  \"😀\" ,, ]", "line 3, column 8: expected a value, found ','"),
      (#"{"A" []}"#, "line 1, column 6: expected ':' after the key, found '['"),
      ("{A:[]}", "line 1, column 2: expected a string as key, found the word 'A'"),
      ("['Ann']", "line 1, column 2: expected a value, found '''"),
    ])
  func syntaxErrors(document: String, expected: String) {
    #expect(Self.message(document) == "l.json: not valid JSON: " + expected)
  }

  @Test("bytes that are not UTF-8 and a byte-order mark")
  func encoding() throws {
    #expect(
      Self.message([0x5B, 0x22, 0xFF, 0x22, 0x5D])
        == "l.json: not valid JSON: line 1, column 3: bytes that are not UTF-8 (byte 0xFF)")
    #expect(
      Self.message([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])
        == "l.json: not valid JSON: line 1, column 3: bytes that are not UTF-8 (byte 0xED)")
    #expect(
      Self.message([0x5B, 0xC3, 0xA9, 0x5D])
        == "l.json: not valid JSON: line 1, column 2: expected a value, found U+00E9")
    // A byte-order mark is not a column.
    #expect(
      Self.message([0xEF, 0xBB, 0xBF] + Array("[,]".utf8))
        == "l.json: not valid JSON: line 1, column 2: expected a value, found ','")
    let padded: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"A":["Ann"]}"#.utf8) + [0]
    let sections = try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
      try JSONReader.read(buffer, source: "l.json")
    }
    #expect(Self.shape(sections) == [["A", "Ann"]])
  }

  @Test("nesting deeper than 512 is an error, not a stack overflow")
  func depth() throws {
    let ok = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    #expect(
      Self.message("[" + ok + "]")
        == "l.json: item 1: expected a string or a dictionary, found an array")
    #expect(
      Self.message(String(repeating: "[", count: 513))
        == "l.json: not valid JSON: line 1, column 513: nesting deeper than 512 arrays and objects")
    #expect(
      Self.message(String(repeating: "[", count: 1_000_000))
        == "l.json: not valid JSON: line 1, column 513: nesting deeper than 512 arrays and objects")
    let records = #"[{"n":"a","x":"# + String(repeating: #"{"a":"#, count: 600)
    #expect(
      Self.message(records, fields: RecordFields(name: Self.key("n")))
        == "l.json: not valid JSON: line 1, column 2565: nesting deeper than 512 arrays and objects"
    )
  }

  @Test("through the loader: JSON is told by its first byte, places count dropped white space")
  func loader() throws {
    let catalog = try CatalogLoader.load(
      from: FileReader(bytes: Array(#"{"A":["Ann","Abe"]}"#.utf8), source: "x.json"))
    #expect(catalog.sections == [Section(title: "A", names: ["Ann", "Abe"])])
    #expect(
      throws: LoadError(
        source: "x.json",
        reason: .invalid(format: .json, "line 3, column 7: a trailing comma before ']'"))
    ) {
      try CatalogLoader.load(
        from: FileReader(bytes: Array("\n\n  [\"a\",]".utf8), source: "x.json"))
    }
    #expect(
      throws: LoadError(
        source: "x.json",
        reason: .invalid(format: .json, "line 1, column 6: a trailing comma before ']'"))
    ) {
      try CatalogLoader.load(from: FileReader(bytes: Array(" [\"a\",]".utf8), source: "x.json"))
    }
  }
}
