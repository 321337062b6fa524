/// Finds the reading keys whose units spell a term (`ReadingMatcher`), on every core for
/// large lists, looking at a cancellation flag every 4,096 keys.
enum ReadingScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 50_000

  /// The indices, ascending, of the keys of `readings` (or of `candidates`, ascending
  /// indices, when given) that `matcher` matches; `nil` if `cancellation` was set.
  ///
  /// - Complexity: O(n) in the keys' spelling numbers, divided across cores.
  static func scan(
    _ readings: ReadingKeys, for matcher: ReadingMatcher, candidates: [UInt32]? = nil,
    cancellation: CancellationFlag?
  ) -> [UInt32]? {
    let count = candidates?.count ?? readings.count
    let slices = count < parallelThreshold || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    let bounds = (0...slices).map { count * $0 / slices }
    let parts = ConcurrentResults<[UInt32]>(count: slices)
    ThreadPool.perform(iterations: slices) { slice in
      var found: [UInt32] = []
      readings.spellings.withUnsafeBufferPointer { spellings in
        for position in bounds[slice]..<bounds[slice + 1] {
          if position & 0xFFF == 0, cancellation?.isCancelled == true { return }
          let r = candidates.map { Int($0[position]) } ?? position
          let range = readings.key(r)
          if matcher.matches(UnsafeBufferPointer(rebasing: spellings[range])) {
            found.append(UInt32(r))
          }
        }
        parts[slice] = found
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
