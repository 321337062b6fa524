import Foundation
import Testing

@testable import NamesSearch

/// `MatchOptions.Folding.all` (`--fold all`, the default) rule by rule, each with its
/// negative under `.cd` (`--fold cd`, `CONTAINS[cd]`): expected answers written by hand, and
/// the Latin letters without a decomposition against an independent transliteration table
/// (`Tests/Fixtures/unicode/latin-ascii.tsv`, PyPI's Unidecode, made by
/// `Scripts/make-latin-ascii-reference.py`).
@Suite("Fold all")
struct FullFoldingTests {
  /// The names of `names` that `term` finds under `options`, searched as the tool searches.
  static func found(_ term: String, in names: [String], _ options: MatchOptions = .default)
    -> [String]
  {
    let catalog = Catalog(sections: [Section(title: "A", names: names)])
    let result = Searcher().search(
      Query(term: term, options: options, syntax: .fixedStrings), in: catalog)
    return result.sections.flatMap(\.names)
  }

  /// Whether `term` finds `name` alone under `options`.
  static func finds(_ term: String, _ name: String, _ options: MatchOptions = .default) -> Bool {
    found(term, in: [name], options) == [name]
  }

  /// Term, name: found under `.all`, not under `.cd`. Written by hand from the issue.
  static let foldedOnlyByAll: [(String, String)] = [
    // Latin letters without a decomposition (ICU Latin-ASCII).
    ("lodz", "Łódź"), ("aero", "Ærø"), ("thor", "Þór"), ("soren", "Søren"), ("oeuvre", "Œuvre"),
    ("lukasz", "Łukasz"), ("dorde", "Đorđe"), ("gudrun", "Guðrún"), ("kirik", "Kırık"),
    ("mana", "Maŋa"), ("hamrun", "Ħamrun"), ("aesa", "Æsa"),
    // Arabic: alef with hamza above or below, with madda, alef wasla; tatweel.
    ("احمد", "أحمد"), ("أحمد", "احمد"), ("اسلام", "إسلام"), ("ادم", "آدم"), ("ابن", "ٱبن"),
    ("محمد", "محـمد"), ("محـمد", "محمد"),
    // Full- and half-width forms.
    ("usb", "ＵＳＢ"), ("ＵＳＢ", "USB"), ("サトウ", "ｻﾄｳ"), ("ｻﾄｳ", "サトウ"), ("ガ", "ｶﾞ"),
    ("ｶﾞ", "ガ"), ("a b", "a\u{3000}b"),
    // Hiragana as katakana.
    ("さとう", "サトウ"), ("サトウ", "さとう"), ("がく", "ガク"),
    // Punctuation left out of the name.
    ("obrien", "O’Brien"), ("jeanpaul", "Jean-Paul"), ("st john", "St. John"),
  ]

  @Test("each rule of --fold all finds, and --fold cd does not", arguments: foldedOnlyByAll)
  func eachRule(term: String, name: String) {
    #expect(Self.finds(term, name), "all: \(term) in \(name)")
    #expect(!Self.finds(term, name, .containsCD), "cd: \(term) in \(name)")
  }

  /// The apostrophe variants of the issue: ’ ‘ ʼ ʻ ′ ´ and ', and the grave accent.
  static let apostrophes = [
    "\u{2019}", "\u{2018}", "\u{2BC}", "\u{2BB}", "\u{2032}", "\u{B4}", "'", "`",
  ]
  /// The hyphens and dashes of the issue: ‐ ‑ – — − and -.
  static let dashes = ["\u{2010}", "\u{2011}", "\u{2013}", "\u{2014}", "\u{2212}", "-"]

  @Test("every apostrophe in a name is found by a term with any other, and by one without")
  func apostrophesAreOne() {
    let names = Self.apostrophes.map { "O\($0)Brien" }
    for term in ["obrien"] + Self.apostrophes.map({ "o\($0)brien" }) {
      #expect(Self.found(term, in: names) == names, "\(term)")
    }
    // Under cd only the same apostrophe finds the name.
    for (n, name) in names.enumerated() {
      #expect(Self.found("o\(Self.apostrophes[n])brien", in: names, .containsCD) == [name])
    }
    #expect(Self.found("obrien", in: names, .containsCD) == [])
    // A lone apostrophe finds every name, and nothing without one.
    #expect(Self.found("’", in: names + ["Obrien"]) == names)
  }

