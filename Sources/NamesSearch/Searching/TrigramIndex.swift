/// An n-gram posting index over a set of search keys: for every trigram (three consecutive
/// bytes of a folded key), the keys that hold it, so that a term of three bytes or more is
/// looked for in the keys that hold all of its trigrams instead of in every key (as code
/// search engines and SQLite's FTS5 `trigram` tokenizer do).
///
/// Trigrams are hashed into `bucketCount` buckets (a power of two, about one for every 64
/// bytes of keys, 2¹⁰ to 2²⁰: Fibonacci hashing of the three bytes); each bucket's keys are
/// kept ascending, once each, as LEB128 gaps (`key − (previous key + 1)`, the first from
/// 0), back to back in `postings`, with the bucket's byte range given by `directory`
/// (`bucketCount + 1` offsets). Trigrams sharing a bucket only add candidates: a key that
/// holds the term holds each of its trigrams, so it is in the postings of each of their
/// buckets, and the candidates are a superset of the matches. `KeyScanner` then checks
/// each candidate exactly as the linear scan checks every key, which is why the answer is
/// the scan's, byte for byte (the tests compare the two on seeded random lists and terms).
///
/// A term shorter than a trigram, or whose rarest trigram is held by more than a third of
/// the keys, is answered by the scan (`candidates(for:)` gives `nil`), which is then as
/// fast. Mapped from a `TrigramCache` file, every directory entry and posting read is
/// first checked by the file's block checksums, and every value decoded is checked to lie
/// in the file and name a key (`nil` otherwise: the scan answers), so a damaged or forged
/// file can cost a scan but never change an answer or read out of bounds.
///
/// Beside the postings it keeps the byte values each group of 4,096 keys holds
/// (`KeyByteSets`), with which the scan of a term shorter than a trigram passes over the
/// groups that lack one of its bytes.
struct TrigramIndex: Sendable {
  /// The length of an n-gram in bytes.
  static let gramLength = 3
  /// The keys indexed.
  let keyCount: Int
  /// Where each bucket's postings start in `postings` (one more entry than buckets).
  let directory: FrozenArray<UInt32>
  /// The buckets' keys, as LEB128 gaps.
  let postings: FrozenArray<UInt8>
  /// log₂ of the bucket count.
  let bucketBits: Int
  /// The byte values each group of keys holds (read them through `checkedByteSets`).
  private let byteSets: KeyByteSets
  /// For an index mapped from a file: its block checksums, and where the directory, the
  /// postings and the byte sets start in the checked body.
  private let checks: (blocks: BlockChecksums, directory: Int, postings: Int, byteSets: Int)?

  /// The block checksums of the file the index was mapped from (`nil` for one made in
  /// memory).
  var blockChecksums: BlockChecksums? { checks?.blocks }

  /// The number of buckets.
  var bucketCount: Int { 1 << bucketBits }

  /// log₂ of the bucket count for keys of `keyBytes` bytes: about a bucket for every 64
  /// bytes, between 2¹⁰ and 2²⁰.
  static func bucketBits(keyBytes: Int) -> Int {
    var bits = 10
    while bits < 20 && (1 << bits) * 64 < keyBytes { bits += 1 }
    return bits
  }

  /// The bucket of the trigram `a b c` among `1 << bits`: Fibonacci hashing of the three
  /// bytes as one little-endian word.
  @inline(__always)
  static func bucket(_ a: UInt8, _ b: UInt8, _ c: UInt8, bits: Int) -> Int {
    let gram = UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16
    return Int((gram &* 0x9E37_79B1) >> UInt32(32 - bits))
  }

