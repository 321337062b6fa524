import Foundation
import Testing

@testable import NamesSearch

/// Exhaustive differential test of the diacritic rule (`TextFolder` step 2) against
/// Foundation on this machine, `range(of:options:)` with the same case and diacritic
/// options: the oracle is Foundation itself, called at test time.
///
/// Names are built from every combining mark (Mn, Mc, Me) and format character (Cf) of the
/// toolchain's Unicode, each on one letter of every script (`UnicodeReference.scriptBases`,
/// from the committed Scripts.txt table), and from every precomposed letter; each is
/// searched for typed with and without the mark. Every disagreement is reported unless it
/// is one of the deliberate differences below.
@Suite("Diacritics against Foundation, every mark on every script")
struct DiacriticDifferentialTests {
  /// The deliberate differences from Foundation, each with its reason (README, "How names
  /// match", lists them too). `Comparison.explanation` checks each against the disagreement.
  enum Difference: String, CaseIterable, Sendable {
    /// Checked by: diacritics are ignored and a scalar of the name or the term is
    /// Grapheme_Extend in one of Unicode 15.0 and the toolchain's Unicode, not the other.
    case unicodeVersion = """
      Foundation ignores the Grapheme_Extend scalars of its own tables, Unicode 15.0; \
      names-search uses the toolchain's Unicode (17.0), which added marks and made some \
      spacing marks Grapheme_Extend (U+1D16D, U+0CC0, U+1B3B, …) and U+1171E not.
      """
    /// Checked by: the name or the term is not in NFC, and names-search answers as
    /// Foundation does for the NFC forms of both.
    case canonicalEquivalence = """
      names-search folds canonically equivalent spellings alike (NFD first). Foundation \
      compares a precomposed letter from U+0510 up as a whole ("か" is not in "が") but \
      skips the same mark typed decomposed ("か" is in "か\\u{3099}"), and keeps a letter \
      excluded from composition (U+0958, U+FB2A) whole. On NFC text the two agree.
      """
    /// Checked by: diacritics are ignored and the term folds to nothing.
    case termOfMarksOnly = """
      A term made only of ignored characters (marks, ZERO WIDTH NON-JOINER) folds to \
      nothing and, like an empty term, matches every name; Foundation looks for it.
      """
    /// Checked by: case is ignored and a scalar of the NFD name or term case-folds to
    /// several scalars, or from a mark to a letter.
    case caseFoldingExpansion = """
      A term may stop inside a letter that case-folds to several (ß → ss, ﬁ → fi, \
      ᾳ → αι, U+0345 → ι), so typing a name one key at a time never hides it and shows \
      it again; Foundation finds only whole expansions.
      """
    /// Checked by: diacritics are ignored, names-search does not find the term where
    /// Foundation does, and the name or the term holds a linker (InCB=Linker) between two
    /// consonants (InCB=Consonant), by the Unicode 17.0 data checked against
    /// GraphemeBreakTest.txt in `GraphemeBreakConformanceTests`.
    case conjunct = """
      A virama that joins two consonants into one conjunct ("क्ष", Unicode UAX #29 rule \
      GB9c) is kept: the conjunct is one user-perceived character, and a match neither \
      starts nor ends inside one ("ष" does not find "लक्ष्मी"); Foundation drops the virama \
      as it drops every Grapheme_Extend mark.
      """
    /// Checked by: diacritics are ignored, a Grapheme_Extend scalar above U+FFFF shares its
    /// UTF-16 high surrogate with another scalar of the name or the term, and with every
    /// other scalar above U+FFFF replaced by U+0628 (no shared surrogate) Foundation
    /// answers as names-search does.
    case foundationSurrogates = """
      Foundation compares UTF-16 code units and does not skip a mark above U+FFFF when \
      the letter it is compared with has the same high surrogate (Adlam 𞤀 with U+1E944, \
      Brahmi 𑀅 with U+11046): a Foundation bug. names-search ignores those marks too.
      """
  }

