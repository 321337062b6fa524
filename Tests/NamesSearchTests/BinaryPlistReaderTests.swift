import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The direct binary reader against Foundation's parser, on lists Foundation writes.
@Suite("BinaryPlistReader")
struct BinaryPlistReaderTests {
  @Test("generated lists read the same as Foundation reads them", arguments: 0..<10)
  func generated(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var object: [String: [String]] = [:]
    let pieces =
      RandomList.pieces + [
        "😀", "𝔘", "\u{0}", "\u{1B}", "long name " + String(repeating: "x", count: 40),
      ]
    for s in 0..<Int.random(in: 1...20, using: &random) {
      object["T\(s)\(pieces.randomElement(using: &random)!)"] =
        (0..<Int.random(in: 0...40, using: &random)).map { _ in
          (0..<Int.random(in: 0...4, using: &random)).map { _ in
            pieces.randomElement(using: &random)!
          }.joined()
        }
    }
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let expected = try FoundationReference.catalog(fromPropertyList: data, source: "b").sections
    let reader = FileReader(bytes: Array(data), source: "b")
    let actual = try CatalogLoader.load(from: reader).sections
    #expect(actual.map(\.title) == expected.map(\.title))
    #expect(
      actual.map { $0.names.map { Array($0.unicodeScalars) } }
        == expected.map { $0.names.map { Array($0.unicodeScalars) } })
  }

  /// UTF-16 strings are transcoded by hand: against the standard library's own decoder
  /// (`String(validating:as: UTF16.self)`), on units at the edges of each UTF-8 length and
  /// surrogates alone, paired and reversed.
  @Test("UTF-16 titles transcode as the standard library decodes them, or are refused")
  func utf16() {
    var random = SeededGenerator(seed: 16)
    let edges: [UInt16] = [
      0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E2D, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF,
      0xE000, 0xFFFD, 0xFFFF,
    ]
    for _ in 0..<2000 {
      var units = [UInt16(0x41)]
      for _ in 0..<Int.random(in: 0...13, using: &random) {
        units.append(edges.randomElement(using: &random)!)
      }
      let outcome: String
      do {
        outcome = try CatalogLoader.load(
          from: FileReader(bytes: SectionTitlesTests.binary(titleUnits: [units]), source: "b")
        ).sections.map(\.title).joined()
      } catch {
        outcome = "\(error)"
      }
      if let expected = String(validating: units, as: UTF16.self) {
        #expect(Array(outcome.unicodeScalars) == Array(expected.unicodeScalars), "\(units)")
      } else {
        #expect(outcome.contains("is not valid UTF-16"), "\(units): \(outcome)")
      }
    }
  }
}
