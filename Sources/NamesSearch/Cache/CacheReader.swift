/// Checks a mapped cache file and builds a catalog over it without copying.
/// See `IndexCache` for the layout; every check failing means "no cache".
struct CacheReader {
  private let bytes: UnsafeRawBufferPointer

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private func u32(_ at: Int) -> UInt32 {
    UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
  }

  /// `catalog(region:absolutePath:stamp:version:verifiesChecksum:)` with the path given as
  /// text (as the cache fuzzer gives it); `nil` for one holding U+0000.
  mutating func catalog(
    region: StorageRegion, absolutePath: String, stamp: SourceStamp,
    identity: CacheIdentity = .default, version: UInt32, verifiesChecksum: Bool = true
  ) -> Catalog? {
    guard let path = PathName(absolutePath) else { return nil }
    return catalog(
      region: region, absolutePath: path, stamp: stamp, identity: identity, version: version,
      verifiesChecksum: verifiesChecksum)
  }

  /// The catalog in the cache file, if every check passes (see `IndexCache`).
  ///
  /// - Parameters:
  ///   - absolutePath: the list's absolute path; the file must record exactly its bytes.
  ///   - identity: the load options and `-wal` stamp the file must record.
  ///   - version: what the header's version must be (`IndexCache.version(unicode:)`).
  ///   - verifiesChecksum: false only for fuzzing the structure checks behind it.
  mutating func catalog(
    region: StorageRegion, absolutePath: PathName, stamp: SourceStamp,
    identity: CacheIdentity = .default, version: UInt32, verifiesChecksum: Bool = true
  ) -> Catalog? {
    guard
      let (header, titles, ranges) = prelude(
        absolutePath: absolutePath, stamp: stamp, identity: identity, version: version,
        reads: { _ in true })
    else { return nil }
    let (nameCount, keyCount) = (Int(header.nameCount), Int(header.keyCount))
    let layout = header.layout

    // The block digests (each block of the index part; the header's checksum covers the
    // digests), the offset tables (ascending, ending at the byte counts) and the owners
    // (ascending, naming names) are checked together, on every core (on this one for an index under 1 MiB). The records
    // part is checked below, and only when the records are wanted.
    // The names' UTF-8 is not validated: it would double the instructions of a cached query
    // on a million names (measured: +117%); a forged name that is not UTF-8 shows U+FFFD.
    let pieces = 8
    let results = ConcurrentResults<UInt64>(count: pieces + 4)
    let shared = SharedForReading(value: bytes)
    let body = SharedForReading(
      value: UnsafeRawBufferPointer(rebasing: bytes[IndexCache.headerSize..<layout.indexEnd]))
    let digests = SharedForReading(
      value: UnsafeRawBufferPointer(rebasing: bytes[layout.digests..<layout.end]))
    ThreadPool.perform(iterations: pieces + 4, reading: bytes.count) { task in
      switch task {
      case pieces:
        let valid = Self.endsAreValid(
          shared.value, at: layout.nameEnds, count: nameCount, total: Int(header.nameBytes))
        results[task] = valid ? 1 : 0
      case pieces + 1:
        // Keys that are the names (`CacheHeader.keysAreNames`) have the names' ends.
        let valid =
          header.keysAreNames
          || Self.endsAreValid(
            shared.value, at: layout.keyEnds, count: keyCount, total: Int(header.keyBytes))
        results[task] = valid ? 1 : 0
      case pieces + 2:
        let valid = Self.ownersAreValid(
          shared.value, at: layout.owners, count: Int(header.ownerCount), nameCount: nameCount)
        results[task] = valid ? 1 : 0
      case pieces + 3:
        let valid = Self.endsAreValid(
          shared.value, at: layout.furtherEnds, count: Int(header.furtherCount),
          total: Int(header.furtherBytes))
        results[task] = valid ? 1 : 0
      default:
        let holds =
          !verifiesChecksum
          || BlockChecksums.sliceHolds(
            body: body.value, digests: digests.value, slice: task, of: pieces)
        results[task] = holds ? 1 : 0
      }
    }
    guard results.values.allSatisfy({ $0 == 1 }),
      !verifiesChecksum
        || (Self.checksumHolds(bytes, header: header)
          && Self.contentsHold(header, absolutePath, stamp))
    else { return nil }
    return Self.catalog(
      region: region, bytes: bytes, header: header, titles: titles, ranges: ranges,
      identity: identity, verifiesChecksum: verifiesChecksum)
  }

