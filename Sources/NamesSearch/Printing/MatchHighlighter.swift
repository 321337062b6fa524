/// Finds the parts of an original name that a query matched, for highlighting.
///
/// A match is shown through its key's map back to the name (`KeyMapping`, carried by a
/// `KeyMatch`). For a key that is the name folded (`.folding`, every key today) the map is
/// the folding's offset map: the name is folded one user-perceived character at a time,
/// remembering where each character's folded bytes start, and every acceptable occurrence
/// of the folded term is mapped back to the original characters it covers. For a key that
/// supplies its own map (`.anchors`: a reading), the occurrences are found in the key's
/// stored bytes and mapped through its anchors. Ranges that touch are merged. The original
/// text is never changed.
///
/// The name is read as a stream through a window of folded bytes (a chunk of at least
/// 16 KiB, and at least twice the folded term's length), so a name of any length takes
/// memory in proportion to the window only, and a caller that needs only a name's start
/// (a terminal row) reads only that start. A run of ASCII characters is folded a byte at a
/// time without the cost of finding character boundaries.
///
/// ```swift
/// MatchHighlighter(matcher: Matcher(query: Query(term: "jose")))
///   .matchedRanges(in: "María José")   // the range of "José"
/// ```
public struct MatchHighlighter {
  private let matcher: Matcher
  private let folder: TextFolder
  /// The folded bytes read before each search (tests make it small to cross windows).
  let chunk: Int
  /// For a query of several words or operators, each word that is not negated, marked by
  /// a highlighter of its own; empty for a query of one word (`matcher` marks it).
  private var words: [Word] = []

  /// A word of a query of several: its highlighter, the matcher of its reading (when the
  /// query searches readings and the word can be one), and its anchors.
  private struct Word {
    let highlighter: MatchHighlighter
    let reading: ReadingMatcher?
    let isAnchoredAtStart: Bool
    let isAnchoredAtEnd: Bool
    /// The word as parsed (for the words of a name it compares with).
    let parsed: QueryExpression.Word
    /// The typos the word may have (`Query.allowedTypos`), and its folded scalars.
    let typos: Int
    let folded: [UInt32]
    /// The codes the word is matched by sound with (`Query.soundCodes`), if any.
    let soundCodes: [UInt64]?
  }

  /// Creates a highlighter for `matcher`'s query.
  public init(matcher: Matcher) {
    self.init(matcher: matcher, chunk: 1 << 14)
  }

  /// Creates a highlighter for the query of `result`: its one word (as `init(matcher:)`),
  /// or every word of it that is not negated, each marked where it matches the name's
  /// letters (for `^word`, the first such place; for `word$`, the last), else where its
  /// reading does (`ReadingMatcher.matchedRange(in:)`).
  ///
  /// - Complexity: O(w · v) in the query's words and the catalog's reading vocabulary.
  public init(result: SearchResult) {
    let query = result.query
    let expression = query.searchedExpression
    if let word = query.singleExactWord(of: expression) {
      self.init(matcher: Matcher(query: query.literal(word)))
      return
    }
    self.init(matcher: Matcher(query: query.literal("")))
    var seen: Set<QueryExpression.Word> = []
    for clause in expression.clauses {
      // A word typed twice is marked once.
      for word in clause where !word.isNegated && seen.insert(word).inserted {
        let literal = query.literal(word.text)
        let matcher = Matcher(query: literal)
        words.append(
          Word(
            highlighter: MatchHighlighter(matcher: matcher),
            reading: Searcher.readingMatcher(for: literal, in: result.catalog)?.1,
            isAnchoredAtStart: word.isAnchoredAtStart, isAnchoredAtEnd: word.isAnchoredAtEnd,
            parsed: word, typos: query.allowedTypos(word),
            folded: query.typoText(word).unicodeScalars.map(\.value),
            soundCodes: query.soundCodes(word)))
      }
    }
  }

  init(matcher: Matcher, chunk: Int) {
    self.matcher = matcher
    self.folder = TextFolder(
      options: matcher.query.options, dropsPunctuation: !matcher.keepsPunctuation)
    self.chunk = max(chunk, 2 * matcher.foldedTerm.count, 1)
  }

