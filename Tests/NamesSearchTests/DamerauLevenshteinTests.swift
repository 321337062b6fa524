import Foundation
import Testing

@testable import NamesSearch

/// The typo distance (issue 13) against PyPI's jellyfish and rapidfuzz
/// (`Tests/Fixtures/typos/damerau-levenshtein.tsv`, `Scripts/make-damerau-levenshtein-reference.py`):
/// every word of the international fixtures with a corrupted copy and another word, and
/// random strings where swaps overlap other edits.
@Suite("Damerau–Levenshtein distance")
struct DamerauLevenshteinTests {
  static func scalars(_ text: Substring) -> [UInt32] { text.unicodeScalars.map(\.value) }

  @Test("equals jellyfish's and rapidfuzz's distance on every pair of the table")
  func reference() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/typos/damerau-levenshtein.tsv")
    let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
    #expect(rows.count > 10_000)
    var disagreements: [String] = []
    for row in rows {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      let expected = try #require(fields.count == 3 ? Int(fields[2]) : nil, "\(row)")
      let (a, b) = (Self.scalars(fields[0]), Self.scalars(fields[1]))
      if DamerauLevenshtein.distance(a, b) != expected { disagreements.append(String(row)) }
      for limit in 0...3 where DamerauLevenshtein.isWithin(limit, a, b) != (expected <= limit) {
        disagreements.append("\(row) within \(limit)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }

  @Test("by hand: a swap is one edit, and a swapped pair may be edited again")
  func byHand() {
    func d(_ a: String, _ b: String) -> Int {
      DamerauLevenshtein.distance(Self.scalars(a[...]), Self.scalars(b[...]))
    }
    #expect(d("jonh", "john") == 1)
    #expect(d("jonhson", "johnson") == 1)
    #expect(d("katherine", "catherine") == 1)
    // Unrestricted: "ca" → "ac" → "abc"; the optimal string alignment distance is 3.
    #expect(d("ca", "abc") == 2)
    #expect(d("", "ann") == 3)
    #expect(d("张伟", "伟张") == 1)
  }
}
