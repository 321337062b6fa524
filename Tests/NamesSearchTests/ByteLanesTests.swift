import TestSupport
import Testing

@testable import NamesSearch

/// The eight-lanes-at-once byte tests against comparing the eight bytes one by one.
@Suite("ByteLanes")
struct ByteLanesTests {
  /// The lane mask by definition: bit 7 of lane j set where byte j equals `byte`.
  static func expectedMask(_ bytes: [UInt8], _ byte: UInt8) -> UInt64 {
    var mask: UInt64 = 0
    for (lane, value) in bytes.enumerated() where value == byte {
      mask |= 0x80 << UInt64(lane * 8)
    }
    return mask
  }

  @Test("equal matches exactly the equal lanes, for every byte value")
  func equalLanes() {
    var random = SeededGenerator(seed: 7)
    // Lanes next to a match, 0x00, 0x01, 0x7F, 0x80 and 0xFF are where borrows and carries
    // between lanes would show.
    let awkward: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0x0A, 0x3C, 0x3E, 0x22, 0x27]
    for byte in 0...255 {
      let target = UInt8(byte)
      for _ in 0..<40 {
        let bytes = (0..<8).map { _ in
          Bool.random(using: &random)
            ? (awkward + [target, target &+ 1, target &- 1]).randomElement(using: &random)!
            : UInt8.random(in: 0...255, using: &random)
        }
        let word = bytes.withUnsafeBufferPointer { ByteLanes.load($0.baseAddress!, at: 0) }
        let mask = ByteLanes.equal(word, target)
        #expect(mask == Self.expectedMask(bytes, target), "\(bytes) for \(target)")
        let first = bytes.firstIndex(of: target) ?? 8
        #expect(ByteLanes.firstLane(mask) == first)
        for lanes in 0...8 {
          #expect(
            ByteLanes.count(mask, firstLanes: lanes)
              == bytes.prefix(lanes).filter { $0 == target }.count)
        }
      }
    }
  }

  @Test("load reads the byte at the offset into lane 0, unaligned")
  func loadOrder() {
    let bytes: [UInt8] = Array(1...16)
    for offset in 0...8 {
      let word = bytes.withUnsafeBufferPointer { ByteLanes.load($0.baseAddress!, at: offset) }
      for lane in 0..<8 {
        #expect(UInt8(truncatingIfNeeded: word >> UInt64(lane * 8)) == bytes[offset + lane])
      }
    }
  }
}
