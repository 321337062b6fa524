/// The header of an index cache file (`IndexCache`): its fields by name, one `encode` that
/// lays them out and one `decode` that checks them, so no other code knows their offsets.
///
/// `CacheHeader.size` (184) bytes, little-endian:
///
/// | offset | field | type |
/// | --- | --- | --- |
/// | 0 | magic `NSIDX\0\0\u{1}` | `UInt64` |
/// | 8 | `version` | `UInt32` |
/// | 12 | header size (136) | `UInt32` |
/// | 16 | `stamp.size` | `UInt64` |
/// | 24, 32 | `stamp.modifiedSeconds`, `stamp.modifiedNanoseconds` | `Int64` |
/// | 40, 48 | `stamp.inode`, `stamp.device` | `UInt64` |
/// | 56 | `created` (seconds since 1970) | `Int64` |
/// | 64 | `sourceHash` | `UInt64` |
/// | 72 | `checksum` | `UInt64` |
/// | 80 | `bodySize` (bytes after the header) | `UInt64` |
/// | 88, 92, 96, 100, 104, 108 | `titleCount`, `nameCount`, `titleBytes`, `nameBytes`, `keyBytes`, `pathLength` | `UInt32` |
/// | 112, 120 | `stamp.changedSeconds`, `stamp.changedNanoseconds` | `Int64` |
/// | 128, 132 | `keyCount`, `ownerCount` | `UInt32` |
/// | 136 | `optionsHash` (`LoadOptions` the list was read with) | `UInt64` |
/// | 144 | `companionStamp` (the list's `-wal` file) | `UInt64` |
/// | 152, 156, 160, 164 | `furtherCount`, `furtherBytes`, `recordCount`, `recordBytes` | `UInt32` |
/// | 168 | `recordsChecksum` (XXH3-64 of the records part) | `UInt64` |
/// | 176 | `recordsDropped` (0 or 1) | `UInt32` |
/// | 180 | `keysAreNames` (0 or 1; format 7) | `UInt32` |
///
/// The body ends with the block digests (format 8): the XXH3-64 of each 1 KiB block of the
/// index part (`BlockChecksums`; 4 KiB blocks before format 10), which `checksum` covers
/// with the header.
///
/// Format 7 had no block digests: `checksum` covered the whole index part, cut in 8 pieces.
/// Format 6 kept zero at offset 180: the keys always stored. Format 5 stopped at offset 168: one checksum over everything. Format 4 stopped at offset 136: no load options, further keys or records. Format 3
/// stopped at offset 128: one key per name, no owners.
struct CacheHeader: Equatable {
  /// The header's size in bytes (a multiple of 8, so the body's parts stay aligned).
  static let size = 184
  /// `NSIDX\0\0\u{1}` as a little-endian word.
  static let magic: UInt64 = 0x0100_0058_4449_534E
  /// Where the header keeps the checksum (8 bytes, zero while the checksum is computed).
  static let checksumOffset = 72

  /// Why a header was refused.
  enum Refusal: Error, Equatable {
    /// Fewer bytes than a header.
    case truncated
    /// Not an index cache file.
    case magic
    /// Another format, folding rule or Unicode version than the one expected.
    case version(found: UInt32)
    /// The recorded header size is not `size`.
    case headerSize(found: UInt32)
    /// The recorded body size is not what follows the header.
    case bodySize
    /// The counts contradict one another (owners present but not one per key, keys not
    /// one per name without owners, further keys not the keys after each name's first, or
    /// records not one per name).
    case counts
    /// The parts the counts describe do not fill the file exactly.
    case layout
    /// Flags this format does not define, records both stored and said to be left out, or
    /// keys said to be the names when the counts say otherwise (several keys a name, or not
    /// as many bytes).
    case flags
  }

  /// Where each part of the body lies, as byte offsets from the start of the file; every
  /// part starts on a multiple of 8 (each part is zero-padded to 8 bytes).
  struct Layout: Equatable {
    /// The list's absolute path, `pathLength` bytes.
    var path: Int
    /// `titleCount` end offsets (`UInt32`) of the titles' UTF-8.
    var titleEnds: Int
    /// The titles' UTF-8, `titleBytes` bytes.
    var titles: Int
    /// `titleCount` `(lower, upper)` name ranges (`UInt32` pairs).
    var ranges: Int
    /// `nameCount` end offsets of the names' UTF-8.
    var nameEnds: Int
    /// The names' UTF-8, `nameBytes` bytes.
    var names: Int
    /// `keyCount` end offsets of the keys' UTF-8 (`nameEnds` when `keysAreNames`).
    var keyEnds: Int
    /// The keys' folded UTF-8, `keyBytes` bytes (`names` when `keysAreNames`).
    var keys: Int
    /// `ownerCount` name indices (`UInt32`), one per key, or none when key k is name k's.
    var owners: Int
    /// `furtherCount` end offsets of the further keys' (unfolded) UTF-8.
    var furtherEnds: Int
    /// The further keys' UTF-8, `furtherBytes` bytes.
    var further: Int
    /// `recordCount` end offsets of the records' JSON text.
    var recordEnds: Int
    /// The records' JSON text, `recordBytes` bytes.
    var records: Int
    /// The block digests of the index part (`UInt64`, `blockCount` of them).
    var digests: Int
    /// The number of 1 KiB blocks of the index part (`BlockChecksums.blockCount`).
    var blockCount: Int
    /// Where the index part ends and the records part starts (`recordEnds`): the block
    /// digests cover the body before it, `recordsChecksum` the records part.
    var indexEnd: Int { recordEnds }
    /// Where the records part ends: the block digests follow.
    var recordsEnd: Int { digests }
    /// The end of the body: the file's size.
    var end: Int
  }