  @Test("every dash in a name is found by a term with any other, and by one without")
  func dashesAreOne() {
    let names = Self.dashes.map { "Jean\($0)Paul" }
    for term in ["jeanpaul"] + Self.dashes.map({ "jean\($0)paul" }) {
      #expect(Self.found(term, in: names) == names, "\(term)")
    }
    for (n, name) in names.enumerated() {
      #expect(Self.found("jean\(Self.dashes[n])paul", in: names, .containsCD) == [name])
    }
    #expect(Self.found("jeanpaul", in: names, .containsCD) == [])
    // "-" finds the names with a dash, not "Jean Paul" or "JeanPaul".
    #expect(Self.found("-", in: names + ["Jean Paul", "JeanPaul"]) == names)
    #expect(Self.found("–", in: names + ["Jean Paul"]) == names)
  }

  @Test("a term with punctuation needs it in the name; one without may leave it out")
  func punctuationInTerm() {
    let names = ["O’Brien", "OBrien", "O Brien", "St. John", "St John", "Stjohn"]
    #expect(Self.found("o'brien", in: names) == ["O’Brien"])
    #expect(Self.found("obrien", in: names) == ["O’Brien", "OBrien"])
    #expect(Self.found("st. john", in: names) == ["St. John"])
    #expect(Self.found("st john", in: names) == ["St. John", "St John"])
    // The key of "St. John" keeps its space: "st john", not "stjohn".
    #expect(Self.found("stjohn", in: names) == ["Stjohn"])
  }

  @Test("--case-sensitive and --diacritic-sensitive keep their meaning under fold all")
  func sensitiveOptions() {
    let caseSensitive = MatchOptions(ignoresCase: false)
    #expect(!Self.finds("ae", "Æsa", caseSensitive))
    #expect(Self.finds("AEsa", "Æsa", caseSensitive))
    #expect(Self.finds("Æsa", "Æsa", caseSensitive))
    #expect(!Self.finds("obrien", "O’Brien", caseSensitive))
    #expect(Self.finds("OBrien", "O’Brien", caseSensitive))
    #expect(Self.finds("Lodz", "Łódź", caseSensitive))
    #expect(!Self.finds("lodz", "Łódź", caseSensitive))
    let diacriticSensitive = MatchOptions(ignoresDiacritics: false)
    #expect(!Self.finds("lodz", "Łódź", diacriticSensitive))
    #expect(Self.finds("Łódź", "Łódź", diacriticSensitive))
    #expect(Self.finds("łódź", "ŁÓDŹ", diacriticSensitive))
    #expect(!Self.finds("soren", "Søren", diacriticSensitive))
    // Alef variants are letters of their own with diacritics kept; tatweel still goes.
    #expect(!Self.finds("احمد", "أحمد", diacriticSensitive))
    #expect(Self.finds("محمد", "محـمد", diacriticSensitive))
    // Width and kana are not diacritics: still folded.
    #expect(Self.finds("usb", "ＵＳＢ", diacriticSensitive))
    #expect(Self.finds("さとう", "サトウ", diacriticSensitive))
    // Punctuation is not a diacritic either.
    #expect(Self.finds("obrien", "O’Brien", diacriticSensitive))
  }

  /// One row of `latin-ascii.tsv`.
  struct LatinRow {
    var scalar: Unicode.Scalar
    var name: String
    /// Unidecode's ASCII spelling; empty when it has none in ASCII letters.
    var spelling: String
  }

