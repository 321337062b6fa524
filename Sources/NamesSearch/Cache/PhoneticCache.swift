/// The sounds-like index of an indexed list (`PhoneticIndex`), kept in a file beside its
/// index (`IndexCache`) so that a cached query by sound maps it instead of coding every
/// name again.
///
/// `<directory>/<the index file's 16 hex digits>.snd`, written the first time a run makes
/// the sounds-like index of a list whose index is (or has just been) written, once the
/// answer is out; little-endian, a 64-byte header then 8-byte-aligned parts:
///
/// | offset | field | type |
/// | --- | --- | --- |
/// | 0 | magic `NSSND\0\0\u{1}` | `UInt64` |
/// | 8, 12 | `IndexCache.version(unicode:)`, `PhoneticCode.ruleVersion` | `UInt32` |
/// | 16 | the index file's checksum (`CacheHeader.checksum`) | `UInt64` |
/// | 24 | this file's checksum (`IndexChecksum`, its field zero) | `UInt64` |
/// | 32, 36, 40 | counts: names, codes, postings; then 4 zero bytes | `UInt32` |
/// | 48 | body size (bytes after the header) | `UInt64` |
/// | 56 | zero | `UInt64` |
///
/// The parts, in order: the codes (`UInt64`), where each code's names start (`UInt32`, one
/// more than the codes), the names (`UInt32`).
///
/// Bound to one index file by that file's checksum (which covers the names the codes were
/// made from and is verified before this file is read); the version covers the folding,
/// `PhoneticCode.ruleVersion` the coding rules. A file is used only if its size is what
/// the header describes and within `IndexSizeLimit` of the list's size, its checksum
/// holds, and its structure is one a lookup can trust (codes strictly ascending; starts
/// from 0, never decreasing, ending at the postings; each code's names strictly ascending
/// and below the name count); anything else is ignored and the index is made from the
/// names, as without a cache. As for the index itself, the checksum finds damage, not
/// forgery (it is no MAC): a file rewritten with its checksum recomputed can list other
/// names under a code, though never make a lookup leave the file or the list. Written atomically (`AtomicFile`); deleting it is always
/// safe.
enum PhoneticCache {
  /// `NSSND\0\0\u{1}` as a little-endian word.
  static let magic: UInt64 = 0x0100_0044_4E53_534E
  /// The header's size in bytes.
  static let headerSize = 64
  /// Where the header keeps this file's checksum.
  static let checksumOffset = 24

  /// Where the sounds-like index of a catalog mapped from an index file is kept, and what
  /// it must be bound to.
  typealias Location = CompanionFile.Location

  /// The file name's suffix, after the index file's 16 hex digits.
  static let suffix = ".snd"

  /// The `.snd` file beside the index file `indexPath` (`<16 hex digits>.idx`).
  static func path(besideIndex indexPath: PathName) -> PathName? {
    CompanionFile.path(besideIndex: indexPath, suffix: suffix)
  }

  /// Where each part starts and where the file ends, for `codes` codes and `postings` names.
  static func layout(codes: Int, postings: Int) -> (parts: [Int], end: Int) {
    var offset = headerSize
    var parts: [Int] = []
    for size in [8 * codes, 4 * (codes + 1), 4 * postings] {
      parts.append(offset)
      offset += (size + 7) & ~7
    }
    return (parts, offset)
  }

  /// The header's bytes for these fields.
  static func header(
    version: UInt32, indexChecksum: UInt64, names: Int, codes: Int, postings: Int, size: Int,
    checksum: UInt64
  ) -> [UInt8] {
    CompanionFile.header(
      count: headerSize, magic: magic, version: version, ruleVersion: PhoneticCode.ruleVersion,
      indexChecksum: indexChecksum, checksum: checksum, checksumOffset: checksumOffset
    ) { fields in
      fields.put(UInt32(names), 32)
      fields.put(UInt32(codes), 36)
      fields.put(UInt32(postings), 40)
      fields.put(UInt64(size - headerSize), 48)
    }
  }

  // MARK: - Reading

