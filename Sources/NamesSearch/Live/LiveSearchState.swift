/// The live mode as a pure state machine: actions (what the keymap made of the keys),
/// clock ticks and search results go in; effects (start a search, finish with an outcome)
/// and frames come out. No terminal, no keys, no threads, no clock of its own, so tests
/// drive it with an injected time.
///
/// ```swift
/// var state = LiveSearchState(catalog: catalog, rows: 24, columns: 80)
/// var effects = state.handle(.insert("a"), now: 0)    // [] : debounced
/// effects = state.tick(now: 0.1)                      // [.search(sequence: 1, term: "a")]
/// effects = state.apply(result, sequence: 1)          // shows it
/// ```
///
/// - Editing the term schedules a search `debounce` seconds later; a newer edit moves the
///   deadline. Each search carries a sequence number; a result whose number is not the
///   latest requested is dropped, so an older term's answer is never shown after a newer
///   one, and two terms' results are never mixed.
/// - `.choose` while a search is pending or running fires it now and chooses when its
///   result arrives, so the answer always reflects every key typed before it; after it the
///   choice is fixed: later actions (a fast typist, a paste "ann⏎x") are ignored, except
///   `.interrupt` (leave) and `.suspend`, which do not change the answer.
/// - The first name is selected after each search; `.moveUp`, `.moveDown`, `.pageUp` and
///   `.pageDown` move the selection over names, skipping titles. `.toggleIndexFocus` moves
///   focus to the section index, where moving or typed text jumps to a section.
public struct LiveSearchState {
  /// Where keys go.
  public enum Focus: Sendable, Hashable {
    case names, index
  }

  /// What the driver must do.
  public enum Effect: Sendable, Hashable {
    /// Search for `term`; hand the result back with `apply(_:sequence:)`.
    case search(sequence: Int, term: String)
    /// The live search is over, with this outcome (the driver maps it to an exit status).
    case finish(LiveOutcome)
    /// Give the terminal back and stop until continued, then paint again.
    case suspend
  }

  /// Seconds between the last edit and its search.
  public let debounce: Double
  /// The term as typed.
  public private(set) var term: String
  /// The result shown.
  public private(set) var result: SearchResult
  /// Where keys go.
  public private(set) var focus = Focus.names
  /// The selected row of the list (always a name row), or `nil` when nothing matched.
  public private(set) var selectedRow: Int?
  /// The highest sequence number requested, and the one of the result shown.
  public private(set) var requestedSequence = 0, shownSequence = 0
  /// When the pending debounced search is due, if one is.
  public private(set) var deadline: Double?
  /// Whether `.choose` is waiting for the newest search to finish; the choice is fixed
  /// then, and later actions are ignored.
  public private(set) var acceptsWhenCurrent = false
  /// The window size.
  public private(set) var rows: Int, columns: Int
  /// How the term is read (`QuerySyntax`).
  public let syntax: QuerySyntax
  /// Why the term as it stands cannot be searched (it does not read as words and
  /// operators), shown on the status line while the last good result stays; `nil` when it
  /// can.
  public private(set) var queryProblem: QuerySyntaxError?
  private var firstVisibleRow = 0
  private var layout: ListLayout

  /// Starts with the whole catalog shown (or `initialTerm`'s search pending), terms read as
  /// `syntax` says.
  public init(
    catalog: Catalog, initialTerm: String = "", rows: Int, columns: Int, debounce: Double = 0.1,
    syntax: QuerySyntax = .words
  ) {
    self.debounce = debounce
    self.syntax = syntax
    self.term = initialTerm
    self.rows = rows
    self.columns = columns
    self.result = Searcher().search(Query(term: ""), in: catalog)
    self.layout = ListLayout(result)
    selectFirst()
    if !initialTerm.isEmpty { deadline = 0 }
  }

  /// Whether a search is pending or running for a newer term than the one shown.
  public var isSearching: Bool { deadline != nil || requestedSequence != shownSequence }

  // MARK: - Events

