import CBitCount
import TestSupport
import Testing

@testable import NamesSearch

/// Bit counts over arrays of words (`BitRanks`, `ns_bit_ranks`), with POPCNT and without,
/// against a count made bit by bit.
@Suite("Bit ranks")
struct BitRanksTests {
  /// The set bits of `word`, one bit at a time.
  static func bits(_ word: UInt64) -> Int {
    (0..<64).reduce(0) { $0 + Int(word >> UInt64($1) & 1) }
  }

  /// Words of every density: none set, all set, one bit, random, sparse.
  static func words(_ count: Int, seed: UInt64) -> [UInt64] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { i in
      switch i % 5 {
      case 0: 0
      case 1: ~0
      case 2: 1 << UInt64(i % 64)
      case 3: random.next()
      default: random.next() & random.next() & random.next()
      }
    }
  }

  @Test("totals and ranks, with and without words cleared, of 0 to 1,000 words")
  func ranks() {
    for count in [0, 1, 2, 63, 64, 65, 1_000] {
      let words = Self.words(count, seed: UInt64(count) + 1)
      let clear = Self.words(count, seed: UInt64(count) + 7_000).reversed().map { $0 }
      for clearing in [false, true] {
        var expected: [UInt32] = []
        var total = 0
        for i in 0..<count {
          expected.append(UInt32(total))
          total += Self.bits(clearing ? words[i] & ~clear[i] : words[i])
        }
        words.withUnsafeBufferPointer { words in
          clear.withUnsafeBufferPointer { clear in
            let cleared = clearing ? clear : nil
            #expect(BitRanks.total(words, clearing: cleared) == total)
            let (ranks, sum) = BitRanks.ranks(words, clearing: cleared)
            #expect(ranks == expected && sum == total)
            // The way a processor without POPCNT counts.
            var portable = [UInt32](repeating: 7, count: count)
            let portableSum = portable.withUnsafeMutableBufferPointer {
              ns_bit_ranks_portable(
                words.baseAddress, cleared?.baseAddress, $0.baseAddress, count)
            }
            #expect(count == 0 || (portable == expected && Int(portableSum) == total))
          }
        }
      }
    }
  }
}
