import Foundation
import Testing

@testable import NamesSearch

/// The OpenStep reader (`OpenStepPlistReader`, `OpenStepScanner`) on hand-written lists:
/// every expected name, place and message below is worked out by hand from the text (the
/// grammar of CoreFoundation's `CFOldStylePList.c`; columns count scalars). Foundation's
/// own answers on a corpus are the differential suite's business.
@Suite("OpenStep property lists")
struct OpenStepPlistReaderTests {
  func load(_ text: String, options: LoadOptions = .default) throws(LoadError) -> Catalog {
    try load(bytes: Array(text.utf8), options: options)
  }

  func load(bytes: [UInt8], options: LoadOptions = .default) throws(LoadError) -> Catalog {
    try CatalogLoader.load(from: FileReader(bytes: bytes, source: "t.plist"), options: options)
  }

  func syntaxError(_ why: String) -> LoadError {
    LoadError(source: "t.plist", reason: .invalid(format: .openStepPropertyList, why))
  }

  @Test("sections, quoted and unquoted names (sections in title order, names in file order)")
  func sections() throws {
    let catalog = try load("{ B = (Bob, \"Anna Lee\", 'Sam'); A = (a_b$c/d:e.f-g, 12); }")
    #expect(
      catalog.sections == [
        Section(title: "A", names: ["a_b$c/d:e.f-g", "12"]),
        Section(title: "B", names: ["Bob", "Anna Lee", "Sam"]),
      ])
  }

  @Test("the brace-less form of a .strings file, and an empty section")
  func withoutBraces() throws {
    let catalog = try load("\"A\" = (Ann);\nB = ();\n")
    #expect(
      catalog.sections == [Section(title: "A", names: ["Ann"]), Section(title: "B", names: [])])
  }

  @Test("comments anywhere, trailing commas, U+2028 and CR line ends as white space")
  func commentsAndSpace() throws {
    let text =
      "// !$*UTF8*$!\n{ /* x */ A /* y */ = /* z */ ( // w\r\n Ann /**/ , Bob, ) ;"
      + "\u{2028}B=(Cy,);} // end"
    #expect(
      try load(text).sections == [
        Section(title: "A", names: ["Ann", "Bob"]), Section(title: "B", names: ["Cy"]),
      ])
  }

  @Test("every escape Foundation reads")
  func escapes() throws {
    // \341 is Æ in the NeXTSTEP encoding; \777 wraps to the byte 0xFF, which it lacks
    // (U+0000); a lone high surrogate is U+FFFD; a backslash before a line break keeps it.
    let text =
      #"{ A = ("\n\t\"\\\'\a\b\f\v\r", "\101\102C", "\341", "\U00e9\U00C9", "\Ud83d\Ude00", "\Ud83dx", "\777", "a\"#
      + "\n" + #"b", "\q\é"); }"#
    #expect(
      try load(text).sections == [
        Section(
          title: "A",
          names: [
            "\n\t\"\\'\u{07}\u{08}\u{0C}\u{0B}\r", "ABC", "Æ", "éÉ", "😀", "\u{FFFD}x", "\u{0}",
            "a\nb", "qé",
          ])
      ])
  }

  @Test("records, with the name field chosen")
  func records() throws {
    let text =
      "{ A = ({ name = Ann; city = Oslo; tags = (x, y); raw = <00ff>; }, { name = Abe; }); }"
    let options = LoadOptions(fields: RecordFields(name: RecordKeyPath("name")))
    #expect(
      try load(text, options: options).sections == [Section(title: "A", names: ["Ann", "Abe"])])
    #expect(throws: LoadError.self) { try load(text) }
  }

  @Test("a section title written twice names both places")
  func duplicateTitle() throws {
    #expect(
      throws: syntaxError(
        "line 1, column 14: section \"A\" appears twice (first at line 1, column 3)")
    ) { try load("{ A = (Ann); A = (Bob); }") }
    #expect(
      throws: syntaxError(
        "line 3, column 3: section \"A\" appears twice (first at line 2, column 3)")
    ) { try load("{\r\n  A = (x);\r\n  A = (y);\r\n}") }
    // A key written twice in a record is refused too (Foundation keeps the last).
    #expect(
      throws: syntaxError(
        "line 1, column 26: the key \"n\" appears twice in one dictionary (first at line 1,"
          + " column 10)")
    ) {
      try load(
        "{ A = ({ n = Ann; x = 1; n = Bob; }); }",
        options: LoadOptions(fields: RecordFields(name: RecordKeyPath("n"))))
    }
  }

  @Test("syntax errors name the line and the column, counted in scalars")
  func syntaxErrors() {
    let cases: [(String, String)] = [
      ("{ A = (\"Ann", "line 1, column 12: the string that starts at line 1, column 8 never ends"),
      ("{ A = (x) }", "line 1, column 11: expected ';' after the section \"A\", found '}'"),
      ("{ \"Åsa\" = (x) }", "line 1, column 15: expected ';' after the section \"Åsa\", found '}'"),
      ("{ A = (x); } x", "line 1, column 14: 'x' after the end of the list"),
      (
        "{ A = (x y); }",
        "line 1, column 10: expected ',' or ')' after item 1 of the section \"A\", found 'y'"
      ),
      (
        "{ A = (x);\n  B = (y",
        "line 2, column 9: the list ends inside the section \"B\", before its ')'"
      ),
      ("{ A = (x); /* open", "line 1, column 19: the list ends before its closing '}'"),
      ("{ A = (<0f 1>); }", "line 1, column 12: data holds an odd number of hexadecimal digits"),
      (
        "{ A = (Åsa); }",
        "line 1, column 8: expected a name, a record or ')' in the section \"A\", found a"
          + " character that must be in quotes (byte 0xC3)"
      ),
      ("{ A = (x);; }", "line 1, column 11: expected a section title (a string) or '}', found ';'"),
    ]
    for (text, why) in cases {
      #expect(throws: syntaxError(why), "\(text)") { try load(text) }
    }
    #expect(throws: syntaxError("line 1, column 9: not valid UTF-8 (byte 0xFF)")) {
      try load(bytes: Array("{ A = (\"".utf8) + [0xFF] + Array("\"); }".utf8))
    }
    #expect(throws: syntaxError("line 1, column 3: not valid UTF-8 (byte 0xC3)")) {
      try load(bytes: Array("//".utf8) + [0xC3, 0x28] + Array("\n(x)".utf8))
    }
  }

  @Test("values that are not a sortednames list's are named")
  func shapes() {
    let cases: [(String, LoadError.Reason)] = [
      ("{ A = Ann; }", .sectionNotArray(title: "A", found: "a string")),
      ("{ A; }", .sectionNotArray(title: "A", found: "a string")),
      ("{ A = { x = y; }; }", .sectionNotArray(title: "A", found: "a dictionary")),
      ("{ A = (Ann, <00>); }", .nameNotString(title: "A", position: 2, found: "data")),
      ("{ A = (Ann, (x)); }", .nameNotString(title: "A", position: 2, found: "an array")),
      ("(Ann, (x))", .itemNotNameOrRecord(position: 2, found: "an array")),
    ]
    for (text, reason) in cases {
      #expect(throws: LoadError(source: "t.plist", reason: reason), "\(text)") { try load(text) }
    }
    // Alone at the root (where a `<` would make it XML, and a quote CSV, for the sniffer).
    #expect(throws: LoadError(source: "t", reason: .rootNotDictionary(found: "a string"))) {
      try OpenStepPlistReader.read(bytes: Array("\"Ann\"".utf8), source: "t")
    }
    #expect(throws: LoadError(source: "t", reason: .rootNotDictionary(found: "data"))) {
      try OpenStepPlistReader.read(bytes: Array(" <00ff> ".utf8), source: "t")
    }
  }

  @Test("nesting deeper than the limit is refused in one line, with no stack overflow")
  func deepNesting() {
    let depth = 100_000
    let text =
      "{ A = (" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
      + "); }"
    #expect(throws: LoadError.self) { try load(text) }
    do {
      _ = try load(text)
    } catch {
      #expect(error.message.contains("nesting deeper than 512"))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("told from JSON, CSV and text by its first bytes")
  func sniffing() throws {
    let cases: [(String, ListFormat)] = [
      ("{ A = (x); }", .openStepPropertyList), ("{\"A\" = (x);}", .openStepPropertyList),
      ("{ 'A' = (x); }", .openStepPropertyList), ("{ // c\n}", .openStepPropertyList),
      ("(Ann, Bob)", .openStepPropertyList), ("// !$*UTF8*$!\n{}", .openStepPropertyList),
      ("/* c */ {}", .openStepPropertyList), ("\"A\" = (x);", .openStepPropertyList),
      ("A = (x);\nB = (y);", .openStepPropertyList),
      ("{\"A\": [\"x\"]}", .json), ("{}", .json), ("[\"x\"]", .json),
      ("{\"" + String(repeating: "k", count: 100_000) + "\": []}", .json),
      ("{\"" + String(repeating: "k", count: 30_000) + "\" = (x);}", .openStepPropertyList),
      ("name,age\nAnn,3\n", .csv), ("\"Smith, Ann\"\n", .csv),
      ("Ann\nBob\n", .text), ("A = B\n", .text), ("http://x.org/a\n", .text),
    ]
    for (text, format) in cases {
      let file = FileReader(bytes: Array(text.utf8), source: "t")
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      let sniffed = try FormatSniffer.sniff(file, chunk: &chunk, progress: nil)
      #expect(sniffed.format == format, "\(text.prefix(40))")
    }
  }

  @Test(
    "the same list whatever the chunk boundaries",
    arguments: [1, 2, 3, 5, 8])
  func chunkBoundaries(chunkSize: Int) throws {
    let text =
      "\u{FEFF}// c\n{ \"Å\" = (\"é\\U00e9\", 'x', '', /* * */ a.b, \"\\Ud83d\\Ude00\");\u{2028}"
      + "B = (Bo\u{2029}, \"\\101\");\r\n}"
    let whole = try OpenStepPlistReader.read(bytes: Array(text.utf8), source: "t")
    let input = ListInput(
      file: FileReader(bytes: Array(text.utf8), source: "t"), prefix: [], droppedLines: 0,
      progress: nil)
    let chunked = try OpenStepPlistReader.read(input, chunkSize: chunkSize)
    #expect(chunked.titles == ["Å", "B"])
    #expect(chunked.titles == whole.titles)
    let names = (0..<chunked.names.count).map { chunked.names[$0] }
    #expect(names == ["éé", "x", "", "a.b", "😀", "Bo", "A"])
    #expect(names == (0..<whole.names.count).map { whole.names[$0] })
  }
}