  /// Carries out `action` at time `now` (seconds).
  public mutating func handle(_ action: Action, now: Double) -> [Effect] {
    switch action {
    case .interrupt:
      return [.finish(.cancelled)]
    case .suspend:
      return [.suspend]
    case _ where acceptsWhenCurrent:
      return []
    case .choose:
      return accept(now: now)
    case .toggleIndexFocus:
      focus = focus == .names ? .index : .names
      return []
    case .clearOrLeave:
      if focus == .index {
        focus = .names
        return []
      }
      if term.isEmpty { return [.finish(.cancelled)] }
      return edit("", now: now, immediately: true)
    case .clearTerm:
      return edit("", now: now, immediately: true)
    case .deleteBackward:
      guard !term.isEmpty else { return [] }
      return edit(String(term.dropLast()), now: now)
    case .insert(let text):
      if focus == .index {
        jump(toSectionStartingWith: text)
        return []
      }
      return edit(term + text, now: now)
    case .paste(let text):
      // A paste goes into the search field whatever has the focus, as one edit.
      focus = .names
      return edit(term + Self.termText(pasted: text), now: now)
    case .moveUp, .moveDown, .pageUp, .pageDown:
      if focus == .index {
        moveIndex(by: action == .moveUp || action == .pageUp ? -1 : 1)
      } else {
        let page = max(1, listRows - 1)
        let step =
          action == .moveUp ? -1 : action == .moveDown ? 1 : action == .pageUp ? -page : page
        moveSelection(by: step)
      }
      return []
    }
  }

  /// Fires the debounced search if its deadline has passed.
  public mutating func tick(now: Double) -> [Effect] {
    guard let deadline, now >= deadline else { return [] }
    return fire()
  }

  /// Shows `result` if `sequence` is the newest search; drops it otherwise.
  public mutating func apply(_ result: SearchResult, sequence: Int) -> [Effect] {
    guard sequence == requestedSequence, sequence > shownSequence else { return [] }
    self.result = result
    shownSequence = sequence
    layout = ListLayout(result)
    firstVisibleRow = 0
    selectFirst()
    if acceptsWhenCurrent && deadline == nil {
      acceptsWhenCurrent = false
      return [finishWithSelection()]
    }
    return []
  }

  /// Changes the window size.
  public mutating func resize(rows: Int, columns: Int) {
    self.rows = max(rows, 3)
    self.columns = max(columns, 10)
    keepSelectionVisible()
  }

  // MARK: - Editing and searching

