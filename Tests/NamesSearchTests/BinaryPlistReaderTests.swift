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
}
