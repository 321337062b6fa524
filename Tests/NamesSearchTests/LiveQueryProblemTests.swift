import Testing

@testable import NamesSearch

/// The live mode with a term that does not read as words and operators (issue 13): the
/// status line shows the problem, the last good result stays, Enter chooses from it.
@Suite("Live mode: a query that cannot be read")
struct LiveQueryProblemTests {
  let catalog = Catalog(sections: [
    Section(title: "A", names: ["Ann", "Anne Marie", "Abel"]),
    Section(title: "M", names: ["Marie Anne", "Mark"]),
  ])

  /// Types `keys` one at a time, a second apart, running each search as the driver does.
  func type(_ keys: [String], into state: inout LiveSearchState, from start: Double = 0)
    -> [LiveSearchState.Effect]
  {
    var now = start
    var finished: [LiveSearchState.Effect] = []
    for key in keys {
      let effects =
        key == "\n" ? state.handle(.choose, now: now) : state.handle(.insert(key), now: now)
      now += 1
      for effect in effects + state.tick(now: now) {
        switch effect {
        case .search(let sequence, let term):
          finished += state.apply(
            Searcher().search(Query(term: term, syntax: state.syntax), in: catalog),
            sequence: sequence)
        default: finished.append(effect)
        }
      }
    }
    return finished
  }

  @Test("an open quote keeps the last result and shows why on the status line")
  func openQuote() {
    var state = LiveSearchState(catalog: catalog, rows: 10, columns: 90)
    _ = type(["a", "n", "n", "e", " "], into: &state)
    let good = state.result.matchedNames
    #expect(state.result.sections.flatMap(\.names) == ["Anne Marie", "Marie Anne"])
    _ = type(["\""], into: &state, from: 10)
    #expect(state.queryProblem == QuerySyntaxError(.unclosedQuote, column: 6))
    #expect(state.result.matchedNames == good)
    #expect(
      state.frame().text(ofRow: 9)
        == "the quote at column 6 is not closed (write \\\" for a quote) · 2 of 5 names · "
        + "2 sections")
    // Closing the quote searches the phrase: "anne" and "e m".
    _ = type(["e", " ", "m", "\""], into: &state, from: 20)
    #expect(state.queryProblem == nil)
    #expect(state.result.sections.flatMap(\.names) == ["Anne Marie"])
    #expect(state.frame().text(ofRow: 9) == "1 of 5 names · 1 section")
  }

  @Test("Enter on a term that cannot be read chooses from the result shown")
  func chooseWithProblem() {
    var state = LiveSearchState(catalog: catalog, rows: 10, columns: 90)
    _ = type(["m", "a", "r", "k"], into: &state)
    // "mark |" is typed and Enter pressed before the debounce: nothing to search.
    _ = state.handle(.insert(" "), now: 10)
    _ = state.handle(.insert("|"), now: 10.01)
    let effects = state.handle(.choose, now: 10.02)
    #expect(effects == [.finish(.chosen("Mark"))])
    #expect(state.queryProblem == QuerySyntaxError(.emptyAlternative, column: 6))
  }

  @Test("with -F the same characters are a term like any other")
  func fixedStrings() {
    var state = LiveSearchState(catalog: catalog, rows: 10, columns: 90, syntax: .fixedStrings)
    _ = type(["e", " ", "m"], into: &state)
    #expect(state.queryProblem == nil)
    #expect(state.result.sections.flatMap(\.names) == ["Anne Marie"])
    _ = type(["\""], into: &state, from: 10)
    #expect(state.queryProblem == nil)
    #expect(state.result.isEmpty)
  }
}
