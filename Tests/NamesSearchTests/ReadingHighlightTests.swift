import Testing

@testable import NamesSearch

/// The printers and the live mode highlight a name through the match the search produced:
/// a name found through a second key (a reading) is marked where that key's anchors lead,
/// one found through a key without a map is printed unmarked. The catalog is built through
/// the library API; every expected byte and span is worked out by hand from the anchors.
@Suite("Reading highlight")
struct ReadingHighlightTests {
  /// The ANSI colors `names-search --color always` uses (bold titles, bold red matches).
  static let ansi = TextStyle(
    titleStart: "\u{1B}[1m", titleEnd: "\u{1B}[0m",
    matchStart: "\u{1B}[1;31m", matchEnd: "\u{1B}[0m")

  /// Sections J, L, O, W:
  /// - "Joseph": one key, its folded text.
  /// - "李娜": its folded text, then the reading "li na" with no map (`.unmapped`).
  /// - "欧阳娜娜": its folded text, then "ouyang nana" with anchors: "ou" (key 0..<2) from 欧
  ///   (UTF-8 0..<3), "yang " (2..<7) from 阳 (3..<6), "na" (7..<9) from 娜 (6..<9), "na"
  ///   (9..<11) from 娜 (9..<12).
  /// - "王芳": its folded text, then "wang fang" with anchors: "wang " (0..<5) from 王
  ///   (0..<3), "fang" (5..<9) from 芳 (3..<6).
  static func catalog() -> Catalog {
    var builder = NameStore.Builder()
    for name in ["Joseph", "李娜", "欧阳娜娜", "王芳"] { builder.append(name) }
    let keys: [(key: String, owner: UInt32)] = [
      ("joseph", 0), ("李娜", 1), ("li na", 1), ("欧阳娜娜", 2), ("ouyang nana", 2), ("王芳", 3),
      ("wang fang", 3),
    ]
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    for (key, _) in keys {
      bytes += Array(key.utf8)
      ends.append(UInt32(bytes.count))
    }
    func anchors(_ pairs: [(Int, Int)]) -> KeyMapping {
      .anchors(pairs.map { KeyAnchor(keyOffset: $0.0, nameOffset: $0.1) })
    }
    let mappings = [
      4: anchors([(0, 0), (2, 3), (7, 6), (9, 9), (11, 12)]),
      6: anchors([(0, 0), (5, 3), (9, 6)]),
    ]
    return Catalog(
      titles: ["J", "L", "O", "W"], names: builder.build(),
      sectionRanges: [0..<1, 1..<2, 2..<3, 3..<4],
      defaultKeys: SearchKeys(
        options: .default, bytes: FrozenArray(bytes), ends: FrozenArray(ends),
        owners: FrozenArray(keys.map(\.owner)), mappings: mappings))
  }

  /// What `PlainTextPrinter` with the ANSI style writes for `term`.
  static func printed(_ term: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let output = OutputBuffer(capacity: 5) { bytes.append(contentsOf: $0) }
    try PlainTextPrinter(style: ansi).print(
      Searcher().search(Query(term: term, syntax: .fixedStrings), in: catalog()), to: output)
    try output.flush()
    return bytes
  }

  static func title(_ text: String) -> String { "\u{1B}[1m" + text + "\u{1B}[0m\n" }
  static func match(_ text: String) -> String { "\u{1B}[1;31m" + text + "\u{1B}[0m" }

