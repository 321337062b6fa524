import Testing

@testable import NamesSearch

/// `ReadingKeys` skips lists whose names have no byte of 0xCE or more (the letters with a
/// reading, Greek from U+0380, Cyrillic, kana, Han and Hangul, start with such a byte): `hasByte(atLeast:in:)` at every
/// position of a word and of the tail, and the keys of such a list (expected values by hand).
@Suite("Reading keys of Latin-only lists")
struct ReadingKeysShortcutTests {
  @Test("a byte at or above the threshold is found at every offset, in words and in the tail")
  func everyOffset() {
    for count in 0..<40 {
      let ascii = [UInt8](repeating: 0x61, count: count)
      #expect(!ascii.withUnsafeBufferPointer { ReadingKeys.hasByte(atLeast: 0xCE, in: $0) })
      for position in 0..<count {
        var below = ascii
        below[position] = 0xCD  // the lead byte of U+0340…U+037F: below the threshold
        #expect(!below.withUnsafeBufferPointer { ReadingKeys.hasByte(atLeast: 0xCE, in: $0) })
        var at = ascii
        at[position] = 0xCE
        #expect(at.withUnsafeBufferPointer { ReadingKeys.hasByte(atLeast: 0xCE, in: $0) })
        at[position] = 0xE5
        #expect(at.withUnsafeBufferPointer { ReadingKeys.hasByte(atLeast: 0xCE, in: $0) })
      }
    }
  }

  @Test("Latin names with accents have no reading keys; one Greek name has one")
  func keys() {
    let latin = NameStore(["Anna", "Zoë", "Łukasz", "Ærø", "Ñandú"])
    let none = ReadingKeys(names: latin)
    #expect(none.owners.isEmpty && none.spellings.isEmpty && none.hanNames.isEmpty)
    let greek = NameStore(["Anna", "Ζωή"])
    let one = ReadingKeys(names: greek)
    #expect(Array(one.owners) == [1])
  }
}
