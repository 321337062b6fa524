/// Finds bytes eight at a time in a 64-bit word (SWAR: "SIMD within a register"), for scans
/// that look for a few byte values in long runs (`XMLMarkupGuard`).
///
/// A word holds eight byte lanes, lane 0 the lowest byte: the first of eight bytes loaded
/// little-endian (`load(_:at:)`). A lane mask has bit 7 of each lane set where the lane
/// matched, every other bit clear. The test is exact in every lane, with no carry from one
/// lane to the next (Hacker's Delight, 2nd ed., §6-1, "Find First 0-Byte").
enum ByteLanes {
  private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// The eight bytes at `bytes + offset`, lane 0 the byte at `offset` (no alignment needed).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func load(_ bytes: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
  }

  /// The lane mask of the lanes of `word` equal to `byte`.
  ///
  /// - Complexity: O(1): six operations.
  @inline(__always)
  static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (ones &* UInt64(byte))
    // Per lane, (x & 0x7F) + 0x7F sets bit 7 unless the low seven bits are 0; or-ing x
    // sets it for a high bit: bit 7 stays clear only for a zero lane.
    return ~(((x & low7) &+ low7) | x | low7)
  }

  /// How many lanes of the lane mask `mask` are set.
  ///
  /// - Complexity: O(1): three operations (one bit a lane, summed by a multiply: the
  ///   build's baseline x86-64 has no `popcnt`, and `nonzeroBitCount` costs twenty).
  @inline(__always)
  static func count(_ mask: UInt64) -> Int {
    Int(truncatingIfNeeded: ((mask >> 7) &* ones) >> 56)
  }

  /// How many lanes of the lane mask `mask` are set, among its first `lanes` (0...8).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func count(_ mask: UInt64, firstLanes lanes: Int) -> Int {
    count(lanes >= 8 ? mask : mask & ((1 << UInt64(truncatingIfNeeded: lanes &* 8)) &- 1))
  }

  /// The first set lane of the mask `mask`, 8 when none is.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func firstLane(_ mask: UInt64) -> Int {
    mask.trailingZeroBitCount >> 3
  }
}