  /// The four option sets: `CONTAINS[cd]`, `--case-sensitive`, `--diacritic-sensitive`, both.
  static let optionSets = [
    MatchOptions.containsCD,
    MatchOptions(ignoresCase: false, ignoresDiacritics: true, folding: .cd),
    MatchOptions(ignoresCase: true, ignoresDiacritics: false, folding: .cd),
    MatchOptions(ignoresCase: false, ignoresDiacritics: false, folding: .cd),
  ]

  /// Every scalar of general category Mn, Mc, Me or Cf in the toolchain's Unicode.
  static let marksAndFormats: [Unicode.Scalar] = (0...0x10_FFFF).compactMap { value in
    guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return scalar
    default: return nil
    }
  }

  /// Every scalar with a canonical decomposition of more than one scalar, with its NFD
  /// (Foundation's `decomposedStringWithCanonicalMapping`).
  static let decompositions: [(scalar: Unicode.Scalar, nfd: [Unicode.Scalar])] =
    (0xC0...0x10_FFFF).compactMap { value in
      guard let scalar = Unicode.Scalar(UInt32(value)), scalar.properties.age != nil else {
        return nil
      }
      let nfd = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
      return nfd.count > 1 ? (scalar, nfd) : nil
    }

  /// Every precomposed letter with a mark: each scalar whose NFD holds a Grapheme_Extend
  /// scalar. (Hangul syllables and singletons such as U+F900 hold none: `TextFoldingTests`
  /// covers them.)
  static let precomposed: [Unicode.Scalar] = decompositions.filter {
    $0.nfd.contains(where: \.properties.isGraphemeExtend)
  }.map(\.scalar)

  /// The script bases that have case (a letter that case mapping changes), for the option
  /// sets that keep case or diacritics; `CONTAINS[cd]` runs on every script.
  static let casedBases = UnicodeReference.scriptBases.filter {
    $0.base.properties.changesWhenCaseMapped
  }

  /// Foundation's answer: `name.range(of: term, options:)` with the same options.
  static func foundationFinds(_ term: String, in name: String, _ options: MatchOptions) -> Bool {
    var compare: String.CompareOptions = []
    if options.ignoresCase { compare.insert(.caseInsensitive) }
    if options.ignoresDiacritics { compare.insert(.diacriticInsensitive) }
    return name.range(of: term, options: compare) != nil
  }

  /// Compares names-search (`TextFolder` and `Matcher`) with Foundation under one option
  /// set, and collects the disagreements: those no deliberate difference explains, and a
  /// count of the others per difference.
  final class Comparison {
    let options: MatchOptions
    let folder: TextFolder
    private(set) var unexplained: [String] = []
    private(set) var explained: [Difference: Int] = [:]
    private var matchers: [String: Matcher] = [:]

    init(options: MatchOptions) {
      self.options = options
      folder = TextFolder(options: options)
    }

    /// names-search's answer. Building a `Matcher` builds a folder's tables, so matchers
    /// are kept by term, and two answers need none: a key equal to the folded term
    /// contains it, and a key shorter than the folded term does not.
    func namesSearchFinds(_ term: String, in name: String) -> Bool {
      namesSearchFinds(term, folded: folder.fold(term), inKey: folder.fold(name))
    }

    func namesSearchFinds(_ term: String, folded foldedTerm: [UInt8], inKey key: [UInt8]) -> Bool {
      if foldedTerm.count > key.count { return false }
      if foldedTerm == key { return true }
      let matcher = matchers[term] ?? Matcher(query: Query(term: term, options: options))
      matchers[term] = matcher
      return matcher.matches(key: key)
    }

    /// Checks names-search's answer `ours` for `term` in `name` against Foundation's.
    func check(name: String, term: String, ours: Bool) {
      let theirs = foundationFinds(term, in: name, options)
      guard ours != theirs else { return }
      if let reason = explanation(name: name, term: term, ours: ours) {
        explained[reason, default: 0] += 1
      } else {
        unexplained.append(
          "\(describe(name)) ∋ \(describe(term)): names-search \(ours), Foundation \(theirs)")
      }
    }

    func check(name: String, term: String) {
      check(name: name, term: term, ours: namesSearchFinds(term, in: name))
    }

    /// Whether `text` has a linker between two consonants, with only InCB=Extend or
    /// Linker scalars between them (UAX #29, GB9c).
    static func holdsConjunct(_ text: String) -> Bool {
      var state = 0  // 0: nothing, 1: after a consonant, 2: after consonant + linker
      for scalar in text.unicodeScalars {
        switch GraphemeBreakProperties(of: scalar.value).conjunctBreak {
        case .consonant:
          if state == 2 { return true }
          state = 1
        case .linker: if state >= 1 { state = 2 }
        case .extend: break
        case .none: state = 0
        }
      }
      return false
    }

    /// The deliberate difference that explains a disagreement, or nil.
    func explanation(name: String, term: String, ours: Bool) -> Difference? {
      let scalars = Array(name.unicodeScalars) + Array(term.unicodeScalars)
      if options.ignoresDiacritics {
        if scalars.contains(where: {
          $0.properties.isGraphemeExtend != UnicodeReference.isGraphemeExtend15($0)
        }) {
          return .unicodeVersion
        }
        if folder.fold(term).isEmpty { return .termOfMarksOnly }
        if !ours && (Self.holdsConjunct(name) || Self.holdsConjunct(term)) { return .conjunct }
        let astral = scalars.filter { $0.value > 0xFFFF }
        if astral.contains(where: { mark in
          mark.properties.isGraphemeExtend
            && astral.contains { $0 != mark && $0.value >> 10 == mark.value >> 10 }
        }),
          foundationFinds(withoutAstralLetters(term), in: withoutAstralLetters(name), options)
            == ours
        {
          return .foundationSurrogates
        }
      }
      if options.ignoresCase {
        let decomposed = (name + term).decomposedStringWithCanonicalMapping.unicodeScalars
        if decomposed.contains(where: { scalar in
          let folded = String(scalar).folding(options: .caseInsensitive, locale: nil)
            .unicodeScalars
          return folded.count > 1
            || (scalar.properties.isGraphemeExtend && !folded.first!.properties.isGraphemeExtend)
        }) {
          return .caseFoldingExpansion
        }
      }
      let nfcName = name.precomposedStringWithCanonicalMapping
      let nfcTerm = term.precomposedStringWithCanonicalMapping
      if (!nfcName.unicodeScalars.elementsEqual(name.unicodeScalars)
        || !nfcTerm.unicodeScalars.elementsEqual(term.unicodeScalars))
        && foundationFinds(nfcTerm, in: nfcName, options) == ours
      {
        return .canonicalEquivalence
      }
      return nil
    }

    /// Every mark and format character on each of `bases`: the name with the mark
    /// against the term without it, and the name without it against the term with it.
    func sweepMarks(on bases: [(script: String, base: Unicode.Scalar)]) {
      for (_, base) in bases {
        let letter = String(base)
        let plain = letter + letter
        let plainKey = folder.fold(plain)
        let plainMatcher = Matcher(query: Query(term: plain, options: options))
        for mark in marksAndFormats {
          let marked = letter + String(mark) + letter
          let markedKey = folder.fold(marked)
          check(name: marked, term: plain, ours: plainMatcher.matches(key: markedKey))
          check(
            name: plain, term: marked,
            ours: namesSearchFinds(marked, folded: markedKey, inKey: plainKey))
        }
      }
    }

    /// The failure message: how many disagreements, and the first 40.
    var report: Comment {
      "\(unexplained.count) disagreements with Foundation: \(unexplained.prefix(40).joined(separator: "; "))"
    }
  }

  /// `text` with every scalar above U+FFFF that is not Grapheme_Extend replaced by U+0628
  /// ARABIC LETTER BEH, a letter in the BMP from U+0510 up that composes with no mark.
  static func withoutAstralLetters(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(
        scalar.value > 0xFFFF && !scalar.properties.isGraphemeExtend ? "\u{628}" : scalar)
    }
    return String(result)
  }

  /// A string as its scalars in hex ("0628 064E 0628").
  static func describe(_ text: String) -> String {
    "\""
      + text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
      .joined(separator: " ") + "\""
  }

  @Test("the reference data covers every script and every mark")
  func coverage() {
    // Unicode 17.0: 2,059 Mn, 471 Mc, 13 Me, 170 Cf. Scripts.txt 18.0 has 177 scripts:
    // all but Inherited (marks only) and the three new in 18.0 have a base.
    #expect(Self.marksAndFormats.count >= 2_700)
    #expect(UnicodeReference.scriptBases.count >= 173)
    #expect(Self.casedBases.count >= 10)
    let scripts = Set(UnicodeReference.scriptBases.map(\.script))
    for script in [
      "Latin", "Arabic", "Hebrew", "Devanagari", "Hiragana", "Han", "Hangul", "Thai", "Braille",
      "SignWriting", "Adlam",
    ] {
      #expect(scripts.contains(script), "\(script)")
    }
  }

  /// The script bases in four parts, so that the runner spreads them over the cores.
  static let parts = 0..<4

  @Test(
    "every mark and format character on a letter of every script, CONTAINS[cd]", arguments: parts)
  func marksOnEveryScript(part: Int) {
    let comparison = Comparison(options: .containsCD)
    comparison.sweepMarks(
      on: UnicodeReference.scriptBases.enumerated().filter { $0.offset % Self.parts.count == part }
        .map(\.element))
    #expect(comparison.unexplained.isEmpty, comparison.report)
  }

  @Test(
    "every mark and format character on every cased script, case or diacritics sensitive",
    arguments: optionSets.dropFirst())
  func marksWithSensitiveOptions(options: MatchOptions) {
    let comparison = Comparison(options: options)
    comparison.sweepMarks(on: Self.casedBases)
    #expect(comparison.unexplained.isEmpty, comparison.report)
  }

  @Test("composition adds only Grapheme_Extend scalars or Hangul jamo to a starter")
  func compositionAddsOnlyMarksOrJamo() {
    // `TextFolder.dropDiacritics` tries to compose only Grapheme_Extend scalars: sound as
    // long as every scalar after the first of a decomposition is one, or a Hangul vowel or
    // trailing jamo (U+1161...U+11C2, Unicode §3.12), which no composite extends with a mark.
    #expect(Self.decompositions.count > 12_000)
    for (scalar, nfd) in Self.decompositions {
      let rest = nfd.dropFirst()
      let jamo = rest.allSatisfy { (0x1161...0x11C2).contains($0.value) }
      #expect(
        jamo || rest.allSatisfy(\.properties.isGraphemeExtend),
        "\(Self.describe(String(scalar))) → \(Self.describe(String(String.UnicodeScalarView(nfd))))"
      )
    }
  }

  @Test(
    "every precomposed letter with a mark, against its base and its decomposed spelling",
    arguments: optionSets)
  func precomposedLetters(options: MatchOptions) {
    let comparison = Comparison(options: options)
    for scalar in Self.precomposed {
      let letter = String(scalar)
      let decomposed = letter.decomposedStringWithCanonicalMapping
      let base = String(decomposed.unicodeScalars.first!)
      for (name, term) in [
        (letter, base), (decomposed, base), (base, letter), (letter, decomposed),
        (decomposed, letter), (base + letter + base, base + base),
      ] {
        comparison.check(name: name, term: term)
      }
    }
    #expect(comparison.unexplained.isEmpty, comparison.report)
    if options.ignoresDiacritics {
      // "か" is not in "が" but is in "か\u{3099}": the difference is met, not only listed.
      #expect(comparison.explained[.canonicalEquivalence, default: 0] > 0)
    }
  }
}
