import Foundation
import Testing

@testable import NamesSearch

@Suite("TextFolding")
struct TextFoldingTests {
  /// The CONTAINS[cd] contract (`--fold cd`); `FullFoldingTests` tests `--fold all`.
  let folder = TextFolder(options: .containsCD)

  @Test(
    "folds case and diacritics like CONTAINS[cd]",
    arguments: [
      ("José", "jose"), ("JOSÉ", "jose"), ("Straße", "strasse"), ("STRASSE", "strasse"),
      ("Mu\u{308}ller", "muller"), ("MÜLLER", "muller"), ("ﬁne", "fine"), ("ΣΟΦΙΑΣ", "σοφιασ"),
      ("σοφιας", "σοφιασ"), ("Ёлка", "елка"), ("İstanbul", "istanbul"), ("Ångström", "angstrom"),
      ("Nguyễn", "nguyen"), ("ᾳ", "α"), ("Ω", "ω"),
      // Marks on every script: Arabic harakat and shadda, Hebrew niqqud, Devanagari virama
      // and anusvara (Mn), ZERO WIDTH NON-JOINER, a variation selector, an enclosing mark.
      ("مُحَمَّد", "محمد"), ("שָׁלוֹם", "שלום"), ("علی\u{200C}رضا", "علیرضا"),
      ("हिन्दी", "हिन्दी"), ("हिंदी", "हिदी"), ("❤\u{FE0F}", "❤"), ("x\u{20DD}", "x"),
    ])
  func foldsLikeCD(text: String, folded: String) {
    #expect(folder.foldedString(text) == folded)
  }

  @Test(
    "keeps letters that have no decomposition, and marks on other scripts",
    arguments: [
      ("Søren", "søren"), ("Æsa", "æsa"), ("Łukasz", "łukasz"), ("Đorđe", "đorđe"),
      ("ı", "ı"), ("张伟", "张伟"), ("が", "か\u{3099}"),
      // Marks that compose into a letter from U+0510 up: a letter of its own.
      ("آ", "ا\u{653}"), ("أحمد", "ا\u{654}حمد"), ("ऩ", "न\u{93C}"),
      // Spacing marks that do not extend a cluster (Mc, not Grapheme_Extend), and format
      // characters that are not Grapheme_Extend: ZWJ, SOFT HYPHEN, LEFT-TO-RIGHT MARK.
      ("कि", "कि"), ("a\u{200D}b", "a\u{200D}b"), ("a\u{AD}b", "a\u{AD}b"),
      ("a\u{200E}b", "a\u{200E}b"),
    ])
  func keeps(text: String, folded: String) {
    #expect(folder.foldedString(text) == folded)
  }

  @Test(
    "a mark stays only where canonical composition (UAX #15) would merge it into the letter",
    arguments: [
      // Decomposed spellings of composable letters compose: the mark stays.
      ("か\u{3099}", "か\u{3099}"), ("ا\u{655}", "ا\u{655}"),
      // Excluded from composition (CompositionExclusions.txt): the mark goes.
      ("\u{958}", "क"), ("\u{FB2A}", "ש"),
      // Blocked (D115): a starter mark (ZWNJ) between, or a mark of the same class (U+0656
      // and U+0655 are both class 220) before it: the mark goes.
      ("か\u{200C}\u{3099}", "か"), ("ا\u{656}\u{655}", "ا"),
      // Not blocked: a mark of a lower class (U+0334, class 1) before U+3099 (class 8).
      ("か\u{334}\u{3099}", "か\u{3099}"),
      // A mark that composes with a mark (U+0CC6 + U+0CC2 = U+0CCA) goes with it.
      ("ಕ\u{CCA}", "ಕ"),
    ])
  func composition(text: String, folded: String) {
    #expect(folder.foldedString(text) == folded)
  }

  @Test(
    "canonically equivalent spellings fold alike under every option",
    arguments: MatchOptions.Folding.allCases)
  func canonicalEquivalence(folding: MatchOptions.Folding) {
    let pairs = [
      ("Müller", "Mu\u{308}ller"), ("Å", "A\u{30A}"), ("Å", "\u{212B}"),
      ("a\u{323}\u{301}", "a\u{301}\u{323}"), ("ệ", "e\u{323}\u{302}"),
      ("김", "\u{1100}\u{1175}\u{11B7}"), ("が", "か\u{3099}"), ("آ", "ا\u{653}"),
      ("أ", "ا\u{654}"), ("إ", "ا\u{655}"), ("\u{958}", "\u{915}\u{93C}"), ("\u{F900}", "\u{8C48}"),
    ]
    for ignoresCase in [false, true] {
      for ignoresDiacritics in [false, true] {
        // Terms (punctuation kept) and search keys (punctuation dropped) alike.
        for dropsPunctuation in [false, true] {
          let folder = TextFolder(
            options: MatchOptions(
              ignoresCase: ignoresCase, ignoresDiacritics: ignoresDiacritics, folding: folding),
            dropsPunctuation: dropsPunctuation)
          for (a, b) in pairs {
            #expect(
              folder.fold(a) == folder.fold(b),
              "\(a) vs \(b), \(folder.options), drops \(dropsPunctuation)")
          }
        }
      }
    }
  }

  @Test("sensitive options keep what they name")
  func sensitiveOptions() {
    let caseOnly = TextFolder(
      options: MatchOptions(ignoresCase: true, ignoresDiacritics: false, folding: .cd))
    #expect(caseOnly.foldedString("José") == "jose\u{301}")
    let diacriticsOnly = TextFolder(
      options: MatchOptions(ignoresCase: false, ignoresDiacritics: true, folding: .cd))
    #expect(diacriticsOnly.foldedString("José") == "Jose")
    let exact = TextFolder(
      options: MatchOptions(ignoresCase: false, ignoresDiacritics: false, folding: .cd))
    #expect(exact.foldedString("José") == "Jose\u{301}")
    #expect(exact.foldedString("Ann") == "Ann")
  }

  @Test("ASCII fast path lowercases only A-Z")
  func asciiFastPath() {
    let all = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
    let expected = String(
      decoding: (0..<128).map { UInt8($0) >= 65 && UInt8($0) <= 90 ? UInt8($0) + 32 : UInt8($0) },
      as: UTF8.self)
    #expect(folder.foldedString(all) == expected)
  }

  @Test("eight ASCII bytes are lowercased at once as each byte alone: every byte in every place")
  func asciiWords() {
    // Each of the 128 ASCII bytes in each of the eight places, among neighbours that are
    // the bytes around the letters' ranges ("@", "A", "Z", "[", "`", "a", "z", "{").
    let neighbours: [UInt8] = [0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B]
    for place in 0..<8 {
      for byte in UInt8(0)..<0x80 {
        var bytes = (0..<8).map { neighbours[($0 + place) % 8] }
        bytes[place] = byte
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let folded = withUnsafeBytes(of: lowercasedASCII(word: word)) { Array($0) }
        // By hand: "A"..."Z" (0x41...0x5A) gain 0x20, every other byte is kept.
        #expect(folded == bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 })
      }
    }
  }

  @Test("ASCII names of every length up to 200 fold as each byte alone")
  func asciiLengths() {
    let folder = TextFolder(options: .containsCD)
    let alphabet = Array("AZaz@[`{ -'.0189".utf8)
    for length in 0...200 {
      let bytes = (0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }
      let name = String(decoding: bytes, as: UTF8.self)
      let expected = String(
        decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
      #expect(folder.foldedString(name) == expected, "length \(length)")
    }
  }
}