  /// What a paste adds to the term: each run of control characters (line breaks, tabs, …)
  /// becomes one space, and those at either end are dropped, so "Ann\n" adds "Ann" and
  /// "Ann\r\nMarie" adds "Ann Marie" (as Firefox pastes into a one-line field).
  ///
  /// - Complexity: O(n) in the pasted text's length.
  static func termText(pasted: String) -> String {
    var out = String.UnicodeScalarView()
    var separated = false
    for scalar in pasted.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        separated = !out.isEmpty
        continue
      }
      if separated {
        out.append(" ")
        separated = false
      }
      out.append(scalar)
    }
    return String(out)
  }

  private mutating func edit(_ newTerm: String, now: Double, immediately: Bool = false)
    -> [Effect]
  {
    guard newTerm != term || immediately else { return [] }
    term = newTerm
    // A term that cannot be read says so at once; nothing is searched for it.
    if let problem = problem(of: term) {
      queryProblem = problem
      deadline = nil
      return []
    }
    queryProblem = nil
    deadline = immediately ? now : now + debounce
    return immediately ? fire() : []
  }

  /// Why `term` cannot be searched, if it cannot.
  private func problem(of term: String) -> QuerySyntaxError? {
    do throws(QuerySyntaxError) {
      _ = try Query(term: term, syntax: syntax).expression()
      return nil
    } catch {
      return error
    }
  }

  /// Starts the search of the term, unless it does not read as words and operators: then
  /// the problem is shown and the result stays.
  private mutating func fire() -> [Effect] {
    deadline = nil
    queryProblem = problem(of: term)
    guard queryProblem == nil else { return [] }
    requestedSequence += 1
    return [.search(sequence: requestedSequence, term: term)]
  }

  private mutating func accept(now: Double) -> [Effect] {
    if deadline != nil {
      acceptsWhenCurrent = true
      return fire()
    }
    if requestedSequence != shownSequence {
      acceptsWhenCurrent = true
      return []
    }
    return [finishWithSelection()]
  }

  private func finishWithSelection() -> Effect {
    guard let row = selectedRow, case .name(let name, _) = layout.row(row) else {
      return .finish(.nothingChosen)
    }
    return .finish(.chosen(result.catalog.names[Int(name)]))
  }

  // MARK: - Selection

  private var listRows: Int { max(rows - 2, 1) }

  private mutating func selectFirst() {
    selectedRow = layout.rowCount > 1 ? 1 : nil
  }

  private mutating func moveSelection(by step: Int) {
    guard let current = selectedRow else { return }
    var row = min(max(current + step, 1), layout.rowCount - 1)
    if case .title = layout.row(row) {
      row += step < 0 ? -1 : 1
      if row <= 0 || row >= layout.rowCount { row = current }
    }
    selectedRow = row
    keepSelectionVisible()
  }

  private mutating func moveIndex(by step: Int) {
    guard !result.groups.isEmpty else { return }
    let current = layout.group(ofRow: selectedRow ?? 1)
    let target = min(max(current + step, 0), result.groups.count - 1)
    selectedRow = layout.firstRow(ofGroup: target) + 1
    firstVisibleRow = layout.firstRow(ofGroup: target)
    keepSelectionVisible()
  }

  private mutating func jump(toSectionStartingWith text: String) {
    let folder = TextFolder()
    let wanted = folder.fold(text)
    guard
      let group = result.groups.indices.first(where: {
        folder.fold(result.title(of: result.groups[$0])).starts(with: wanted)
      })
    else { return }
    selectedRow = layout.firstRow(ofGroup: group) + 1
    firstVisibleRow = layout.firstRow(ofGroup: group)
    keepSelectionVisible()
  }

  private mutating func keepSelectionVisible() {
    guard let row = selectedRow else {
      firstVisibleRow = 0
      return
    }
    if row < firstVisibleRow { firstVisibleRow = max(row - 1, 0) }
    if row >= firstVisibleRow + listRows { firstVisibleRow = row - listRows + 1 }
  }

  // MARK: - Frame

  /// The screen for the current state.
  public func frame() -> Frame {
    // (The strip is at most 8 columns wide: 9 columns of each title tell it where to cut.)
    let index = IndexStrip(
      titles: result.index.map { ShownText.fitted($0, columns: 9) }, rows: listRows)
    let listWidth = max(columns - index.width - (index.width > 0 ? 1 : 0), 1)
    var lines: [[Frame.Span]] = []
    let prompt = "> "
    let shownTerm = ShownText.fitted(term, columns: columns - 2)
    lines.append([Frame.Span(prompt, .prompt), Frame.Span(shownTerm)])
    let highlighter = result.query.isReset ? nil : MatchHighlighter(result: result)
    let selectedGroup = selectedRow.map { layout.group(ofRow: $0) }
    for line in 0..<listRows {
      let row = firstVisibleRow + line
      var spans: [Frame.Span] = []
      var used = 0
      if row < layout.rowCount {
        switch layout.row(row) {
        case .title(let group):
          let text = ShownText.fitted(result.title(of: result.groups[group]), columns: listWidth)
          spans.append(Frame.Span(text, .title))
          used = DisplayWidth.of(text)
        case .name(let name, let position):
          let selected = row == selectedRow
          (spans, used) = nameSpans(
            result.catalog.names.utf8(of: Int(name)), at: position, highlighter,
            selected: selected, width: listWidth)
        }
      }
      if index.width > 0 {
        spans.append(Frame.Span(String(repeating: " ", count: max(listWidth - used, 0) + 1)))
        let entry = index.entry(atRow: line)
        let isCurrent = entry.group != nil && entry.group == selectedGroup
        let style: Frame.Style = isCurrent && focus == .index ? .indexSelected : .index
        spans.append(Frame.Span(entry.text.padding(toWidth: index.width), style))
      }
      lines.append(spans)
    }
    var status =
      "\(result.total) of \(Plural.counted(result.catalog.nameCount, "name")) · "
      + Plural.counted(result.groups.count, "section")
    if let queryProblem { status = "\(queryProblem.message) · " + status }
    if isSearching { status += " · searching…" }
    if focus == .index { status += " · index" }
    lines.append([Frame.Span(DisplayWidth.truncate(status, to: columns), .status)])
    return Frame(
      lines: lines, cursor: (0, min(prompt.count + DisplayWidth.of(shownTerm), columns - 1)))
  }

  /// A name's row: only its start is read (`ShownText`), and for highlighting as much more
  /// as a match starting in the shown part can take. The match is marked through the key
  /// the search matched the name by (the one at `position` of the result).
  private func nameSpans(
    _ utf8: UnsafeBufferPointer<UInt8>, at position: Int, _ highlighter: MatchHighlighter?,
    selected: Bool, width: Int
  ) -> ([Frame.Span], Int) {
    let base: Frame.Style = selected ? .selected : .plain
    let matchStyle: Frame.Style = selected ? .selectedMatch : .match
    let approximateStyle: Frame.Style = selected ? .selectedApproximateMatch : .approximateMatch
    let soundsLikeStyle: Frame.Style = selected ? .selectedSoundsLikeMatch : .soundsLikeMatch
    let styles: [MatchKind: Frame.Style] = [
      .exact: matchStyle, .approximate: approximateStyle, .soundsLike: soundsLikeStyle,
    ]
    let limit = max(width - 2, 1)
    let shownBytes = ShownText.boundary(in: utf8, atMost: (limit + 1) * ShownText.bytesPerColumn)
    let lookahead =
      highlighter == nil ? 0 : (result.query.term.utf8.count + 1) * ShownText.bytesPerColumn
    let readBytes = ShownText.boundary(in: utf8, atMost: shownBytes + lookahead)
    let text = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<readBytes]), as: UTF8.self)
    let shownEnd = text.utf8.index(text.startIndex, offsetBy: shownBytes)
    let name = text[..<shownEnd]
    var ranges: [Range<String.Index>] = []
    var kinds: [MatchKind] = []
    highlighter?.forEachMatch(at: position, of: result, in: text[...]) { range, kind in
      guard range.lowerBound < shownEnd else { return false }
      ranges.append(range)
      kinds.append(kind)
      return true
    }
    let pieces = name.indices.map { index in
      let shown = VisibleText.escaped(name[index...index])
      return (index: index, text: shown, width: DisplayWidth.of(shown))
    }
    var count = pieces.count
    if shownBytes < utf8.count || pieces.reduce(0, { $0 + $1.width }) > limit {
      var used = 0
      count = 0
      while count < pieces.count && used + pieces[count].width <= limit - 1 {
        used += pieces[count].width
        count += 1
      }
    }
    var spans = [Frame.Span("  ", base)]
    var used = 2
    var range = 0
    for piece in pieces.prefix(count) {
      while range < ranges.count && ranges[range].upperBound <= piece.index { range += 1 }
      let style =
        range < ranges.count && ranges[range].contains(piece.index)
        ? styles[kinds[range]]! : base
      if spans[spans.count - 1].style == style {
        spans[spans.count - 1].text += piece.text
      } else {
        spans.append(Frame.Span(piece.text, style))
      }
      used += piece.width
    }
    if count < pieces.count || shownBytes < utf8.count {
      spans.append(Frame.Span("…", base))
      used += 1
    }
    if selected && used < width {
      spans.append(Frame.Span(String(repeating: " ", count: width - used), base))
      used = width
    }
    return (spans, used)
  }
}