  /// `IndexCache.version(unicode:)` of the writer.
  var version: UInt32
  /// The list's size, times, inode and device when it was read.
  var stamp: SourceStamp
  /// When the file was written (seconds since 1970), for the racy-timestamp check.
  var created: Int64
  /// The list's content hash (`SourceHash`).
  var sourceHash: UInt64
  /// The file's checksum: XXH3-64 of the header (this field zero) and the block digests
  /// (`BlockChecksums.checksum`); zero while it is computed.
  var checksum: UInt64 = 0
  /// The bytes after the header.
  var bodySize: UInt64
  var titleCount: UInt32
  var nameCount: UInt32
  var titleBytes: UInt32
  var nameBytes: UInt32
  /// The number of search keys: `nameCount` when each name has one.
  var keyCount: UInt32
  var keyBytes: UInt32
  /// `keyCount` when the owners are stored, else 0 (key k belongs to name k).
  var ownerCount: UInt32
  var pathLength: UInt32
  /// `IndexCache.optionsHash(_:)` of the load options the list was read with.
  var optionsHash: UInt64 = 0
  /// `IndexCache.companionStamp(of:)` of the list's `-wal` file when it was read.
  var companionStamp: UInt64 = 0
  /// The number of further keys (`Catalog.furtherKeys`): `keyCount - nameCount` when
  /// there are some, else 0.
  var furtherCount: UInt32 = 0
  var furtherBytes: UInt32 = 0
  /// The number of records: `nameCount`, or 0 when the names are not records.
  var recordCount: UInt32 = 0
  var recordBytes: UInt32 = 0
  /// XXH3-64 (seed 0) of the records part, from `Layout.recordEnds` up to the block digests
  /// (zero padding included), checked only when the records are wanted.
  var recordsChecksum: UInt64 = 0
  /// Whether the list's items are records whose text was not stored
  /// (`Catalog.recordsDropped`); `recordCount` is then 0.
  var recordsDropped = false
  /// Whether every name's one key is the name itself, byte for byte (names in scripts that
  /// folding leaves alone: Han characters, katakana; Hangul syllables fold to their jamo), so
  /// the keys' ends and bytes are not stored again: the layout's keys are the names'.
  /// `keyCount` and `keyBytes` are then `nameCount` and `nameBytes`, and there are no owners
  /// and no further keys. It halves the index of a list of Chinese names (24 MB to 12 MB for
  /// 1M), which a cached query maps and checks whole.
  var keysAreNames = false

  /// The body's parts for these counts, laid out one after the other.
  ///
  /// - Complexity: O(1).
  var layout: Layout {
    func padded(_ count: Int) -> Int { (count + 7) & ~7 }
    var offset = Self.size
    func take(_ count: Int) -> Int {
      defer { offset += padded(count) }
      return offset
    }
    let path = take(Int(pathLength))
    let titleEnds = take(4 * Int(titleCount))
    let titles = take(Int(titleBytes))
    let ranges = take(8 * Int(titleCount))
    let nameEnds = take(4 * Int(nameCount))
    let names = take(Int(nameBytes))
    let keyEnds = keysAreNames ? nameEnds : take(4 * Int(keyCount))
    let keys = keysAreNames ? names : take(Int(keyBytes))
    let owners = take(4 * Int(ownerCount))
    let furtherEnds = take(4 * Int(furtherCount))
    let further = take(Int(furtherBytes))
    let recordEnds = take(4 * Int(recordCount))
    let records = take(Int(recordBytes))
    let blockCount = BlockChecksums.blockCount(bodySize: recordEnds - Self.size)
    let digests = take(8 * blockCount)
    return Layout(
      path: path, titleEnds: titleEnds, titles: titles, ranges: ranges, nameEnds: nameEnds,
      names: names, keyEnds: keyEnds, keys: keys, owners: owners, furtherEnds: furtherEnds,
      further: further, recordEnds: recordEnds, records: records, digests: digests,
      blockCount: blockCount, end: offset)
  }

