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
    let bounds = (0...slices).map { count * $0 / slices }
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
          for position in bounds[slice]..<bounds[slice + 1] {
            if position & 0xFFF == 0, cancellation?.isCancelled == true { return }
            let r = Int(candidates[position])
            let matched: Bool
            if r < spelled {
              matched = matchesKey(r)
            } else {
              let name = r - spelled
              guard readings.isHanName(name) else { continue }
              let units = readings.hanCharacters(
                from: readings.hanCharacterStart(ofName: name),
                count: readings.hanCharacterCount(ofName: name))
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
}