  /// The sounds-like index of a list of `nameCount` names kept at `location`, or `nil` when
  /// there is no usable file.
  ///
  /// - Complexity: O(n) in the file's size (its checksum and structure); O(1) for a file
  ///   whose size or header is wrong (nothing is mapped).
  static func read(at location: Location, nameCount: Int) -> PhoneticIndex? {
    CompanionFile.withOpenFile(at: location, headerSize: headerSize) { fd, size, header in
      guard
        let fields = Self.fields(of: header, size: size, location: location, nameCount: nameCount),
        let mapped = SystemMemory.mapFile(fd, bytes: size)
      else { return nil }
      let region = StorageRegion(base: mapped, byteCount: size, kind: .file)
      let file = UnsafeRawBufferPointer(start: mapped, count: size)
      guard
        CompanionFile.checksumHolds(file, headerSize: headerSize, checksumOffset: checksumOffset)
      else { return nil }
      let parts = layout(codes: fields.codes, postings: fields.postings).parts
      let index = PhoneticIndex(
        codes: FrozenArray(region: region, byteOffset: parts[0], count: fields.codes),
        starts: FrozenArray(region: region, byteOffset: parts[1], count: fields.codes + 1),
        names: FrozenArray(region: region, byteOffset: parts[2], count: fields.postings))
      return isTrustworthy(index, nameCount: nameCount) ? index : nil
    }
  }

  /// The counts of `header`, a file of `size` bytes bound to `location`'s index, for
  /// `nameCount` names; `nil` if anything disagrees.
  static func fields(
    of header: [UInt8], size: Int, location: Location, nameCount: Int
  ) -> (codes: Int, postings: Int)? {
    header.withUnsafeBytes { h -> (codes: Int, postings: Int)? in
      func u32(_ at: Int) -> UInt32 {
        UInt32(littleEndian: h.loadUnaligned(fromByteOffset: at, as: UInt32.self))
      }
      func u64(_ at: Int) -> UInt64 {
        UInt64(littleEndian: h.loadUnaligned(fromByteOffset: at, as: UInt64.self))
      }
      let codes = Int(u32(36))
      let postings = Int(u32(40))
      guard u64(0) == magic, u32(8) == location.version, u32(12) == PhoneticCode.ruleVersion,
        u64(16) == location.indexChecksum, Int(u32(32)) == nameCount, u32(44) == 0,
        u64(48) == UInt64(size - headerSize), u64(56) == 0,
        layout(codes: codes, postings: postings).end == size
      else { return nil }
      return (codes, postings)
    }
  }

  /// Whether a lookup in `index` stays in bounds and finds what it should: codes strictly
  /// ascending, starts from 0 never decreasing to the postings' end, each code's names
  /// strictly ascending and below `nameCount`.
  ///
  /// - Complexity: O(n) in the codes and postings.
  static func isTrustworthy(_ index: PhoneticIndex, nameCount: Int) -> Bool {
    let codes = index.codes.buffer
    let starts = index.starts.buffer
    let names = index.names.buffer
    guard starts.count == codes.count + 1, starts.first == 0, Int(starts.last!) == names.count
    else { return false }
    for i in 0..<codes.count {
      if i > 0 && codes[i] <= codes[i - 1] { return false }
      let (low, high) = (Int(starts[i]), Int(starts[i + 1]))
      guard low <= high, high <= names.count else { return false }
      var previous = -1
      for k in low..<high {
        let name = Int(names[k])
        guard name > previous, name < nameCount else { return false }
        previous = name
      }
    }
    return true
  }

  // MARK: - Writing

  /// Writes `index` (of a list of `nameCount` names) to `location`, atomically; returns
  /// whether it was written. Any failure means no file, never an error; `shouldStop`
  /// answering true between parts abandons it.
  @discardableResult
  static func write(
    _ index: PhoneticIndex, nameCount: Int, to location: Location,
    shouldStop: () -> Bool = { false }
  ) -> Bool {
    let (codes, postings) = (index.codes.count, index.names.count)
    let size = layout(codes: codes, postings: postings).end
    guard UInt32(1).littleEndian == 1, UInt32(exactly: nameCount) != nil,
      UInt32(exactly: codes + 1) != nil, UInt32(exactly: postings) != nil,
      IndexSizeLimit.allows(size, listSize: location.listSize)
    else { return false }
    IndexCache.sweepStaleTemporaries(in: location.directory)
    return CompanionFile.write(
      to: location.path, size: size, checksumOffset: checksumOffset,
      parts: [index.codes.rawBytes, index.starts.rawBytes, index.names.rawBytes],
      header: {
        header(
          version: location.version, indexChecksum: location.indexChecksum, names: nameCount,
          codes: codes, postings: postings, size: size, checksum: $0)
      }, shouldStop: shouldStop)
  }
}
