/// Finds the reading keys whose units spell a term (`ReadingMatcher`), on every core for
/// large lists, looking at a cancellation flag every 4,096 keys.
enum ReadingScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 50_000

  /// The entries (`ReadingKeys`), ascending, of `readings` (or of `candidates`, ascending
  /// entries, when given) that `matcher` matches; `nil` if `cancellation` was set.
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
      do {
        do {
          let spellings = readings.spellings.buffer
          let unitOf = readings.hanUnitOf.buffer
          for position in bounds[slice]..<bounds[slice + 1] {
            if position & 0xFFF == 0, cancellation?.isCancelled == true { return }
            let r = candidates.map { Int($0[position]) } ?? position
            let matched: Bool
            if r < spelled {
              matched = matcher.matches(UnsafeBufferPointer(rebasing: spellings[readings.key(r)]))
            } else {
              let name = r - spelled
              guard readings.isHanName(name) else { continue }
              matched = matcher.matchesHan(readings.names.utf8(of: name), unitOf: unitOf, han)
            }
            if matched { found.append(UInt32(r)) }
          }
          parts[slice] = found
        }
      }
    }
    var all: [UInt32] = []
    for part in parts.values {
      guard let part else { return nil }
      all += part
    }
    return all
  }
}
