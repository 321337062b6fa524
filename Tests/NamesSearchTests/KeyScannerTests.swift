import TestSupport
import Testing

@testable import NamesSearch

/// The whole-buffer SIMD scan, split across cores for large catalogs, against the simple
/// per-name matcher on the same folded keys.
@Suite("KeyScanner")
struct KeyScannerTests {
  /// Under `--fold all` a term with punctuation is searched in the keys that keep it
  /// (`Matcher.keepsPunctuation`): the naive scan folds those keys itself. Readings are off:
  /// the keys' scan is what is compared (`ReadingMatcherTests` checks readings).
  func expectSameAsNaive(_ catalog: Catalog, terms: [String]) {
    for term in terms {
      let query = Query(
        term: term, options: MatchOptions(usesReadings: false), syntax: .fixedStrings)
      let matcher = Matcher(query: query)
      let keys =
        matcher.keepsPunctuation
        ? SearchKeys(names: catalog.names, options: query.options, dropsPunctuation: false)
        : catalog.defaultKeys
      let expected = Self.naiveMatches(of: matcher, in: keys, count: catalog.nameCount)
      let result = Searcher().search(query, in: catalog)
      #expect(result.matchedNames == expected, "term \(term.debugDescription)")
    }
  }

  /// The first `count` keys that the simple per-name matcher accepts, ascending: the
  /// reference the scan is compared with. O(total length of the keys × the term's).
  static func naiveMatches(of matcher: Matcher, in keys: SearchKeys, count: Int) -> [UInt32] {
    (0..<count).filter { matcher.matches(keys.key($0)) }.map { UInt32($0) }
  }

  /// Names drawn from a small alphabet of pieces, so that a key often crosses the scan's
  /// 64-position windows and, when diacritics are kept, often holds a candidate that a
  /// combining mark after it rejects (`ClusterBoundary`): nine in ten of 1 to 20 pieces,
  /// the rest of 21 to 150 (up to about 450 bytes once folded), across several windows.
  static func windowCrossingNames(
    count: Int, seed: UInt64, alphabet: [String] = ["a", "b", "c", " ", "\u{301}", "é", "ab"]
  ) -> [String] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { i in
      let length = Int.random(in: i % 10 == 0 ? 21...150 : 1...20, using: &random)
      return (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }
  }

  /// The scan and a session typing each term, on 2,000 such names and on 60 copies of them
  /// (past `KeyScanner.parallelThreshold`), against the simple per-name matcher on the
  /// 2,000, its answer repeated for each copy.
  @Test(
    "keys across scan windows, longer than several, dense and sparse terms",
    arguments: [
      MatchOptions(usesReadings: false),
      MatchOptions(ignoresDiacritics: false, usesReadings: false),
    ])
  func windowCrossing(options: MatchOptions) {
    let names = Self.windowCrossingNames(count: 2_000, seed: 11)
    // Typed one scalar at a time, "b\u{301}" narrows "b"'s hits, rejected ones among them
    // when diacritics count; the last term, 70 characters of a long name, is longer than the
    // scan's 64-position window.
    let long = String(names.first { $0.utf8.count >= 100 }!.prefix(70))
    expectScansMatchNaive(
      names: names,
      terms: [
        "a", "b", "c", "ab", "ba", "abc", "cab", "aaaa", "bcab", "é", "a c", "b\u{301}",
        "ab\u{301}c", long,
      ], options: options)
  }

