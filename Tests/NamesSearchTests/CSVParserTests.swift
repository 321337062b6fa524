import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `CSVParser` against Python's `csv` module (a committed table made by
/// `Scripts/make-csv-reference.py`) and against cases worked out by hand from RFC 4180.
@Suite("CSVParser")
struct CSVParserTests {
  /// The rows parsed from `bytes`, given to the parser `chunk` bytes at a time.
  static func rows(_ bytes: [UInt8], chunk: Int = .max, firstLine: Int = 1) throws(LoadError)
    -> [(line: Int, fields: [String])]
  {
    var parser = CSVParser(source: "t.csv", firstLine: firstLine)
    var rows: [(line: Int, fields: [String])] = []
    let take = { (row: CSVParser.Row) throws(LoadError) in
      rows.append((row.line, (0..<row.count).map { String(decoding: row[$0], as: UTF8.self) }))
    }
    try bytes.withUnsafeBufferPointer { (all) throws(LoadError) in
      for start in stride(from: 0, to: all.count, by: min(chunk, max(all.count, 1))) {
        let piece = all[start..<min(start + min(chunk, all.count), all.count)]
        try parser.parse(UnsafeBufferPointer(rebasing: piece), take)
      }
    }
    try parser.finish(take)
    return rows
  }

  static func fields(_ text: String, chunk: Int = .max) throws(LoadError) -> [[String]] {
    try rows(Array(text.utf8), chunk: chunk).map(\.fields)
  }

  static func error(_ bytes: [UInt8], firstLine: Int = 1) -> String? {
    do {
      _ = try rows(bytes, firstLine: firstLine)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("every input of Python's csv table splits into the same fields, however it is cut")
  func pythonReference() throws {
    let url = TestPaths.file("Tests/Fixtures/csv/python-csv-reference.jsonl")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 400)
    var quoted = 0
    for line in lines {
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let input = try #require(object["input"] as? String)
      let expected = try #require(object["rows"] as? [[String]])
      if input.contains("\"") { quoted += 1 }
      for chunk in [Int.max, 1, 2, 3, 7] {
        let got = try Self.fields(input, chunk: chunk)
        #expect(got == expected, "input \(input.debugDescription), chunks of \(chunk)")
      }
    }
    #expect(quoted > 200, "most cases quote fields")
  }

  @Test("RFC 4180 cases worked out by hand")
  func byHand() throws {
    let cases: [(String, [[String]])] = [
      ("a,b\r\nc,d", [["a", "b"], ["c", "d"]]),
      ("a,b\nc,d\n", [["a", "b"], ["c", "d"]]),
      ("\"a,b\",\"c\"\"d\"\n", [["a,b", "c\"d"]]),
      ("\"x\r\ny\",z\r\n", [["x\r\ny", "z"]]),
      (",\n", [["", ""]]),
      ("\"\"\n", [[""]]),
      ("a,\n", [["a", ""]]),
      ("\"\"\"\"", [["\""]]),
      ("\n\n  \n\t\na\n", [["a"]]),
      (" a , b ", [[" a ", " b "]]),
      ("é,\u{FEFF}x\n", [["é", "\u{FEFF}x"]]),
      ("", []),
    ]
    for (input, expected) in cases {
      for chunk in [Int.max, 1] {
        #expect(try Self.fields(input, chunk: chunk) == expected, "\(input.debugDescription)")
      }
    }
  }

  @Test("each row knows the line it begins on, after multi-line fields and blank lines")
  func lines() throws {
    let rows = try Self.rows(
      Array("h\n\"a\nb\nc\"\n\nd\r\ne".utf8), firstLine: 3)
    #expect(rows.map(\.line) == [3, 4, 8, 9])
    #expect(rows.map(\.fields) == [["h"], ["a\nb\nc"], ["d"], ["e"]])
  }

  @Test("broken CSV is one error naming the line")
  func errors() {
    let prefix = "t.csv: not valid CSV: "
    let cases: [([UInt8], Int, String)] = [
      (Array("a,\"b".utf8), 1, "line 1: a quoted field never ends"),
      (Array("a\n\"b\nc\nd".utf8), 1, "line 2: a quoted field never ends"),
      (Array("a\n\"b\nc\nd".utf8), 5, "line 6: a quoted field never ends"),
      (
        Array("h\nab\"c\n".utf8), 1,
        "line 2: a quote inside a field that does not start with one"
          + " (quote the whole field and write the quote twice)"
      ),
      (
        Array("\"a\nb\"c,d\n".utf8), 1,
        "line 2: text after the closing quote of a quoted field"
          + " (a quote inside one is written twice)"
      ),
      (
        Array("\"a\" ,b".utf8), 1,
        "line 1: text after the closing quote of a quoted field"
          + " (a quote inside one is written twice)"
      ),
      (Array("a\rb\n".utf8), 1, "line 1: a carriage return not followed by a line feed"),
      (Array("a\nb\r".utf8), 1, "line 2: a carriage return not followed by a line feed"),
      ([0x61, 0x0A, 0x62, 0x00], 1, "line 2: a zero byte (the file is not text)"),
      ([0x22, 0x0A, 0x00, 0x22], 1, "line 2: a zero byte (the file is not text)"),
    ]
    for (input, firstLine, message) in cases {
      #expect(Self.error(input, firstLine: firstLine) == prefix + message, "\(input)")
    }
  }
}
