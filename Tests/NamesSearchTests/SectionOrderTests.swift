import Testing

@testable import NamesSearch

@Suite("SectionOrder")
struct SectionOrderTests {
  @Test("letters by collation first, then the rest by code point")
  func order() {
    let titles = ["b", "#", "Ä", "A", "0", "a", "", "Å", "…", "Z", "ä"]
    // By hand: a < A (case is tertiary, lowercase first), Å, ä, Ä (accents secondary),
    // then b, Z; then "" < "#" (U+23) < "0" (U+30) < "…" (U+2026).
    #expect(
      SectionOrder.sorted(titles) == ["a", "A", "Å", "ä", "Ä", "b", "Z", "", "#", "0", "…"])
  }

  @Test("titles are never merged: A, Å and Ä stay three sections")
  func neverMerged() {
    let catalog = Catalog(sections: [
      Section(title: "Ä", names: ["Äbel"]), Section(title: "A", names: ["Abel"]),
      Section(title: "Å", names: ["Åsa"]),
    ])
    #expect(catalog.titles == ["A", "Å", "Ä"])
    #expect(Searcher().search(Query(term: "a"), in: catalog).index == ["A", "Å", "Ä"])
  }
}
