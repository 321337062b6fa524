import Dispatch
import Testing

@testable import NamesSearch

@Suite("SearchSession")
struct SearchSessionTests {
  let catalog = Catalog.random(names: 20_000, seed: 7)

  func fresh(_ term: String) -> [UInt32] {
    Searcher().search(Query(term: term), in: catalog).matchedNames
  }

  @Test("typing, backspace and edits give what a fresh search gives")
  func typingSequence() throws {
    let session = SearchSession(catalog: catalog, cacheLimit: 4)
    let steps = [
      "a", "an", "ann", "anne", "ann", "an", "", "e", "e\u{301}", "é", "jo", "jos", "josé", "xjosé",
      "김", "기", "ss", "s", "b", "ba", "bn",
    ]
    for term in steps {
      let result = try #require(session.search(term))
      #expect(result.matchedNames == fresh(term), "term \(term.debugDescription)")
      #expect(result.index == Searcher().search(Query(term: term), in: catalog).index)
    }
  }

  @Test("a newer search cancels an older one still running")
  func staleSearchesAreDropped() async {
    let big = Catalog.random(names: 400_000, seed: 8)
    let session = SearchSession(catalog: big)
    // Start many scans on other threads while issuing newer ones: every call that returns
    // a result returns the right one, and the last call always returns.
    let terms = ["a", "e", "n", "s", "b", "z", "an", "ss"]
    let outcomes = ConcurrentResults<Bool>(count: terms.count)
    DispatchQueue.concurrentPerform(iterations: terms.count) { i in
      if let result = session.search(terms[i]) {
        outcomes[i] =
          result.matchedNames == Searcher().search(Query(term: terms[i]), in: big).matchedNames
      }
    }
    for i in 0..<terms.count where outcomes[i] != nil {
      #expect(outcomes[i] == true)
    }
    #expect(
      session.search("jo")?.matchedNames
        == Searcher().search(Query(term: "jo"), in: big).matchedNames)
  }
}

@Suite("SearchSession ordering")
struct SearchSessionOrderingTests {
  @Test("an older call that starts late returns nil; the newest answers")
  func olderCallLoses() throws {
    let catalog = Catalog.random(names: 2_000, seed: 9)
    let session = SearchSession(catalog: catalog)
    let newest = try #require(session.search("an", sequence: 2))
    #expect(newest.query.term == "an")
    #expect(session.search("a", sequence: 1) == nil)
    #expect(session.search("", sequence: 1) == nil)
    #expect(session.search("ann", sequence: 3)?.query.term == "ann")
  }
}
