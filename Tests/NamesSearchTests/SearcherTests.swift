import Testing

@testable import NamesSearch

@Suite("Searcher")
struct SearcherTests {
  let catalog = Catalog(sections: [
    Section(title: "B", names: ["Bob", "Brianna"]),
    Section(title: "A", names: ["Addison", "Ann", "Addison", "Anna"]),
    Section(title: "J", names: ["Joanna", "José", "Jo"]),
  ])

  @Test("culls names that do not match, then empty sections")
  func culls() {
    let result = Searcher().search(Query(term: "ann"), in: catalog)
    #expect(
      result.sections == [
        Section(title: "A", names: ["Ann", "Anna"]),
        Section(title: "B", names: ["Brianna"]),
        Section(title: "J", names: ["Joanna"]),
      ])
    #expect(result.index == ["A", "B", "J"])
    #expect(result.total == 4)
  }

  @Test("an empty term resets to every name; duplicates and file order kept")
  func reset() {
    let result = Searcher().search(Query(term: ""), in: catalog)
    #expect(result.total == 9)
    #expect(
      result.sections.first == Section(title: "A", names: ["Addison", "Ann", "Addison", "Anna"]))
    #expect(result.index == ["A", "B", "J"])
  }

  @Test("nothing matched: no sections")
  func nothing() {
    let result = Searcher().search(Query(term: "xyz"), in: catalog)
    #expect(result.isEmpty && result.sections.isEmpty && result.index.isEmpty)
  }

  @Test("every search starts from the untouched catalog")
  func valueSemantics() {
    let before = catalog.sections
    let narrowed = Searcher().search(Query(term: "jo"), in: catalog)
    #expect(narrowed.index == ["J"])
    let again = Searcher().search(Query(term: "b"), in: narrowed.catalog)
    #expect(again.index == ["B"])
    #expect(catalog.sections == before)
    #expect(Searcher().search(Query(term: ""), in: catalog).total == 9)
  }

  @Test("options other than the default fold on demand")
  func otherOptions() {
    let options = MatchOptions(ignoresCase: false, ignoresDiacritics: false)
    let result = Searcher().search(Query(term: "Jos", options: options), in: catalog)
    #expect(result.sections == [Section(title: "J", names: ["José"])])
    let none = Searcher().search(Query(term: "jose", options: options), in: catalog)
    #expect(none.isEmpty)
  }
}
