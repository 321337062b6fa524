/// Checks a mapped cache file and builds a catalog over it without copying.
/// See `IndexCache` for the layout; every check failing means "no cache".
struct CacheReader {
  private let bytes: UnsafeRawBufferPointer
  private var offset = IndexCache.headerSize

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private func u32(_ at: Int) -> UInt32 {
    UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
  }

  private func u64(_ at: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
  }

  /// Reserves the next `count` bytes of the body (then pads to 8), or `nil` past the end.
  private mutating func take(_ count: Int) -> Int? {
    let start = offset
    guard count >= 0, start + count <= bytes.count else { return nil }
    offset = start + count
    offset += (8 - offset % 8) % 8
    return start
  }

  /// `catalog(region:absolutePath:stamp:version:verifiesChecksum:)` with the path given as
  /// text (as the cache fuzzer gives it); `nil` for one holding U+0000.
  mutating func catalog(
    region: StorageRegion, absolutePath: String, stamp: SourceStamp, version: UInt32,
    verifiesChecksum: Bool = true
  ) -> Catalog? {
    guard let path = PathName(absolutePath) else { return nil }
    return catalog(
      region: region, absolutePath: path, stamp: stamp, version: version,
      verifiesChecksum: verifiesChecksum)
  }

  /// The catalog in the cache file, if every check passes (see `IndexCache`).
  ///
  /// - Parameters:
  ///   - absolutePath: the list's absolute path; the file must record exactly its bytes.
  ///   - version: what the header's version must be (`IndexCache.version(unicode:)`).
  ///   - verifiesChecksum: false only for fuzzing the structure checks behind it.
  mutating func catalog(
    region: StorageRegion, absolutePath: PathName, stamp: SourceStamp, version: UInt32,
    verifiesChecksum: Bool = true
  ) -> Catalog? {
    guard u64(0) == IndexCache.magic, u32(8) == version,
      u32(12) == UInt32(IndexCache.headerSize),
      u64(16) == stamp.size, Int64(bitPattern: u64(24)) == stamp.modifiedSeconds,
      Int64(bitPattern: u64(32)) == stamp.modifiedNanoseconds, u64(40) == stamp.inode,
      u64(48) == stamp.device, u64(80) == UInt64(bytes.count - IndexCache.headerSize),
      Int64(bitPattern: u64(112)) == stamp.changedSeconds,
      Int64(bitPattern: u64(120)) == stamp.changedNanoseconds
    else { return nil }
    let created = Int64(bitPattern: u64(56))
    let sourceHash = u64(64)
    let titleCount = Int(u32(88))
    let nameCount = Int(u32(92))
    let titleBytes = Int(u32(96))
    let nameBytes = Int(u32(100))
    let keyBytes = Int(u32(104))
    let pathLength = Int(u32(108))

    guard let pathStart = take(pathLength),
      bytes[pathStart..<pathStart + pathLength].elementsEqual(absolutePath.bytes),
      let titleEndsStart = take(titleCount * 4),
      let titleStart = take(titleBytes),
      let rangesStart = take(titleCount * 8),
      let nameEndsStart = take(nameCount * 4),
      let nameStart = take(nameBytes),
      let keyEndsStart = take(nameCount * 4),
      let keyStart = take(keyBytes),
      offset == bytes.count
    else { return nil }

    // Titles.
    var titles: [String] = []
    titles.reserveCapacity(titleCount)
    var previous = 0
    for t in 0..<titleCount {
      let end = Int(u32(titleEndsStart + 4 * t))
      guard end >= previous, end <= titleBytes,
        let title = String(
          validating: bytes[titleStart + previous..<titleStart + end], as: UTF8.self)
      else { return nil }
      titles.append(title)
      previous = end
    }
    guard previous == titleBytes else { return nil }

    // Section ranges: disjoint, covering every name.
    var ranges: [Range<Int>] = []
    var total = 0
    for t in 0..<titleCount {
      let lower = Int(u32(rangesStart + 8 * t))
      let upper = Int(u32(rangesStart + 8 * t + 4))
      guard lower <= upper, upper <= nameCount else { return nil }
      ranges.append(lower..<upper)
      total += upper - lower
    }
    guard total == nameCount else { return nil }
    let sortedRanges = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    for (a, b) in zip(sortedRanges, sortedRanges.dropFirst()) where a.upperBound > b.lowerBound {
      return nil
    }

    // The checksum (header and body) and the offset tables (ascending, ending at the byte
    // counts) are checked together, on every core.
    let pieces = IndexChecksum.pieceCount
    let results = ConcurrentResults<UInt64>(count: pieces + 2)
    let shared = SharedForReading(value: bytes)
    let body = SharedForReading(
      value: UnsafeRawBufferPointer(rebasing: bytes[IndexCache.headerSize...]))
    ThreadPool.perform(iterations: pieces + 2) { task in
      switch task {
      case pieces:
        let valid = Self.endsAreValid(
          shared.value, at: nameEndsStart, count: nameCount, total: nameBytes)
        results[task] = valid ? 1 : 0
      case pieces + 1:
        let valid = Self.endsAreValid(
          shared.value, at: keyEndsStart, count: nameCount, total: keyBytes)
        results[task] = valid ? 1 : 0
      default:
        if verifiesChecksum {
          results[task] = IndexChecksum.pieceDigest(body.value, piece: task)
        }
      }
    }
    let values = results.values
    guard values[pieces] == 1, values[pieces + 1] == 1 else { return nil }
    if verifiesChecksum {
      let checksum = IndexChecksum.combine(
        header: UnsafeRawBufferPointer(rebasing: bytes[..<IndexCache.headerSize]),
        digests: values.prefix(pieces).map { $0! })
      guard checksum == u64(IndexCache.checksumOffset) else { return nil }
    }

    // Racy timestamps: the list may have changed within the clock's resolution after the
    // cache was written; compare contents too. A creation time within 2 s of the earliest
    // representable one makes every modification time racy (and must not overflow).
    let (racyFrom, beforeEarliest) = created.subtractingReportingOverflow(2)
    if verifiesChecksum && (beforeEarliest || stamp.modifiedSeconds >= racyFrom) {
      guard let hash = SourceHash.ofFile(atPath: absolutePath), hash == sourceHash else {
        return nil
      }
    }

    let names = NameStore(
      bytes: FrozenArray(region: region, byteOffset: nameStart, count: nameBytes),
      ends: FrozenArray(region: region, byteOffset: nameEndsStart, count: nameCount))
    let keys = SearchKeys(
      options: .default,
      bytes: FrozenArray(region: region, byteOffset: keyStart, count: keyBytes),
      ends: FrozenArray(region: region, byteOffset: keyEndsStart, count: nameCount))
    return Catalog(orderedTitles: titles, names: names, sectionRanges: ranges, defaultKeys: keys)
  }

  private static func endsAreValid(
    _ bytes: UnsafeRawBufferPointer, at start: Int, count: Int, total: Int
  ) -> Bool {
    var previous: UInt32 = 0
    for i in 0..<count {
      let end = UInt32(
        littleEndian: bytes.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self))
      if end < previous { return false }
      previous = end
    }
    return Int(previous) == total
  }
}