  /// The index of `keys`, or `nil` when its postings would not fit 32-bit offsets.
  ///
  /// Two passes over the keys' bytes: the first sizes each bucket's postings, the second
  /// writes them.
  ///
  /// - Complexity: O(n) in the keys' total length, plus O(b) in the buckets.
  init?(keys: SearchKeys) {
    let bits = Self.bucketBits(keyBytes: keys.bytes.count)
    let buckets = 1 << bits
    let bytes = keys.bytes.buffer
    let ends = keys.ends.buffer
    // For each bucket, one more than the last key recorded in it.
    var next = [UInt32](repeating: 0, count: buckets)
    var sizes = [UInt32](repeating: 0, count: buckets + 1)
    var total = 0
    next.withUnsafeMutableBufferPointer { next in
      sizes.withUnsafeMutableBufferPointer { sizes in
        Self.forEachGram(bytes, ends, bits: bits) { key, bucket in
          let gap = key &- next[bucket]
          if gap != UInt32.max {  // key + 1 == next: already recorded for this key
            sizes[bucket] &+= UInt32(Self.encodedSize(gap))
            next[bucket] = key &+ 1
          }
        }
      }
    }
    var offsets = GrowableArray<UInt32>(capacity: buckets + 1)
    for bucket in 0..<buckets {
      guard let start = UInt32(exactly: total) else { return nil }
      offsets.append(start)
      total += Int(sizes[bucket])
    }
    guard let end = UInt32(exactly: total) else { return nil }
    offsets.append(end)
    let directory = offsets.freeze()
    var out = GrowableArray<UInt8>(capacity: max(total, 1), failsSoftly: true)
    guard let written = out.reserveRoom(total) else { return nil }
    var cursor = Array(directory.buffer.prefix(buckets))
    for i in 0..<buckets { next[i] = 0 }
    next.withUnsafeMutableBufferPointer { next in
      cursor.withUnsafeMutableBufferPointer { cursor in
        Self.forEachGram(bytes, ends, bits: bits) { key, bucket in
          var gap = key &- next[bucket]
          guard gap != UInt32.max else { return }
          next[bucket] = key &+ 1
          var at = Int(cursor[bucket])
          while gap >= 0x80 {
            written[at] = UInt8(truncatingIfNeeded: gap) | 0x80
            gap >>= 7
            at += 1
          }
          written[at] = UInt8(gap)
          cursor[bucket] = UInt32(at + 1)
        }
      }
    }
    out.commitRoom(total)
    let postings = out.freeze()
    self.init(
      keyCount: ends.count, directory: directory, postings: postings, bucketBits: bits,
      byteSets: KeyByteSets(keys: keys))
  }

  /// An index from its parts, as a `TrigramCache` file holds them, checked as it is read by
  /// `checks` (the file's blocks, and where the directory, the postings and the byte sets
  /// start in them).
  ///
  /// - Precondition: `directory` has `(1 << bucketBits) + 1` entries; `byteSets` has a set
  ///   for each group of `keyCount` keys.
  init(
    keyCount: Int, directory: FrozenArray<UInt32>, postings: FrozenArray<UInt8>,
    bucketBits: Int, byteSets: KeyByteSets,
    checks: (blocks: BlockChecksums, directory: Int, postings: Int, byteSets: Int)? = nil
  ) {
    precondition(directory.count == (1 << bucketBits) + 1, "an offset a bucket, and the end")
    precondition(
      byteSets.groupCount == KeyByteSets.groupCount(keyCount: keyCount), "a set a group")
    self.keyCount = keyCount
    self.directory = directory
    self.postings = postings
    self.bucketBits = bucketBits
    self.byteSets = byteSets
    self.checks = checks
  }

  /// The byte sets of the keys' groups, once the blocks of the file that hold them check
  /// (`TrigramCache` checks them when it opens the file, so this is a bit test a block);
  /// `nil` if one does not, the file then marked damaged, so that a cache writer makes it
  /// again.
  ///
  /// - Complexity: O(g) in the groups, the first time.
  var checkedByteSets: KeyByteSets? {
    if let checks,
      !checks.blocks.holds(checks.byteSets..<checks.byteSets + 8 * byteSets.words.count)
    {
      checks.blocks.markDamaged()
      return nil
    }
    return byteSets
  }

