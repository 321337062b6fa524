import Testing

@testable import NamesSearch

/// The heads and runs of repeats' bit sets (`RepeatBits`), worked out by hand.
@Suite("Repeats' bits: heads and runs")
struct RepeatBitsTests {
  @Test("the head of a repeat is the nearest clear bit below it, in its word")
  func heads() {
    // Bits 1-3 and 5-6 set: entries 1-3 repeat 0, 5-6 repeat 4; word 1: bits 1-63 set.
    let words: [UInt64] = [0b0110_1110, ~1]
    words.withUnsafeBufferPointer { repeats in
      #expect((0...7).map { RepeatBits.head(of: $0, in: repeats) } == [0, 0, 0, 0, 4, 4, 4, 7])
      #expect(RepeatBits.head(of: 127, in: repeats) == 64)
      #expect(RepeatBits.head(of: 64, in: repeats) == 64)
      // Past the words: no repeats.
      #expect(RepeatBits.head(of: 130, in: repeats) == 130)
    }
    // Every bit set up to it (a forged file): the word's first entry.
    [UInt64.max].withUnsafeBufferPointer { #expect(RepeatBits.head(of: 9, in: $0) == 0) }
    [UInt64]().withUnsafeBufferPointer { #expect(RepeatBits.head(of: 9, in: $0) == 9) }
  }

  @Test("a run is the set bits right after an entry, within its word and before the end")
  func runs() {
    let words: [UInt64] = [0b0110_1110, ~1]
    words.withUnsafeBufferPointer { repeats in
      #expect(RepeatBits.run(after: 0, in: repeats, end: 128) == 3)
      #expect(RepeatBits.run(after: 4, in: repeats, end: 128) == 2)
      #expect(RepeatBits.run(after: 7, in: repeats, end: 128) == 0)
      #expect(RepeatBits.run(after: 0, in: repeats, end: 2) == 1)
      // The last bit of a word: nothing after it in the word.
      #expect(RepeatBits.run(after: 63, in: repeats, end: 128) == 0)
      #expect(RepeatBits.run(after: 64, in: repeats, end: 128) == 63)
      #expect(RepeatBits.run(after: 64, in: repeats, end: 100) == 35)
      #expect(RepeatBits.run(after: 130, in: repeats, end: 140) == 0)
    }
  }
}
