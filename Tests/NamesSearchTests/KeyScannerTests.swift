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
      let expected = (0..<catalog.nameCount).filter { matcher.matches(keys.key($0)) }.map {
        UInt32($0)
      }
      let result = Searcher().search(query, in: catalog)
      #expect(result.matchedNames == expected, "term \(term.debugDescription)")
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