  /// The bytes a LEB128 encoding of `value` takes.
  @inline(__always)
  static func encodedSize(_ value: UInt32) -> Int {
    value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 28 ? 4 : 5
  }

  /// Calls `body` with each key and the bucket of each of its trigrams, keys in order.
  @inline(__always)
  private static func forEachGram(
    _ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>, bits: Int,
    _ body: (UInt32, Int) -> Void
  ) {
    guard let base = bytes.baseAddress else { return }
    var start = 0
    for k in 0..<ends.count {
      let end = Int(ends[k])
      var i = start
      while i + 3 <= end {
        body(UInt32(k), bucket(base[i], base[i + 1], base[i + 2], bits: bits))
        i += 1
      }
      start = end
    }
  }

  /// The keys that may hold `term` (folded bytes), ascending: those in the postings of
  /// every trigram of it (at most the four rarest are read); `nil` when the scan should
  /// answer instead: a term shorter than a trigram, one whose rarest trigram more than a
  /// third of the keys hold, or an index whose file does not check.
  ///
  /// - Complexity: O(p) in the postings read.
  func candidates(for term: [UInt8]) -> [UInt32]? {
    guard term.count >= Self.gramLength else { return nil }
    var buckets: [Int] = []
    for i in 0...(term.count - Self.gramLength) {
      let bucket = Self.bucket(term[i], term[i + 1], term[i + 2], bits: bucketBits)
      if !buckets.contains(bucket) { buckets.append(bucket) }
    }
    var ranges: [Range<Int>] = []
    for bucket in buckets {
      guard let range = postingRange(of: bucket) else { return damaged() }
      ranges.append(range)
    }
    ranges.sort { $0.count < $1.count }
    guard var found = decode(ranges[0]) else { return damaged() }
    guard found.count <= keyCount / 3 else { return nil }
    for range in ranges.dropFirst().prefix(3) where !found.isEmpty {
      guard let more = decode(range) else { return damaged() }
      found = ExpressionEvaluation.intersection(found, more)
    }
    return found
  }

  /// `nil`, once the file the index was mapped from is marked damaged (a block that did
  /// not check, or a structure no writer makes), so that a cache writer makes it again.
  private func damaged() -> [UInt32]? {
    checks?.blocks.markDamaged()
    return nil
  }

  /// Whether the file the index was mapped from was found damaged by a lookup.
  var isDamaged: Bool { checks?.blocks.isDamaged ?? false }

  /// The bytes of `postings` that hold bucket `bucket`'s keys, if the directory's entries
  /// check and lie in order within the postings (the postings are checked when decoded).
  private func postingRange(of bucket: Int) -> Range<Int>? {
    if let checks,
      !checks.blocks.holds(checks.directory + 4 * bucket..<checks.directory + 4 * bucket + 8)
    {
      return nil
    }
    let low = Int(UInt32(littleEndian: directory[bucket]))
    let high = Int(UInt32(littleEndian: directory[bucket + 1]))
    guard low <= high, high <= postings.count else { return nil }
    return low..<high
  }

  /// The keys whose gaps are the bytes `range` of the postings, if those bytes check and
  /// decode to keys below `keyCount`.
  private func decode(_ range: Range<Int>) -> [UInt32]? {
    if let checks,
      !checks.blocks.holds(checks.postings + range.lowerBound..<checks.postings + range.upperBound)
    {
      return nil
    }
    var keys: [UInt32] = []
    keys.reserveCapacity(range.count)
    let bytes = postings.buffer
    var next: UInt64 = 0
    var p = range.lowerBound
    while p < range.upperBound {
      var gap: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        guard p < range.upperBound, shift <= 28 else { return nil }
        let byte = bytes[p]
        p += 1
        gap |= UInt64(byte & 0x7F) << shift
        shift += 7
        if byte < 0x80 { break }
      }
      let key = next + gap
      guard key < UInt64(keyCount) else { return nil }
      keys.append(UInt32(key))
      next = key + 1
    }
    return keys
  }

}
