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
    #expect(s.handle(.text("a"), now: 0).isEmpty)
    #expect(s.handle(.text("n"), now: 0.05).isEmpty)
    #expect(s.tick(now: 0.1).isEmpty)  // the second key moved the deadline to 0.15
    #expect(s.isSearching)
    let effects = s.tick(now: 0.16)
    #expect(effects == [.search(sequence: 1, term: "an")])
    #expect(run(effects, on: &s).isEmpty)
    #expect(s.result.sections.map(\.title) == ["A", "B", "J"])
    #expect(s.result.total == 4)
    #expect(!s.isSearching)
  }

  @Test("backspace edits, Ctrl-U and Esc reset, Esc on an empty term exits")
  func editing() {
    var s = state(0)
    _ = run(s.handle(.text("ann"), now: 0) + s.tick(now: 0), on: &s)
    #expect(s.result.total == 4)
    _ = run(s.handle(.backspace, now: 1) + s.tick(now: 1), on: &s)
    #expect(s.term == "an")
    _ = run(s.handle(.clearTerm, now: 2), on: &s)
    #expect(s.term == "" && s.result.total == 7)
    _ = run(s.handle(.text("jo"), now: 3) + s.tick(now: 3), on: &s)
    _ = run(s.handle(.escape, now: 4), on: &s)
    #expect(s.term == "" && s.result.total == 7)
    #expect(s.handle(.escape, now: 5) == [.exit(status: 130, output: nil)])
    #expect(s.handle(.interrupt, now: 5) == [.exit(status: 130, output: nil)])
  }

  @Test("stale results are dropped; results of two terms never mix")
  func staleResults() {
    var s = state(0)
    let first = s.handle(.text("a"), now: 0) + s.tick(now: 0)
    let second = s.handle(.text("n"), now: 0.01) + s.tick(now: 0.01)
    #expect(first == [.search(sequence: 1, term: "a")])
    #expect(second == [.search(sequence: 2, term: "an")])
    // The newer search finishes first; the older one arrives late and is dropped.
    _ = s.apply(Searcher().search(Query(term: "an"), in: catalog), sequence: 2)
    _ = s.apply(Searcher().search(Query(term: "a"), in: catalog), sequence: 1)
    #expect(s.result.query.term == "an")
    #expect(s.result.total == 4)
  }

  @Test("Enter within the debounce completes the search first")
  func enterCompletesPendingSearch() {
    var s = state()
    _ = s.handle(.text("a"), now: 0)
    _ = run(s.tick(now: 0.1), on: &s)  // results for "a"
    _ = s.handle(.text("n"), now: 0.2)
    _ = s.handle(.text("n"), now: 0.21)
    let effects = s.handle(.enter, now: 0.22)  // before the debounce fires
    #expect(effects == [.search(sequence: 2, term: "ann")])
    #expect(run(effects, on: &s) == [.exit(status: 0, output: "Ann")])
  }

  @Test("after Enter the choice is fixed: later keys are ignored, Ctrl-C and Ctrl-Z are not")
  func keysAfterEnter() {
    var s = state()
    _ = s.handle(.text("ann"), now: 0)
    let effects = s.handle(.enter, now: 0.01)
    #expect(effects == [.search(sequence: 1, term: "ann")])
    for key: KeyEvent in [.text("x"), .backspace, .paste("b"), .down, .tab, .clearTerm, .escape] {
      #expect(s.handle(key, now: 0.02).isEmpty)
    }
    #expect(s.term == "ann")
    #expect(s.deadline == nil)
    #expect(s.handle(.suspend, now: 0.03) == [.suspend])
    #expect(run(effects, on: &s) == [.exit(status: 0, output: "Ann")])
    var t = state()
    _ = t.handle(.text("zz"), now: 0)
    _ = t.handle(.enter, now: 0)
    #expect(t.handle(.interrupt, now: 0) == [.exit(status: 130, output: nil)])
  }

  @Test("Enter prints the selected name; with none, exits 1")
  func accept() {
    var s = state(0)
    _ = s.handle(.down, now: 0)
    _ = s.handle(.down, now: 0)
    #expect(s.handle(.enter, now: 0) == [.exit(status: 0, output: "Abel")])
    _ = run(s.handle(.text("zz"), now: 1) + s.tick(now: 1), on: &s)
    #expect(s.handle(.enter, now: 2) == [.exit(status: 1, output: nil)])
  }

  @Test("selection skips titles and stays on names")
  func selection() {
    var s = state(0)
    for _ in 0..<3 { _ = s.handle(.down, now: 0) }  // Ann → Anna → Abel → (B) Bob
    #expect(s.handle(.enter, now: 0) == [.exit(status: 0, output: "Bob")])
    _ = s.handle(.up, now: 0)  // back over the title to Abel
    #expect(s.handle(.enter, now: 0) == [.exit(status: 0, output: "Abel")])
    for _ in 0..<10 { _ = s.handle(.down, now: 0) }
    #expect(s.handle(.enter, now: 0) == [.exit(status: 0, output: "José")])
    _ = s.handle(.pageUp, now: 0)
    _ = s.handle(.pageUp, now: 0)
    #expect(s.handle(.enter, now: 0) == [.exit(status: 0, output: "Ann")])
  }

  @Test("the index: Tab, then Down or a letter jumps to a section")
  func indexJump() {
    var s = state(0)
    _ = s.handle(.tab, now: 0)
    #expect(s.focus == .index)
    _ = s.handle(.down, now: 0)
    #expect(s.handle(.enter, now: 0) == [.exit(status: 0, output: "Bob")])
    _ = s.handle(.text("j"), now: 0)
    #expect(s.term == "")
    #expect(s.handle(.enter, now: 0) == [.exit(status: 0, output: "Joanna")])
    _ = s.handle(.tab, now: 0)
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
    _ = s.handle(.tab, now: 0)  // a paste goes to the field even from the index
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
    _ = s.handle(.text("z"), now: 0)
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

  @Test("a 5 MB name draws in time of the width, not of the name", .timeLimit(.minutes(1)))
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
