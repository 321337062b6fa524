import Dispatch

/// A fast 64-bit checksum for detecting corrupt, truncated or changed bytes (not
/// cryptographic): a Fletcher-style pair of sums over 64-bit words, eight lanes wide so it
/// runs as vector adds near memory speed.
///
/// For each 64-byte block, read as eight little-endian words `w`, every lane does
/// `a += w; b += a`; `b` weighs each word by its position, so moved or swapped words change
/// it too. The tail is zero-padded; the length and all lanes are mixed into the digest.
///
/// ```swift
/// var hash = FastHash()
/// hash.combine(bytes)
/// let digest = hash.finalize()
/// ```
public struct FastHash: Sendable {
  private var a = SIMD8<UInt64>(repeating: 0)
  private var b = SIMD8<UInt64>(repeating: 0)
  private var length: UInt64 = 0
  private var tail: [UInt8] = []

  /// A hash of nothing yet.
  public init() {}

  /// Adds `bytes`; hashing in one piece or many gives the same digest.
  ///
  /// - Complexity: O(n).
  public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    length &+= UInt64(bytes.count)
    var start = 0
    if !tail.isEmpty {
      let needed = min(64 - tail.count, bytes.count)
      tail.append(contentsOf: bytes[0..<needed])
      start = needed
      if tail.count == 64 {
        tail.withUnsafeBytes { mix(blocks: $0) }
        tail.removeAll(keepingCapacity: true)
      }
    }
    let blockBytes = (bytes.count - start) / 64 * 64
    if blockBytes > 0 {
      mix(blocks: UnsafeRawBufferPointer(rebasing: bytes[start..<start + blockBytes]))
    }
    tail.append(contentsOf: bytes[(start + blockBytes)...])
  }

  private mutating func mix(blocks: UnsafeRawBufferPointer) {
    var a = self.a
    var b = self.b
    let base = blocks.baseAddress!
    var offset = 0
    while offset < blocks.count {
      #if _endian(little)
        let words = base.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt64>.self)
      #else
        var words = base.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt64>.self)
        for i in 0..<8 { words[i] = UInt64(littleEndian: words[i]) }
      #endif
      a &+= words
      b &+= a
      offset += 64
    }
    self.a = a
    self.b = b
  }

  /// The digest.
  public func finalize() -> UInt64 {
    var copy = self
    if !tail.isEmpty {
      var block = tail
      block.append(contentsOf: repeatElement(0, count: 64 - tail.count))
      block.withUnsafeBytes { copy.mix(blocks: $0) }
    }
    var h = 0xcbf2_9ce4_8422_2325 ^ length
    for lane in 0..<8 {
      h = Self.mix64(h ^ copy.a[lane])
      h = Self.mix64(h ^ copy.b[lane])
    }
    return h
  }

  /// The SplitMix64 finalizer.
  private static func mix64(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The digest of `bytes`.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash = FastHash()
    hash.combine(bytes)
    return hash.finalize()
  }

  /// The number of pieces `piecewiseHash` cuts its input into.
  public static let pieceCount = 8

  /// A digest computed on every core: `bytes` is cut into `pieceCount` pieces of equal size
  /// (the last one takes the rest), each piece is hashed, and the pieces' digests are hashed
  /// in order. Depends only on the bytes, not on the number of cores.
  public static func piecewiseHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let digests = ConcurrentResults<UInt64>(count: pieceCount)
    let shared = SharedForReading(value: bytes)
    DispatchQueue.concurrentPerform(iterations: pieceCount) { piece in
      digests[piece] = pieceDigest(shared.value, piece: piece)
    }
    return combine(digests: digests.values.map { $0! })
  }

  /// The digest of piece `piece` of `bytes` for `piecewiseHash`.
  public static func pieceDigest(_ bytes: UnsafeRawBufferPointer, piece: Int) -> UInt64 {
    let size = bytes.count / pieceCount
    let end = piece == pieceCount - 1 ? bytes.count : (piece + 1) * size
    return hash(UnsafeRawBufferPointer(rebasing: bytes[piece * size..<end]))
  }

  /// `piecewiseHash` from the pieces' digests, in order.
  public static func combine(digests: [UInt64]) -> UInt64 {
    digests.withUnsafeBytes { hash($0) }
  }
}
