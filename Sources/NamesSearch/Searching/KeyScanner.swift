/// The keys a scan found.
///
/// `raw` holds every key that contains the folded term as bytes; `rejected` the few of them
/// where every occurrence starts or ends inside a user-perceived character (see
/// `ClusterBoundary`).
/// The matches are `raw` minus `rejected`. Raw hits only shrink as a term grows, so a
/// session can narrow a longer term's scan to a shorter term's raw hits.
package struct KeyHits: Sendable {
  /// Ascending key indices that contain the term as bytes.
  package var raw: [UInt32]
  /// Ascending key indices of `raw` with no acceptable occurrence.
  package var rejected: [UInt32]

  /// Records key `key` (raw, and rejected unless `accepted`). A method rather than a local
  /// function of the scan: a local function capturing the hits made every append pay a
  /// run-time exclusivity check (`swift_beginAccess`, about 60,000 on a 1M-name query).
  @inline(__always)
  mutating func record(_ key: Int, accepted: Bool) {
    raw.append(UInt32(key))
    if !accepted { rejected.append(UInt32(key)) }
  }

  /// The matching keys, ascending.
  package var matched: [UInt32] {
    guard !rejected.isEmpty else { return raw }
    var out: [UInt32] = []
    out.reserveCapacity(raw.count - rejected.count)
    var r = 0
    for k in raw {
      if r < rejected.count && rejected[r] == k {
        r += 1
      } else {
        out.append(k)
      }
    }
    return out
  }
}

