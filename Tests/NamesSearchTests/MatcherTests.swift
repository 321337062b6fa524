import Foundation
import TestSupport
import Testing

@testable import NamesSearch

@Suite("Matcher")
struct MatcherTests {
  func matches(
    _ term: String, _ name: String, options: MatchOptions = .containsCD
  ) -> Bool {
    let query = Query(term: term, options: options)
    return Matcher(query: query).matches(key: TextFolder(options: options).fold(name))
  }

  @Test("finds the term ignoring case and diacritics")
  func caseAndDiacritics() {
    #expect(matches("jose", "José"))
    #expect(matches("ANN", "Ann"))
    #expect(matches("ANN", "Joanna"))
    #expect(matches("strasse", "Straße"))
    #expect(matches("Müller", "Mu\u{308}ller"))
    #expect(matches("Mu\u{308}ller", "Müller"))
    #expect(!matches("anna", "Ann"))
    #expect(!matches("soren", "Søren"))
  }

  @Test("ignores the marks of every script, as Foundation does (issue 8)")
  func marksOfEveryScript() {
    #expect(matches("محمد", "مُحَمَّد حَسَن"))
    #expect(matches("مُحَمَّد", "محمد"))
    #expect(matches("שלום", "שָׁלוֹם"))
    #expect(matches("علیرضا", "علی\u{200C}رضا"))
    #expect(matches("علی\u{200C}رضا", "علیرضا"))
    // A virama joining two consonants is kept: the conjunct न्द is one character (GB9c).
    #expect(!matches("हिनदी", "हिन्दी"))
    #expect(matches("हिन्दी", "हिन्दी"))
    #expect(!matches("か", "が"))
    #expect(!matches("ا", "آ"))
    #expect(matches("آ", "آرش"))
    #expect(!matches("ab", "a\u{200D}b"))
    #expect(!matches("ab", "a\u{AD}b"))
    let diacriticSensitive = MatchOptions(ignoresCase: true, ignoresDiacritics: false, folding: .cd)
    #expect(!matches("محمد", "مُحَمَّد", options: diacriticSensitive))
    #expect(!matches("علیرضا", "علی\u{200C}رضا", options: diacriticSensitive))
    #expect(matches("مُحَمَّد", "مُحَمَّد", options: diacriticSensitive))
    let caseSensitive = MatchOptions(ignoresCase: false, ignoresDiacritics: true, folding: .cd)
    #expect(matches("محمد", "مُحَمَّد", options: caseSensitive))
  }

  @Test("a match never ends inside a character")
  func clusterBoundaries() {
    let exact = MatchOptions(ignoresCase: true, ignoresDiacritics: false, folding: .cd)
    #expect(!matches("Jose", "Jose\u{301}", options: exact))
    #expect(!matches("Jose", "José", options: exact))
    #expect(matches("José", "Jose\u{301}", options: exact))
    #expect(matches("Jos", "José", options: exact))
    #expect(!matches("기", "김"))
    #expect(matches("김", "김민수"))
    #expect(matches("민수", "김민수"))
    #expect(!matches("か", "が"))
    #expect(!matches("👨", "👨\u{200D}👩\u{200D}👧"))
  }

  @Test("case-sensitive and diacritic-sensitive options")
  func sensitiveOptions() {
    let caseSensitive = MatchOptions(ignoresCase: false, ignoresDiacritics: true, folding: .cd)
    #expect(!matches("ann", "Ann", options: caseSensitive))
    #expect(matches("ann", "Joanna", options: caseSensitive))
    #expect(matches("Jose", "José", options: caseSensitive))
    let diacriticSensitive = MatchOptions(ignoresCase: true, ignoresDiacritics: false, folding: .cd)
    #expect(!matches("jose", "José", options: diacriticSensitive))
    #expect(matches("JOSÉ", "José", options: diacriticSensitive))
  }

  @Test("a term that folds to nothing matches everything")
  func emptyTerm() {
    #expect(Matcher(query: Query(term: "")).matchesEverything)
    #expect(matches("", "Ann"))
  }

  @Test("expansions: a term may stop inside ß → ss (monotone, unlike Foundation)")
  func expansionsAreMonotone() {
    // Typing "s", "st", … "strasse" one key at a time never hides "Straße" and shows it
    // again. Foundation's range(of:) finds "strass" and "strasse" but not "stras".
    for end in 1..."strasse".count {
      #expect(matches(String("strasse".prefix(end)), "Straße"))
    }
    #expect(matches("f", "ﬁne"))
    #expect(matches("ss", "Strauß"))
  }

  @Test("byte search finds every position", arguments: 0..<200)
  func substringSearch(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let alphabet = Array("abcab".utf8)
    let haystack = (0..<Int.random(in: 0...40, using: &random)).map { _ in
      alphabet.randomElement(using: &random)!
    }
    let needle = (0..<Int.random(in: 1...4, using: &random)).map { _ in
      alphabet.randomElement(using: &random)!
    }
    let expected =
      haystack.count >= needle.count
      ? (0...(haystack.count - needle.count)).first {
        Array(haystack[$0..<$0 + needle.count]) == needle
      } : nil
    let found = haystack.withUnsafeBytes { h in
      needle.withUnsafeBytes { n in SubstringSearch.firstOccurrence(of: n, in: h, from: 0) }
    }
    #expect(found == expected)
  }
}
