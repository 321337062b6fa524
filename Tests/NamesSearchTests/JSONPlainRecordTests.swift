import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The fast path that reads a record's name in place when records are not kept
/// (`JSONParser.recordName(depth:keeping:)`) and the eight-bytes-at-a-time string scan under
/// it and under every string the parser reads (`JSONParser.plainRunEnd(from:)`), at the
/// places a word-at-a-time scan and a byte-compared key can go wrong: quotes, escapes,
/// control characters and letters of 2 to 4 UTF-8 bytes on each side of an 8-byte
/// boundary; keys that share a prefix or a length with the name's key; keys written twice;
/// nested values; numbers and literals.
///
/// Expected values are worked out by hand from how each document is built (the name put
/// in, the column of the byte put in), the scan is checked against a byte-by-byte scan, and
/// names that hold escapes or letters are checked against Foundation's `JSONSerialization`.
/// The fast path must also be taken where it can be (a name answered, not `nil`): the
/// slower path it falls back to gives the same names, so only that tells it works.
@Suite("JSON plain records")
struct JSONPlainRecordTests {
  /// What `recordName` answers for the record at the start of `document` with the name's
  /// key `key`: the name as a `String`, or `nil` when it falls back, and the offset it
  /// leaves; or the error's message.
  static func plainName(_ document: String, key: String = "name") -> (
    name: String?, offset: Int
  )? {
    plainName(Array(document.utf8), key: key)
  }

  static func plainName(_ document: [UInt8], key: String = "name") -> (
    name: String?, offset: Int
  )? {
    let padded = document + [0]
    let filter = RecordKeyFilter(RecordFields(name: RecordKeyPath(key)))
    return padded.withUnsafeBufferPointer { buffer -> (name: String?, offset: Int)? in
      var parser = JSONParser(buffer: buffer, source: "l.json", firstLine: 1)
      let name: UnsafeBufferPointer<UInt8>?
      do throws(LoadError) {
        name = try parser.recordName(depth: 2, keeping: filter)
      } catch {
        return nil
      }
      return (name.map { String(decoding: $0, as: UTF8.self) }, parser.offset)
    }
  }

  /// The error `recordName` throws for the record at the start of `document`, or "none".
  static func plainError(_ document: String) -> String {
    let padded = Array(document.utf8) + [0]
    let filter = RecordKeyFilter(RecordFields(name: RecordKeyPath("name")))
    return padded.withUnsafeBufferPointer { buffer -> String in
      var parser = JSONParser(buffer: buffer, source: "l.json", firstLine: 1)
      do throws(LoadError) {
        _ = try parser.recordName(depth: 2, keeping: filter)
        return "none"
      } catch {
        return error.description
      }
    }
  }

  /// The start of each list `names` reads: the first record is always read whole (its keys
  /// name a misspelt field), so the records after it take the fast path.
  static let listStart = Array(#"[{"name": "Ann"}, "#.utf8)

  /// The names, sorted, that the list of `listStart` and `records` (records separated by
  /// commas) reads to with records not kept, or the error.
  static func names(_ records: [UInt8], key: String = "name") -> Result<[String], LoadError> {
    let padded = listStart + records + Array("]".utf8) + [0]
    return Result { () throws(LoadError) -> [String] in
      try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
        let sections = try JSONReader.read(
          buffer, source: "l.json", fields: RecordFields(name: RecordKeyPath(key)),
          keepsRecords: false)
        return (0..<sections.names.count).map { sections.names[$0] }.sorted()
      }
    }
  }