/// Finds the keys that contain a folded term.
///
/// Each key is searched 32 positions at a time with SIMD: the term's first and last bytes
/// are compared at every position at once (the "generic SIMD" substring filter), and
/// positions where both agree are confirmed with `memcmp` and the cluster-boundary checks at
/// both ends of the occurrence (two byte compares when the bytes around them are ASCII).
/// The cost per key is a couple of vector compares whatever the term, so a one-letter term
/// that matches most names costs about what a rare one does. Large sets of keys are split
/// into slices scanned on every core (`ThreadPool`); scans look at `cancellation`
/// every 4,096 keys and give up when it is set.
enum KeyScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 100_000

  /// Scans every key.
  ///
  /// - Returns: the hits, or `nil` if `cancellation` was set during the scan.
  /// - Complexity: O(n) in the keys' total length, divided across cores.
  static func scanAll(
    _ keys: SearchKeys, for matcher: Matcher, cancellation: CancellationFlag?
  ) -> KeyHits? {
    scan(keys, matcher, candidates: nil, positions: 0..<keys.count, cancellation: cancellation)
  }

  /// Scans the consecutive keys `range` (within the keys), as `scanAll` scans every key:
  /// for a reader that checks the keys a range at a time (`IndexedQuery`).
  ///
  /// - Returns: the hits, or `nil` if `cancellation` was set during the scan.
  /// - Complexity: O(n) in the range's keys' total length, divided across cores.
  static func scan(
    _ keys: SearchKeys, for matcher: Matcher, in range: Range<Int>,
    cancellation: CancellationFlag?
  ) -> KeyHits? {
    precondition(range.lowerBound >= 0 && range.upperBound <= keys.count, "keys of the set")
    return scan(keys, matcher, candidates: nil, positions: range, cancellation: cancellation)
  }

  /// Scans only `candidates` (ascending key indices), for instance a shorter term's raw hits.
  static func scan(
    _ keys: SearchKeys, for matcher: Matcher, candidates: [UInt32], cancellation: CancellationFlag?
  ) -> KeyHits? {
    candidates.withUnsafeBufferPointer { list in
      scan(keys, matcher, candidates: list, positions: 0..<list.count, cancellation: cancellation)
    }
  }

  /// Scans the keys at `positions`: key `i`, or `candidates[i]` when given, for each `i`
  /// of them; in slices on every core when there are many.
  private static func scan(
    _ keys: SearchKeys, _ matcher: Matcher, candidates: UnsafeBufferPointer<UInt32>?,
    positions: Range<Int>, cancellation: CancellationFlag?
  ) -> KeyHits? {
    let count = positions.count
    let slices = count < parallelThreshold ? 1 : ProcessInfoCores.count * 4
    if slices == 1 {
      return scanSlice(keys, matcher, candidates, positions, cancellation)
    }
    let bounds = (0...slices).map { positions.lowerBound + count * $0 / slices }
    let parts = ConcurrentResults<KeyHits>(count: slices)
    let shared = SharedForReading(value: candidates)
    ThreadPool.perform(iterations: slices) { slice in
      parts[slice] = scanSlice(
        keys, matcher, shared.value, bounds[slice]..<bounds[slice + 1], cancellation)
    }
    // Joined into arrays made to size once: grown by doubling, a one-letter term's hits
    // (hundreds of thousands) were copied again and again into fresh pages.
    let found = parts.values
    var hits = KeyHits(raw: [], rejected: [])
    var (rawCount, rejectedCount) = (0, 0)
    for part in found {
      guard let part else { return nil }
      rawCount += part.raw.count
      rejectedCount += part.rejected.count
    }
    hits.raw.reserveCapacity(rawCount)
    hits.rejected.reserveCapacity(rejectedCount)
    for case let part? in found {
      hits.raw.append(contentsOf: part.raw)
      hits.rejected.append(contentsOf: part.rejected)
    }
    return hits
  }

  private static func scanSlice(
    _ keys: SearchKeys, _ matcher: Matcher, _ candidates: UnsafeBufferPointer<UInt32>?,
    _ positions: Range<Int>, _ cancellation: CancellationFlag?
  ) -> KeyHits? {
    guard let candidates else { return scanRun(keys, matcher, positions, cancellation) }
    return scanEachKey(keys, matcher, candidates, positions, cancellation)
  }

  /// Scans the consecutive keys `range` as one run of bytes: 32 positions a step, a
  /// candidate mapped to its key by walking the key ends, the rest of a key skipped once
  /// it matched. The fastest way over every key.
  private static func scanRun(
    _ keys: SearchKeys, _ matcher: Matcher, _ range: Range<Int>, _ cancellation: CancellationFlag?
  ) -> KeyHits? {
    var hits = KeyHits(raw: [], rejected: [])
    let all = keys.bytes.rawBytes
    guard !range.isEmpty, all.baseAddress != nil, !matcher.foldedTerm.isEmpty else {
      return hits
    }
    let ends = keys.ends.buffer
    return matcher.foldedTerm.withUnsafeBytes { needle -> KeyHits? in
      let filter = PositionFilter(haystack: all, needle: needle)
      let m = filter.length
      let startByte = range.lowerBound == 0 ? 0 : Int(ends[range.lowerBound - 1])
      let lastStart = Int(ends[range.upperBound - 1]) - m
      var k = range.lowerBound
      var pending = -1  // a key with raw occurrences only, not yet accepted
      var boundaries = ClusterBoundary()
      var p = startByte
      var nextCheck = p + (1 << 16)

      while p <= lastStart {
        if p >= nextCheck {
          if cancellation?.isCancelled == true { return nil }
          nextCheck = p + (1 << 16)
        }
        let available = min(32, lastStart - p + 1)
        guard let lanes = filter.candidates(at: p, available: available) else {
          p += 32
          continue
        }
        var jumpedTo = -1
        // The candidate lanes, lowest first, found from the mask's four words (a lane's
        // byte is non-zero) instead of testing 32 lanes one by one: a one-letter term
        // that starts most keys in their first bytes visits only its occurrences.
        let words = unsafeBitCast(lanes, to: SIMD4<UInt64>.self)
        lanesLoop: for word in 0..<4 {
          // Lane `i` is byte `i` in memory: the word's lowest byte is its first lane once
          // read as little-endian.
          var bits = UInt64(littleEndian: words[word])
          while bits != 0 {
            let byte = bits.trailingZeroBitCount &>> 3
            bits &= ~(0xFF &<< UInt64(byte &<< 3))
            let lane = word &<< 3 &+ byte
            guard lane < available else { break lanesLoop }
            let q = p + lane
            while Int(ends[k]) <= q {
              if pending == k {
                hits.record(k, accepted: false)
                pending = -1
              }
              k += 1
            }
            let keyEnd = Int(ends[k])
            guard q + m <= keyEnd, filter.confirms(at: q) else { continue }
            let keyStart = k == 0 ? 0 : Int(ends[k - 1])
            if boundaries.isBoundary(in: all, at: q, keyStart: keyStart, keyEnd: keyEnd),
              boundaries.isBoundary(in: all, at: q + m, keyStart: keyStart, keyEnd: keyEnd)
            {
              hits.record(k, accepted: true)
              pending = -1
              jumpedTo = keyEnd
              break lanesLoop
            }
            pending = k
          }
        }
        if jumpedTo >= 0 {
          // The rest of the key cannot add anything: go on at the next key.
          k += 1
          p = jumpedTo
        } else {
          p += 32
        }
      }
      if pending >= 0 { hits.record(pending, accepted: false) }
      return hits
    }
  }

  /// Scans each key on its own (the candidates of a narrowing search).
  private static func scanEachKey(
    _ keys: SearchKeys, _ matcher: Matcher, _ candidates: UnsafeBufferPointer<UInt32>,
    _ positions: Range<Int>, _ cancellation: CancellationFlag?
  ) -> KeyHits? {
    var hits = KeyHits(raw: [], rejected: [])
    let all = keys.bytes.rawBytes
    guard all.baseAddress != nil, !matcher.foldedTerm.isEmpty else { return hits }
    let ends = keys.ends.buffer
    return matcher.foldedTerm.withUnsafeBytes { needle -> KeyHits? in
      let filter = PositionFilter(haystack: all, needle: needle)
      let m = filter.length
      var boundaries = ClusterBoundary()
      for position in positions {
        if position & 0xFFF == 0, cancellation?.isCancelled == true { return nil }
        let k = Int(candidates[position])
        let keyEnd = Int(ends[k])
        let lastStart = keyEnd - m
        let keyStart = k == 0 ? 0 : Int(ends[k - 1])
        var p = keyStart
        var raw = false
        var accepted = false
        search: while p <= lastStart {
          let available = min(32, lastStart - p + 1)
          if let lanes = filter.candidates(at: p, available: available) {
            for lane in 0..<available where lanes[lane] != 0 && filter.confirms(at: p + lane) {
              raw = true
              let q = p + lane
              if boundaries.isBoundary(in: all, at: q, keyStart: keyStart, keyEnd: keyEnd),
                boundaries.isBoundary(in: all, at: q + m, keyStart: keyStart, keyEnd: keyEnd)
              {
                accepted = true
                break search
              }
            }
          }
          p += 32
        }
        if raw {
          hits.raw.append(UInt32(k))
          if !accepted { hits.rejected.append(UInt32(k)) }
        }
      }
      return hits
    }
  }
}

