import Testing

@testable import NamesSearch

/// The whole-buffer SIMD scan, split across cores for large catalogs, against the simple
/// per-name matcher on the same folded keys.
@Suite("KeyScanner")
struct KeyScannerTests {
  static let pieces = [
    "a", "n", "e", "an", "ann", "b", "s", "z", "José", "e\u{301}", "ü", "Straße", "김", "기",
    "민", "が", "か", "👨\u{200D}👩", "👨", " ", "-", "ø", "Σ", "ς",
  ]

  static func catalog(names count: Int, seed: UInt64) -> Catalog {
    var random = SeededGenerator(seed: seed)
    var sections: [Section] = []
    var names: [String] = []
    for _ in 0..<count {
      names.append(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)!
        }
        .joined())
      if names.count == 1 + Int.random(in: 0..<2_000, using: &random) {
        sections.append(Section(title: "S\(sections.count)", names: names))
        names = []
      }
    }
    sections.append(Section(title: "last", names: names))
    return Catalog(sections: sections)
  }

  func expectSameAsNaive(_ catalog: Catalog, terms: [String]) {
    for term in terms {
      let query = Query(term: term)
      let matcher = Matcher(query: query)
      let keys = catalog.defaultKeys
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
      Self.catalog(names: 5_000, seed: 1), terms: Self.pieces + ["nn", "zzz", "a-"])
  }

  @Test("large catalog, every core")
  func large() {
    let catalog = Self.catalog(names: 150_000, seed: 2)
    #expect(catalog.nameCount >= KeyScanner.parallelThreshold)
    expectSameAsNaive(catalog, terms: ["a", "ann", "jose", "기", "김", "e", "👨", "s", "ss", "qqq"])
  }

  @Test("a set flag stops a scan")
  func cancellation() {
    let catalog = Self.catalog(names: 150_000, seed: 3)
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
