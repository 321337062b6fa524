// libFuzzer target: any bytes as a query term (and as a name): folding under every option,
// matching, highlighting, escaping for the terminal, display width, and the live mode's
// frame. Checks two properties as it goes: a name always contains itself, and folding is
// stable (folding a folded text changes nothing for case-insensitive, diacritic-insensitive
// options).
@_cdecl("LLVMFuzzerTestOneInput")
public func queryFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for ignoresCase in [true, false] {
    for ignoresDiacritics in [true, false] {
      let options = MatchOptions(ignoresCase: ignoresCase, ignoresDiacritics: ignoresDiacritics)
      let folder = TextFolder(options: options)
      let key = folder.fold(text)
      let matcher = Matcher(query: Query(term: text, options: options))
      if !matcher.matches(key: key) {
        fatalError("a name does not contain itself: \(text.debugDescription)")
      }
      _ = MatchHighlighter(matcher: matcher).matchedRanges(in: text + " " + text)
    }
  }
  _ = VisibleText.escaped(text)
  _ = DisplayWidth.truncate(text, to: 7)
  let catalog = Catalog(sections: [Section(title: text.isEmpty ? "T" : text, names: [text, "Ann"])])
  var state = LiveSearchState(
    catalog: catalog, initialTerm: text, rows: 6, columns: 20, debounce: 0)
  for effect in state.tick(now: 1) {
    if case .search(let sequence, let term) = effect {
      _ = state.apply(Searcher().search(Query(term: term), in: catalog), sequence: sequence)
    }
  }
  _ = state.frame()
  return 0
}