  /// The header's `size` bytes.
  func encode() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: Self.size)
    bytes.withUnsafeMutableBytes { h in
      func put<T: FixedWidthInteger>(_ value: T, _ offset: Int) {
        h.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
      }
      put(Self.magic, 0)
      put(version, 8)
      put(UInt32(Self.size), 12)
      put(stamp.size, 16)
      put(stamp.modifiedSeconds, 24)
      put(stamp.modifiedNanoseconds, 32)
      put(stamp.inode, 40)
      put(stamp.device, 48)
      put(created, 56)
      put(sourceHash, 64)
      put(checksum, Self.checksumOffset)
      put(bodySize, 80)
      put(titleCount, 88)
      put(nameCount, 92)
      put(titleBytes, 96)
      put(nameBytes, 100)
      put(keyBytes, 104)
      put(pathLength, 108)
      put(stamp.changedSeconds, 112)
      put(stamp.changedNanoseconds, 120)
      put(keyCount, 128)
      put(ownerCount, 132)
      put(optionsHash, 136)
      put(companionStamp, 144)
      put(furtherCount, 152)
      put(furtherBytes, 156)
      put(recordCount, 160)
      put(recordBytes, 164)
      put(recordsChecksum, 168)
      put(UInt32(recordsDropped ? 1 : 0), 176)
      put(UInt32(keysAreNames ? 1 : 0), 180)
    }
    return bytes
  }

  /// The header at the start of `file` (a whole cache file), checked: magic, `version`,
  /// header size, body size against `file.count`, counts consistent with one another, and
  /// the parts they describe filling the file exactly (so every offset and length is
  /// within it). The stamp, path and checksum are the caller's to compare.
  ///
  /// - Throws: `Refusal`, the first check that failed.
  /// - Complexity: O(1).
  static func decode(
    _ file: UnsafeRawBufferPointer, version expected: UInt32
  ) throws(Refusal) -> CacheHeader {
    try decode(file, fileSize: file.count, version: expected)
  }

  /// The header in the first bytes of `file`, of a cache file of `fileSize` bytes, checked as
  /// `decode(_:version:)` checks it, so that a file can be judged from its header alone,
  /// before it is mapped. Only the first `size` bytes of `file` are read.
  ///
  /// - Throws: `Refusal`, the first check that failed (`truncated` when `file` or `fileSize`
  ///   is shorter than a header).
  /// - Complexity: O(1).
  static func decode(
    _ file: UnsafeRawBufferPointer, fileSize: Int, version expected: UInt32
  ) throws(Refusal) -> CacheHeader {
    guard file.count >= size, fileSize >= size else { throw .truncated }
    func u32(_ at: Int) -> UInt32 {
      UInt32(littleEndian: file.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }
    func u64(_ at: Int) -> UInt64 {
      UInt64(littleEndian: file.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }
    func i64(_ at: Int) -> Int64 { Int64(bitPattern: u64(at)) }
    guard u64(0) == magic else { throw .magic }
    guard u32(8) == expected else { throw .version(found: u32(8)) }
    guard u32(12) == UInt32(size) else { throw .headerSize(found: u32(12)) }
    let header = CacheHeader(
      version: u32(8),
      stamp: SourceStamp(
        size: u64(16), modifiedSeconds: i64(24), modifiedNanoseconds: i64(32),
        changedSeconds: i64(112), changedNanoseconds: i64(120), inode: u64(40), device: u64(48)),
      created: i64(56), sourceHash: u64(64), checksum: u64(checksumOffset), bodySize: u64(80),
      titleCount: u32(88), nameCount: u32(92), titleBytes: u32(96), nameBytes: u32(100),
      keyCount: u32(128), keyBytes: u32(104), ownerCount: u32(132), pathLength: u32(108),
      optionsHash: u64(136), companionStamp: u64(144), furtherCount: u32(152),
      furtherBytes: u32(156), recordCount: u32(160), recordBytes: u32(164),
      recordsChecksum: u64(168), recordsDropped: u32(176) == 1, keysAreNames: u32(180) == 1)
    guard u32(176) <= 1, u32(180) <= 1, !(header.recordsDropped && header.recordCount > 0)
    else { throw .flags }
    guard
      !header.keysAreNames
        || (header.keyCount == header.nameCount && header.keyBytes == header.nameBytes
          && header.ownerCount == 0 && header.furtherCount == 0)
    else { throw .flags }
    guard header.bodySize == UInt64(fileSize - size) else { throw .bodySize }
    let ownersConsistent =
      header.ownerCount == 0
      ? header.keyCount == header.nameCount : header.ownerCount == header.keyCount
    // Further keys are each name's keys after its first, which only owners can say.
    let furtherConsistent =
      header.furtherCount == 0
      || (header.ownerCount > 0
        && UInt64(header.furtherCount) + UInt64(header.nameCount) == UInt64(header.keyCount))
    let recordsConsistent = header.recordCount == 0 || header.recordCount == header.nameCount
    guard ownersConsistent, furtherConsistent, recordsConsistent else { throw .counts }
    // Every count is a UInt32, so the sum cannot overflow an Int.
    guard header.layout.end == fileSize else { throw .layout }
    return header
  }
}
