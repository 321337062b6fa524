import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `ReadingUnitBuilder` reads a list's names word by word and remembers each word's units
/// (`WordMemo`), and `ReadingKeys` reads names of Han characters only from a table of their
/// characters; the keys must be those of every name read alone, by a builder that has read
/// nothing before it.
@Suite("Word memo")
struct WordMemoTests {
  @Test("reading keys equal those of each name read alone, with words repeated and moved")
  func sameAsEachNameAlone() throws {
    var names: [String] = []
    for locale in ["zh_CN", "zh_TW", "ja_JP", "ko_KR", "ru_RU", "el_GR", "pl_PL"] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(locale).txt"), encoding: .utf8)
      let fixture = text.split(separator: "\n").map(String.init)
      names += fixture
      // The same words again, in the other order: a family name read first is read as one
      // (单 shan), and later as any other character.
      names += fixture.map { $0.split(separator: " ").reversed().joined(separator: " ") }
    }
    // Words that repeat with a space doubled, before and after; a word of punctuation
    // first, so that the next word's first character starts the name's units.
    names += ["单 单", "单  单 ", " 单", "- 单田", "单田 - 单", "Иван Иван", "さとう サトウ さとう"]
    names += names
    let keys = ReadingKeys(names: NameStore(names))
    // Entries in name order: stored keys and names read from their text, merged.
    var entries: [Int] = []
    var r = 0
    for i in names.indices {
      while r < keys.spelledCount && Int(keys.owners[r]) < i { r += 1 }
      if r < keys.spelledCount && Int(keys.owners[r]) == i {
        entries.append(r)
      } else if !keys.hanNames.isEmpty && keys.isHanName(i) {
        entries.append(keys.spelledCount + i)
      }
    }
    #expect(entries.count == keys.count)
    var e = 0
    for (i, name) in names.enumerated() {
      var alone = ReadingUnitBuilder()
      var expected: [UInt32] = []
      var name = name
      let has = name.withUTF8 { alone.appendSpellings(of: $0, isName: true, to: &expected) }
      if has {
        #expect(e < entries.count && keys.owner(ofEntry: entries[e]) == i, "\(name)")
        guard e < entries.count else { return }
        #expect(Self.units(of: entries[e], in: keys) == expected, "\(name)")
        e += 1
      }
    }
    #expect(e == entries.count)
  }

  /// The spelling numbers of entry `r`: a stored key, or for a name of Han characters only,
  /// its characters' units from the table, the first read as a family name.
  static func units(of r: Int, in keys: ReadingKeys) -> [UInt32] {
    guard r >= keys.spelledCount else { return Array(keys.spellings[keys.key(r)]) }
    let name = keys.names[r - keys.spelledCount]
    var numbers: [UInt32] = []
    for (k, scalar) in name.unicodeScalars.enumerated() {
      let slot =
        (k == 0 ? ReadingKeys.hanSpan : 0) + Int(scalar.value - ReadingKeys.hanBase)
      let unit = Int(keys.hanUnitOf[slot]) - 1
      guard unit >= 0 else { return [] }
      let start = unit == 0 ? 0 : Int(keys.hanUnitEnds[unit - 1])
      numbers += keys.hanUnitNumbers[start..<Int(keys.hanUnitEnds[unit])]
    }
    return numbers
  }
}
