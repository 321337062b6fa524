import CXXHash
import Synchronization

/// Checks a mapped part of a cache file a block at a time, as a query reads it, so that a
/// query that reads a small part of a large file pays for that part only.
///
/// The part (the *body*) is cut into blocks of `blockSize` bytes, the last one taking the
/// rest; the file keeps each block's XXH3-64 digest (seed 0, the xxHash reference library,
/// Debian package `libxxhash-dev`) in a table that the file's header checksum covers, so a
/// table that checks vouches for every block. `holds(_:)` hashes the blocks a byte range
/// touches the first time any of them is read, and remembers each block that checked;
/// a block whose digest differs makes every later answer `false` (the file is damaged, and
/// its reader goes on without it). Any change to a block is found except with probability
/// about 2⁻⁶⁴ (XXH3 passes SMHasher's tests for such differentials).
///
/// Safe to share between threads: the blocks checked so far are kept behind a lock.
final class BlockChecksums: @unchecked Sendable {
  /// The size of a block in bytes: 1 KiB, so a query hashes little more than the names,
  /// keys and offsets it reads. A common term's matches (`ann`: 18,659 in a million names)
  /// touch nearly every 4 KiB of the index, but about two thirds of its 1 KiB blocks:
  /// cached `ann` 18.7M → 16.6M instructions (callgrind), for 8 bytes of digest a KiB
  /// (0.8% of the index), which every query checks against the header's checksum (a rare
  /// term's `zzz` 2.3M → 2.7M); 512 bytes saved no more and cost `zzz` 3.3M.
  static let blockSize = 1024
  /// log₂ of `blockSize`.
  static let blockShift = 10

  /// The number of blocks of a body of `bodySize` bytes.
  static func blockCount(bodySize: Int) -> Int { (bodySize + blockSize - 1) / blockSize }

  /// Every block's digest, in order, of the body made of `parts` back to back (a block
  /// that spans two parts is gathered into a block-sized buffer first; nothing else is
  /// copied).
  ///
  /// - Complexity: O(n) in the parts' total size.
  static func digests(of parts: [UnsafeRawBufferPointer]) -> [UInt64] {
    let total = parts.reduce(0) { $0 + $1.count }
    var digests: [UInt64] = []
    digests.reserveCapacity(blockCount(bodySize: total))
    var scratch = [UInt8](repeating: 0, count: blockSize)
    var part = 0
    var offset = 0  // within `parts[part]`
    var start = 0
    while start < total {
      let length = min(blockSize, total - start)
      while offset == parts[part].count {
        part += 1
        offset = 0
      }
      if parts[part].count - offset >= length {
        digests.append(names_search_xxh3_64(parts[part].baseAddress! + offset, length))
        offset += length
      } else {
        var filled = 0
        while filled < length {
          while offset == parts[part].count {
            part += 1
            offset = 0
          }
          let count = min(length - filled, parts[part].count - offset)
          scratch.withUnsafeMutableBytes {
            ($0.baseAddress! + filled).copyMemory(
              from: parts[part].baseAddress! + offset, byteCount: count)
          }
          filled += count
          offset += count
        }
        digests.append(scratch.withUnsafeBytes { names_search_xxh3_64($0.baseAddress, length) })
      }
      start += length
    }
    return digests
  }

  /// The checksum of a file whose header (`header`; its checksum field, 8 bytes at
  /// `checksumOffset`, taken as zero) vouches for the block digests `digests` (their bytes,
  /// little-endian): XXH3-64 of the header then the digests.
  ///
  /// The digests are hashed where they lie (streaming XXH3, the same digest as in one
  /// piece); only the header is copied, to zero its checksum field. Copying the digests
  /// too (300 KB at a million names) cost a rare term's cached query 0.44M instructions
  /// and 100 page faults of the copy (callgrind and `perf` page-fault samples, `zzz`).
  ///
  /// - Complexity: O(n) in the header's and the digests' size (8 bytes a block).
  static func checksum(
    header: UnsafeRawBufferPointer, checksumOffset: Int, digests: UnsafeRawBufferPointer
  ) -> UInt64 {
    var head = [UInt8](header)
    for offset in checksumOffset..<checksumOffset + 8 { head[offset] = 0 }
    guard var digest = StreamingDigest() else {
      // No state could be allocated: the same digest, of one copy of both.
      head.append(contentsOf: digests)
      return head.withUnsafeBytes { names_search_xxh3_64($0.baseAddress, $0.count) }
    }
    head.withUnsafeBytes { digest.update($0) }
    digest.update(digests)
    return digest.digest()
  }