  /// The non-overlapping ranges of `name` that the term matched, in order.
  ///
  /// - Complexity: O(n) in the name's length; memory O(1) beyond the ranges returned.
  public func matchedRanges(in name: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    forEachMatchedRange(in: name[...]) {
      ranges.append($0)
      return true
    }
    return ranges
  }

  /// The non-overlapping ranges of `name` (the name of `match`) that the term matched, in
  /// order, following the match's key map (see `forEachMatchedRange(of:in:_:)`).
  ///
  /// - Complexity: O(n) in the name's length plus the key's.
  public func matchedRanges(of match: KeyMatch, in name: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    forEachMatchedRange(of: match, in: name[...]) {
      ranges.append($0)
      return true
    }
    return ranges
  }

  /// Calls `body` with each range of `text` that the term matched in the name at
  /// `position` of `result.matchedNames`, in order, merged when they touch; stops early when
  /// `body` returns `false`. The match is the one the search produced: the key it recorded
  /// for the name, and that key's map (`SearchKeys.mapping(of:)`). A `.folding` key is
  /// shown as `forEachMatchedRange(in:_:)` shows the name; any other is made into a
  /// `KeyMatch` (`SearchResult.match(at:matcher:)`, only for the name asked for) and shown
  /// through its map (`forEachMatchedRange(of:in:_:)`): a name matched by a reading is
  /// marked where the reading's anchors lead, one matched by an `.unmapped` key is not
  /// marked. A result not made by scanning keys (built from name indices) is shown as if
  /// each name's key were its folded text. `text` is the name, or a slice of it from its
  /// start, as for `forEachMatchedRange(of:in:_:)`.
  ///
  /// - Precondition: the highlighter's matcher was made from `result.query`, and
  ///   `position < result.total`.
  /// - Complexity: O(n) in the length of `text` read (`.folding`) or of the key
  ///   (`.anchors`); O(1) for `.unmapped`.
  public func forEachMatchedRange(
    at position: Int, of result: SearchResult, in text: Substring,
    _ body: (Range<String.Index>) throws -> Bool
  ) rethrows {
    if !words.isEmpty {
      try forEachWordsRange(at: position, of: result, in: text) { range, _ in try body(range) }
      return
    }
    if result.isReadingMatch(at: position), let reading = result.readingMatcher {
      // Found by a reading: the characters of the units that spell the term.
      let name = result.catalog.names[Int(result.matchedNames[position])]
      guard let range = reading.matchedRange(in: name) else { return }
      let length = text.utf8.count
      guard range.lowerBound < length else { return }
      let utf8 = text.utf8
      let start = utf8.index(text.startIndex, offsetBy: range.lowerBound)
      let end = utf8.index(text.startIndex, offsetBy: min(range.upperBound, length))
      _ = try body(start..<end)
      return
    }
    // The folding's map is made from the name itself: where the term lies in the key is
    // not needed, so the key is not searched and no `KeyMatch` is made (the common case).
    switch result.mapping(at: position) {
    case nil, .folding?:
      try forEachMatchedRange(in: text, body)
    case .unmapped?:
      return
    case .anchors?:
      guard let match = result.match(at: position, matcher: matcher) else { return }
      try forEachMatchedRange(of: match, in: text, body)
    }
  }

  /// `forEachMatchedRange(at:of:in:_:)` with how each part matched: `.approximate` for a
  /// word of the name within a word's typos, `.soundsLike` for one that sounds like a
  /// word, else `.exact`.
  ///
  /// - Complexity: as `forEachMatchedRange(at:of:in:_:)`.
  public func forEachMatch(
    at position: Int, of result: SearchResult, in text: Substring,
    _ body: (Range<String.Index>, MatchKind) throws -> Bool
  ) rethrows {
    if !words.isEmpty {
      try forEachWordsRange(at: position, of: result, in: text, body)
      return
    }
    try forEachMatchedRange(at: position, of: result, in: text) { try body($0, .exact) }
  }

