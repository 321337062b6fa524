import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Seeded differential test: the folded-key matcher against Foundation's
/// `range(of:options: [.caseInsensitive, .diacriticInsensitive])`, the `CONTAINS[cd]`
/// reference, over thousands of random names and terms, ASCII and not.
///
/// The alphabet leaves out the documented differences (see `DiacriticDifferentialTests`,
/// which goes through every mark of every script): characters whose case folding expands
/// to several letters (ß, ligatures), where we also find a term that stops inside the
/// expansion, and decomposed kana, which Foundation strips only when decomposed. It has
/// marks of Arabic, Hebrew and Persian (with ZERO WIDTH NON-JOINER), which both ignore.
@Suite("Differential test against Foundation")
struct FoundationDifferentialTests {
  static let characters: [String] = [
    "a", "b", "e", "n", "o", "s", "u", "A", "B", "E", "N", "O", "S", "U", " ", "-", "'",
    "é", "É", "è", "ñ", "Ñ", "ü", "Ü", "ö", "Å", "å", "ç", "Ç", "ø", "Ø", "æ", "ł", "ő", "ș",
    "e\u{301}", "u\u{308}", "A\u{30A}", "n\u{303}", "E\u{301}",
    "Σ", "σ", "ς", "ά", "Ά", "ι", "Ё", "ё", "Й", "й", "Ж", "ж", "İ", "ı",
    "张", "伟", "王", "김", "민", "수", "が", "か",
    "م", "ح", "د", "ا", "مُ", "حَ", "مَّ", "دْ", "أ", "آ", "ש", "שָׁ", "ל", "וֹ", "ם",
    "ی\u{200C}", "ر", "ض",
  ]

  static func randomText(length: ClosedRange<Int>, using random: inout SeededGenerator) -> String {
    (0..<Int.random(in: length, using: &random)).map { _ in
      characters.randomElement(using: &random)!
    }.joined()
  }

  @Test("same answer as Foundation for random names and terms", arguments: 0..<8)
  func agreesWithFoundation(batch: UInt64) {
    var random = SeededGenerator(seed: 0xC0FFEE &+ batch)
    // Foundation's CONTAINS[cd] is the contract of `--fold cd` (`MatchOptions.containsCD`).
    let folder = TextFolder(options: .containsCD)
    var disagreements: [String] = []
    for _ in 0..<1_000 {
      let name = Self.randomText(length: 0...8, using: &random)
      let term: String
      if Bool.random(using: &random), !name.isEmpty {
        // A piece of the name, with its case changed at random.
        let characters = Array(name)
        let start = Int.random(in: 0..<characters.count, using: &random)
        let end = Int.random(in: start...characters.count, using: &random)
        let piece = String(characters[start..<end])
        term = Bool.random(using: &random) ? piece.uppercased() : piece.lowercased()
      } else {
        term = Self.randomText(length: 1...3, using: &random)
      }
      guard !term.isEmpty else { continue }
      let expected =
        name.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
      let actual = Matcher(query: Query(term: term, options: .containsCD)).matches(
        key: folder.fold(name))
      if expected != actual {
        disagreements.append("\(name.debugDescription) ∋ \(term.debugDescription): \(actual)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }
}