  /// Whether every block of `body` has the digest `digests` gives it, checked on every core
  /// when it is 1 MiB or more (`ThreadPool.perform(iterations:reading:_:)`).
  ///
  /// - Complexity: O(n) in the body's size.
  static func holdEverywhere(
    body: UnsafeRawBufferPointer, digests: UnsafeRawBufferPointer
  ) -> Bool {
    let slices = 8
    let results = ConcurrentResults<Bool>(count: slices)
    let shared = SharedForReading(value: (body, digests))
    ThreadPool.perform(iterations: slices, reading: body.count) { slice in
      let (body, digests) = shared.value
      results[slice] = sliceHolds(body: body, digests: digests, slice: slice, of: slices)
    }
    return results.values.allSatisfy { $0 == true }
  }

  /// Whether the blocks of slice `slice` of `slices` (equal runs of blocks, the last taking
  /// the rest) have the digests `digests` gives them; false too if `digests` does not hold
  /// one digest a block.
  ///
  /// - Complexity: O(n) in the slice's size.
  static func sliceHolds(
    body: UnsafeRawBufferPointer, digests: UnsafeRawBufferPointer, slice: Int, of slices: Int
  ) -> Bool {
    let count = blockCount(bodySize: body.count)
    guard digests.count == 8 * count else { return false }
    var holds = true
    for block in count * slice / slices..<count * (slice + 1) / slices {
      let start = block * blockSize
      let digest = names_search_xxh3_64(
        body.baseAddress! + start, min(blockSize, body.count - start))
      let expected = UInt64(
        littleEndian: digests.loadUnaligned(fromByteOffset: 8 * block, as: UInt64.self))
      holds = holds && digest == expected
    }
    return holds
  }

  /// The block digests of a body given a part at a time, as a writer streams it, without
  /// holding it in memory.
  struct Hasher {
    private var scratch = [UInt8](repeating: 0, count: BlockChecksums.blockSize)
    private var filled = 0
    /// The digests of the blocks finished so far.
    private(set) var digests: [UInt64] = []

    /// An empty hasher.
    init() {}

    /// Adds the next `bytes` of the body.
    ///
    /// - Complexity: O(n) in `bytes.count`; whole blocks are hashed where they lie.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
      let size = BlockChecksums.blockSize
      var offset = 0
      while offset < bytes.count {
        if filled == 0 && bytes.count - offset >= size {
          digests.append(names_search_xxh3_64(bytes.baseAddress! + offset, size))
          offset += size
          continue
        }
        let count = min(size - filled, bytes.count - offset)
        let start = filled
        scratch.withUnsafeMutableBytes {
          ($0.baseAddress! + start).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        filled += count
        offset += count
        if filled == size {
          digests.append(scratch.withUnsafeBytes { names_search_xxh3_64($0.baseAddress, size) })
          filled = 0
        }
      }
    }

    /// Every block's digest, the last, partial block's included.
    mutating func finish() -> [UInt64] {
      if filled > 0 {
        let count = filled
        digests.append(scratch.withUnsafeBytes { names_search_xxh3_64($0.baseAddress, count) })
        filled = 0
      }
      return digests
    }
  }