  /// Letters whose ends the C loop settles itself (Greek, Cyrillic, kana, CJK ideographs,
  /// beside each other or ASCII) among marks that join them (U+3099 and U+0483, Extend;
  /// U+0903, SpacingMark; ZWJ; the trailing jamo U+11A8 after a Hangul syllable, which keys
  /// hold as jamo) and a Prepend (U+0600) before them, which it must leave to
  /// `ClusterBoundary`. Under `--fold cd`, case-sensitive, hiragana and capital letters
  /// stay as they are in the keys (`--fold all` makes kana katakana).
  @Test(
    "letters of several scripts beside the marks that join them",
    arguments: [
      MatchOptions(usesReadings: false),
      MatchOptions(ignoresDiacritics: false, usesReadings: false),
      MatchOptions(ignoresCase: false, folding: .cd, usesReadings: false),
    ])
  func scriptLetters(options: MatchOptions) {
    let names = Self.windowCrossingNames(
      count: 2_000, seed: 12,
      alphabet: [
        "张", "三", "ア", "か", "가", "민", "Д", "д", "α", "Ω", "a", " ", "\u{3099}", "\u{483}",
        "\u{903}", "\u{200D}", "\u{11A8}", "\u{600}",
      ])
    expectScansMatchNaive(
      names: names,
      terms: [
        "张", "三", "张三", "ア", "か", "가", "민", "д", "Д", "α", "Ω", "a张", "张a", "三 ", "가민",
        "дα",
      ], options: options)
  }

  /// The scan and a session typing each term, on `names` and on 60 copies of them (past
  /// `KeyScanner.parallelThreshold`), against the simple per-name matcher on `names`, its
  /// answer repeated for each copy; each term must find some names but not all.
  func expectScansMatchNaive(names: [String], terms: [String], options: MatchOptions) {
    let original = Catalog(sections: [Section(title: "A", names: names)])
    let copies = 60
    let large = Catalog(
      sections: [Section(title: "A", names: Array(repeating: names, count: copies).flatMap { $0 })]
    )
    #expect(large.nameCount >= KeyScanner.parallelThreshold)
    for term in terms {
      let query = Query(term: term, options: options, syntax: .fixedStrings)
      let matcher = Matcher(query: query)
      let keys = SearchKeys(
        names: original.names, options: options, dropsPunctuation: !matcher.keepsPunctuation)
      let expected = Self.naiveMatches(of: matcher, in: keys, count: names.count)
      #expect(!expected.isEmpty && expected.count < names.count, "term \(term.debugDescription)")
      for (catalog, times) in [(original, 1), (large, copies)] {
        let all = (0..<times).flatMap { copy in expected.map { $0 + UInt32(copy * names.count) } }
        #expect(
          Searcher().search(query, in: catalog).matchedNames == all,
          "term \(term.debugDescription), \(times) copies")
        let session = SearchSession(catalog: catalog, options: options, syntax: .fixedStrings)
        var typed: SearchResult?
        for end in 1...term.unicodeScalars.count {
          typed = session.search(String(String.UnicodeScalarView(term.unicodeScalars.prefix(end))))
        }
        #expect(typed?.matchedNames == all, "term \(term.debugDescription), typed, \(times) copies")
      }
    }
  }

  @Test("small catalog, one thread")
  func small() {
    expectSameAsNaive(
      Catalog.random(names: 5_000, seed: 1), terms: RandomList.pieces + ["nn", "zzz", "a-"])
  }

  @Test("large catalog, every core")
  func large() {
    let catalog = Catalog.random(names: 150_000, seed: 2)
    #expect(catalog.nameCount >= KeyScanner.parallelThreshold)
    expectSameAsNaive(catalog, terms: ["a", "ann", "jose", "기", "김", "e", "👨", "s", "ss", "qqq"])
  }

  @Test("a set flag stops a scan")
  func cancellation() {
    let catalog = Catalog.random(names: 150_000, seed: 3)
    let flag = CancellationFlag()
    flag.cancel()
    #expect(Searcher().search(Query(term: "a"), in: catalog, cancellation: flag) == nil)
  }

  @Test("groups follow display order when sections are stored in another order")
  func storageOrder() {
    var builder = NameStore.Builder()
    for name in ["Zed", "Zoe", "Ann", "Bob"] { builder.append(name) }
    let catalog = Catalog(
      titles: ["Z", "A", "B"], names: builder.build(), sectionRanges: [0..<2, 2..<3, 3..<4])
    let result = Searcher().search(Query(term: "o"), in: catalog)
    #expect(
      result.sections == [Section(title: "B", names: ["Bob"]), Section(title: "Z", names: ["Zoe"])])
  }
}
