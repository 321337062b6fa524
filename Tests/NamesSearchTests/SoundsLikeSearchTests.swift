import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Searching by sound (issue 13): `--sounds-like` and `~word`. The reference is the table
/// of codes PyPI's Metaphone and abydos gave every fixture word
/// (`Tests/Fixtures/phonetics/codes.tsv`), and names split into words by Foundation: a
/// name sounds like a word when one of its words shares a code of the table with it.
@Suite("Sounds-like search")
struct SoundsLikeSearchTests {
  static func names(_ catalog: Catalog, _ query: Query) -> [String] {
    let result = Searcher().search(query, in: catalog)
    return result.matchedNames.map { catalog.names[Int($0)] }
  }

  static let small = Catalog(sections: [
    Section(
      title: "A", names: ["Anna Shvarts", "Ann Smith", "Ali Muhammad", "Amy Kathryn Lee"]),
    Section(title: "C", names: ["Catherine Zeta", "Carl Jones"]),
    Section(title: "J", names: ["John", "Jon", "Jane", "Jean-Paul Katherine"]),
    Section(title: "K", names: ["Kathryn Bigelow", "Katherine Hepburn", "Karl", "Kate"]),
    Section(title: "Z", names: ["Zeta Catherine"]),
  ])

  @Test("the issue's examples: katherine, jon, mohammed, schwarz")
  func examples() {
    func alike(_ term: String) -> [String] {
      Self.names(Self.small, Query(term: term, soundsLike: true))
    }
    let katherine = alike("katherine")
    for name in [
      "Catherine Zeta", "Zeta Catherine", "Kathryn Bigelow", "Katherine Hepburn",
      "Amy Kathryn Lee", "Jean-Paul Katherine",
    ] {
      #expect(katherine.contains(name), "\(name)")
    }
    #expect(!katherine.contains("Kate") && !katherine.contains("Karl"))
    #expect(alike("jon").contains("John"))
    #expect(alike("mohammed") == ["Ali Muhammad"])
    #expect(alike("schwarz") == ["Anna Shvarts"])
    // Without the option, only letters: nothing sounds alike.
    #expect(Self.names(Self.small, Query(term: "schwarz")).isEmpty)
  }