/// The "generic SIMD" substring filter at one position of a haystack: the term's first and
/// last bytes compared at 32 positions at once; `confirms` checks the bytes between.
private struct PositionFilter {
  let base: UnsafeRawPointer
  let bufferEnd: Int
  let needle: UnsafeRawPointer
  /// The term's length in bytes (at least 1).
  let length: Int
  let first: SIMD32<UInt8>
  let last: SIMD32<UInt8>

  init(haystack: UnsafeRawBufferPointer, needle: UnsafeRawBufferPointer) {
    base = haystack.baseAddress!
    bufferEnd = haystack.count
    self.needle = needle.baseAddress!
    length = needle.count
    first = SIMD32(repeating: needle[0])
    last = SIMD32(repeating: needle[needle.count - 1])
  }

  /// Non-zero lanes where the term may start among positions `p ..< p + available`, or
  /// `nil` if it starts at none. Near the end of the buffer, positions are checked whole.
  @inline(__always)
  func candidates(at p: Int, available: Int) -> SIMD32<UInt8>? {
    if p + 31 + length <= bufferEnd {
      let a = (base + p).loadUnaligned(as: SIMD32<UInt8>.self)
      let b = (base + p + length - 1).loadUnaligned(as: SIMD32<UInt8>.self)
      let mask = (a .== first) .& (b .== last)
      // `any(mask)` compiles to a generic call; OR-ing the mask as four words is inlined
      // and about 2.5 times faster.
      let words = unsafeBitCast(mask, to: SIMD4<UInt64>.self)
      guard (words[0] | words[1] | words[2] | words[3]) != 0 else { return nil }
      return unsafeBitCast(mask, to: SIMD32<UInt8>.self)
    }
    var lanes = SIMD32<UInt8>()
    var found = false
    for lane in 0..<available where RawBytes.equal(base + p + lane, needle, count: length) {
      lanes[lane] = 1
      found = true
    }
    return found ? lanes : nil
  }

  /// Whether the term's middle bytes also match at `q` (its first and last already do).
  @inline(__always)
  func confirms(at q: Int) -> Bool {
    length <= 2 || RawBytes.equal(base + q + 1, needle + 1, count: length - 2)
  }
}
