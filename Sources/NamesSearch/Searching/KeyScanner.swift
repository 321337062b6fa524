import CKeyScan

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
/// Keys are searched 64 positions at a time (`ns_key_scan_run`, in C with SSE2 on x86-64,
/// byte by byte elsewhere): the term's first and last bytes are compared at every position
/// at once (the "generic SIMD" substring filter), and positions where both agree are
/// confirmed with `memcmp` and the cluster-boundary checks at both ends of the occurrence
/// (two byte compares when the bytes around them are ASCII; a decode of the scalars when
/// they are Greek, Cyrillic, kana or Han letters). The cost per key is a couple of vector
/// compares whatever the term, so a one-letter term that matches most names costs about
/// what a rare one does.
/// Large sets of keys are split into slices scanned on every core (`ThreadPool`); scans look
/// at `cancellation` every 64 KiB of keys (between keys, for a candidate list) and give up
/// when it is set.
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
    collected {
      scan(
        keys, matcher, candidates: nil, positions: 0..<keys.count, into: &$0,
        cancellation: cancellation)
    }
  }

  /// Scans the consecutive keys `range` (within the keys), as `scanAll` scans every key,
  /// appending the hits to `hits` (whose keys must come before the range's): for a reader
  /// that checks the keys a range at a time (`IndexedQuery`) and collects the hits in one
  /// array it reserved, which the hits of one thread's scan reach straight from the C
  /// loop's batches, and those of several threads through each slice's own array.
  ///
  /// - Returns: false if `cancellation` was set during the scan (`hits` then holds part
  ///   of the range's hits).
  /// - Complexity: O(n) in the range's keys' total length, divided across cores.
  static func scan(
    _ keys: SearchKeys, for matcher: Matcher, in range: Range<Int>, into hits: inout KeyHits,
    cancellation: CancellationFlag?
  ) -> Bool {
    precondition(range.lowerBound >= 0 && range.upperBound <= keys.count, "keys of the set")
    return scan(
      keys, matcher, candidates: nil, positions: range, into: &hits, cancellation: cancellation)
  }

  /// Scans only `candidates` (ascending key indices), for instance a shorter term's raw hits.
  ///
  /// - Returns: the hits, or `nil` if `cancellation` was set during the scan.
  /// - Complexity: O(n) in the candidates' keys' total length, divided across cores.
  static func scan(
    _ keys: SearchKeys, for matcher: Matcher, candidates: [UInt32], cancellation: CancellationFlag?
  ) -> KeyHits? {
    collected {
      scan(keys, for: matcher, candidates: candidates, into: &$0, cancellation: cancellation)
    }
  }

  /// The hits a scan appends to empty ones, or `nil` when it returns false (cancelled).
  private static func collected(_ scan: (inout KeyHits) -> Bool) -> KeyHits? {
    var hits = KeyHits(raw: [], rejected: [])
    return scan(&hits) ? hits : nil
  }

  /// Scans only `candidates` (ascending key indices, after those of `hits`), appending the
  /// hits to `hits`, as `scan(_:for:in:into:cancellation:)` does for a range.
  ///
  /// - Returns: false if `cancellation` was set during the scan.
  /// - Complexity: O(n) in the candidates' keys' total length, divided across cores.
  static func scan(
    _ keys: SearchKeys, for matcher: Matcher, candidates: [UInt32], into hits: inout KeyHits,
    cancellation: CancellationFlag?
  ) -> Bool {
    candidates.withUnsafeBufferPointer { list in
      scan(
        keys, matcher, candidates: list, positions: 0..<list.count, into: &hits,
        cancellation: cancellation)
    }
  }

  /// Scans the keys at `positions`: key `i`, or `candidates[i]` when given, for each `i`
  /// of them; in slices on every core when there are many. The hits are appended to
  /// `hits`: straight from the C loop's batches on one thread; from each slice's own
  /// arrays (reserved for the slice's keys, so never grown by copying) on several.
  /// Returns false if `cancellation` was set.
  private static func scan(
    _ keys: SearchKeys, _ matcher: Matcher, candidates: UnsafeBufferPointer<UInt32>?,
    positions: Range<Int>, into hits: inout KeyHits, cancellation: CancellationFlag?
  ) -> Bool {
    let count = positions.count
    let slices = count < parallelThreshold ? 1 : ProcessInfoCores.count * 4
    if slices == 1 {
      return scanSlice(keys, matcher, candidates, positions, into: &hits, cancellation)
    }
    let bounds = (0...slices).map { positions.lowerBound + count * $0 / slices }
    let parts = ConcurrentResults<KeyHits>(count: slices)
    let shared = SharedForReading(value: candidates)
    ThreadPool.perform(iterations: slices) { slice in
      let range = bounds[slice]..<bounds[slice + 1]
      // Room for every key of the slice to be a hit: address space, whose pages are
      // touched only as hits fill them (grown by doubling instead, a one-letter term's hits
      // were copied into fresh pages again and again).
      var part = KeyHits(raw: [], rejected: [])
      part.raw.reserveCapacity(range.count)
      guard scanSlice(keys, matcher, shared.value, range, into: &part, cancellation) else { return }
      parts[slice] = part
    }
    let found = parts.values
    var (rawCount, rejectedCount) = (0, 0)
    for part in found {
      guard let part else { return false }
      rawCount += part.raw.count
      rejectedCount += part.rejected.count
    }
    // Grown geometrically when the caller reserved too little, so that appending window
    // after window never copies the hits again for each.
    func reserve(_ array: inout [UInt32], _ more: Int) {
      let needed = array.count + more
      if array.capacity < needed { array.reserveCapacity(max(needed, 2 * array.capacity)) }
    }
    reserve(&hits.raw, rawCount)
    reserve(&hits.rejected, rejectedCount)
    for case let part? in found {
      hits.raw.append(contentsOf: part.raw)
      hits.rejected.append(contentsOf: part.rejected)
    }
    return true
  }

  /// Scans the keys at `positions` of one slice in C (`ns_key_scan_run`), 64 byte
  /// positions a step: the consecutive keys `positions` as one run of bytes, a candidate
  /// mapped to its key by walking the key ends and the rest of a key skipped once it
  /// matched; or, with `candidates`, each key they list at those positions on its own. The
  /// C loop settles every occurrence whose ends lie between ASCII bytes or Greek, Cyrillic,
  /// kana or Han letters, at a key's ends or just before a UTF-8 continuation byte; the
  /// others (beside marks, jamo, emoji...) come back here for `ClusterBoundary`'s full
  /// rules.
  private static func scanSlice(
    _ keys: SearchKeys, _ matcher: Matcher, _ candidates: UnsafeBufferPointer<UInt32>?,
    _ positions: Range<Int>, into hits: inout KeyHits, _ cancellation: CancellationFlag?
  ) -> Bool {
    let all = keys.bytes.rawBytes
    let m = matcher.foldedTerm.count
    guard !positions.isEmpty, let base = all.baseAddress, m > 0 else { return true }
    guard let endsBase = keys.ends.buffer.baseAddress else { return true }
    // The slice's first and last keys.
    let (first, last) =
      candidates.map { (Int($0[positions.lowerBound]), Int($0[positions.upperBound - 1])) }
      ?? (positions.lowerBound, positions.upperBound - 1)
    let startByte = keys.byteRange(of: first).lowerBound
    let lastStart = keys.byteRange(of: last).upperBound - m
    guard startByte <= lastStart else { return true }
    // Keys found are handed over in batches of this many.
    let capacity = 4_096
    let raw = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    let rejected = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    defer {
      raw.deallocate()
      rejected.deallocate()
    }
    return matcher.foldedTerm.withUnsafeBytes { needle -> Bool in
      var scan = NSKeyScan(
        bytes: base.assumingMemoryBound(to: UInt8.self), count: all.count, ends: endsBase,
        needle: needle.baseAddress!.assumingMemoryBound(to: UInt8.self), length: m,
        last_start: lastStart,
        candidates: candidates.map { $0.baseAddress! + positions.lowerBound },
        candidate_count: candidates == nil ? 0 : positions.count, next_candidate: 0,
        position: startByte, key: candidates == nil ? positions.lowerBound : 0, pending: -1,
        occurrence: 0, raw: raw, rejected: rejected, raw_count: 0, rejected_count: 0,
        capacity: capacity)
      var boundaries = ClusterBoundary()
      // Cancellation is looked at every 64 KiB of keys.
      var pauseAt = startByte + (1 << 16)
      while true {
        let event = Int(ns_key_scan_run(&scan, pauseAt))
        hits.raw.append(contentsOf: UnsafeBufferPointer(start: raw, count: scan.raw_count))
        hits.rejected.append(
          contentsOf: UnsafeBufferPointer(start: rejected, count: scan.rejected_count))
        scan.raw_count = 0
        scan.rejected_count = 0
        switch event {
        case NS_KEY_SCAN_PAUSE:
          if cancellation?.isCancelled == true { return false }
          pauseAt = scan.position + (1 << 16)
        case NS_KEY_SCAN_FULL:
          continue
        case NS_KEY_SCAN_UNDECIDED:
          let (q, k) = (scan.occurrence, scan.key)
          let key = keys.byteRange(of: k)
          if boundaries.isBoundary(
            in: all, at: q, keyStart: key.lowerBound, keyEnd: key.upperBound),
            boundaries.isBoundary(
              in: all, at: q + m, keyStart: key.lowerBound, keyEnd: key.upperBound)
          {
            hits.record(k, accepted: true)
            scan.pending = -1
            scan.key = k + 1
            scan.position = key.upperBound
          } else {
            scan.pending = k
            scan.position = q + 1
          }
        default:
          if scan.pending >= 0 { hits.record(scan.pending, accepted: false) }
          return true
        }
      }
    }
  }
}
