/// What the files kept beside an index file share: where they are and what binds them to
/// the index (`Location`), and the header's first fields (all of them: `ReadingCache`,
/// `PhoneticCache`, `TrigramCache`); for the reading keys and the sounds-like index also
/// parts each padded to 8 bytes, written atomically and checksummed whole (`IndexChecksum`:
/// XXH3-64 of the body in pieces, combined with the header whose checksum field is zero).
/// The n-gram index has block digests instead (`BlockChecksums`), as the index does.
enum CompanionFile {
  /// Where a file beside an index file is kept, and what it must be bound to.
  struct Location: Sendable {
    /// The file.
    let path: PathName
    /// The cache folder it is in (whose stale temporary files a write sweeps).
    let directory: PathName
    /// The index file's version (`IndexCache.version(unicode:)`).
    let version: UInt32
    /// The index file's checksum.
    let indexChecksum: UInt64
    /// The list's size in bytes, which bounds the file's (`IndexSizeLimit`).
    let listSize: UInt64
  }

  /// The file named with `suffix` (".rdg") beside the index file `indexPath`
  /// (`<16 hex digits>.idx`).
  static func path(besideIndex indexPath: PathName, suffix: String) -> PathName? {
    var bytes = indexPath.bytes
    guard bytes.count > 4, bytes.suffix(4).elementsEqual(".idx".utf8) else { return nil }
    bytes.removeLast(4)
    return PathName(bytes: bytes + Array(suffix.utf8))
  }

  /// Writes little-endian fields into a header being made.
  struct HeaderFields {
    let bytes: UnsafeMutableRawBufferPointer

    /// Stores `value` at `offset`.
    func put<T: FixedWidthInteger>(_ value: T, _ offset: Int) {
      bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
    }
  }

  /// A header of `count` bytes with the fields every such file starts with (the magic at
  /// 0, the index's version at 8 and the rules' at 12, the index file's checksum at 16,
  /// this file's at `checksumOffset`), then whatever `more` puts.
  static func header(
    count: Int, magic: UInt64, version: UInt32, ruleVersion: UInt32, indexChecksum: UInt64,
    checksum: UInt64, checksumOffset: Int, _ more: (HeaderFields) -> Void
  ) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    bytes.withUnsafeMutableBytes { raw in
      let fields = HeaderFields(bytes: raw)
      fields.put(magic, 0)
      fields.put(version, 8)
      fields.put(ruleVersion, 12)
      fields.put(indexChecksum, 16)
      fields.put(checksum, checksumOffset)
      more(fields)
    }
    return bytes
  }

  /// Opens the file at `location` (not following a last symbolic link, not blocking on a
  /// FIFO) and, when it is a regular file of at least `headerSize` bytes within
  /// `IndexSizeLimit` of the list's size, reads its header and gives `body` the open
  /// descriptor, the file's size and the header; closes it after. `nil` when the file
  /// cannot be used so or `body` says so.
  ///
  /// - Complexity: O(1) beyond `body` (a `stat` and one read of the header).
  static func withOpenFile<T>(
    at location: Location, headerSize: Int,
    _ body: (_ fd: Int32, _ size: Int, _ header: [UInt8]) -> T?
  ) -> T? {
    // The parts are mapped as they lie, little-endian.
    guard UInt32(1).littleEndian == 1,
      let fd = Descriptor.openForReading(
        location.path, nonBlocking: true, followsLastLink: false)
    else { return nil }
    defer { Descriptor.closeAfterReading(fd) }
    guard let info = Descriptor.status(of: fd), info.kind == .regular, info.size >= headerSize,
      IndexSizeLimit.allows(Int(clamping: info.size), listSize: location.listSize),
      let header = IndexCache.readHeader(fd, count: headerSize)
    else { return nil }
    return body(fd, Int(info.size), header)
  }

  /// Writes a file of `size` bytes at `path`, atomically: the header `header(0)`, then each
  /// of `parts` padded with zeros to a multiple of 8 bytes, then the header again with the
  /// checksum of all of it, `header(checksum)`, over the first. Returns whether it was
  /// written; `shouldStop` answering true between parts abandons it (no file).
  ///
  /// - Precondition: `header` gives the same number of bytes each time, with the checksum
  ///   at `checksumOffset`; `size` is the header's size and the padded parts'.
  static func write(
    to path: PathName, size: Int, checksumOffset: Int, parts: [UnsafeRawBufferPointer],
    header: (UInt64) -> [UInt8], shouldStop: () -> Bool
  ) -> Bool {
    let blank = header(0)
    return AtomicFile.write(to: path, size: size) { fd in
      guard var hasher = IndexPieceHasher(bodySize: size - blank.count) else { return false }
      let zeros = [UInt8](repeating: 0, count: 8)
      func put(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if shouldStop() { return false }
        hasher.update(bytes)
        let padding = (8 - bytes.count % 8) % 8
        return Descriptor.writeAll(fd, bytes) == nil
          && zeros.withUnsafeBytes {
            let pad = UnsafeRawBufferPointer(rebasing: $0[..<padding])
            hasher.update(pad)
            return Descriptor.writeAll(fd, pad) == nil
          }
      }
      guard blank.withUnsafeBytes({ Descriptor.writeAll(fd, $0) == nil }),
        parts.allSatisfy(put), let digests = hasher.finish()
      else { return false }
      let checksum = blank.withUnsafeBytes {
        IndexChecksum.combine(header: $0, digests: digests, checksumOffset: checksumOffset)
      }
      return header(checksum).withUnsafeBytes { Descriptor.overwrite(fd, at: 0, with: $0) }
    }
  }

  /// Whether the checksum that `file`'s header (its first `headerSize` bytes) keeps at
  /// `checksumOffset` is the file's, computed on every core when the file is 1 MiB or more.
  ///
  /// - Complexity: O(n) in the file's size.
  static func checksumHolds(
    _ file: UnsafeRawBufferPointer, headerSize: Int, checksumOffset: Int
  ) -> Bool {
    guard file.count >= headerSize else { return false }
    let pieces = IndexChecksum.pieceCount
    let results = ConcurrentResults<UInt64>(count: pieces)
    let body = SharedForReading(value: UnsafeRawBufferPointer(rebasing: file[headerSize...]))
    ThreadPool.perform(iterations: pieces, reading: file.count) { piece in
      results[piece] = IndexChecksum.pieceDigest(body.value, piece: piece)
    }
    let checksum = IndexChecksum.combine(
      header: UnsafeRawBufferPointer(rebasing: file[..<headerSize]),
      digests: results.values.map { $0! }, checksumOffset: checksumOffset)
    return checksum
      == UInt64(littleEndian: file.loadUnaligned(fromByteOffset: checksumOffset, as: UInt64.self))
  }
}