  /// `Tests/Fixtures/unicode/latin-ascii.tsv`, next to this file's folder.
  static func latinRows() throws -> [LatinRow] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/unicode/latin-ascii.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      let value = try #require(fields.count == 4 ? UInt32(fields[0], radix: 16) : nil, "\(line)")
      return LatinRow(
        scalar: try #require(Unicode.Scalar(value)), name: String(fields[2]),
        spelling: String(fields[3]))
    }
  }

  /// Where ICU's Latin-ASCII (the rule) and Unidecode (the reference) part, by code point:
  /// the fold under `.all` (case ignored). Checked one by one against ICU's own table
  /// (Foundation's `applyingTransform("Latin-ASCII")`):
  /// - ICU spells kra ĸ "q" (its look), Unidecode "k" (its sound); eng ŋ is "n" to ICU,
  ///   "ng" to Unidecode; yr Ʀ case-folds to the small capital ʀ, which ICU spells "R" (so
  ///   "r" with case ignored), Unidecode "yr".
  /// - ICU leaves outside ASCII the letters with no base letter in ASCII (tone letters,
  ///   clicks, ezh, yogh, wynn, schwa, turned and reversed letters, glottal stops), which
  ///   Unidecode spells by sound or by look or not at all: these stay themselves (case
  ///   folded).
  static let disagreements: [UInt32: String] = [
    0x0138: "q", 0x014A: "n", 0x014B: "n", 0x01A6: "r",
  ]

  /// The letters ICU's Latin-ASCII leaves outside ASCII (so folding keeps them, case
  /// folded) though Unidecode spells them, or neither spells: letters with no base letter
  /// in ASCII (tone letters, clicks, ezh, yogh, wynn, hwair, schwa, turned and reversed
  /// letters, glottal stops, OU).
  static let keptByICU: [UInt32] = [
    0x0184, 0x0185, 0x0186, 0x018D, 0x018E, 0x018F, 0x0194, 0x0196, 0x019B, 0x019C, 0x019F,
    0x01A7, 0x01A8, 0x01A9, 0x01AA, 0x01B1, 0x01B7, 0x01B8, 0x01B9, 0x01BA, 0x01BB, 0x01BC,
    0x01BD, 0x01BE, 0x01BF, 0x01C0, 0x01C1, 0x01C2, 0x01C3, 0x01DD, 0x01F7, 0x021C, 0x021D,
    0x0222, 0x0223, 0x0241, 0x0242, 0x0245, 0x024A, 0x024B,
  ]

  @Test("every Latin letter without a decomposition in U+00C0…U+024F, against Unidecode")
  func latinASCII() throws {
    let rows = try Self.latinRows()
    #expect(rows.count == 128)
    let folder = TextFolder(options: .default, dropsPunctuation: true)
    var unexplained: [String] = []
    var kept: [UInt32] = []
    for row in rows {
      let letter = String(row.scalar)
      let folded = folder.foldedString(letter)
      let spelled = row.spelling.lowercased()
      if folded == spelled { continue }
      if let expected = Self.disagreements[row.scalar.value], folded == expected { continue }
      // ICU leaves the letter outside ASCII: it stays one letter, its case folded.
      let caseFolded = letter.lowercased().decomposedStringWithCanonicalMapping
      if folded == caseFolded || folded == letter {
        kept.append(row.scalar.value)
        continue
      }
      unexplained.append(
        "\(String(row.scalar.value, radix: 16)) \(row.name): \(folded.debugDescription), "
          + "Unidecode \(spelled.debugDescription)")
    }
    #expect(unexplained.isEmpty, "\(unexplained)")
    // The letters of the issue are among those spelled in ASCII.
    for (letter, spelling) in [
      ("ø", "o"), ("æ", "ae"), ("œ", "oe"), ("ł", "l"), ("đ", "d"), ("ð", "d"), ("þ", "th"),
      ("ı", "i"), ("ŋ", "n"), ("ħ", "h"), ("Ø", "o"), ("Æ", "ae"), ("Þ", "th"),
    ] {
      #expect(folder.foldedString(letter) == spelling, "\(letter)")
    }
    // With case ignored the spelling is lowercase, small capitals too (ICU spells ʀ "R"),
    // so that "r" finds "Ʀ"; with case kept, capitals stay capitals.
    #expect(Self.finds("r", "Ʀ"))
    #expect(Self.finds("ab", "ᴀʙ"))
    let caseKept = TextFolder(options: MatchOptions(ignoresCase: false), dropsPunctuation: true)
    #expect(caseKept.foldedString("ÆØÞ æøþ") == "AEOTH aeoth")
    #expect(kept.sorted() == Self.keptByICU, "\(kept.sorted().map { String($0, radix: 16) })")
  }
}
