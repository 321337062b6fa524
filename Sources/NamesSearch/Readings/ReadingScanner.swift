/// Finds the reading keys whose units spell a term (`ReadingMatcher`), on every core for
/// large lists, looking at a cancellation flag every 4,096 keys.
enum ReadingScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 50_000

  /// The entries (`ReadingKeys`), ascending, of `readings` (or of `candidates`, ascending
  /// entries, when given) that `matcher` matches; `nil` if `cancellation` was set.
  ///
  /// Without candidates, the names of Han characters only are found by walking the set bits
  /// of `ReadingKeys.hanNames`, a word of 64 names at a time.
  ///
  /// - Complexity: O(n) in the keys' spelling numbers and the Han names' characters,
  ///   divided across cores.
  static func scan(
    _ readings: ReadingKeys, for matcher: ReadingMatcher, candidates: [UInt32]? = nil,
    cancellation: CancellationFlag?
  ) -> [UInt32]? {
    let count = candidates?.count ?? readings.entryCount
    let spelled = readings.spelledCount
    let slices = count < parallelThreshold || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    // Slices of Han names start at a word of `hanNames` (64 names), where
    // `hanWordStarts` alone says where their characters start: the names' lengths are not
    // read (`IndexedQuery` scans keys whose names it has not checked).
    let bounds = (0...slices).map { slice -> Int in
      let bound = count * slice / slices
      guard candidates == nil, bound > spelled, bound < count else { return bound }
      return spelled + ((bound - spelled) & ~63)
    }
    let parts = ConcurrentResults<[UInt32]>(count: slices)
    // Names of Han characters only have no stored keys: they are read from their text.
    let han = matcher.hanMoves(readings)
    ThreadPool.perform(iterations: slices) { slice in
      var found: [UInt32] = []
      let spellings = readings.spellings.buffer
      func matchesKey(_ r: Int) -> Bool {
        matcher.matches(UnsafeBufferPointer(rebasing: spellings[readings.key(r)]))
      }
      han.withTables { tables in
        if let candidates {
          // The last Han name read: the next one's characters are found from it.
          var previous: (name: Int, start: Int)? = nil
          for position in bounds[slice]..<bounds[slice + 1] {
            if position & 0xFFF == 0, cancellation?.isCancelled == true { return }
            let r = Int(candidates[position])
            let matched: Bool
            if r < spelled {
              matched = matchesKey(r)
            } else {
              let name = r - spelled
              guard readings.isHanName(name) else { continue }
              let start = readings.hanCharacterStart(ofName: name, after: previous)
              previous = (name, start)
              let units = readings.hanCharacters(
                from: start, count: readings.hanCharacterCount(ofName: name))
              matched = matcher.matchesHan(units, tables)
            }
            if matched { found.append(UInt32(r)) }
          }
          parts[slice] = found
          return
        }
        let lower = bounds[slice]
        let upper = bounds[slice + 1]
        // The stored keys of this slice (none when it starts past them).
        for r in lower..<max(lower, min(upper, spelled)) {
          if r & 0xFFF == 0, cancellation?.isCancelled == true { return }
          if matchesKey(r) { found.append(UInt32(r)) }
        }
        // The names of this slice whose bits are set, their characters one after another.
        var i = max(lower, spelled) - spelled
        let end = upper - spelled
        let words = readings.hanNames.buffer
        var at = i < end ? readings.hanCharacterStart(ofName: i) : 0
        let characters = readings.hanCharacters.buffer
        if !tables.byUnit.isEmpty, characters.last == ReadingKeys.hanSeparator {
          guard
            scanHanNames(
              from: i, to: end, words: words, characters: characters, at: at, tables: tables,
              cancellation: cancellation, found: &found, entryOffset: spelled)
          else { return }
          parts[slice] = found
          return
        }
        var visited = 0
        while i < end {
          visited += 1
          if visited & 0xFFF == 0, cancellation?.isCancelled == true { return }
          let rest = words[i >> 6] >> UInt64(i & 63)
          if rest == 0 {
            i = (i | 63) + 1
            continue
          }
          i += rest.trailingZeroBitCount
          guard i < end else { break }
          // Each name's units end with a separator: one pass over them, name after name.
          if matcher.matchesHanRun(characters, at: &at, tables) {
            found.append(UInt32(spelled + i))
          }
          i += 1
        }
        parts[slice] = found
      }
    }
    return parts.joined()
  }

  /// Appends to `found` the entries (`entryOffset` plus the name) of the names from `i` up
  /// to `end` whose `words` bits are set and whose characters, from `at` in `characters`,
  /// spell the term: one look-up a character in `tables.byUnit` (which must not be empty),
  /// the term's end keeping itself until the name's separator. `characters` must end with
  /// `ReadingKeys.hanSeparator`, so that a name's walk stops within it. Returns false if
  /// `cancellation` was set (looked at every 4,096 names or more).
  ///
  /// - Complexity: O(n + k) in the names and their characters.
  private static func scanHanNames(
    from i: Int, to end: Int, words: UnsafeBufferPointer<UInt64>,
    characters: UnsafeBufferPointer<UInt16>, at start: Int, tables: ReadingMatcher.HanMoves.Tables,
    cancellation: CancellationFlag?, found: inout [UInt32], entryOffset: Int
  ) -> Bool {
    let byUnit = tables.byUnit
    let width = tables.byUnitWidth
    let rows = tables.classOfUnit.count
    let accepting = width - 1
    var i = i
    var at = start
    var nextLook = i
    while i < end {
      if i >= nextLook {
        if cancellation?.isCancelled == true { return false }
        nextLook = i &+ 4_096
      }
      let rest = words[i >> 6] >> UInt64(i & 63)
      if rest == 0 {
        i = (i | 63) + 1
        continue
      }
      i &+= rest.trailingZeroBitCount
      guard i < end, at < characters.count else { break }
      var state = 0
      while true {
        let unit = characters[at]
        at &+= 1
        if unit == ReadingKeys.hanSeparator { break }
        // A unit past the rows (only a forged file could hold one) reads as none.
        let row = Int(unit) < rows ? Int(unit) : 0
        state = Int(byUnit[row &* width &+ state])
      }
      if state == accepting { found.append(UInt32(entryOffset + i)) }
      i &+= 1
    }
    return true
  }
}
