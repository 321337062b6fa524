/// The n-gram index of an indexed list's keys (`TrigramIndex`), kept in a file beside its
/// index (`IndexCache`) so that a cached query reads the postings of its term's trigrams
/// instead of every key.
///
/// `<directory>/<the index file's 16 hex digits>.tri`, written by the first run that maps
/// the index and looks for it, once the answer is out (not with the index: the run that
/// reads the list already holds the list and its keys, and making the postings too would
/// raise its peak memory by about their size); little-endian, a 64-byte header, the block
/// digests, then the body:
///
/// | offset | field | type |
/// | --- | --- | --- |
/// | 0 | magic `NSTRI\0\0\u{1}` | `UInt64` |
/// | 8, 12 | `IndexCache.version(unicode:)`, `formatVersion` | `UInt32` |
/// | 16 | the index file's checksum (`CacheHeader.checksum`) | `UInt64` |
/// | 24 | this file's checksum: XXH3-64 of the header (this field zero) and the digests | `UInt64` |
/// | 32, 36 | the keys indexed; log₂ of the bucket count | `UInt32` |
/// | 40 | the postings' size in bytes | `UInt64` |
/// | 48 | the number of blocks | `UInt64` |
/// | 56 | zero | `UInt64` |
///
/// Then the digests (`UInt64`, one for each 1 KiB block of the body: `BlockChecksums`) and
/// the body: the directory (`UInt32`, one more than the buckets), padded to 8 bytes, the
/// postings (LEB128 gaps), padded to 8 bytes, then the byte sets of the keys' groups
/// (`KeyByteSets`: four `UInt64` for each 4,096 keys).
///
/// Opening the file reads the header and the digests (8 bytes for each 1 KiB) and checks
/// them with the header's checksum; the body is mapped without being read, and each block
/// a lookup touches is checked when first touched, so a query that reads the postings of
/// three trigrams hashes a few blocks, not the file. Bound to one index file by that file's
/// checksum (verified before this file is opened), to the folding by the index's version,
/// and to this layout by `formatVersion`; a file whose size is not what its header says, or
/// beyond `IndexSizeLimit` of the list's size, is not mapped. A block that does not check,
/// or a directory entry or posting that leaves the file or names no key, makes the lookup
/// give way to the scan (`TrigramIndex`), which answers the same. As for the index itself,
/// the checksums find damage, not forgery (XXH3 is no MAC): a file rewritten with its
/// digests recomputed can make a lookup (or a byte set, which passes a group of keys over)
/// miss keys, which a query then does not find, though never read out of bounds. The byte
/// sets are checked when the file is opened: a file whose sets do not check is not used
/// (a short term's scan then reads every key, and the next run that asks for the n-gram
/// index makes the file again). Written atomically (`AtomicFile`); deleting it is always
/// safe.
enum TrigramCache {
  /// `NSTRI\0\0\u{1}` as a little-endian word.
  static let magic: UInt64 = 0x0100_0049_5254_534E
  /// The layout's version (and the hashing of trigrams into buckets; 2: blocks of 1 KiB,
  /// `BlockChecksums.blockSize`; 3: the byte sets).
  static let formatVersion: UInt32 = 3
  /// The header's size in bytes.
  static let headerSize = 64
  /// Lists with fewer bytes of keys than this (256 KiB, about 16,000 names) get no file:
  /// every key of them is scanned in well under a millisecond.
  static let smallestIndexedKeys = 256 << 10
  /// Where the header keeps this file's checksum.
  static let checksumOffset = 24

  /// The file name's suffix, after the index file's 16 hex digits.
  static let suffix = ".tri"

  /// The `.tri` file beside the index file `indexPath` (`<16 hex digits>.idx`).
  static func path(besideIndex indexPath: PathName) -> PathName? {
    CompanionFile.path(besideIndex: indexPath, suffix: suffix)
  }

