import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `ReadingUnitBuilder` reads a list's names word by word and remembers each word's units
/// (`WordMemo`); the keys must be those of every name read alone, by a builder that has
/// read nothing before it.
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
    var r = 0
    for (i, name) in names.enumerated() {
      var alone = ReadingUnitBuilder()
      var expected: [UInt32] = []
      var name = name
      let has = name.withUTF8 { alone.appendSpellings(of: $0, isName: true, to: &expected) }
      if has {
        #expect(r < keys.count && Int(keys.owners[r]) == i, "\(name)")
        guard r < keys.count else { return }
        #expect(Array(keys.spellings[keys.key(r)]) == expected, "\(name)")
        r += 1
      }
    }
    #expect(r == keys.count)
  }
}
