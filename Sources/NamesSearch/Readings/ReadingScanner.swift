/// Finds the reading keys whose units spell a term (`ReadingMatcher`), on every core for
/// large lists, looking at a cancellation flag every 4,096 keys.
enum ReadingScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 50_000

  /// The entries (`ReadingKeys`), ascending, of `readings` (or of `candidates`, ascending
  /// entries, when given) that `matcher` matches; `nil` if `cancellation` was set.
  ///
  /// Without candidates, the names of Han characters only are found by walking the set bits
  /// of `ReadingKeys.hanNames`, a word of 64 names at a time. A key or name that repeats the
  /// one before it (`ReadingKeys.keyRepeats`, `hanRepeats`) takes that one's answer without
  /// being read; so does a candidate whose head is that of the candidate before it.
  ///
  /// - Complexity: O(n) in the keys' spelling numbers and the Han names' characters (of the
  ///   keys and names that repeat no other), plus O(1) a repeat, divided across cores.
  static func scan(
    _ readings: ReadingKeys, for matcher: ReadingMatcher, candidates: [UInt32]? = nil,
    cancellation: CancellationFlag?
  ) -> [UInt32]? {
    let count = candidates?.count ?? readings.entryCount
    let spelled = readings.spelledCount
    let slices = count < parallelThreshold || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    // Slices start at a word of 64 keys or of `hanNames` (64 names): a repeat's head is in
    // its word, so in its slice, before it; and `hanWordStarts` alone says where a word's
    // characters start: the names' lengths are not read (`IndexedQuery` scans keys whose
    // names it has not checked).
    let bounds = (0...slices).map { slice -> Int in
      let bound = count * slice / slices
      guard candidates == nil, bound < count else { return bound }
      return bound < spelled ? bound & ~63 : spelled + ((bound - spelled) & ~63)
    }
    let parts = ConcurrentResults<[UInt32]>(count: slices)
    // Names of Han characters only have no stored keys: they are read from their text.
    let han = matcher.hanMoves(readings)
    ThreadPool.perform(iterations: slices) { slice in
      var found: [UInt32] = []
      let spellings = readings.spellings.buffer
      func matchesKey(_ r: Int) -> Bool {
        matcher.matches(UnsafeBufferPointer(rebasing: spellings[readings.storedKey(r)]))
      }
      han.withTables { tables in
        if let candidates {
          // The last Han name read (a head): the next one's characters are found from it.
          var previous: (name: Int, start: Int)? = nil
          // The last head read, key or name, and its answer.
          var last = (head: -1, matched: false)
          for position in bounds[slice]..<bounds[slice + 1] {
            if position & 0xFFF == 0, cancellation?.isCancelled == true { return }
            let r = Int(candidates[position])
            let matched: Bool
            if r < spelled {
              let head = readings.headKey(of: r)
              if head != last.head { last = (head, matchesKey(head)) }
              matched = last.matched
            } else {
              let name = r - spelled
              guard readings.isHanName(name) else { continue }
              let head = spelled + readings.hanHead(ofName: name)
              if head != last.head {
                let start = readings.hanCharacterStart(ofName: name, after: previous)
                previous = (head - spelled, start)
                let units = readings.hanCharacters(
                  from: start, count: readings.hanCharacterCount(ofName: head - spelled))
                last = (head, matcher.matchesHan(units, tables))
              }
              matched = last.matched
            }
            if matched { found.append(UInt32(r)) }
          }
          parts[slice] = found
          return
        }
        let lower = bounds[slice]
        let upper = bounds[slice + 1]
        // The stored keys of this slice (none when it starts past them); a repeat takes the
        // answer of the key before it (its head is in this slice: slices start at words).
        let keyRepeats = readings.keyRepeats.buffer
        var r = lower
        let keysEnd = max(lower, min(upper, spelled))
        var nextLook = r
        while r < keysEnd {
          if r >= nextLook {
            if cancellation?.isCancelled == true { return }
            nextLook = r + 4_096
          }
          let run = RepeatBits.run(after: r, in: keyRepeats, end: keysEnd)
          if matchesKey(r) { for key in r...(r + run) { found.append(UInt32(key)) } }
          r += 1 + run
        }
        // The names of this slice whose bits are set, their characters one after another.
        var i = max(lower, spelled) - spelled
        let end = upper - spelled
        let words = readings.hanNames.buffer
        var at = i < end ? readings.hanCharacterStart(ofName: i) : 0
        let characters = readings.hanCharacters.buffer
        let repeats = readings.hanRepeats.buffer
        if !tables.byUnit.isEmpty, characters.last == ReadingKeys.hanSeparator {
          guard
            scanHanNames(
              from: i, to: end, words: words, repeats: repeats,
              characters: characters, at: at, tables: tables, cancellation: cancellation,
              found: &found, entryOffset: spelled)
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
          // Each head's units end with a separator: one pass over them, head after head; the
          // run of names that repeat it takes its answer.
          let matched = matcher.matchesHanRun(characters, at: &at, tables)
          let run = RepeatBits.run(after: i, in: repeats, end: end)
          if matched { for name in i...(i + run) { found.append(UInt32(spelled + name)) } }
          i += 1 + run
        }
        parts[slice] = found
      }
    }
    return parts.joined()
  }

  /// Appends to `found` the entries (`entryOffset` plus the name) of the names from `i` up
  /// to `end` whose `words` bits are set and whose characters, from `at` in `characters`,
  /// spell the term: one look-up a character in `tables.byUnit` (which must not be empty),
  /// the term's end keeping itself until the name's separator. The names whose bits are set
  /// in `repeats` (`ReadingKeys.hanRepeats`) have no characters there: each run of them
  /// takes the answer of the name before it, at once. `characters` must end with `ReadingKeys.hanSeparator`,
  /// so that a name's walk stops within it. Returns false if `cancellation` was set (looked
  /// at every 4,096 names or more).
  ///
  /// - Complexity: O(n + k) in the names and their heads' characters.
  private static func scanHanNames(
    from i: Int, to end: Int, words: UnsafeBufferPointer<UInt64>,
    repeats: UnsafeBufferPointer<UInt64>,
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
      // The names that repeat it, after it in its word, take its answer at once.
      let run = RepeatBits.run(after: i, in: repeats, end: end)
      if state == accepting {
        for name in i...(i &+ run) { found.append(UInt32(entryOffset + name)) }
      }
      i &+= 1 &+ run
    }
    return true
  }

}
