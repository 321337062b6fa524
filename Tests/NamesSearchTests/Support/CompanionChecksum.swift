@testable import NamesSearch

/// A file kept beside an index (`ReadingCache`, `PhoneticCache`) whose bytes a test has
/// changed, with its checksum made right again for its header and body (`CompanionFile`),
/// so that only what the reader checks beyond the checksum can refuse it.
enum CompanionChecksum {
  /// `bytes` with the checksum at `checksumOffset` recomputed over the first `headerSize`
  /// bytes (that field zero) and the rest.
  static func fixed(_ bytes: [UInt8], headerSize: Int, checksumOffset: Int) -> [UInt8] {
    var bytes = bytes
    bytes.withUnsafeMutableBytes { raw in
      let body = UnsafeRawBufferPointer(rebasing: raw[headerSize...])
      let digests = (0..<IndexChecksum.pieceCount).map {
        IndexChecksum.pieceDigest(body, piece: $0)
      }
      let checksum = IndexChecksum.combine(
        header: UnsafeRawBufferPointer(rebasing: raw[..<headerSize]),
        digests: digests, checksumOffset: checksumOffset)
      raw.storeBytes(of: checksum.littleEndian, toByteOffset: checksumOffset, as: UInt64.self)
    }
    return bytes
  }
}
