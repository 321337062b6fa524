import TestSupport
import Testing

@testable import NamesSearch

/// The live mode's state machine, driven by hand with an injected clock.
@Suite("LiveSearchState")
struct LiveSearchStateTests {
  let catalog = Catalog(sections: [
    Section(title: "A", names: ["Ann", "Anna", "Abel"]),
    Section(title: "B", names: ["Bob", "Brianna"]),
    Section(title: "J", names: ["Joanna", "José"]),
  ])

  func state(_ debounce: Double = 0.1) -> LiveSearchState {
    LiveSearchState(catalog: catalog, rows: 12, columns: 40, debounce: debounce)
  }

  /// Runs a search effect the way the driver does.
  func run(_ effects: [LiveSearchState.Effect], on state: inout LiveSearchState)
    -> [LiveSearchState.Effect]
  {
    var out: [LiveSearchState.Effect] = []
    for effect in effects {
      if case .search(let sequence, let term) = effect {
        out += state.apply(Searcher().search(Query(term: term), in: catalog), sequence: sequence)
      } else {
        out.append(effect)
      }
    }
    return out
  }

  @Test("under --fold all, typing o, ob, obr narrows to O’Brien: its key leaves out the ’")
  func foldAllNarrowing() {
    let catalog = Catalog(sections: [
      Section(title: "B", names: ["Bob", "Obadiah"]),
      Section(title: "O", names: ["O’Brien", "Olga", "Ob Ray"]),
    ])
    var s = LiveSearchState(catalog: catalog, rows: 12, columns: 40, debounce: 0.1)
    var shown: [[String]] = []
    var now = 0.0
    for key in ["o", "b", "r"] {
      _ = s.handle(.insert(key), now: now)
      now += 1
      for effect in s.tick(now: now) {
        if case .search(let sequence, let term) = effect {
          _ = s.apply(Searcher().search(Query(term: term), in: catalog), sequence: sequence)
        }
      }
      shown.append(s.result.sections.flatMap(\.names))
    }
    // By hand: "o" is in every name; "ob" in Bob, Obadiah, O’Brien ("obrien"), Ob Ray;
    // "obr" only in O’Brien ("Ob Ray" keeps its space).
    #expect(
      shown == [
        ["Bob", "Obadiah", "O’Brien", "Olga", "Ob Ray"], ["Bob", "Obadiah", "O’Brien", "Ob Ray"],
        ["O’Brien"],
      ])
    #expect(s.frame().text(ofRow: 11) == "1 of 5 names · 1 section")
  }

  @Test("starts with every name, the first one selected")
  func start() {
    let s = state()
    #expect(s.result.total == 7)
    #expect(s.frame().text(ofRow: 0) == "> ")
    #expect(s.frame().text(ofRow: 1).hasPrefix("A "))
    #expect(s.frame().text(ofRow: 2).hasPrefix("  Ann "))
    #expect(s.frame().lines[2].first?.style == .selected)
    #expect(s.frame().text(ofRow: 11) == "7 of 7 names · 3 sections")
  }

  @Test("typing is debounced: one search after the last key")
  func debounce() {
    var s = state()
    #expect(s.handle(.insert("a"), now: 0).isEmpty)
    #expect(s.handle(.insert("n"), now: 0.05).isEmpty)
    #expect(s.tick(now: 0.1).isEmpty)  // the second key moved the deadline to 0.15
    #expect(s.isSearching)
    let effects = s.tick(now: 0.16)
    #expect(effects == [.search(sequence: 1, term: "an")])
    #expect(run(effects, on: &s).isEmpty)
    #expect(s.result.sections.map(\.title) == ["A", "B", "J"])
    #expect(s.result.total == 4)
    #expect(!s.isSearching)
  }

  @Test(
    "deleteBackward edits, clearTerm and clearOrLeave reset, clearOrLeave on an empty term cancels")
  func editing() {
    var s = state(0)
    _ = run(s.handle(.insert("ann"), now: 0) + s.tick(now: 0), on: &s)
    #expect(s.result.total == 4)
    _ = run(s.handle(.deleteBackward, now: 1) + s.tick(now: 1), on: &s)
    #expect(s.term == "an")
    _ = run(s.handle(.clearTerm, now: 2), on: &s)
    #expect(s.term == "" && s.result.total == 7)
    _ = run(s.handle(.insert("jo"), now: 3) + s.tick(now: 3), on: &s)
    _ = run(s.handle(.clearOrLeave, now: 4), on: &s)
    #expect(s.term == "" && s.result.total == 7)
    #expect(s.handle(.clearOrLeave, now: 5) == [.finish(.cancelled)])
    #expect(s.handle(.interrupt, now: 5) == [.finish(.cancelled)])
  }

  @Test("stale results are dropped; results of two terms never mix")
  func staleResults() {
    var s = state(0)
    let first = s.handle(.insert("a"), now: 0) + s.tick(now: 0)
    let second = s.handle(.insert("n"), now: 0.01) + s.tick(now: 0.01)
    #expect(first == [.search(sequence: 1, term: "a")])
    #expect(second == [.search(sequence: 2, term: "an")])
    // The newer search finishes first; the older one arrives late and is dropped.
    _ = s.apply(Searcher().search(Query(term: "an"), in: catalog), sequence: 2)
    _ = s.apply(Searcher().search(Query(term: "a"), in: catalog), sequence: 1)
    #expect(s.result.query.term == "an")
    #expect(s.result.total == 4)
  }

  @Test("choose within the debounce completes the search first")
  func enterCompletesPendingSearch() {
    var s = state()
    _ = s.handle(.insert("a"), now: 0)
    _ = run(s.tick(now: 0.1), on: &s)  // results for "a"
    _ = s.handle(.insert("n"), now: 0.2)
    _ = s.handle(.insert("n"), now: 0.21)
    let effects = s.handle(.choose, now: 0.22)  // before the debounce fires
    #expect(effects == [.search(sequence: 2, term: "ann")])
    #expect(run(effects, on: &s) == [.finish(.chosen("Ann"))])
  }

  @Test(
    "after choose the choice is fixed: later actions are ignored, interrupt and suspend are not")
  func keysAfterEnter() {
    var s = state()
    _ = s.handle(.insert("ann"), now: 0)
    let effects = s.handle(.choose, now: 0.01)
    #expect(effects == [.search(sequence: 1, term: "ann")])
    for action: Action in [
      .insert("x"), .deleteBackward, .paste("b"), .moveDown, .toggleIndexFocus, .clearTerm,
      .clearOrLeave,
    ] {
      #expect(s.handle(action, now: 0.02).isEmpty)
    }
    #expect(s.term == "ann")
    #expect(s.deadline == nil)
    #expect(s.handle(.suspend, now: 0.03) == [.suspend])
    #expect(run(effects, on: &s) == [.finish(.chosen("Ann"))])
    var t = state()
    _ = t.handle(.insert("zz"), now: 0)
    _ = t.handle(.choose, now: 0)
    #expect(t.handle(.interrupt, now: 0) == [.finish(.cancelled)])
  }

  @Test("choose finishes with the selected name; with none, nothing is chosen")
  func accept() {
    var s = state(0)
    _ = s.handle(.moveDown, now: 0)
    _ = s.handle(.moveDown, now: 0)
    #expect(s.handle(.choose, now: 0) == [.finish(.chosen("Abel"))])
    _ = run(s.handle(.insert("zz"), now: 1) + s.tick(now: 1), on: &s)
    #expect(s.handle(.choose, now: 2) == [.finish(.nothingChosen)])
  }

  @Test("selection skips titles and stays on names")
  func selection() {
    var s = state(0)
    for _ in 0..<3 { _ = s.handle(.moveDown, now: 0) }  // Ann → Anna → Abel → (B) Bob
    #expect(s.handle(.choose, now: 0) == [.finish(.chosen("Bob"))])
    _ = s.handle(.moveUp, now: 0)  // back over the title to Abel
    #expect(s.handle(.choose, now: 0) == [.finish(.chosen("Abel"))])
    for _ in 0..<10 { _ = s.handle(.moveDown, now: 0) }
    #expect(s.handle(.choose, now: 0) == [.finish(.chosen("José"))])
    _ = s.handle(.pageUp, now: 0)
    _ = s.handle(.pageUp, now: 0)
    #expect(s.handle(.choose, now: 0) == [.finish(.chosen("Ann"))])
  }

  @Test("the index: toggle the focus, then moving or a letter jumps to a section")
  func indexJump() {
    var s = state(0)
    _ = s.handle(.toggleIndexFocus, now: 0)
    #expect(s.focus == .index)
    _ = s.handle(.moveDown, now: 0)
    #expect(s.handle(.choose, now: 0) == [.finish(.chosen("Bob"))])
    _ = s.handle(.insert("j"), now: 0)
    #expect(s.term == "")
    #expect(s.handle(.choose, now: 0) == [.finish(.chosen("Joanna"))])
    _ = s.handle(.toggleIndexFocus, now: 0)
    #expect(s.focus == .names)
  }

  @Test("the index strip condenses with • when the window is short")
  func condensedIndex() {
    let titles = (65...90).map { String(UnicodeScalar(UInt8($0))) }
    let strip = IndexStrip(titles: titles, rows: 9)
    let shown = (0..<9).map { strip.entry(atRow: $0).text }
    // Five titles at rounded positions 0, 6.25, 12.5, 18.75, 25 of 0...25, "•" between.
    #expect(shown == ["A", "•", "G", "•", "N", "•", "T", "•", "Z"])
    #expect(IndexStrip(titles: ["A", "B"], rows: 9).entry(atRow: 1).text == "B")
  }

  @Test("wide names line up and are cut with … by width")
  func wideNames() {
    let wide = Catalog(sections: [Section(title: "张", names: ["张伟张伟张伟张伟张伟张伟", "Ann\u{1B}[31m"])])
    let s = LiveSearchState(catalog: wide, rows: 6, columns: 16)
    let line = s.frame().text(ofRow: 2)
    #expect(DisplayWidth.of(line) == 16)
    #expect(line.contains("…"))
    #expect(!line.contains("张伟张伟张伟张伟张伟张伟"))
    // A control sequence in a name is shown escaped, never sent to the terminal.
    #expect(s.frame().text(ofRow: 3).hasPrefix("  Ann\\e[31m"))
  }

  @Test("a paste is one edit of the term; its line breaks never accept")
  func paste() {
    var s = state()
    _ = s.handle(.toggleIndexFocus, now: 0)  // a paste goes to the field even from the index
    #expect(s.handle(.paste("an\r\n"), now: 0).isEmpty)
    #expect(s.focus == .names)
    #expect(s.term == "an")
    #expect(s.deadline == 0.1)  // one debounced search, no exit
    #expect(run(s.tick(now: 0.1), on: &s).isEmpty)
    #expect(s.result.total == 4)
    _ = s.handle(.paste("\nn\tJo\r\n\r\nsé\u{7}"), now: 1)
    #expect(s.term == "ann Jo sé")
    #expect(LiveSearchState.termText(pasted: "\r\n\n") == "")
    #expect(LiveSearchState.termText(pasted: "Ann \n") == "Ann ")
    #expect(LiveSearchState.termText(pasted: "\u{1B}[31mx\u{85}y") == "[31mx y")
  }

  @Test("the status line says 1 name and 1 section, 0 and 2 names and sections")
  func statusCounts() {
    let one = Catalog(sections: [Section(title: "A", names: ["Ann"])])
    var s = LiveSearchState(catalog: one, rows: 6, columns: 40, debounce: 0)
    #expect(s.frame().text(ofRow: 5) == "1 of 1 name · 1 section")
    _ = s.handle(.insert("z"), now: 0)
    for case .search(let sequence, let term) in s.tick(now: 0) {
      _ = s.apply(Searcher().search(Query(term: term), in: one), sequence: sequence)
    }
    #expect(s.frame().text(ofRow: 5) == "0 of 1 name · 0 sections")
    let two = Catalog(sections: [
      Section(title: "A", names: ["Ann"]), Section(title: "B", names: ["Bob"]),
    ])
    #expect(
      LiveSearchState(catalog: two, rows: 6, columns: 40).frame().text(ofRow: 5)
        == "2 of 2 names · 2 sections")
  }

  @Test(
    "a 5 MB name draws in time of the width, not of the name",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func hugeName() {
    let long = "Ann" + String(repeating: "xyz", count: 1_700_000) + "ann"
    #expect(long.utf8.count > 5_000_000)
    let catalog = Catalog(sections: [Section(title: "A", names: [long, "Anna"])])
    var s = LiveSearchState(catalog: catalog, initialTerm: "ann", rows: 6, columns: 30)
    for case .search(let sequence, let term) in s.tick(now: 0) {
      _ = s.apply(Searcher().search(Query(term: term), in: catalog), sequence: sequence)
    }
    let clock = ContinuousClock()
    var frame = s.frame()
    let elapsed = clock.measure {
      for _ in 0..<20 { frame = s.frame() }
    }
    // By hand: 30 columns, the index strip "A" and its gap take 2, the name's indent 2, so
    // 26 columns of name: 25 characters and "…"; "Ann" in the match style, selected.
    let row = frame.lines[2]
    let rest = String(repeating: "xyz", count: 7) + "x"
    #expect(frame.text(ofRow: 2) == "  Ann" + rest + "…  ")  // no index entry on this row
    #expect(row[1] == Frame.Span("Ann", .selectedMatch))
    #expect(row[2] == Frame.Span(rest, .selected))
    #expect(row[3] == Frame.Span("…", .selected))
    #expect(elapsed < .seconds(2), "20 frames took \(elapsed)")  // was minutes
  }
}