  @Test("the keys give each key's map: stored anchors, the folding, or none")
  func mappings() {
    let keys = Self.catalog().defaultKeys
    #expect(keys.mapping(of: 0) == .folding)
    #expect(keys.mapping(of: 1) == .folding)
    #expect(keys.mapping(of: 2) == .unmapped)
    #expect(keys.mapping(of: 3) == .folding)
    #expect(
      keys.mapping(of: 6)
        == .anchors([
          KeyAnchor(keyOffset: 0, nameOffset: 0), KeyAnchor(keyOffset: 5, nameOffset: 3),
          KeyAnchor(keyOffset: 9, nameOffset: 6),
        ]))
  }

  @Test("color output marks the characters a reading's anchors lead to")
  func printerAnchors() throws {
    // "fang" is only in 王芳's reading, at 5..<9: 芳.
    #expect(
      try Self.printed("fang") == Array((Self.title("W") + "  王" + Self.match("芳") + "\n").utf8))
    // "wang" at 0..<4: 王.
    #expect(
      try Self.printed("wang") == Array((Self.title("W") + "  " + Self.match("王") + "芳\n").utf8))
    // "yang" at 2..<6 of "ouyang nana": 阳.
    #expect(
      try Self.printed("yang")
        == Array((Self.title("O") + "  欧" + Self.match("阳") + "娜娜\n").utf8))
    // "g n" at 5..<8 spans "yang " and "na": 阳娜; the last 娜 is not marked.
    #expect(
      try Self.printed("g n")
        == Array((Self.title("O") + "  欧" + Self.match("阳娜") + "娜\n").utf8))
    // "a" at 3, 8, 10 (阳, 娜, 娜: touching, merged) and at 1, 6 (王, 芳); 李娜 matched
    // only through "li na", which has no map: printed, not marked.
    #expect(
      try Self.printed("a")
        == Array(
          (Self.title("L") + "  李娜\n" + Self.title("O") + "  欧" + Self.match("阳娜娜") + "\n"
            + Self.title("W") + "  " + Self.match("王芳") + "\n").utf8))
  }

  @Test("a name matched by a key without a map is printed unmarked")
  func printerUnmapped() throws {
    #expect(try Self.printed("li n") == Array((Self.title("L") + "  李娜\n").utf8))
  }

  @Test("names matched by their folded text are marked by the folding, as before")
  func printerFolding() throws {
    // 娜 is in the folded text (the first key) of 李娜 and of 欧阳娜娜.
    #expect(
      try Self.printed("娜")
        == Array(
          (Self.title("L") + "  李" + Self.match("娜") + "\n" + Self.title("O") + "  欧阳"
            + Self.match("娜娜") + "\n").utf8))
    #expect(
      try Self.printed("JO") == Array((Self.title("J") + "  " + Self.match("Jo") + "seph\n").utf8))
  }

  /// The live state after typing `term` and receiving its result.
  static func live(_ term: String) -> LiveSearchState {
    let catalog = catalog()
    var state = LiveSearchState(catalog: catalog, rows: 12, columns: 40)
    _ = state.handle(.paste(term), now: 0)
    for effect in state.tick(now: 1) {
      if case .search(let sequence, let term) = effect {
        _ = state.apply(
          Searcher().search(Query(term: term, syntax: .fixedStrings), in: catalog),
          sequence: sequence)
      }
    }
    return state
  }

  @Test("the live frame marks the characters a reading's anchors lead to")
  func liveAnchors() {
    let frame = Self.live("a").frame()
    // Rows: 1 "L", 2 李娜 (selected), 3 "O", 4 欧阳娜娜, 5 "W", 6 王芳.
    #expect(frame.text(ofRow: 1).hasPrefix("L "))
    // Matched through "li na" (no map): the selected row has no match span.
    #expect(frame.lines[2][0] == Frame.Span("  李娜", .selected))
    #expect(!frame.lines[2].contains { $0.style == .selectedMatch || $0.style == .match })
    #expect(Array(frame.lines[4].prefix(2)) == [Frame.Span("  欧"), Frame.Span("阳娜娜", .match)])
    #expect(frame.lines[4][2].style != .match)
    #expect(Array(frame.lines[6].prefix(2)) == [Frame.Span("  "), Frame.Span("王芳", .match)])
    #expect(frame.lines[6][2].style != .match)

    let span = Self.live("g n").frame()
    #expect(
      Array(span.lines[2].prefix(3)) == [
        Frame.Span("  欧", .selected), Frame.Span("阳娜", .selectedMatch),
        Frame.Span("娜", .selected),
      ])
  }

  @Test("a live row cut short marks only what it shows of a reading's match")
  func liveClipped() {
    // 10 columns: the index strip ("O") takes 1 and a space, the row 8: "  ", 欧阳 (4
    // columns) and "…", as 欧阳娜娜 (8 columns) does not fit in 6.
    var nana = Self.live("nana")
    nana.resize(rows: 12, columns: 10)
    // "nana" at 7..<11 of "ouyang nana": 娜娜, not shown.
    #expect(
      Array(nana.frame().lines[2].prefix(2)) == [
        Frame.Span("  欧阳", .selected), Frame.Span("…", .selected),
      ])
    var spanning = Self.live("g n")
    spanning.resize(rows: 12, columns: 10)
    // "g n": 阳娜, of which 阳 is shown.
    #expect(
      Array(spanning.frame().lines[2].prefix(3)) == [
        Frame.Span("  欧", .selected), Frame.Span("阳", .selectedMatch),
        Frame.Span("…", .selected),
      ])
  }
}
