import Foundation
import Testing

@testable import NamesSearch

@Suite("TextFolding")
struct TextFoldingTests {
  let folder = TextFolder()

  @Test(
    "folds case and diacritics like CONTAINS[cd]",
    arguments: [
      ("José", "jose"), ("JOSÉ", "jose"), ("Straße", "strasse"), ("STRASSE", "strasse"),
      ("Mu\u{308}ller", "muller"), ("MÜLLER", "muller"), ("ﬁne", "fine"), ("ΣΟΦΙΑΣ", "σοφιασ"),
      ("σοφιας", "σοφιασ"), ("Ёлка", "елка"), ("İstanbul", "istanbul"), ("Ångström", "angstrom"),
      ("Nguyễn", "nguyen"), ("ᾳ", "α"), ("Ω", "ω"),
    ])
  func foldsLikeCD(text: String, folded: String) {
    #expect(folder.foldedString(text) == folded)
  }

  @Test(
    "keeps letters that have no decomposition, and marks on other scripts",
    arguments: [
      ("Søren", "søren"), ("Æsa", "æsa"), ("Łukasz", "łukasz"), ("Đorđe", "đorđe"),
      ("ı", "ı"), ("张伟", "张伟"), ("が", "か\u{3099}"),
    ])
  func keeps(text: String, folded: String) {
    #expect(folder.foldedString(text) == folded)
  }

  @Test("canonically equivalent spellings fold alike under every option")
  func canonicalEquivalence() {
    let pairs = [
      ("Müller", "Mu\u{308}ller"), ("Å", "A\u{30A}"), ("Å", "\u{212B}"),
      ("a\u{323}\u{301}", "a\u{301}\u{323}"), ("ệ", "e\u{323}\u{302}"),
      ("김", "\u{1100}\u{1175}\u{11B7}"),
    ]
    for ignoresCase in [false, true] {
      for ignoresDiacritics in [false, true] {
        let folder = TextFolder(
          options: MatchOptions(ignoresCase: ignoresCase, ignoresDiacritics: ignoresDiacritics))
        for (a, b) in pairs {
          #expect(folder.fold(a) == folder.fold(b), "\(a) vs \(b), \(folder.options)")
        }
      }
    }
  }

  @Test("sensitive options keep what they name")
  func sensitiveOptions() {
    let caseOnly = TextFolder(options: MatchOptions(ignoresCase: true, ignoresDiacritics: false))
    #expect(caseOnly.foldedString("José") == "jose\u{301}")
    let diacriticsOnly = TextFolder(
      options: MatchOptions(ignoresCase: false, ignoresDiacritics: true))
    #expect(diacriticsOnly.foldedString("José") == "Jose")
    let exact = TextFolder(options: MatchOptions(ignoresCase: false, ignoresDiacritics: false))
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
}
