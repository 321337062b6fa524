import Foundation
import Testing

@testable import NamesSearch

/// Made sections of names in Han, kana, Hangul, Cyrillic and Greek letters are sorted by
/// ranks of their characters (`CharacterRanks`); the order must be ICU's root collation of
/// whole names, as for any other name. The reference is the system ICU's sort keys of whole
/// names (`ucol_getSortKey`, compared as bytes), not the pairwise collation the ranks are
/// derived from. Foundation is no reference here: its own copy of ICU orders Han by newer
/// radical-stroke data (佤 U+4F64) and puts ς before σ and ァ before あ.
@Suite("Character ranks")
struct CharacterRanksTests {
  /// The characters a script's random names are drawn from, and their first characters
  /// (few, so that sections are large).
  static let alphabets: [String: (firsts: [UInt32], rest: [ClosedRange<UInt32>])] = [
    // 页 and 顂, which code point order puts the other way round, among them.
    "han": ([0x5F20, 0x738B, 0x9875, 0x9842, 0x3400], [0x3400...0x4DBF, 0x4E00...0x9FFF]),
    "cyrillic": (
      [0x0410, 0x0430, 0x0401, 0x0451, 0x0418, 0x0419],
      [0x0400...0x045F, 0x0490...0x0491, 0x20...0x20, 0x2D...0x2E]
    ),
    "greek": (
      [0x0391, 0x03B1, 0x0386, 0x03AC, 0x03A3],
      [
        0x0386...0x0386, 0x0388...0x038A, 0x038C...0x038C, 0x038E...0x03A1, 0x03A3...0x03CE,
        0x20...0x20, 0x2D...0x2E,
      ]
    ),
    // Hiragana and katakana of one sound, voiced and small kana, the long vowel mark, kanji,
    // the iteration mark 々.
    "kana": (
      [0x3042, 0x30A2, 0x304B, 0x304C, 0x30AB, 0x3041],
      [
        0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x4E00...0x4E80,
        0x3005...0x3005, 0x20...0x20, 0x2D...0x2E,
      ]
    ),
    "hangul": (
      [0xAC00, 0xAC01, 0xAE40, 0xB098],
      [0xAC00...0xAC60, 0xAC00...0xD7A3, 0x20...0x20, 0x2D...0x2E]
    ),
    // Characters the ranks do not cover, which are collated whole among the others:
    // Latin letters, an en dash, ゟ and ヿ (which expand), Hangul beside Han; and an
    // apostrophe, hyphen and full stop, which are covered.
    "uncovered": (
      [0xAC00, 0x0410, 0x3042, 0x5F20],
      [
        0x0410...0x0415, 0x61...0x63, 0x2013...0x2013, 0x27...0x27, 0x309F...0x309F,
        0x30FF...0x30FF,
        0x4E00...0x4E02,
        0xAC00...0xAC02, 0x20...0x20, 0x2D...0x2E,
      ]
    ),
  ]

  @Test(
    "names sort as the system ICU's root sort keys sort them",
    arguments: ["han", "cyrillic", "greek", "kana", "hangul", "uncovered"], 0..<3)
  func sameOrderAsICU(script: String, seed: UInt64) throws {
    var generator = SplitMix(seed: seed)
    let (firsts, rest) = Self.alphabets[script]!
    var names: [String] = []
    for _ in 0..<1_500 {
      var scalars = String.UnicodeScalarView()
      scalars.append(Unicode.Scalar(firsts[Int(generator.next() % UInt64(firsts.count))])!)
      for _ in 0..<Int(generator.next() % 5) {
        let range = rest[Int(generator.next() % UInt64(rest.count))]
        let value = range.lowerBound + UInt32(generator.next() % UInt64(range.count))
        scalars.append(Unicode.Scalar(value)!)
      }
      names.append(String(scalars))
    }
    names += ["页", "顂", "页顂", "顂页", "가나", "각", "가 나", "가힣", "각 ", "ёж", "еж", "ЕЖ"]
    let store = NameStore(names)
    let root = try ICUAlphabeticIndex("root")
    let keys = names.map { name in
      Array(name.utf8).withUnsafeBufferPointer { root.sortKey(of: $0) }
    }
    for (_, members) in FirstLetterSections().sections(of: store) {
      let expected = members.sorted { i, j in
        if keys[i] != keys[j] { return keys[i].lexicographicallyPrecedes(keys[j]) }
        return names[i].unicodeScalars.lexicographicallyPrecedes(names[j].unicodeScalars)
          || (names[i] == names[j] && i < j)
      }
      #expect(members == expected)
    }
  }

  @Test("what the ranks cover")
  func coverage() {
    func covered(_ name: String) -> Bool {
      var name = name
      return name.withUTF8 { CharacterRanks.isCovered($0) }
    }
    #expect(covered("张伟"))
    #expect(covered("佐藤 さくら"))
    #expect(covered("佐々木 健一"))
    #expect(covered("김 민수"))
    #expect(covered("Иван Петров"))
    #expect(covered("Σοφία Παπαδοπούλου"))
    #expect(!covered("김民수"))  // Hangul beside Han
    #expect(covered("Анна-Мария"))
    #expect(covered("г-жа Мина"))
    #expect(!covered("Анна–Мария"))  // an en dash
    #expect(!covered("李Lee"))
    #expect(!covered("ゟ"))
    #expect(!covered("𠀀"))  // outside the BMP
    #expect(!covered(""))
  }
}

/// A seeded generator (SplitMix64, Steele, Lea and Flood 2014) for reproducible names.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
