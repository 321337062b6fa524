import Dispatch
import Foundation
import Synchronization
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
  func staleSearchesAreDropped() throws {
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

    // The cancellation itself. An older call (sequence 1) scans every name for "a"; a newer
    // call (sequence 2) starts a tenth of the way into that scan's fastest uncancelled time,
    // and must cancel it: the older call returns nil. Were it overtaken before it started,
    // it would return nil too, but its thread has just signalled it is about to call, so in
    // a few trials it starts first; without cancellation it would then finish and answer.
    var fastest = Double.infinity
    for _ in 0..<3 {
      let timed = SearchSession(catalog: big)  // fresh: nothing cached; made before timing
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try #require(timed.search("a"))
      fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let delay = fastest / 10
    for trial in 0..<5 {
      let trialSession = SearchSession(catalog: big)
      let olderAnswered = Mutex<Bool?>(nil)
      let aboutToCall = DispatchSemaphore(value: 0)
      let finished = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        aboutToCall.signal()
        let result = trialSession.search("a", sequence: 1)
        olderAnswered.withLock { $0 = result != nil }
        finished.signal()
      }
      aboutToCall.wait()
      Thread.sleep(forTimeInterval: delay)
      let newer = try #require(trialSession.search("jo", sequence: 2))
      finished.wait()
      #expect(newer.matchedNames == Searcher().search(Query(term: "jo"), in: big).matchedNames)
      #expect(
        olderAnswered.withLock { $0 } == false,
        "trial \(trial): the older scan answered after a newer call started \(delay) s into it")
    }
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