  /// The catalog in the cache file with only its header, titles and sections checked
  /// (and, through the block digests, the blocks those lie in), and the block checksums
  /// (`BlockChecksums`) of the index part that vouch for the rest as it is read: for a
  /// query that reads a small part of the index (`IndexedQuery`), which checks each part
  /// before it reads it; `nil` if a check fails, or the file has owners, further keys or
  /// records wanted (which that query does not read apart).
  ///
  /// The structure of the names and keys (offsets ascending) is not checked either: the
  /// reader of a name or key checks its own offsets.
  ///
  /// - Complexity: O(b + t) in the number of blocks and the titles' size.
  mutating func lazyCatalog(
    region: StorageRegion, absolutePath: PathName, stamp: SourceStamp,
    identity: CacheIdentity, version: UInt32
  ) -> (catalog: Catalog, blocks: BlockChecksums, layout: CacheHeader.Layout)? {
    guard let header = try? CacheHeader.decode(bytes, version: version),
      header.ownerCount == 0, header.furtherCount == 0, !identity.options.keepsRecords,
      Self.checksumHolds(bytes, header: header)
    else { return nil }
    let layout = header.layout
    let start = IndexCache.headerSize
    let blocks = BlockChecksums(
      region: region, body: UnsafeRawBufferPointer(rebasing: bytes[start..<layout.indexEnd]),
      digests: UnsafeRawBufferPointer(rebasing: bytes[layout.digests..<layout.end])
        .assumingMemoryBound(to: UInt64.self))
    guard
      let (_, titles, ranges) = prelude(
        absolutePath: absolutePath, stamp: stamp, identity: identity, version: version,
        reads: { blocks.holds($0.lowerBound - start..<$0.upperBound - start) }),
      Self.contentsHold(header, absolutePath, stamp),
      // What the stores are made on: the last end of the names and of the keys is their
      // byte count (the one offset of each a catalog relies on before any is read).
      lastEndHolds(
        at: layout.nameEnds, count: Int(header.nameCount), total: Int(header.nameBytes), blocks),
      lastEndHolds(
        at: layout.keyEnds, count: Int(header.keyCount), total: Int(header.keyBytes), blocks),
      let catalog = Self.catalog(
        region: region, bytes: bytes, header: header, titles: titles, ranges: ranges,
        identity: identity, verifiesChecksum: true)
    else { return nil }
    return (catalog, blocks, layout)
  }

  /// Whether the last of the `count` end offsets at file offset `ends` checks against
  /// `blocks` and is `total` (none: `total` is 0).
  private func lastEndHolds(at ends: Int, count: Int, total: Int, _ blocks: BlockChecksums)
    -> Bool
  {
    guard count > 0 else { return total == 0 }
    let at = ends + 4 * (count - 1)
    let start = IndexCache.headerSize
    return blocks.holds(at - start..<at + 4 - start) && Int(u32(at)) == total
  }