  /// The sizes of a file for `bucketBits`, `postingBytes` and `keys`: the body's, the
  /// digests' (blocks), where the postings and the byte sets start in the body, and the
  /// whole file's.
  static func layout(bucketBits: Int, postingBytes: Int, keys: Int)
    -> (body: Int, blocks: Int, postings: Int, byteSets: Int, file: Int)
  {
    let directory = (4 * ((1 << bucketBits) + 1) + 7) & ~7
    let byteSets = directory + (postingBytes + 7) & ~7
    let body = byteSets + 8 * KeyByteSets.wordCount(keyCount: keys)
    let blocks = BlockChecksums.blockCount(bodySize: body)
    return (body, blocks, directory, byteSets, headerSize + 8 * blocks + body)
  }

  /// The header's bytes for these fields.
  static func header(
    version: UInt32, indexChecksum: UInt64, keys: Int, bucketBits: Int, postingBytes: Int,
    blocks: Int, checksum: UInt64
  ) -> [UInt8] {
    CompanionFile.header(
      count: headerSize, magic: magic, version: version, ruleVersion: formatVersion,
      indexChecksum: indexChecksum, checksum: checksum, checksumOffset: checksumOffset
    ) { fields in
      fields.put(UInt32(keys), 32)
      fields.put(UInt32(bucketBits), 36)
      fields.put(UInt64(postingBytes), 40)
      fields.put(UInt64(blocks), 48)
    }
  }

  /// This file's checksum from its header (whose checksum field is ignored) and digests.
  static func checksum(header: UnsafeRawBufferPointer, digests: UnsafeRawBufferPointer) -> UInt64 {
    BlockChecksums.checksum(header: header, checksumOffset: checksumOffset, digests: digests)
  }

  // MARK: - Reading

  /// The n-gram index of `keyCount` keys kept at `location`, or `nil` when there is no
  /// usable file.
  ///
  /// - Complexity: O(b) in the number of blocks (the digests are read and checked) and
  ///   O(g) in the groups of keys (their byte sets are checked); the rest of the body is
  ///   checked as lookups read it.
  static func read(at location: CompanionFile.Location, keyCount: Int) -> TrigramIndex? {
    CompanionFile.withOpenFile(at: location, headerSize: headerSize) { fd, size, header in
      guard
        let fields = Self.fields(of: header, size: size, location: location, keyCount: keyCount),
        let mapped = SystemMemory.mapFile(fd, bytes: size, populating: false)
      else { return nil }
      let region = StorageRegion(base: mapped, byteCount: size, kind: .file)
      let file = UnsafeRawBufferPointer(start: mapped, count: size)
      let sizes = layout(
        bucketBits: fields.bucketBits, postingBytes: fields.postingBytes, keys: keyCount)
      let digests = UnsafeRawBufferPointer(
        rebasing: file[headerSize..<headerSize + 8 * sizes.blocks])
      guard
        checksum(header: UnsafeRawBufferPointer(rebasing: file[..<headerSize]), digests: digests)
          == UInt64(
            littleEndian: file.loadUnaligned(fromByteOffset: checksumOffset, as: UInt64.self))
      else { return nil }
      let bodyStart = headerSize + 8 * sizes.blocks
      let blocks = BlockChecksums(
        region: region, body: UnsafeRawBufferPointer(rebasing: file[bodyStart...]),
        digests: digests.assumingMemoryBound(to: UInt64.self))
      // The byte sets are checked now (8 KB a million keys): a file whose sets do not check
      // is not used, so that the next run that asks for it makes it again.
      let setWords = KeyByteSets.wordCount(keyCount: keyCount)
      guard blocks.holds(sizes.byteSets..<sizes.byteSets + 8 * setWords) else { return nil }
      let buckets = 1 << fields.bucketBits
      return TrigramIndex(
        keyCount: keyCount,
        directory: FrozenArray(region: region, byteOffset: bodyStart, count: buckets + 1),
        postings: FrozenArray(
          region: region, byteOffset: bodyStart + sizes.postings, count: fields.postingBytes),
        bucketBits: fields.bucketBits,
        byteSets: KeyByteSets(
          words: FrozenArray(
            region: region, byteOffset: bodyStart + sizes.byteSets, count: setWords)),
        checks: (blocks, 0, sizes.postings, sizes.byteSets))
    }
  }