  /// `forEachMatch(at:of:in:_:)` for a query of several words: every word's ranges, in
  /// order; ranges that overlap are merged (exact if either is), and ranges of one kind
  /// that touch.
  private func forEachWordsRange(
    at position: Int, of result: SearchResult, in text: Substring,
    _ body: (Range<String.Index>, MatchKind) throws -> Bool
  ) rethrows {
    var ranges: [(range: Range<String.Index>, kind: MatchKind)] = []
    for word in words {
      var found: [Range<String.Index>] = []
      if word.isAnchoredAtStart || word.isAnchoredAtEnd {
        found = anchoredRange(of: word, in: text).map { [$0] } ?? []
      } else {
        word.highlighter.forEachMatchedRange(in: text) {
          found.append($0)
          return true
        }
      }
      if found.isEmpty, let reading = word.reading,
        let range = reading.matchedRange(
          in: result.catalog.names[Int(result.matchedNames[position])]),
        range.lowerBound < text.utf8.count
      {
        let utf8 = text.utf8
        let start = utf8.index(text.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(text.startIndex, offsetBy: min(range.upperBound, utf8.count))
        found = [start..<end]
      }
      var near: [Range<String.Index>] = []
      if found.isEmpty && word.typos > 0 {
        near = approximateRanges(of: word, in: text)
        ranges += near.map { ($0, .approximate) }
      }
      if found.isEmpty && near.isEmpty, let codes = word.soundCodes {
        ranges += soundingRanges(of: word, codes: codes, in: text).map { ($0, .soundsLike) }
      }
      ranges += found.map { ($0, .exact) }
    }
    ranges.sort { $0.range.lowerBound < $1.range.lowerBound }
    var pending: (range: Range<String.Index>, kind: MatchKind)?
    for (range, kind) in ranges {
      if let current = pending,
        range.lowerBound < current.range.upperBound
          || (range.lowerBound == current.range.upperBound && kind == current.kind)
      {
        // The stronger kind: exact, then typos, then sound.
        let kinds: [MatchKind] = [current.kind, kind]
        let stronger: MatchKind =
          kinds.contains(.exact)
          ? .exact : kinds.contains(.approximate) ? .approximate : .soundsLike
        pending = (
          current.range.lowerBound..<max(current.range.upperBound, range.upperBound), stronger
        )
        continue
      }
      if let current = pending, try !body(current.range, current.kind) { return }
      pending = (range, kind)
    }
    if let pending { _ = try body(pending.range, pending.kind) }
  }

  /// For `^word`, the shortest start of `text` that folds to the word; for `word$`, the
  /// shortest end; for both, the whole text if it folds to the word. `nil` when none does
  /// (a name found by its reading, or by another of its keys).
  ///
  /// - Complexity: O(k²) in the characters of the part found (each longer part folded
  ///   anew; a word is short).
  private func anchoredRange(of word: Word, in text: Substring) -> Range<String.Index>? {
    let needle = word.highlighter.matcher.foldedTerm
    let folder = word.highlighter.folder
    guard !needle.isEmpty, !text.isEmpty else { return nil }
    if word.isAnchoredAtStart && word.isAnchoredAtEnd {
      return folder.fold(String(text)) == needle ? text.startIndex..<text.endIndex : nil
    }
    if word.isAnchoredAtStart {
      var upper = text.startIndex
      while upper < text.endIndex {
        upper = text.index(after: upper)
        let folded = folder.fold(String(text[text.startIndex..<upper]))
        if folded.count >= needle.count { return folded == needle ? text.startIndex..<upper : nil }
      }
      return nil
    }
    var lower = text.endIndex
    while lower > text.startIndex {
      lower = text.index(before: lower)
      let folded = folder.fold(String(text[lower..<text.endIndex]))
      if folded.count >= needle.count { return folded == needle ? lower..<text.endIndex : nil }
    }
    return nil
  }

  /// The words of `text` (runs between white space) within `word.typos` edits of the word,
  /// each folded as keys are (punctuation left out); for an anchored word, only the first
  /// or last word of `text`.
  ///
  /// - Complexity: O(n · m) in the text's length and the word's.
  private func approximateRanges(of word: Word, in text: Substring) -> [Range<String.Index>] {
    let folder = TextFolder(options: matcher.query.options, dropsPunctuation: true)
    var words: [(range: Range<String.Index>, within: Bool)] = []
    var start: String.Index?
    var index = text.startIndex
    func finish(at end: String.Index) {
      guard let begin = start else { return }
      start = nil
      let folded = String(decoding: folder.fold(String(text[begin..<end])), as: UTF8.self)
      let within = DamerauLevenshtein.isWithin(
        word.typos, word.folded, folded.unicodeScalars.map(\.value))
      words.append((begin..<end, within))
    }
    while index < text.endIndex {
      if text[index].isWhitespace {
        finish(at: index)
      } else if start == nil {
        start = index
      }
      index = text.index(after: index)
    }
    finish(at: text.endIndex)
    // ^word: the first word only; word$: the last; both: the one word of the name.
    return word.parsed.comparedWords(words).filter(\.within).map(\.range)
  }

  /// The words of `text` (`PhoneticWords`) with one of `codes`; for an anchored word, only
  /// the first or last word of `text` (both: its only word).
  ///
  /// - Complexity: O(n) in the text's length.
  private func soundingRanges(
    of word: Word, codes: [UInt64], in text: Substring
  ) -> [Range<String.Index>] {
    var words: [(range: Range<String.Index>, sounds: Bool)] = []
    PhoneticWords().forEachWord(in: text) { range, letters in
      let sounds =
        letters.map { letters in
          letters.withUnsafeBufferPointer { PhoneticCode.codes(ofLetters: $0) }
            .contains { codes.contains($0) }
        } ?? false
      words.append((range, sounds))
    }
    return word.parsed.comparedWords(words).filter(\.sounds).map(\.range)
  }

  /// Calls `body` with each range of `text` that the term matched in the key of `match`,
  /// in order, merged when they touch; stops early when `body` returns `false`. `text` is
  /// the match's name, or a slice of it from its start (what a row shows, and the term's
  /// length more); ranges are clipped to it.
  ///
  /// - `.folding`: as `forEachMatchedRange(in:_:)`, which makes the folding's offset map.
  /// - `.anchors`: the term's acceptable occurrences in the key's bytes from
  ///   `match.keyRange` on, each mapped to the name's bytes by `KeyMapping.nameRange`.
  /// - `.unmapped`: no range.
  ///
  /// - Complexity: O(n) in the length of `text` read (`.folding`) or of the key
  ///   (`.anchors`).
  public func forEachMatchedRange(
    of match: KeyMatch, in text: Substring, _ body: (Range<String.Index>) throws -> Bool
  ) rethrows {
    switch match.mapping {
    case .folding:
      try forEachMatchedRange(in: text, body)
    case .unmapped:
      return
    case .anchors:
      let length = matcher.foldedTerm.count
      guard length > 0 else { return }
      let key = match.keyBytes
      let textLength = text.utf8.count
      func index(_ offset: Int) -> String.Index {
        text.utf8.index(text.startIndex, offsetBy: offset)
      }
      var boundaries = ClusterBoundary()
      var position = match.keyRange.lowerBound
      var pending: Range<Int>?
      while let hit = matcher.firstMatch(in: key, from: position, boundaries: &boundaries) {
        position = hit + length
        guard let mapped = match.mapping.nameRange(ofKeyRange: hit..<hit + length) else { break }
        // Anchors ascend: once past the end of `text`, every later occurrence is too.
        guard mapped.lowerBound < textLength else { break }
        let range = mapped.lowerBound..<min(mapped.upperBound, textLength)
        guard !range.isEmpty else { continue }
        if let previous = pending, previous.upperBound >= range.lowerBound {
          pending = previous.lowerBound..<max(previous.upperBound, range.upperBound)
        } else {
          if let previous = pending,
            try !body(index(previous.lowerBound)..<index(previous.upperBound))
          {
            return
          }
          pending = range
        }
      }
      if let pending { _ = try body(index(pending.lowerBound)..<index(pending.upperBound)) }
    }
  }

  /// Calls `body` with each range of `text` that the term matched, in order, merged when
  /// they touch; stops early when `body` returns `false`. The key is taken to be `text`
  /// folded (`KeyMapping.folding`): its offset map is made here, a window at a time.
  ///
  /// A match must lie wholly inside `text`: pass a slice that reaches past what is shown
  /// by the term's length to see matches that start in the shown part. The end of `text`
  /// counts as the end of the name (a match ending there is accepted).
  ///
  /// - Complexity: O(n) in the length of `text` read; memory O(chunk + the term's length).
  public func forEachMatchedRange(
    in text: Substring, _ body: (Range<String.Index>) throws -> Bool
  ) rethrows {
    let length = matcher.foldedTerm.count
    guard length > 0 else { return }
    let utf8 = text.utf8
    let end = text.endIndex
    // The folded bytes of the characters in the window, and for each character where its
    // folded bytes start and where it starts in `text`.
    var key: [UInt8] = []
    var starts: [(offset: Int, index: String.Index)] = []
    key.reserveCapacity(chunk + length + 64)
    starts.reserveCapacity(chunk + length + 64)
    var index = text.startIndex
    var position = 0
    var pending: Range<String.Index>?
    let ignoresCase = folder.options.ignoresCase
    let foldsAll = folder.options.folding == .all
    let dropsPunctuation = folder.dropsPunctuation
    var general = GrowableArray<UInt8>()

    while true {
      // Fold at least `chunk` more bytes, or to the end.
      let target = key.count + chunk
      while index < end && key.count < target {
        let byte = utf8[index]
        let next = utf8.index(after: index)
        // An ASCII byte followed by an ASCII byte (or the end) is a character of its own,
        // except CR before LF (Unicode UAX #29, GB3 and GB9).
        if byte < 0x80,
          next == end || (utf8[next] < 0x80 && !(byte == 0x0D && utf8[next] == 0x0A))
        {
          starts.append((key.count, index))
          if foldsAll && FullFolding.isASCIIPunctuation(byte) {
            if let folded = FullFolding.postfoldASCIIPunctuation(
              byte, dropsPunctuation: dropsPunctuation)
            {
              key.append(folded)
            }
          } else {
            key.append(ignoresCase ? lowercasedASCII(byte) : byte)
          }
          index = next
          continue
        }
        let after = text.index(after: index)
        starts.append((key.count, index))
        general.removeLast(general.count)
        folder.append(String(text[index..<after]), to: &general)
        key.append(contentsOf: general.buffer)
        index = after
      }
      let finished = index == end
      starts.append((key.count, index))  // the end of the window's last character
      // Occurrences starting at or before `decided` can be judged now: their bytes and the
      // scalar after them (at most 4 bytes) are in the window.
      let decided = finished ? key.count : key.count - length - 4
      var stop = false
      try key.withUnsafeBytes { window in
        while position <= decided, let hit = matcher.firstMatch(in: window, from: position) {
          guard hit <= decided else { break }
          // The character holding the first matched byte, and the one after the last.
          let first = max(Self.firstIndex(in: starts, atLeast: hit + 1) - 1, 0)
          let last = min(Self.firstIndex(in: starts, atLeast: hit + length), starts.count - 1)
          let range = starts[first].index..<starts[last].index
          position = max(hit + length, starts[last].offset)
          guard !range.isEmpty else { continue }
          if let previous = pending, previous.upperBound >= range.lowerBound {
            pending = previous.lowerBound..<max(previous.upperBound, range.upperBound)
          } else {
            if let previous = pending, try !body(previous) {
              stop = true
              return
            }
            pending = range
          }
        }
        position = max(position, decided + 1)
      }
      if stop { return }
      if finished {
        if let pending { _ = try body(pending) }
        return
      }
      starts.removeLast()
      // Drop the characters wholly before `position`.
      let keep = max(Self.firstIndex(in: starts, atLeast: position + 1) - 1, 0)
      let shift = starts[keep].offset
      if keep > 0 || shift > 0 {
        key.removeFirst(shift)
        starts.removeFirst(keep)
        for i in starts.indices { starts[i].offset -= shift }
        position -= shift
      }
    }
  }

  /// Binary search: the first position in `starts` whose offset is at least `value`.
  private static func firstIndex(
    in starts: [(offset: Int, index: String.Index)], atLeast value: Int
  ) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle].offset < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
