import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `CSVParser` cut at every byte, against Python's `csv` module (a committed table made by
/// `Scripts/make-csv-boundary-reference.py`): plain rows are read in place, their special
/// bytes found 8 at a time, and the rest byte by byte, so every word and chunk boundary
/// must fall between the two paths without changing a field or a line.
@Suite("CSVParser boundaries")
struct CSVParserBoundaryTests {
  /// The rows parsed from `bytes`, handed to the parser in pieces cut at `cuts` (ascending
  /// offsets), each piece copied to its own buffer so that nothing is read past it.
  static func rows(_ bytes: [UInt8], cuts: [Int]) throws(LoadError)
    -> [(line: Int, fields: [String])]
  {
    var parser = CSVParser(source: "t.csv")
    var rows: [(line: Int, fields: [String])] = []
    let take = { (row: CSVParser.Row) throws(LoadError) in
      rows.append((row.line, (0..<row.count).map { String(decoding: row[$0], as: UTF8.self) }))
    }
    let bounds = [0] + cuts + [bytes.count]
    for (start, end) in zip(bounds, bounds.dropFirst()) {
      let piece = Array(bytes[start..<end])
      try piece.withUnsafeBufferPointer { (piece) throws(LoadError) in
        try parser.parse(piece, take)
      }
    }
    try parser.finish(take)
    return rows
  }

  static let cases: [(input: [UInt8], rows: [[String]], lines: [Int])] = {
    let url = TestPaths.file("Tests/Fixtures/csv/python-csv-boundaries.jsonl")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let input = object["input"] as? String, let rows = object["rows"] as? [[String]],
        let lines = object["lines"] as? [Int]
      else { return nil }
      return (Array(input.utf8), rows, lines)
    }
  }()

  @Test("every input splits into Python's fields and lines, cut into two at every byte")
  func everyCut() throws {
    #expect(Self.cases.count == 300)
    for (input, rows, lines) in Self.cases {
      for cut in 0...input.count {
        let got = try Self.rows(input, cuts: [cut])
        #expect(
          got.map(\.fields) == rows && got.map(\.line) == lines,
          "input \(String(decoding: input, as: UTF8.self).debugDescription), cut at \(cut)")
      }
    }
  }

  @Test("every input splits into Python's fields and lines in chunks of 1 to 17 bytes")
  func everyChunkSize() throws {
    for (input, rows, lines) in Self.cases {
      for size in 1...17 {
        let got = try Self.rows(input, cuts: Array(stride(from: size, to: input.count, by: size)))
        #expect(
          got.map(\.fields) == rows && got.map(\.line) == lines,
          "input \(String(decoding: input, as: UTF8.self).debugDescription), chunks of \(size)")
      }
    }
  }

  @Test("plain rows of many fields, quoted or not, at every word offset (by hand)")
  func manyFields() throws {
    // 40 fields "f0"... "f39" in one row (more than the 16 the parser first makes room
    // for), every third quoted, each row shifted one byte further than the last.
    var text = ""
    var expected: [[String]] = []
    for shift in 0..<9 {
      let plain = (0..<40).map { "f\($0)" + String(repeating: "x", count: shift) }
      let written = plain.indices.map { $0 % 3 == 0 ? "\"\(plain[$0]),\r\"" : plain[$0] }
      text += written.joined(separator: ",") + (shift % 2 == 0 ? "\r\n" : "\n")
      expected.append(plain.indices.map { $0 % 3 == 0 ? plain[$0] + ",\r" : plain[$0] })
    }
    let got = try Self.rows(Array(text.utf8), cuts: [])
    #expect(got.map(\.fields) == expected)
    #expect(got.map(\.line) == Array(1...9))
  }

  @Test("what a plain row may not hold leaves it to the state machine, errors and all")
  func notPlain() {
    let prefix = "t.csv: not valid CSV: "
    let cases: [(String, String)] = [
      (
        "a,b\nc,dd\"d\ne,f\n",
        "line 2: a quote inside a field that does not start with one"
          + " (quote the whole field and write the quote twice)"
      ),
      (
        "a,b\nc,\"dddddddd\"x\ne,f\n",
        "line 2: text after the closing quote of a quoted field"
          + " (a quote inside one is written twice)"
      ),
      (
        "a,b\nc,\"dddddddd\" \ne,f\n",
        "line 2: text after the closing quote of a quoted field"
          + " (a quote inside one is written twice)"
      ),
      ("a,b\nc,ddddddd\rd\ne,f\n", "line 2: a carriage return not followed by a line feed"),
      ("a,b\nc,\"ddddddd\"\rx\ne,f\n", "line 2: a carriage return not followed by a line feed"),
      ("a,b\nc,d\ne,\"f\ng\nh", "line 3: a quoted field never ends"),
    ]
    for (input, message) in cases {
      var got: String?
      do { _ = try Self.rows(Array(input.utf8), cuts: []) } catch { got = error.description }
      #expect(got == prefix + message, "\(input.debugDescription)")
    }
  }
}