  /// The fields of `header`, a file of `size` bytes bound to `location`'s index of
  /// `keyCount` keys; `nil` if anything disagrees.
  static func fields(
    of header: [UInt8], size: Int, location: CompanionFile.Location, keyCount: Int
  ) -> (bucketBits: Int, postingBytes: Int)? {
    header.withUnsafeBytes { h -> (bucketBits: Int, postingBytes: Int)? in
      func u32(_ at: Int) -> UInt32 {
        UInt32(littleEndian: h.loadUnaligned(fromByteOffset: at, as: UInt32.self))
      }
      func u64(_ at: Int) -> UInt64 {
        UInt64(littleEndian: h.loadUnaligned(fromByteOffset: at, as: UInt64.self))
      }
      let bits = Int(u32(36))
      guard u64(0) == magic, u32(8) == location.version, u32(12) == formatVersion,
        u64(16) == location.indexChecksum, Int(u32(32)) == keyCount,
        (10...20).contains(bits),
        u64(40) <= UInt64(size), u64(56) == 0
      else { return nil }
      let postingBytes = Int(u64(40))
      let sizes = layout(bucketBits: bits, postingBytes: postingBytes, keys: keyCount)
      guard u64(48) == UInt64(sizes.blocks), sizes.file == size else { return nil }
      return (bits, postingBytes)
    }
  }

  // MARK: - Writing

  /// Writes `index` to `location`, atomically; returns whether it was written. Any failure
  /// means no file, never an error; `shouldStop` answering true abandons it.
  @discardableResult
  static func write(
    _ index: TrigramIndex, to location: CompanionFile.Location, shouldStop: () -> Bool = { false }
  ) -> Bool {
    let postingBytes = index.postings.count
    let sizes = layout(
      bucketBits: index.bucketBits, postingBytes: postingBytes, keys: index.keyCount)
    guard let byteSets = index.checkedByteSets, UInt32(1).littleEndian == 1,
      UInt32(exactly: index.keyCount) != nil,
      IndexSizeLimit.allows(sizes.file, listSize: location.listSize), !shouldStop()
    else { return false }
    IndexCache.sweepStaleTemporaries(in: location.directory)
    let zeros = [UInt8](repeating: 0, count: 8)
    return zeros.withUnsafeBytes { zeros in
      let directory = index.directory.rawBytes
      let parts = [
        directory, UnsafeRawBufferPointer(rebasing: zeros[..<(sizes.postings - directory.count)]),
        index.postings.rawBytes,
        UnsafeRawBufferPointer(
          rebasing: zeros[..<(sizes.byteSets - sizes.postings - postingBytes)]),
        byteSets.words.rawBytes,
      ]
      let digests = BlockChecksums.digests(of: parts).map(\.littleEndian)
      func header(_ checksum: UInt64) -> [UInt8] {
        Self.header(
          version: location.version, indexChecksum: location.indexChecksum,
          keys: index.keyCount, bucketBits: index.bucketBits, postingBytes: postingBytes,
          blocks: sizes.blocks, checksum: checksum)
      }
      let checksum = header(0).withUnsafeBytes { h in
        digests.withUnsafeBytes { Self.checksum(header: h, digests: $0) }
      }
      if shouldStop() { return false }
      return AtomicFile.write(to: location.path, size: sizes.file) { fd in
        header(checksum).withUnsafeBytes { Descriptor.writeAll(fd, $0) == nil }
          && digests.withUnsafeBytes { Descriptor.writeAll(fd, $0) == nil }
          && parts.allSatisfy { Descriptor.writeAll(fd, $0) == nil }
      }
    }
  }
}