  /// The header, titles and section ranges of the file, checked: the header as `decode`
  /// checks it and against the stamp, identity and path; the titles as a list reader
  /// checks them, in `SectionOrder`; the ranges disjoint, covering every name. `reads` is
  /// asked before each part of the file (a range of file offsets) is read.
  private func prelude(
    absolutePath: PathName, stamp: SourceStamp, identity: CacheIdentity, version: UInt32,
    reads: (Range<Int>) -> Bool
  ) -> (CacheHeader, [String], [Range<Int>])? {
    guard let header = try? CacheHeader.decode(bytes, version: version),
      header.stamp == stamp, header.optionsHash == identity.optionsHash,
      header.companionStamp == identity.companionStamp
    else { return nil }
    let titleCount = Int(header.titleCount)
    let nameCount = Int(header.nameCount)
    let titleBytes = Int(header.titleBytes)
    let pathLength = Int(header.pathLength)
    // `decode` checked that these parts fill the file exactly.
    let layout = header.layout
    let titleEndsStart = layout.titleEnds
    let titleStart = layout.titles
    let rangesStart = layout.ranges
    guard reads(layout.path..<layout.nameEnds),
      bytes[layout.path..<layout.path + pathLength].elementsEqual(absolutePath.bytes)
    else { return nil }

    // Titles: UTF-8, each checked as a list reader checks it (`SectionTitles`: not empty, no
    // two alike or canonically equivalent), stored in `SectionOrder` (for the options'
    // locale) as the writer stores them, so a forged file cannot show sections the list
    // would not.
    var titles: [String] = []
    titles.reserveCapacity(titleCount)
    var seenTitles = SectionTitles()
    var previous = 0
    for t in 0..<titleCount {
      let end = Int(u32(titleEndsStart + 4 * t))
      guard end >= previous, end <= titleBytes,
        let title = String(
          validating: bytes[titleStart + previous..<titleStart + end], as: UTF8.self),
        (try? seenTitles.insert(title, source: "")) != nil,
        titles.last.map({
          SectionOrder.areInIncreasingOrder($0, title, locale: identity.options.locale)
        }) ?? true
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

    return (header, titles, ranges)
  }

  /// Whether the list's contents are those the index was made of, when its modification
  /// time is too close to the index's creation to tell (see below).
  private static func contentsHold(
    _ header: CacheHeader, _ absolutePath: PathName, _ stamp: SourceStamp
  ) -> Bool {
    // Racy timestamps: the list may have changed within the clock's resolution after the
    // cache was written; compare contents too. A creation time within 2 s of the earliest
    // representable one makes every modification time racy (and must not overflow).
    let (racyFrom, beforeEarliest) = header.created.subtractingReportingOverflow(2)
    if beforeEarliest || stamp.modifiedSeconds >= racyFrom {
      guard let hash = SourceHash.ofFile(atPath: absolutePath), hash == header.sourceHash else {
        return false
      }
    }
    return true
  }

  /// The catalog over the file's parts, whose header, titles and ranges are checked; the
  /// records checked and kept when `identity` wants them.
  private static func catalog(
    region: StorageRegion, bytes: UnsafeRawBufferPointer, header: CacheHeader,
    titles: [String], ranges: [Range<Int>], identity: CacheIdentity, verifiesChecksum: Bool
  ) -> Catalog? {
    let furtherCount = Int(header.furtherCount)
    let furtherBytes = Int(header.furtherBytes)
    let recordCount = Int(header.recordCount)
    let recordBytes = Int(header.recordBytes)
    let nameCount = Int(header.nameCount)
    let keyCount = Int(header.keyCount)
    let ownerCount = Int(header.ownerCount)
    let nameBytes = Int(header.nameBytes)
    let keyBytes = Int(header.keyBytes)
    let layout = header.layout
    let nameStart = layout.names
    let nameEndsStart = layout.nameEnds
    let keyEndsStart = layout.keyEnds
    let keyStart = layout.keys
    let ownersStart = layout.owners
    let names = NameStore(
      bytes: FrozenArray(region: region, byteOffset: nameStart, count: nameBytes),
      ends: FrozenArray(region: region, byteOffset: nameEndsStart, count: nameCount))
    let keys = SearchKeys(
      options: .default,
      bytes: FrozenArray(region: region, byteOffset: keyStart, count: keyBytes),
      ends: FrozenArray(region: region, byteOffset: keyEndsStart, count: keyCount),
      owners: FrozenArray(region: region, byteOffset: ownersStart, count: ownerCount))
    // The further keys' owners are those of each name's keys after its first (`decode`
    // checked that there are exactly as many).
    var further: FurtherKeys?
    if furtherCount > 0 {
      var owners: [UInt32] = []
      owners.reserveCapacity(furtherCount)
      for k in 1..<keyCount where keys.owners[k] == keys.owners[k - 1] {
        owners.append(keys.owners[k])
      }
      guard owners.count == furtherCount else { return nil }
      further = FurtherKeys(
        texts: NameStore(
          bytes: FrozenArray(region: region, byteOffset: layout.further, count: furtherBytes),
          ends: FrozenArray(region: region, byteOffset: layout.furtherEnds, count: furtherCount)),
        owners: FrozenArray(owners))
    }
    // The records: checked and kept only when wanted (`--json`); an index that left them out
    // cannot give them, and the list is read again.
    var records: NameStore?
    let wantsRecords = identity.options.keepsRecords
    if wantsRecords && header.recordsDropped { return nil }
    if wantsRecords && recordCount > 0 {
      let part = UnsafeRawBufferPointer(rebasing: bytes[layout.indexEnd..<layout.recordsEnd])
      guard
        Self.endsAreValid(bytes, at: layout.recordEnds, count: recordCount, total: recordBytes),
        !verifiesChecksum || IndexChecksum.ofRecords(part) == header.recordsChecksum
      else { return nil }
      records = NameStore(
        bytes: FrozenArray(region: region, byteOffset: layout.records, count: recordBytes),
        ends: FrozenArray(region: region, byteOffset: layout.recordEnds, count: recordCount))
    }
    var catalog = Catalog(
      orderedTitles: titles, names: names, sectionRanges: ranges, defaultKeys: keys,
      furtherKeys: further, records: records)
    catalog.recordsDropped = header.recordsDropped || (recordCount > 0 && !wantsRecords)
    return catalog
  }

  /// Whether the header's checksum is that of the header and the block digests of `file`
  /// (whose layout `header` describes), which then vouch for every block.
  ///
  /// - Complexity: O(n) in the number of blocks (8 bytes for each 1 KiB).
  static func checksumHolds(_ file: UnsafeRawBufferPointer, header: CacheHeader) -> Bool {
    let layout = header.layout
    return BlockChecksums.checksum(
      header: UnsafeRawBufferPointer(rebasing: file[..<IndexCache.headerSize]),
      checksumOffset: IndexCache.checksumOffset,
      digests: UnsafeRawBufferPointer(rebasing: file[layout.digests..<layout.end]))
      == header.checksum
  }

  /// The `count` elements of type `T` at byte `offset` of `file` (little-endian, as this
  /// machine is), or `nil` when they would not lie within it (`offset` past its end
  /// included, even for none) or not be aligned for `T`: a cache file's parts lie at
  /// multiples of 8 bytes from a mapping's start, so only bytes that are not a mapped
  /// file's could be.
  ///
  /// - Complexity: O(1).
  static func elements<T: BitwiseCopyable>(
    _: T.Type, of file: UnsafeRawBufferPointer, at offset: Int, count: Int
  ) -> UnsafeBufferPointer<T>? {
    let size = MemoryLayout<T>.stride
    guard let base = file.baseAddress, offset >= 0, offset <= file.count, count >= 0,
      count <= (file.count - offset) / size,
      Int(bitPattern: base + offset) % MemoryLayout<T>.alignment == 0
    else { return nil }
    return UnsafeBufferPointer(
      start: count == 0 ? nil : (base + offset).assumingMemoryBound(to: T.self), count: count)
  }

  /// Whether the `count` offsets (`UInt32`, little-endian) at `start` never decrease and the
  /// last is `total` (`total` is 0 when there are none).
  ///
  /// - Precondition: the offsets lie within `bytes`.
  /// - Complexity: O(n) in `count` (`allSteps`).
  static func endsAreValid(
    _ bytes: UnsafeRawBufferPointer, at start: Int, count: Int, total: Int
  ) -> Bool {
    guard count > 0 else { return total == 0 }
    return allSteps(
      bytes, at: start, count: count, refused: { before, end in end .< before },
      refusedOne: { before, end in end < before },
      last: { Int($0) == total })
  }

  /// Whether the `count` words (`UInt32`, little-endian) at `start` never decrease and are
  /// all below `bound` (the last is).
  ///
  /// - Precondition: the words lie within `bytes`.
  /// - Complexity: O(n) in `count` (`allSteps`).
  static func wordsAscend(
    _ bytes: UnsafeRawBufferPointer, at start: Int, count: Int, below bound: Int
  ) -> Bool {
    guard count > 0 else { return true }
    return allSteps(
      bytes, at: start, count: count, refused: { before, word in word .< before },
      refusedOne: { before, word in word < before },
      last: { Int($0) < bound })
  }

  /// Whether the `count` owners at `start` are ascending, below `nameCount`, and give every
  /// name a key (each name's keys are adjacent, and `SearchKeys` reports each name once):
  /// the first key is name 0's, and each next key is the same name's or the next name's, a
  /// step of 0 or 1, which wrapping subtraction checks as one unsigned comparison.
  ///
  /// - Precondition: the owners lie within `bytes`.
  /// - Complexity: O(n) in `count` (`allSteps`).
  static func ownersAreValid(
    _ bytes: UnsafeRawBufferPointer, at start: Int, count: Int, nameCount: Int
  ) -> Bool {
    guard count > 0 else { return true }
    let one = SIMD8<UInt32>(repeating: 1)
    return allSteps(
      bytes, at: start, count: count, refused: { before, owner in owner &- before .> one },
      refusedOne: { before, owner in owner &- before > 1 },
      first: { $0 == 0 }, last: { Int($0) == nameCount - 1 })
  }

  /// Whether no step between adjacent words of the `count` (`UInt32`, little-endian, at
  /// least one) at `start` is refused, and the first and last words are as required.
  ///
  /// Eight steps at a time, each word compared with the one before it in one vector
  /// comparison (`refused`, lanes refused), with no early exit; the rest one at a time
  /// (`refusedOne`). A cached query checks two offsets a name, two million on a million
  /// names, before it can search: about 2 instructions a word, against 19 for a loop that
  /// reads each through a bounds-checked buffer (callgrind).
  ///
  /// - Precondition: the words lie within `bytes`.
  /// - Complexity: O(n) in `count`.
  @inline(__always)
  private static func allSteps(
    _ bytes: UnsafeRawBufferPointer, at start: Int, count: Int,
    refused: (SIMD8<UInt32>, SIMD8<UInt32>) -> SIMDMask<SIMD8<Int32>>,
    refusedOne: (UInt32, UInt32) -> Bool,
    first: (UInt32) -> Bool = { _ in true }, last: (UInt32) -> Bool
  ) -> Bool {
    precondition(start >= 0 && count <= (bytes.count - start) / 4, "words within the file")
    let base = bytes.baseAddress! + start
    func word(_ i: Int) -> UInt32 {
      UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
    }
    var i = 1
    var anyRefused = false
    #if _endian(little)
      var lanes = SIMDMask<SIMD8<Int32>>(repeating: false)
      while i + 8 <= count {
        let words = base.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<UInt32>.self)
        let before = base.loadUnaligned(fromByteOffset: 4 * (i - 1), as: SIMD8<UInt32>.self)
        lanes .|= refused(before, words)
        i += 8
      }
      anyRefused = any(lanes)
    #endif
    var refusedSteps: UInt32 = 0
    while i < count {
      refusedSteps |= refusedOne(word(i - 1), word(i)) ? 1 : 0
      i += 1
    }
    return !anyRefused && refusedSteps == 0 && first(word(0)) && last(word(count - 1))
  }
}
