import TestSupport
import Testing

@testable import NamesSearch

/// The byte values each group of keys holds (`KeyByteSets`), against each group's keys'
/// bytes gathered one key at a time into a `Set`.
@Suite("Key byte sets")
struct KeyByteSetsTests {
  /// The bytes the keys of `range` hold, key by key.
  static func bytes(of range: Range<Int>, in keys: SearchKeys) -> Set<UInt8> {
    range.reduce(into: Set<UInt8>()) { set, k in set.formUnion(keys.key(k)) }
  }

  @Test("each group's set holds exactly the bytes of its keys, the last group the rest")
  func setsAreTheGroupsBytes() {
    // Names of Latin letters first, then of Han characters only and of Cyrillic: a list
    // whose groups differ, the last one short.
    var random = SeededGenerator(seed: 41)
    let latin = TrigramIndexTests.names(5_000, seed: 42)
    let han = (0..<4_500).map { _ in
      String(
        (0..<Int.random(in: 2...4, using: &random)).map { _ in
          "张王李赵刘陈杨黄周吴".randomElement(using: &random)!
        })
    }
    let cyrillic = (0..<500).map { _ in
      String(
        (0..<Int.random(in: 3...8, using: &random)).map { _ in
          "абвгдежзик".randomElement(using: &random)!
        })
    }
    let keys = TrigramIndexTests.catalog(latin + han + cyrillic).defaultKeys
    let sets = KeyByteSets(keys: keys)
    #expect(keys.count == 10_000)
    #expect(sets.groupCount == 3)
    // Four words a group of 4,096 keys, the last group partial.
    #expect(sets.words.count == 12 && KeyByteSets.wordCount(keyCount: 10_000) == 12)
    #expect(KeyByteSets.wordCount(keyCount: 0) == 0 && KeyByteSets.wordCount(keyCount: 1) == 4)
    #expect(KeyByteSets.wordCount(keyCount: 4_096) == 4)
    #expect(KeyByteSets.wordCount(keyCount: 4_097) == 8)
    for group in 0..<sets.groupCount {
      let range = group * 4_096..<min((group + 1) * 4_096, keys.count)
      let expected = Self.bytes(of: range, in: keys)
      let held = (0...255).filter { sets.mayHold(group: group, KeyByteSets.set(of: [UInt8($0)])) }
      #expect(Set(held.map(UInt8.init)) == expected, "group \(group)")
    }
    // Group 2 (keys 8,192 on) is Han and Cyrillic only: no ASCII letter, no space.
    #expect(!sets.mayHold(group: 2, KeyByteSets.set(of: Array("k".utf8))))
    #expect(sets.mayHold(group: 0, KeyByteSets.set(of: Array("ka".utf8))))
    // A term holds only if every byte is there; past the sets, every group may hold it.
    #expect(!sets.mayHold(group: 0, KeyByteSets.set(of: [0x6B, 0x00])))
    #expect(sets.mayHold(group: 3, KeyByteSets.set(of: [0x00])))
  }

  @Test("a set of a term is its bytes' bits: byte b is bit b % 64 of word b / 64")
  func termSets() {
    // Worked out by hand: "a" 0x61 (97) = word 1 bit 33; "张" E5 BC A0 (229 188 160) =
    // word 3 bit 37, word 2 bits 60 and 32.
    #expect(KeyByteSets.set(of: Array("a".utf8)) == SIMD4(0, 1 << 33, 0, 0))
    #expect(
      KeyByteSets.set(of: Array("张".utf8)) == SIMD4(0, 0, 1 << 32 | 1 << 60, 1 << 37))
    #expect(KeyByteSets.set(of: []) == SIMD4(repeating: 0))
  }
}
