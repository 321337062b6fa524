import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The keys a scan found.
///
/// `raw` holds every key that contains the folded term as bytes; `rejected` the few of them
/// where every occurrence ends inside a user-perceived character (see `ClusterBoundary`).
/// The matches are `raw` minus `rejected`. Raw hits only shrink as a term grows, so a
/// session can narrow a longer term's scan to a shorter term's raw hits.
public struct KeyHits: Sendable {
  /// Ascending key indices that contain the term as bytes.
  public var raw: [UInt32]
  /// Ascending key indices of `raw` with no acceptable occurrence.
  public var rejected: [UInt32]

  /// The matching keys, ascending.
  public var matched: [UInt32] {
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
/// A full scan searches the whole contiguous key buffer at once, 32 bytes a step: it
/// compares the term's first and last bytes at every position with SIMD (the
/// "generic SIMD" substring filter), confirms candidates with `memcmp`, maps each hit to its
/// key by walking the key offsets, and skips the rest of a key once it matched. Large
/// catalogs are split into slices scanned on all cores (`concurrentPerform`). Scans check
/// `cancellation` every 64 KiB and give up when it is set.
enum KeyScanner {
  /// Bytes scanned between two looks at the cancellation flag.
  static let cancellationStride = 64 * 1024
  /// Catalogs with fewer keys are scanned on one thread.
  static let parallelThreshold = 100_000

  /// Scans every key.
  ///
  /// - Returns: the hits, or `nil` if `cancellation` was set during the scan.
  /// - Complexity: O(n) in the keys' total length, divided across cores.
  static func scanAll(
    _ keys: SearchKeys, for matcher: Matcher, cancellation: CancellationFlag?
  ) -> KeyHits? {
    let slices = keys.count < parallelThreshold ? 1 : ProcessInfoCores.count * 4
    if slices == 1 {
      return scan(keys, matcher, 0..<keys.count, cancellation)
    }
    let bounds = (0...slices).map { keys.count * $0 / slices }
    let parts = ConcurrentResults<KeyHits>(count: slices)
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
      parts[slice] = scan(keys, matcher, bounds[slice]..<bounds[slice + 1], cancellation)
    }
    var hits = KeyHits(raw: [], rejected: [])
    for part in parts.values {
      guard let part else { return nil }
      hits.raw.append(contentsOf: part.raw)
      hits.rejected.append(contentsOf: part.rejected)
    }
    return hits
  }

  /// Scans only `candidates` (ascending key indices), for instance a shorter term's raw hits.
  static func scan(
    _ keys: SearchKeys, for matcher: Matcher, candidates: [UInt32], cancellation: CancellationFlag?
  ) -> KeyHits? {
    var hits = KeyHits(raw: [], rejected: [])
    let needle = matcher.foldedTerm
    for (n, k) in candidates.enumerated() {
      if n & 0xFFF == 0, cancellation?.isCancelled == true { return nil }
      let key = keys.key(Int(k))
      let found = needle.withUnsafeBytes {
        SubstringSearch.firstOccurrence(of: $0, in: key, from: 0)
      }
      guard let found else { continue }
      hits.raw.append(k)
      if !ClusterBoundary.isBoundary(in: key, at: found + needle.count),
        matcher.firstMatch(in: key, from: found + 1) == nil
      {
        hits.rejected.append(k)
      }
    }
    return hits
  }

  /// Scans the keys in `range` with the SIMD filter.
  private static func scan(
    _ keys: SearchKeys, _ matcher: Matcher, _ range: Range<Int>, _ cancellation: CancellationFlag?
  ) -> KeyHits? {
    var hits = KeyHits(raw: [], rejected: [])
    guard !range.isEmpty else { return hits }
    let needle = matcher.foldedTerm
    let m = needle.count
    let all = keys.bytes.rawBytes
    let ends = keys.ends.buffer
    guard let base = all.baseAddress else { return hits }
    let startByte = keys.byteRange(of: range.lowerBound).lowerBound
    let endByte = keys.byteRange(of: range.upperBound - 1).upperBound
    let lastStart = endByte - m
    guard lastStart >= startByte else { return hits }

    var k = range.lowerBound
    var recorded = -1
    var pending = -1
    var skipUntil = 0

    return needle.withUnsafeBytes { needleBytes -> KeyHits? in
      let first = SIMD32<UInt8>(repeating: needleBytes[0])
      let last = SIMD32<UInt8>(repeating: needleBytes[m - 1])
      let needleBase = needleBytes.baseAddress!

      /// Handles a position where the first and last bytes matched.
      @inline(__always)
      func candidate(_ p: Int) {
        guard p >= skipUntil else { return }
        while Int(ends[k]) <= p {
          if pending == k {
            hits.raw.append(UInt32(k))
            hits.rejected.append(UInt32(k))
            pending = -1
          }
          k += 1
        }
        let keyEnd = Int(ends[k])
        guard p + m <= keyEnd, memcmp(base + p, needleBase, m) == 0 else { return }
        if ClusterBoundary.isBoundary(in: all, at: p + m) {
          hits.raw.append(UInt32(k))
          recorded = k
          pending = -1
          skipUntil = keyEnd
        } else {
          pending = k
        }
      }

      var position = startByte
      var nextCheck = startByte + cancellationStride
      while position + 31 <= lastStart {
        if position >= nextCheck {
          if cancellation?.isCancelled == true { return nil }
          nextCheck = position + cancellationStride
        }
        let a = (base + position).loadUnaligned(as: SIMD32<UInt8>.self)
        let b = (base + position + m - 1).loadUnaligned(as: SIMD32<UInt8>.self)
        let mask = (a .== first) .& (b .== last)
        if any(mask) {
          for lane in 0..<32 where mask[lane] { candidate(position + lane) }
        }
        position = max(position + 32, skipUntil)
      }
      while position <= lastStart {
        if base.load(fromByteOffset: position, as: UInt8.self) == needleBytes[0] {
          candidate(position)
        }
        position += 1
      }
      if pending >= 0 && pending != recorded {
        hits.raw.append(UInt32(pending))
        hits.rejected.append(UInt32(pending))
      }
      return hits
    }
  }
}