  @Test("~word asks for one word what --sounds-like asks for all")
  func operatorForOneWord() {
    #expect(
      Self.names(Self.small, Query(term: "~katherine"))
        == Self.names(Self.small, Query(term: "katherine", soundsLike: true)))
    // Only the marked word: "hepburn" stays exact.
    #expect(Self.names(Self.small, Query(term: "~kathryn hepburn")) == ["Katherine Hepburn"])
    #expect(Self.names(Self.small, Query(term: "kathryn hepburn")).isEmpty)
    // Anchored: the first word, the last word, the only word.
    #expect(
      Self.names(Self.small, Query(term: "^~kathryn")) == [
        "Catherine Zeta", "Kathryn Bigelow", "Katherine Hepburn",
      ])
    #expect(
      Self.names(Self.small, Query(term: "~^kathryn"))
        == Self.names(Self.small, Query(term: "^~kathryn")))
    #expect(
      Self.names(Self.small, Query(term: "~kathryn$")) == [
        "Jean-Paul Katherine", "Zeta Catherine",
      ])
    // Jane is JN too (Double Metaphone), as Jon and John are.
    #expect(Self.names(Self.small, Query(term: "^~jon$")) == ["Jon", "John", "Jane"])
    // Negated: neither the word nor what sounds like it.
    let without = Self.names(Self.small, Query(term: "!~katherine"))
    #expect(!without.contains("Catherine Zeta") && without.contains("Karl"))
  }

  @Test("exact names come first in each section, then the ones that only sound alike")
  func exactFirst() throws {
    let result = Searcher().search(Query(term: "kathryn", soundsLike: true), in: Self.small)
    let k = try #require(result.sections.first { $0.title == "K" })
    #expect(k.names == ["Kathryn Bigelow", "Katherine Hepburn"])
    let a = try #require(result.sections.first { $0.title == "A" })
    #expect(a.names == ["Amy Kathryn Lee"])
    #expect(
      Set(result.approximateNames.map { Self.small.names[Int($0)] }) == [
        "Catherine Zeta", "Katherine Hepburn", "Jean-Paul Katherine", "Zeta Catherine",
      ])
  }

  @Test("a word of fewer than 3 letters, a phrase or a hyphenated word is matched exactly")
  func onlyWholeWords() {
    #expect(
      Self.names(Self.small, Query(term: "jo", soundsLike: true))
        == Self.names(Self.small, Query(term: "jo")))
    #expect(
      Self.names(Self.small, Query(term: "\"ann smith\"", soundsLike: true)) == ["Ann Smith"])
    #expect(
      Self.names(Self.small, Query(term: "jean-paul", soundsLike: true)) == [
        "Jean-Paul Katherine"
      ])
  }

  @Test("the highlight tells exact parts from parts that sound alike")
  func highlightKinds() throws {
    let result = Searcher().search(Query(term: "~katherine zeta"), in: Self.small)
    let highlighter = MatchHighlighter(result: result)
    let position = try #require(
      result.matchedNames.firstIndex { Self.small.names[Int($0)] == "Zeta Catherine" })
    let name = "Zeta Catherine"
    var marks: [(String, MatchKind)] = []
    highlighter.forEachMatch(at: position, of: result, in: name[...]) { range, kind in
      marks.append((String(name[range]), kind))
      return true
    }
    #expect(marks.map(\.0) == ["Zeta", "Catherine"])
    #expect(marks.map(\.1) == [.exact, .soundsLike])
  }

  @Test("PhoneticWords: words as the codes read them, by hand")
  func wordsByHand() {
    #expect(PhoneticWords.letters(in: "Anne-Marie O’Brien") == ["ANNE", "MARIE", "OBRIEN"])
    #expect(PhoneticWords.letters(in: "Anne-Marie O'Brien") == ["ANNE", "MARIE", "OBRIEN"])
    #expect(PhoneticWords.letters(in: "Łukasz Ørsted-Strauß") == ["LUKASZ", "ORSTED", "STRAUSS"])
    #expect(PhoneticWords.letters(in: "张伟 Li, Иван R2D2") == ["LI", "R", "D"])
    #expect(PhoneticWords.letters(in: "  ").isEmpty)
  }

  /// The table's codes by word: "M" and a Double Metaphone code, "D" and a
  /// Daitch–Mokotoff code.
  static let table: [String: Set<String>] = {
    var table: [String: Set<String>] = [:]
    for fields in (try? PhoneticCodeTests.rows()) ?? [] {
      var codes = Set(fields[1...2].filter { !$0.isEmpty }.map { "M" + $0 })
      codes.formUnion(fields[3].split(separator: " ").map { "D" + $0 })
      table[String(fields[0])] = codes
    }
    return table
  }()

  /// A name's words as Foundation splits and folds them: letters only, apostrophes left
  /// out, case and diacritics folded.
  static func foundationWords(_ name: String) -> [String] {
    let apostrophes = CharacterSet(
      charactersIn: "'\u{2019}\u{2018}\u{02BC}\u{02BB}\u{2032}\u{00B4}")
    let joined = name.unicodeScalars.filter { !apostrophes.contains($0) }
      .map(String.init).joined()
    return joined.components(separatedBy: CharacterSet.letters.inverted)
      .filter { !$0.isEmpty }
      .map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
  }

  @Test("every fixture name, a word of every 7th: the names the table's codes say, no more")
  func againstTheTable() throws {
    let table = Self.table
    #expect(table.count > 12_000)
    // The names whose every word the table codes (Foundation folds them to A–Z).
    var names: [String] = []
    for file in ["en_US", "de_DE", "fr_FR", "es_ES", "pl_PL", "cs_CZ", "sv_SE", "da_DK", "tr_TR"] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      names += text.split(separator: "\n").map(String.init)
    }
    names = names.filter { name in
      let words = Self.foundationWords(name)
      return !words.isEmpty && words.allSatisfy { table[$0] != nil }
    }
    #expect(names.count > 900)
    let catalog = Catalog(sections: [Section(title: "#", names: names)])
    let words = Array(Set(names.flatMap(Self.foundationWords))).sorted()
    var checked = 0
    for (k, word) in words.enumerated() where k % 7 == 0 && word.count >= 3 {
      let codes = table[word]!
      // Found by letters as `--fold all` finds them: punctuation left out ("Gude-Hahn"
      // holds "deha").
      let expected = names.filter { name in
        name.unicodeScalars.filter { !CharacterSet.punctuationCharacters.contains($0) }
          .map(String.init).joined()
          .range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil
          || Self.foundationWords(name).contains { !table[$0]!.isDisjoint(with: codes) }
      }
      let found = Self.names(catalog, Query(term: word, soundsLike: true))
      #expect(
        Set(found) == Set(expected),
        "\(word): more \(Set(found).subtracting(expected)), fewer \(Set(expected).subtracting(found))"
      )
      checked += 1
    }
    #expect(checked > 100)
  }
}
