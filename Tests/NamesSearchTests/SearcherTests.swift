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

  @Test("names found by keys and by readings merge, each once, the key kept (worked by hand)")
  func mergedByHand() {
    let r = SearchResult.readingMatch
    // Names 4 and 9 found both ways keep their keys; 0, 5 and 12 only by a reading.
    var merged = Searcher.merged(
      [1, 4, 9], firstKeys: [10, 40, 90], readingNames: [0, 4, 5, 9, 12])
    #expect(merged.names == [0, 1, 4, 5, 9, 12])
    #expect(merged.firstKeys == [r, 10, 40, r, 90, r])
    // Only keys; only readings; neither.
    merged = Searcher.merged([2, 3], firstKeys: [5, 7], readingNames: [])
    #expect(merged.names == [2, 3] && merged.firstKeys == [5, 7])
    merged = Searcher.merged([], firstKeys: [], readingNames: [3, 8])
    #expect(merged.names == [3, 8] && merged.firstKeys == [r, r])
    merged = Searcher.merged([], firstKeys: [], readingNames: [])
    #expect(merged.names.isEmpty && merged.firstKeys.isEmpty)
  }

  @Test("reading entries become their names: stored keys' owners, then names read from text")
  func namesOfReadingEntries() {
    // Four names: Иван (one stored key), Lee (none of its own; two from its reading
    // fields, さとう and ゆき), 张三 (read from its text: no stored key), Σοφία (one key).
    let further = FurtherKeys(
      texts: NameStore(["さとう", "ゆき"]), owners: FrozenArray([1, 1] as [UInt32]))
    let keys = ReadingKeys(names: NameStore(["Иван", "Lee", "张三", "Σοφία"]), further: further)
    #expect(keys.spelledCount == 4)
    #expect((0..<4).map { keys.owners[$0] } == [0, 1, 1, 3])
    let han: UInt32 = 4 + 2  // 张三's entry: after the stored keys, by its name's number
    // Every entry: each name once, ascending (Lee's two keys give one name).
    #expect(Searcher.names(ofReadingKeys: [0, 1, 2, 3, han], in: keys) == [0, 1, 2, 3])
    #expect(Searcher.names(ofReadingKeys: [1, 2], in: keys) == [1])
    #expect(Searcher.names(ofReadingKeys: [2, han], in: keys) == [1, 2])
    // The Han name's entry alone (no stored key among them); none.
    #expect(Searcher.names(ofReadingKeys: [han], in: keys) == [2])
    #expect(Searcher.names(ofReadingKeys: [], in: keys).isEmpty)
  }
}
