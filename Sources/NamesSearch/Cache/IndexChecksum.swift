import CXXHash

/// The checksum of the files kept beside an index (`ReadingCache`, `PhoneticCache`), and the
/// digest of an index file's records part: XXH3-64 (seed 0, the xxHash reference library,
/// Debian package `libxxhash-dev`) over everything the reader trusts, computed on every core.
/// (An index file's index part has a digest for each 1 KiB block instead, `BlockChecksums`,
/// so that a query checks what it reads; its records part, `ofRecords(_:)`, whose digest the
/// header keeps, is checked only when the records are wanted.)
///
/// A file's body (every byte after its header) is cut into `pieceCount` pieces of equal size, the
/// last one taking the rest; each piece's XXH3-64 digest can be computed on its own. The
/// checksum is the XXH3-64 of the header, with its checksum field (8 bytes at the file's
/// checksum offset) set to zero, followed by the pieces' digests as little-endian
/// 64-bit words. Any change to the header or the body changes it except with probability
/// about 2⁻⁶⁴, whatever the pattern of the damage (XXH3 passes SMHasher's tests for such
/// differentials); it depends only on the bytes, not on the number of cores.
enum IndexChecksum {
  /// The number of pieces the body is cut into.
  static let pieceCount = 8

  /// The byte range of piece `piece` of a body of `bodySize` bytes.
  static func bounds(ofPiece piece: Int, bodySize: Int) -> Range<Int> {
    let size = bodySize / pieceCount
    return piece * size..<(piece == pieceCount - 1 ? bodySize : (piece + 1) * size)
  }

  /// The XXH3-64 digest of piece `piece` of `body`.
  ///
  /// - Complexity: O(n) in the piece's size.
  static func pieceDigest(_ body: UnsafeRawBufferPointer, piece: Int) -> UInt64 {
    let range = bounds(ofPiece: piece, bodySize: body.count)
    guard let base = body.baseAddress, !range.isEmpty else { return names_search_xxh3_64(nil, 0) }
    return names_search_xxh3_64(base + range.lowerBound, range.count)
  }

  /// The checksum from the header (`IndexCache.headerSize` bytes, or any length that holds
  /// the checksum field; that field, 8 bytes at `checksumOffset`, is ignored) and the
  /// pieces' digests, in order. `ReadingCache` files are checked the same way, with their
  /// own header.
  static func combine(
    header: UnsafeRawBufferPointer, digests: [UInt64],
    checksumOffset: Int = IndexCache.checksumOffset
  ) -> UInt64 {
    precondition(header.count >= checksumOffset + 8 && digests.count == pieceCount)
    var input = [UInt8](repeating: 0, count: header.count + 8 * pieceCount)
    input.withUnsafeMutableBytes { bytes in
      bytes.copyMemory(from: header)
      for offset in checksumOffset..<checksumOffset + 8 { bytes[offset] = 0 }
      for (i, digest) in digests.enumerated() {
        bytes.storeBytes(
          of: digest.littleEndian, toByteOffset: header.count + 8 * i, as: UInt64.self)
      }
    }
    return input.withUnsafeBytes { names_search_xxh3_64($0.baseAddress, $0.count) }
  }

  /// The digest of the records part of a file (from `CacheHeader.Layout.recordEnds` to the
  /// end): XXH3-64, seed 0, as `CacheHeader.recordsChecksum` keeps it.
  ///
  /// - Complexity: O(n) in the part's size.
  static func ofRecords(_ part: UnsafeRawBufferPointer) -> UInt64 {
    names_search_xxh3_64(part.baseAddress, part.count)
  }

  /// The checksum of a whole file held in memory (`header` then `body`), its pieces hashed
  /// on every core when it is 1 MiB or more (`ThreadPool.perform(iterations:reading:_:)`).
  static func of(header: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer) -> UInt64 {
    let digests = ConcurrentResults<UInt64>(count: pieceCount)
    let shared = SharedForReading(value: body)
    ThreadPool.perform(iterations: pieceCount, reading: body.count) { piece in
      digests[piece] = pieceDigest(shared.value, piece: piece)
    }
    return combine(header: header, digests: digests.values.map { $0! })
  }
}

/// The pieces' digests of a body of known size that is produced in order, a part at a time,
/// without holding it in memory (the cache writer's side of `IndexChecksum`).
struct IndexPieceHasher: ~Copyable {
  private let state: OpaquePointer
  private let bodySize: Int
  private var position = 0
  private var piece = 0
  private var digests: [UInt64] = []

  /// A hasher for a body of `bodySize` bytes, or `nil` if its state cannot be allocated.
  init?(bodySize: Int) {
    guard let state = XXH3_createState() else { return nil }
    self.state = state
    self.bodySize = bodySize
    XXH3_64bits_reset(state)
    digests.reserveCapacity(IndexChecksum.pieceCount)
  }

  deinit { XXH3_freeState(state) }

  /// Adds the next `bytes` of the body.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      let end = IndexChecksum.bounds(ofPiece: piece, bodySize: bodySize).upperBound
      let count = min(bytes.count - offset, end - position)
      if count == 0 && piece == IndexChecksum.pieceCount - 1 {
        position += bytes.count - offset  // more than `bodySize`: `finish()` refuses it
        return
      }
      if count > 0 {
        names_search_xxh3_64_update(state, bytes.baseAddress! + offset, count)
        position += count
        offset += count
      }
      if position == end && piece < IndexChecksum.pieceCount - 1 { finishPiece() }
    }
  }

  private mutating func finishPiece() {
    digests.append(XXH3_64bits_digest(state))
    XXH3_64bits_reset(state)
    piece += 1
  }

  /// The pieces' digests, once all `bodySize` bytes were added; `nil` if another number was.
  mutating func finish() -> [UInt64]? {
    guard position == bodySize else { return nil }
    // Empty pieces (a body shorter than `pieceCount` bytes) end where they start.
    while piece < IndexChecksum.pieceCount - 1
      && IndexChecksum.bounds(ofPiece: piece, bodySize: bodySize).upperBound == position
    {
      finishPiece()
    }
    digests.append(XXH3_64bits_digest(state))
    return digests.count == IndexChecksum.pieceCount ? digests : nil
  }
}

/// XXH3-64 (seed 0) of bytes given a part at a time: the digest `IndexChecksum.ofRecords(_:)`
/// gives of the same bytes in one piece (the cache writer's side of the records part).
struct StreamingDigest: ~Copyable {
  private let state: OpaquePointer

  /// An empty digest, or `nil` if its state cannot be allocated.
  init?() {
    guard let state = XXH3_createState() else { return nil }
    self.state = state
    XXH3_64bits_reset(state)
  }

  deinit { XXH3_freeState(state) }

  /// Adds the next `bytes`.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    names_search_xxh3_64_update(state, base, bytes.count)
  }

  /// The digest of every byte added so far.
  func digest() -> UInt64 { XXH3_64bits_digest(state) }
}
