import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `UnicodeMappings` (the library's normalization, case folding and Latin-ASCII, without
/// Foundation) against Foundation on this machine, the reference its tables were made from:
/// every scalar for the per-scalar mappings, and whole names of the 15 locale fixtures,
/// with marks in shuffled orders, for the string forms. The Hangul syllables, which the tables
/// leave to arithmetic, are checked the same way; the Hangul and canonical-ordering cases
/// also have answers worked by hand (The Unicode Standard 15.0, section 3.12; UAX #15).
@Suite("Unicode mappings without Foundation")
struct UnicodeMappingsTests {
  static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

  /// The Latin blocks `FullFolding.latinASCII(of:)` spells (written out again here).
  static let latinBlocks: [ClosedRange<UInt32>] = [
    0x00C0...0x024F, 0x0250...0x02AF, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F,
    0xA720...0xA7FF, 0xAB30...0xAB6F,
  ]
  static func values(_ scalars: [Unicode.Scalar]) -> [UInt32] { scalars.map(\.value) }

  /// Every scalar, in slices the test cases share out.
  static let slices: [ClosedRange<UInt32>] = stride(from: 0, to: 0x11_0000, by: 0x2_2000).map {
    UInt32($0)...UInt32(min($0 + 0x2_1FFF, 0x10_FFFF))
  }

  @Test(
    "per scalar: NFD, NFKD, case folding and Latin-ASCII agree with Foundation", arguments: slices)
  func perScalar(_ range: ClosedRange<UInt32>) {
    var mismatches: [String] = []
    for value in range {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      if Self.values(UnicodeMappings.canonicalDecomposition(of: scalar))
        != Self.scalars(text.decomposedStringWithCanonicalMapping)
      {
        mismatches.append("NFD U+\(String(value, radix: 16))")
      }
      if Self.values(UnicodeMappings.compatibilityDecomposition(of: scalar))
        != Self.scalars(text.decomposedStringWithCompatibilityMapping)
      {
        mismatches.append("NFKD U+\(String(value, radix: 16))")
      }
      // NFC of the scalar alone: composition checked apart from how the tables were made.
      if Self.scalars(UnicodeMappings.precomposed(text))
        != Self.scalars(text.precomposedStringWithCanonicalMapping)
      {
        mismatches.append("NFC U+\(String(value, radix: 16))")
      }
      if Self.values(UnicodeMappings.caseFolding(of: scalar))
        != Self.scalars(text.folding(options: .caseInsensitive, locale: nil))
      {
        mismatches.append("fold U+\(String(value, radix: 16))")
      }
      if Self.latinBlocks.contains(where: { $0.contains(value) }) {
        let spelled = text.applyingTransform(StringTransform("Latin-ASCII"), reverse: false)
        let expected =
          (spelled.map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } } ?? false)
            && scalar.properties.isAlphabetic ? spelled : nil
        if FullFolding.latinASCII(of: scalar) != expected {
          mismatches.append("Latin-ASCII U+\(String(value, radix: 16))")
        }
      }
      if mismatches.count > 20 { break }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  /// Every pair that composes: each scalar's canonical decomposition split into its last
  /// scalar and the composition of the rest, and the same pairs with the second scalar
  /// replaced by its neighbours (which mostly do not compose). The expected composite is
  /// Foundation's NFC of the first scalar's NFD followed by the second (Foundation's NFC of
  /// the pair as written leaves a composite and a mark that composes with it apart: U+0CCA
  /// U+0CD5), when its own NFD is exactly that. Second scalars that are not their own NFD
  /// are not asked (U+0341 is U+0301 before it composes), nor Hangul syllables, which
  /// `hangul()` checks by hand.
  @Test("primary composites agree with Foundation's NFC of the pair")
  func primaryComposites() {
    var mismatches: [String] = []
    var checked = 0
    func isOwnNFD(_ scalar: Unicode.Scalar) -> Bool {
      String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar])
    }
    for value in UInt32(0xC0)...0x10_FFFF where !(0xAC00...0xD7A3).contains(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let nfd = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
      guard nfd.count >= 2 else { continue }
      let head = String(String.UnicodeScalarView(nfd.dropLast()))
        .precomposedStringWithCanonicalMapping.unicodeScalars
      guard head.count == 1, let first = head.first else { continue }
      for delta: Int32 in [-1, 0, 1] {
        guard let second = Unicode.Scalar(UInt32(Int32(nfd.last!.value) + delta)),
          isOwnNFD(second)
        else { continue }
        // The pair's composite is the scalar whose NFD is the first's NFD and the second,
        // in that order, and that NFC makes of that NFD (not excluded from composition).
        let decomposed =
          Array(String(first).decomposedStringWithCanonicalMapping.unicodeScalars) + [second]
        let composed = String(String.UnicodeScalarView(decomposed))
          .precomposedStringWithCanonicalMapping.unicodeScalars
        var expected = composed.count == 1 ? composed.first : nil
        if let made = expected,
          !String(made).decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(
            decomposed)
        {
          expected = nil
        }
        if UnicodeMappings.primaryComposite(of: first, with: second) != expected {
          mismatches.append(
            "U+\(String(first.value, radix: 16)) U+\(String(second.value, radix: 16))")
        }
        checked += 1
      }
    }
    #expect(checked > 2_000)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  @Test("Hangul by hand: 한 is ᄒ ᅡ ᆫ, and composes back; 가 has no trailing jamo")
  func hangul() {
    // 한 U+D55C: index 0xD55C − 0xAC00 = 10,588 = 18 × 588 + 0 × 28 + 4.
    #expect(
      Self.values(UnicodeMappings.canonicalDecomposition(of: "한")) == [0x1112, 0x1161, 0x11AB])
    #expect(Self.values(UnicodeMappings.canonicalDecomposition(of: "가")) == [0x1100, 0x1161])
    #expect(UnicodeMappings.precomposed("\u{1112}\u{1161}\u{11AB}") == "\u{D55C}")
    #expect(UnicodeMappings.primaryComposite(of: "\u{AC01}", with: "\u{11A8}") == nil)
    // An LV syllable and a trailing jamo: 가 (index 0) + U+11A8 (T index 1) = U+AC01.
    #expect(UnicodeMappings.primaryComposite(of: "\u{AC00}", with: "\u{11A8}") == "\u{AC01}")
    #expect(UnicodeMappings.precomposed("\u{AC00}\u{11A8}") == "\u{AC01}")
    #expect(UnicodeMappings.primaryComposite(of: "\u{1100}", with: "\u{11A8}") == nil)
    #expect(Self.values(UnicodeMappings.compatibilityDecomposition(of: "\u{3131}")) == [0x1100])
  }

  @Test("canonical order and composition by hand (UAX #15)")
  func byHand() {
    // U+0323 (class 220) goes before U+0307 (class 230); ṩ U+1E69 is s + dot below + dot above.
    #expect(
      Self.values(UnicodeMappings.canonicalDecomposition(of: "s\u{307}\u{323}")) == [
        0x73, 0x323, 0x307,
      ])
    #expect(UnicodeMappings.precomposed("s\u{307}\u{323}") == "\u{1E69}")
    // A blocked mark stays: a + U+0308 + U+0308 is ä + U+0308.
    #expect(Self.scalars(UnicodeMappings.precomposed("a\u{308}\u{308}")) == [0xE4, 0x308])
    // U+0958 is excluded from composition: क + nukta stay two.
    #expect(Self.scalars(UnicodeMappings.precomposed("\u{958}")) == [0x915, 0x93C])
    #expect(UnicodeMappings.caseFolding(of: "ß").map(\.value) == [0x73, 0x73])
    #expect(UnicodeMappings.latinASCII(of: "ø") == "o")
  }

  /// NFC is compared with Foundation's NFC of Foundation's NFD of the text (NFC is
  /// composition after full decomposition, UAX #15): Foundation's own NFC of a syllable
  /// followed by a trailing jamo leaves them apart (see `primaryComposites()`).
  @Test("names of 15 locales and shuffled marks: NFD and NFC agree with Foundation")
  func strings() throws {
    var texts: [String] = []
    for locale in [
      "cs_CZ", "da_DK", "de_DE", "el_GR", "en_US", "es_ES", "fr_FR", "ja_JP", "ko_KR", "pl_PL",
      "ru_RU", "sv_SE", "tr_TR", "zh_CN", "zh_TW",
    ] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(locale).txt"), encoding: .utf8)
      texts += text.split(separator: "\n").map(String.init)
    }
    var generator = SystemRandomNumberGenerator()
    let marks: [Unicode.Scalar] = [
      "\u{300}", "\u{301}", "\u{308}", "\u{323}", "\u{327}", "\u{345}", "\u{3099}", "\u{1161}",
      // U+1ACF and U+0897 are marks of Unicode 16 and 17: class 0 to Foundation (15.0).
      "\u{11A8}", "\u{1ACF}", "\u{0897}",
    ]
    let bases: [Unicode.Scalar] = [
      "a", "e", "o", "u", "\u{3B1}", "\u{304B}", "\u{1100}", "\u{AC00}", "\u{E5}", "\u{1EA0}",
    ]
    for _ in 0..<2_000 {
      var view = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        view.append(bases.randomElement(using: &generator)!)
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
          view.append(marks.randomElement(using: &generator)!)
        }
      }
      texts.append(String(view))
    }
    #expect(texts.count > 4_000)
    var mismatches: [String] = []
    for text in texts {
      if Self.values(UnicodeMappings.canonicalDecomposition(of: text))
        != Self.scalars(text.decomposedStringWithCanonicalMapping)
        || Self.scalars(UnicodeMappings.precomposed(text))
          != Self.scalars(
            text.decomposedStringWithCanonicalMapping.precomposedStringWithCanonicalMapping)
        || Self.values(UnicodeMappings.compatibilityDecomposition(of: text))
          != Self.scalars(text.decomposedStringWithCompatibilityMapping)
      {
        mismatches.append(
          text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}