  /// The name Foundation's `JSONSerialization` reads from the record `document`.
  static func foundationName(_ document: [UInt8]) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(document))
    return (object as? [String: Any])?["name"] as? String
  }

  @Test("the eight-byte scan stops where a byte-by-byte scan stops, at every alignment")
  func runEndMatchesByteScan() {
    var generator = SeededGenerator(seed: 11)
    // Mostly letters, with each kind of stop and near-stop: quote, backslash, controls,
    // the sentinel's zero, 0x1F/0x20 and 0x7F/0x80 edges, and bytes of UTF-8 letters.
    let alphabet: [UInt8] =
      Array("abcdefghijklmnopqrstuvwxyz".utf8)
      + [0x22, 0x5C, 0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80]
      + [0xA2, 0xC3, 0xA9, 0xDC, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0xFF, 0xA0]
    var checked = 0
    for _ in 0..<4000 {
      let length = Int.random(in: 0...40, using: &generator)
      let stopRate = Int.random(in: 1...12, using: &generator)
      var bytes: [UInt8] = (0..<length).map { _ in
        Int.random(in: 0..<stopRate, using: &generator) == 0
          ? alphabet.randomElement(using: &generator)!
          : UInt8.random(in: UInt8(ascii: "a")...UInt8(ascii: "z"), using: &generator)
      }
      bytes.append(0)
      bytes.withUnsafeBufferPointer { buffer in
        let parser = JSONParser(buffer: buffer, source: "l.json", firstLine: 1)
        for from in 0..<buffer.count {
          var expected = from
          while true {
            let byte = buffer[expected]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
            expected += 1
          }
          #expect(parser.plainRunEnd(from: from) == expected, "\(bytes) from \(from)")
          checked += 1
        }
      }
    }
    #expect(checked > 80_000)
  }

  @Test("a UTF-8 sequence's end, the two-byte ones checked inline, as the standard library's")
  func sequenceEnds() {
    let seconds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    let laters: [UInt8] = [0x00, 0x41, 0x80, 0xBF, 0xC0]
    var accepted = 0
    for lead in UInt8(0x80)...0xFF {
      for second in seconds {
        for third in laters {
          for fourth in laters {
            let sequence = [lead, second, third, fourth]
            // The reference: the length of the prefix Swift reads as exactly one scalar.
            let expected = (2...4).first { length in
              guard let text = String(validating: sequence[..<length], as: UTF8.self) else {
                return false
              }
              return text.unicodeScalars.count == 1
            }
            let buffer = sequence + [0x61, 0]
            let got = buffer.withUnsafeBufferPointer { buffer in
              JSONParser(buffer: buffer, source: "l.json", firstLine: 1).utf8End(at: 0)
            }
            #expect(got == expected, "\(sequence)")
            if got != nil { accepted += 1 }
          }
        }
      }
    }
    // By hand: C2...DF (30 leads) with 6 of the second bytes, whatever follows, and more.
    #expect(accepted > 30 * 6 * 25)
  }

  @Test("a letter, an escape or a control character on each side of an 8-byte boundary")
  func boundaries() {
    // Each insert, what the name decodes to, and whether the name is read in place.
    let letters: [(insert: [UInt8], decoded: String)] = [
      (Array("é".utf8), "é"), (Array("€".utf8), "€"), (Array("😀".utf8), "😀"),
      ([0x7F], "\u{7F}"), (Array("'/".utf8), "'/"),
    ]
    let escapes: [(insert: [UInt8], decoded: String)] = [
      (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\u00e9"#.utf8), "é"),
      (Array(#"\ud83d\ude00"#.utf8), "😀"), (Array(#"\/"#.utf8), "/"),
    ]
    // Bytes no string may hold, and the message's end for each.
    let refused: [(insert: [UInt8], what: String)] = [
      ([0x01], "control character U+0001 in a string"),
      ([0x09], "control character U+0009 in a string"),
      ([0x1F], "control character U+001F in a string"),
      ([0xFF], "bytes that are not UTF-8 (byte 0xFF)"),
      ([0xC3, 0x41], "bytes that are not UTF-8 (byte 0xC3)"),
      ([0xED, 0xA0, 0x80], "bytes that are not UTF-8 (byte 0xED)"),
      ([0xF0, 0x9F, 0x98], "bytes that are not UTF-8 (byte 0xF0)"),
    ]
    var readInPlace = 0
    for pad in 0..<8 {
      for before in 0..<18 {
        let head =
          Array(#"{"id": 7,"#.utf8) + Array(repeating: 0x20, count: pad)
          + Array(#""name": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: before)
        let tail = Array(#"bc"}"#.utf8)
        let prefix = String(repeating: "a", count: before)
        for (insert, decoded) in letters {
          let record = head + insert + tail
          let result = Self.plainName(record)
          #expect(
            result?.name == prefix + decoded + "bc" && result?.offset == record.count,
            "\(pad) \(before) \(decoded)")
          #expect(Self.foundationName(record) == prefix + decoded + "bc")
          if result?.name != nil { readInPlace += 1 }
          // The same bytes in a key read in place too.
          let keyed =
            Array(#"{""#.utf8) + Array(repeating: UInt8(ascii: "k"), count: before)
            + insert + Array(repeating: 0x20, count: pad) + Array(#"": 1, "name": "Bo"}"#.utf8)
          #expect(Self.plainName(keyed)?.name == "Bo", "key \(pad) \(before) \(decoded)")
        }
        for (insert, decoded) in escapes {
          let record = head + insert + tail
          // Not in place (the name is decoded by the record path), and nothing moved.
          let result = Self.plainName(record)
          #expect(result != nil && result?.name == nil && result?.offset == 0)
          #expect(
            (try? Self.names(record).get()) == ["Ann", prefix + decoded + "bc"].sorted(),
            "\(pad) \(before) \(decoded)")
          #expect(Self.foundationName(record) == prefix + decoded + "bc")
        }
        for (insert, what) in refused {
          let record = head + insert + tail
          let result = Self.plainName(record)
          #expect(result != nil && result?.name == nil && result?.offset == 0)
          // In the list, the bad byte is one column after the list's start and the head
          // (all ASCII).
          let message: String
          switch Self.names(record) {
          case .success: message = "read"
          case .failure(let error): message = error.description
          }
          #expect(
            message.hasPrefix(
              "l.json: not valid JSON: line 1, column \(Self.listStart.count + head.count + 1): \(what)"
            ),
            "\(pad) \(before) \(message)")
        }
      }
    }
    #expect(readInPlace == 8 * 18 * letters.count)
  }

  @Test("keys that share a prefix or a length with the name's key are other keys")
  func similarKeys() {
    let document =
      #"{"nam": "A", "names": "B", "name2": "C", "Name": "D", "namf": "E", "xame": "F","#
      + #" "nameé": "G", "": "H", "name": "Eve", "n": "I"}"#
    #expect(Self.plainName(document)?.name == "Eve")
    #expect(Self.plainName(document)?.offset == document.utf8.count)
    #expect(Self.plainName(document, key: "nam")?.name == "A")
    #expect(Self.plainName(document, key: "namf")?.name == "E")
    #expect(Self.plainName(document, key: "nameé")?.name == "G")
    // No key selected: the record path decides (here: the name is missing).
    let missing = Self.plainName(document, key: "nme")
    #expect(missing != nil && missing?.name == nil && missing?.offset == 0)
    // KELVIN SIGN is "K" by canonical equivalence, as `RecordValue.value(at:)` decides.
    #expect(Self.plainName(#"{"id": 1, "\#u{212A}ey": "Ann"}"#, key: "Key")?.name == "Ann")
  }

  @Test("keys written twice fall back to the record path, which names both places")
  func duplicateKeys() {
    // Same length, different bytes: not written twice, read in place.
    #expect(Self.plainName(#"{"ab": 1, "ac": 2, "ba": 3, "name": "Bo", "bb": 4}"#)?.name == "Bo")
    // Twice, before and after the name, and the name itself.
    for document in [
      #"{"id": 1, "name": "Bo", "id": 2}"#, #"{"name": "Bo", "name": "Cy"}"#,
      #"{"id": 1, "id": 1, "name": "Bo"}"#,
    ] {
      let result = Self.plainName(document)
      #expect(result != nil && result?.name == nil && result?.offset == 0, "\(document)")
    }
    let message: String
    switch Self.names(Array(#"{"id": 1, "name": "Bo", "id": 2}"#.utf8)) {
    case .success: message = "read"
    case .failure(let error): message = error.description
    }
    #expect(
      message
        == #"l.json: not valid JSON: line 1, column 43: the key "id" appears twice in one object (first at line 1, column 20)"#
    )
    // Twelve keys are compared in place; more go to the record path, which still reads them.
    let eleven = (1...11).map { #""k\#($0)": \#($0), "# }.joined()
    #expect(Self.plainName("{" + eleven + #""name": "Bo"}"#)?.name == "Bo")
    let twelve = eleven + #""k12": 12, "#
    #expect(Self.plainName("{" + twelve + #""name": "Bo"}"#)?.name == nil)
    #expect(
      (try? Self.names(Array(("{" + twelve + #""name": "Bo"}"#).utf8)).get()) == ["Ann", "Bo"])
  }

  @Test("nested values are checked and skipped, their keys not the record's")
  func nestedValues() {
    let document =
      #"{"a": {"name": "X", "b": [1, {"name": "Y"}, "\"q\""]}, "name": "Ann","#
      + #" "c": [[], {}], "d": "é\n"}"#
    #expect(Self.plainName(document)?.name == "Ann")
    #expect(Self.plainName(document)?.offset == document.utf8.count)
    // An error in a nested value is the record's error, at its place.
    #expect(
      Self.plainError(#"{"a": [1,], "name": "Ann"}"#)
        == "l.json: not valid JSON: line 1, column 9: a trailing comma before ']'")
    #expect(
      Self.plainError(#"{"name": "Ann", "a": {"b": 1, "b": 2}}"#)
        == #"l.json: not valid JSON: line 1, column 31: the key "b" appears twice in one object (first at line 1, column 23)"#
    )
  }

  @Test("numbers and literals are stepped over; a malformed value throws the record's error")
  func numbersAndLiterals() {
    let good =
      #"{"a": 0, "b": -0.5e+10, "c": 12E3, "d": 1.25, "e": true, "f": false, "g": null,"#
      + #" "name": "Ann", "h": -7}"#
    #expect(Self.plainName(good)?.name == "Ann")
    #expect(Self.plainName(good)?.offset == good.utf8.count)
    // By hand: the value starts at column 7.
    let refused = [
      ("01", "line 1, column 7: a number with a leading zero"),
      ("1.", "line 1, column 9: expected a digit after '.', found ','"),
      ("-", "line 1, column 8: expected a digit after '-', found ','"),
      ("1e+", "line 1, column 10: expected a digit in the exponent, found ','"),
      (".5", "line 1, column 7: expected a value, found '.'"),
      ("tru", "line 1, column 7: expected a value, found the word 'tru'"),
      ("truex", "line 1, column 7: expected a value, found the word 'truex'"),
      ("'a'", "line 1, column 7: expected a value, found '''"),
      ("nullx", "line 1, column 7: expected a value, found the word 'nullx'"),
    ]
    for (value, expected) in refused {
      let document = #"{"a": \#(value), "name": "Ann"}"#
      #expect(Self.plainError(document) == "l.json: not valid JSON: " + expected, "\(value)")
    }
    // Malformed after a good value: the record path finds it.
    for value in ["1 2", "true false", "null]"] {
      let document = #"{"a": \#(value), "name": "Ann"}"#
      let result = Self.plainName(document)
      #expect(result != nil && result?.name == nil && result?.offset == 0, "\(value)")
      #expect((try? Self.names(Array(document.utf8)).get()) == nil, "\(value)")
    }
  }
}
