// libFuzzer target: any bytes as a query term (and as a name): folding under every option,
// matching, highlighting, escaping for the terminal, display width, sounds-like codes and
// search, and the live mode's frame. Checks properties as it goes: a name always contains
// itself, folding is stable (folding a folded text changes nothing for case-insensitive,
// diacritic-insensitive options), and a name is found by the sound of each of its words.
func queryFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
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
  // Sounds-like: the codes of the whole text, the term with every word by sound and with
  // typos, and each word of the name (up to four) finding it by its sound.
  _ = DoubleMetaphone.codes(of: text)
  _ = DaitchMokotoff.codes(of: text)
  let alike = Searcher().search(
    Query(term: text, typos: TypoTolerance(byLength: true), soundsLike: true), in: catalog)
  _ = MatchHighlighter(result: alike)
  for word in PhoneticWords.letters(in: text).prefix(4)
  where word.utf8.count >= PhoneticCode.minimumQueryLetters {
    let found = Searcher().search(Query(term: "~" + word), in: catalog)
    if !found.matchedNames.contains(0) {
      fatalError("a name does not sound like its word \(word): \(text.debugDescription)")
    }
  }
  return 0
}
