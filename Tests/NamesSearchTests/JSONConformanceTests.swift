import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The JSON parser against Python's `json` module made as strict as RFC 8259: every
/// document of `Tests/Fixtures/json/conformance.tsv` (written once by
/// `Scripts/make-json-conformance.py`) is accepted or refused as Python decided, and an
/// accepted one decodes to the same value.
@Suite("JSON conformance")
struct JSONConformanceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var accepted: Bool
    var value: String
    var testDescription: String { name }
  }

  static let cases: [Case] = {
    let url = TestPaths.file("Tests/Fixtures/json/conformance.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("#") { return nil }
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count == 4 else { return nil }
      var bytes: [UInt8] = []
      let hex = Array(columns[1].utf8)
      var i = 0
      while i + 1 < hex.count {
        bytes.append(UInt8(String(decoding: hex[i...i + 1], as: UTF8.self), radix: 16)!)
        i += 2
      }
      return Case(
        name: String(columns[0]), bytes: bytes, accepted: columns[2] == "accept",
        value: String(columns[3]))
    }
  }()

  @Test("the table is there and holds both verdicts")
  func tableLoads() {
    #expect(Self.cases.count >= 300)
    #expect(Self.cases.contains { $0.accepted })
    #expect(Self.cases.contains { !$0.accepted })
  }

  @Test("each document is accepted or refused as Python's json decided", arguments: cases)
  func verdict(_ testCase: Case) {
    do {
      let value = try JSONReader.value(of: testCase.bytes, source: "c.json")
      #expect(testCase.accepted, "accepted, Python refused")
      var json: [UInt8] = []
      value.appendJSON(to: &json)
      #expect(String(decoding: json, as: UTF8.self) == testCase.value)
    } catch {
      #expect(!testCase.accepted, "refused, Python accepted: \(error)")
      guard case .invalid(.json, let why) = error.reason else {
        Issue.record("not a JSON syntax error: \(error)")
        return
      }
      #expect(why.hasPrefix("line "), "\(why)")
    }
  }

  @Test("a refused document that is a list's shape is refused by the list reader too")
  func listReaderAgrees() throws {
    for testCase in Self.cases where !testCase.accepted {
      guard let first = testCase.bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
        first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
      else { continue }
      let padded = testCase.bytes + [0]
      #expect(throws: LoadError.self, "\(testCase.name)") {
        try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
          _ = try JSONReader.read(buffer, source: "c.json")
        }
      }
    }
  }
}
