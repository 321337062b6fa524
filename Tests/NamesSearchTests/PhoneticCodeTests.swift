import Foundation
import Testing

@testable import NamesSearch

/// The sounds-like codes (issue 13) against PyPI's Metaphone 0.6 (Double Metaphone) and
/// abydos 0.5.0 (Daitch–Mokotoff Soundex), `Tests/Fixtures/phonetics/codes.tsv` made by
/// `Scripts/make-phonetic-reference.py`: every word of the fixtures' names and a seeded
/// random set built from the letter groups the rules read.
@Suite("Phonetic codes")
struct PhoneticCodeTests {
  /// The table's rows: word, primary, alternate, Daitch–Mokotoff codes (a space in a
  /// code written "_").
  static func rows() throws -> [[Substring]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/phonetics/codes.tsv")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
  }

  @Test("Double Metaphone equals Metaphone 0.6's codes on every word of the table")
  func doubleMetaphone() throws {
    let rows = try Self.rows()
    #expect(rows.count > 12_000)
    var disagreements: [String] = []
    for fields in rows {
      try #require(fields.count == 4, "\(fields)")
      let codes = DoubleMetaphone.codes(of: fields[0])
      let expected = DoubleMetaphone.Codes(
        primary: fields[1].replacingOccurrences(of: "_", with: " "),
        alternate: fields[2].replacingOccurrences(of: "_", with: " "))
      if codes != expected {
        disagreements.append("\(fields[0]): \(codes) for \(expected)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10))")
  }

  @Test("Daitch–Mokotoff equals abydos's codes on every word of the table")
  func daitchMokotoff() throws {
    var disagreements: [String] = []
    for fields in try Self.rows() {
      let expected = fields[3].split(separator: " ").map(String.init)
      let codes = DaitchMokotoff.codes(of: fields[0])
      if codes != expected { disagreements.append("\(fields[0]): \(codes) for \(expected)") }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(10))")
  }

  @Test("the issue's pairs share a code: katherine, jon, mohammed, schwarz")
  func issuePairs() {
    func metaphone(_ word: String) -> Set<String> {
      let codes = DoubleMetaphone.codes(of: word)
      return Set([codes.primary, codes.alternate].filter { !$0.isEmpty })
    }
    #expect(metaphone("katherine") == ["K0RN", "KTRN"])
    #expect(!metaphone("catherine").isDisjoint(with: metaphone("katherine")))
    #expect(!metaphone("kathryn").isDisjoint(with: metaphone("katherine")))
    #expect(!metaphone("john").isDisjoint(with: metaphone("jon")))
    #expect(metaphone("mohammed") == metaphone("muhammad"))
    // By hand from Mokotoff's table: SCH 4, W 7 (before a vowel), A -, R 9, Z 4; SH 4,
    // V 7, A -, R 9, TS 4.
    #expect(DaitchMokotoff.codes(of: "Shvarts") == ["479400"])
    #expect(DaitchMokotoff.codes(of: "schwarz").contains("479400"))
    // MN keeps both sixes; a doubled letter is one digit; C is 5 or 4.
    #expect(DaitchMokotoff.codes(of: "Amnon") == ["066600"])
    #expect(DaitchMokotoff.codes(of: "Anna") == ["060000"])
    #expect(DaitchMokotoff.codes(of: "Cohen") == ["456000", "556000"])
  }

  @Test("long words full of letters with two codes: abydos's codes, merged as they grow")
  func longWords() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/phonetics/long-words.tsv")
    let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
    #expect(rows.count == 40)
    for row in rows {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      let expected = fields[1].split(separator: " ").map(String.init)
      #expect(DaitchMokotoff.codes(of: fields[0]) == expected, "\(fields[0].prefix(40))…")
    }
  }

  @Test("a long word of letters with two codes each stays a few codes, fast")
  func branchingIsBounded() {
    // Each C is 5 or 4: the codes alternate the two from either, one to six digits
    // (abydos gives the same twelve for 14 C's, by its 16,384 branches).
    let word = String(repeating: "c", count: 10_000)
    #expect(
      DaitchMokotoff.codes(of: word) == [
        "400000", "450000", "454000", "454500", "454540", "454545", "500000", "540000",
        "545000", "545400", "545450", "545454",
      ])
    #expect(DoubleMetaphone.codes(of: word).primary.count < 10_000)
  }
}