  /// The region the body and the digests lie in (kept alive while this is).
  private let region: StorageRegion
  private let body: UnsafeRawBufferPointer
  private let digests: UnsafeBufferPointer<UInt64>
  /// One bit a block, set once it checked; read and written only under `damaged`'s lock.
  private let checked: UnsafeMutableBufferPointer<UInt64>
  /// Whether a block did not check, and the lock the checks are made under.
  private let damaged = Mutex(false)

  /// Checks `body` against `digests` (little-endian words, one a block), both in `region`.
  ///
  /// - Precondition: `digests.count == blockCount(bodySize: body.count)`.
  init(region: StorageRegion, body: UnsafeRawBufferPointer, digests: UnsafeBufferPointer<UInt64>) {
    precondition(digests.count == Self.blockCount(bodySize: body.count), "one digest a block")
    self.region = region
    self.body = body
    self.digests = digests
    checked = .allocate(capacity: (digests.count + 63) / 64)
    checked.initialize(repeating: 0)
  }

  deinit { checked.deallocate() }

  /// The number of blocks checked so far (and found as the table says).
  var checkedBlockCount: Int {
    damaged.withLock { _ in checked.reduce(0) { $0 + $1.nonzeroBitCount } }
  }

  /// Whether a block did not check, or a reader found the file's structure wrong
  /// (`markDamaged()`): the file is then to be made again.
  var isDamaged: Bool { damaged.withLock { $0 } }

  /// Records that a reader found the file unusable though its blocks checked (a structure
  /// no writer makes): `holds(_:)` fails from now on, and `isDamaged` says so.
  func markDamaged() { damaged.withLock { $0 = true } }

  /// The number of blocks of the body.
  var blockCount: Int { digests.count }

  /// Whether the bytes `range` of the body lie within it and every block they touch is as
  /// the table says (hashing those not checked before). An empty range in bounds holds.
  ///
  /// - Complexity: O(b) in the bytes of the blocks touched that were not checked before.
  func holds(_ range: Range<Int>) -> Bool {
    checking { $0.holds(range) }
  }

  /// `body`'s answer, given a `Checker` to ask as often as it likes under one lock (for
  /// checking the parts of many names at once).
  func checking<T>(_ body: (inout Checker) -> T) -> T {
    damaged.withLock { damaged in
      var checker = Checker(blocks: self, damaged: damaged)
      let answer = body(&checker)
      damaged = checker.damaged
      return answer
    }
  }

  /// Checks ranges of the body while `checking(_:)` holds the lock.
  struct Checker: ~Copyable {
    fileprivate let blocks: BlockChecksums
    /// Whether a block did not check (every later range then fails).
    fileprivate(set) var damaged: Bool

    /// `BlockChecksums.holds(_:)`, under the lock already held.
    @inline(__always)
    mutating func holds(_ range: Range<Int>) -> Bool {
      holds(from: range.lowerBound, to: range.upperBound)
    }

    /// Whether the bytes `lower ..< upper` of the body (false when `upper < lower`) lie
    /// within it and their blocks check: `holds(_:)` without making a range, one bit test
    /// for bytes in a block already checked.
    @inline(__always)
    mutating func holds(from lower: Int, to upper: Int) -> Bool {
      guard lower >= 0, upper >= lower, upper <= blocks.body.count, !damaged else {
        return false
      }
      guard upper > lower else { return true }
      let bits = blocks.checked.baseAddress!
      var block = lower &>> BlockChecksums.blockShift
      let last = (upper &- 1) &>> BlockChecksums.blockShift
      while block <= last {
        let mask: UInt64 = 1 &<< UInt64(block & 63)
        if bits[block &>> 6] & mask == 0 {
          guard blocks.hashes(block) else {
            damaged = true
            return false
          }
          bits[block &>> 6] |= mask
        }
        block &+= 1
      }
      return true
    }
  }

  /// Whether block `block` has the digest the table gives it.
  private func hashes(_ block: Int) -> Bool {
    let start = block * Self.blockSize
    let digest = names_search_xxh3_64(
      body.baseAddress! + start, min(Self.blockSize, body.count - start))
    return digest == UInt64(littleEndian: digests[block])
  }
}
