import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `PinyinReadings` against values computed without it: PyPI's pypinyin 0.55.0 (its own
/// data, pinyin-data; tables committed under `Tests/Fixtures/readings/` by
/// `Scripts/make-pinyin-reference.py`), and hand tables of polyphonic characters and family
/// names written from the pinyin every Chinese dictionary gives.
@Suite("Mandarin readings of Han characters")
struct PinyinReadingsTests {
  /// The syllable text of each reading of `character` (one scalar).
  static func readings(_ character: Unicode.Scalar) -> [String] {
    PinyinReadings.readings(of: character).map { PinyinReadings.syllables[Int($0)] }
  }

  /// The readings of `character` as the first character of a family name: its surname
  /// readings, or its first reading when it has none listed.
  static func surnameReadings(_ character: Unicode.Scalar) -> [String] {
    let listed = PinyinReadings.surnameReadings(of: character)
    let indices = listed.isEmpty ? Array(PinyinReadings.readings(of: character).prefix(1)) : listed
    return indices.map { PinyinReadings.syllables[Int($0)] }
  }

  /// The non-comment lines of a committed reference table, split at tabs.
  static func rows(_ relative: String) throws -> [[String]] {
    try String(contentsOf: TestPaths.file(relative), encoding: .utf8)
      .split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
  }

  @Test("Every Han character of the zh fixtures has readings, pypinyin's among them")
  func fixtureCharactersAgainstPypinyin() throws {
    let rows = try Self.rows("Tests/Fixtures/readings/pypinyin-zh.tsv")
    #expect(rows.count > 200)  // 239 distinct characters in zh_CN.txt and zh_TW.txt
    var missing: [String] = []
    var firstMissing: [String] = []
    var someMissing: [String] = []
    for row in rows {
      let scalar = try #require(row[0].unicodeScalars.first)
      let ours = Self.readings(scalar)
      let theirs = row[2].split(separator: ",").map(String.init)
      if ours.isEmpty { missing.append(row[0]) }
      let report = "\(row[0]) \(row[1]): pypinyin \(theirs), ours \(ours)"
      if let first = theirs.first, !ours.contains(first) { firstMissing.append(report) }
      if !Set(theirs).isSubset(of: ours) { someMissing.append(report) }
    }
    #expect(missing.isEmpty, "no readings: \(missing)")
    // pypinyin's first reading, its most common one, is ours for at least 99% (all 239 now).
    let first = firstMissing.joined(separator: "\n")
    #expect(
      firstMissing.count * 100 <= rows.count,
      "pypinyin's first reading missing for \(firstMissing.count) of \(rows.count):\n\(first)")
    // Every reading pypinyin knows is ours too, for at least 99% (all 239 now); kMandarin
    // alone misses some for 53 of them (仇 qiu, 家 gu, 尚 chang …).
    let some = someMissing.joined(separator: "\n")
    #expect(
      someMissing.count * 100 <= rows.count,
      "pypinyin's readings missing for \(someMissing.count) of \(rows.count):\n\(some)")
  }

  /// Polyphonic characters and ü, by hand: each must have at least these readings.
  static let handReadings: [(Unicode.Scalar, [String])] = [
    ("长", ["chang", "zhang"]), ("長", ["chang", "zhang"]), ("重", ["chong", "zhong"]),
    ("厦", ["xia", "sha"]), ("廈", ["xia", "sha"]), ("六", ["liu", "lu"]),
    ("张", ["zhang"]), ("張", ["zhang"]), ("三", ["san"]), ("沙", ["sha"]),
    ("庆", ["qing"]), ("慶", ["qing"]), ("门", ["men"]), ("門", ["men"]),
    ("吕", ["lv"]), ("呂", ["lv"]), ("女", ["nv"]), ("略", ["lve"]), ("虐", ["nve"]),
    ("绿", ["lv", "lu"]), ("居", ["ju"]), ("学", ["xue"]), ("學", ["xue"]),
    ("去", ["qu"]), ("鱼", ["yu"]), ("月", ["yue"]), ("行", ["xing", "hang"]),
    ("乐", ["le", "yue"]), ("樂", ["le", "yue"]), ("曾", ["ceng", "zeng"]),
    ("单", ["dan", "shan", "chan"]), ("仇", ["chou", "qiu"]), ("解", ["jie", "xie"]),
    ("区", ["qu", "ou"]), ("朴", ["pu", "piao"]), ("查", ["cha", "zha"]),
    ("缪", ["miu", "miao"]),
  ]

  @Test("Polyphonic characters have every reading, in both scripts")
  func handTable() {
    for (scalar, expected) in Self.handReadings {
      let ours = Self.readings(scalar)
      #expect(Set(expected).isSubset(of: ours), "\(scalar): \(ours), expected \(expected)")
      #expect(Set(ours).count == ours.count, "\(scalar): a syllable twice in \(ours)")
    }
    #expect(Self.readings("安") == ["an"])
    #expect(Self.readings("张") == ["zhang"])
    // kMandarin's reading first: the common reading of the character alone.
    #expect(Self.readings("长").first == "zhang")  // kMandarin zhǎng
    #expect(Self.readings("重").first == "zhong")
    #expect(Self.readings("行").first == "xing")
  }

  @Test("Scalars without a Mandarin reading have none")
  func noReadings() {
    for scalar: Unicode.Scalar in ["A", "z", "é", "ж", "あ", "한", "\u{3402}", "\u{10FFFF}", "😀"] {
      #expect(PinyinReadings.readings(of: scalar).isEmpty, "\(scalar.value)")
      #expect(PinyinReadings.surnameReadings(of: scalar).isEmpty, "\(scalar.value)")
    }
    // The first and a late code point of the table, by hand from Unihan_Readings.txt.
    #expect(Self.readings("\u{3400}") == ["qiu"])
    #expect(Self.readings("\u{3401}") == ["tian"])
  }

  /// The family names of issue 12, as the first character of a name: the reading as a
  /// surname must come first (`first`) or be among the surname readings (`among`, for the
  /// first character of a compound surname: 万俟 mò qí, 尉迟 yù chí, 单于 chán yú).
  static let handSurnames: [(Unicode.Scalar, String, first: Bool)] = [
    ("曾", "zeng", true), ("单", "shan", true), ("仇", "qiu", true), ("解", "xie", true),
    ("区", "ou", true), ("朴", "piao", true), ("查", "zha", true), ("缪", "miao", true),
    ("盖", "ge", true), ("乐", "yue", true), ("种", "chong", true), ("秘", "bi", true),
    ("员", "yun", true), ("覃", "qin", true), ("翟", "zhai", true), ("召", "shao", true),
    ("褚", "chu", true), ("繁", "po", true), ("句", "gou", true), ("折", "she", true),
    ("葛", "ge", true), ("任", "ren", true), ("华", "hua", true), ("燕", "yan", true),
    ("纪", "ji", true), ("长", "zhang", true), ("隗", "kui", true), ("尉", "yu", true),
    ("万", "wan", true), ("万", "mo", false), ("单", "chan", false), ("盖", "gai", false),
    // Traditional forms.
    ("區", "ou", true), ("單", "shan", true), ("繆", "miao", true), ("種", "chong", true),
    ("樂", "yue", true), ("華", "hua", true), ("紀", "ji", true), ("長", "zhang", true),
  ]

  @Test("Family names read as family names, simplified and traditional")
  func surnames() {
    for (scalar, expected, first) in Self.handSurnames {
      let surname = Self.surnameReadings(scalar)
      if first {
        #expect(surname.first == expected, "\(scalar): \(surname), expected \(expected) first")
      } else {
        #expect(surname.contains(expected), "\(scalar): \(surname), expected \(expected)")
      }
    }
    // Where the reading as a family name is the usual one, nothing is listed.
    for scalar: Unicode.Scalar in ["张", "李", "王", "安"] {
      #expect(PinyinReadings.surnameReadings(of: scalar).isEmpty, "\(scalar)")
    }
  }

  @Test("Every surname reading is a reading of its character")
  func surnameReadingsAreReadings() {
    var count = 0
    for value in UInt32(0x3400)...0x3_23AF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let surname = PinyinReadings.surnameReadings(of: scalar)
      if surname.isEmpty { continue }
      count += 1
      let all = PinyinReadings.readings(of: scalar)
      #expect(surname.allSatisfy { all.contains($0) }, "U+\(String(value, radix: 16)): \(surname)")
      #expect(surname != Array(all.prefix(1)), "U+\(String(value, radix: 16)) lists nothing new")
    }
    #expect(count >= 30)
  }

  /// pypinyin's syllables, with the two documented differences: pypinyin writes ê (欸 誒) as
  /// "ê", the table as "e"; and pypinyin's "bong" is the reading of U+31FC5 𱿅, which
  /// Unihan 15.0 gives no Mandarin reading.
  @Test("The syllables are pypinyin's: lowercase ASCII, ascending, distinct")
  func syllables() throws {
    let syllables = PinyinReadings.syllables
    #expect(syllables.count > 400 && syllables.count < 450)
    for syllable in syllables {
      #expect(
        !syllable.isEmpty && syllable.utf8.allSatisfy { (0x61...0x7A).contains($0) },
        "\(syllable)")
    }
    #expect(
      zip(syllables, syllables.dropFirst()).allSatisfy {
        Array($0.utf8).lexicographicallyPrecedes($1.utf8)
      })
    let pypinyin = Set(
      try Self.rows("Tests/Fixtures/readings/pypinyin-syllables.txt").map { $0[0] })
    #expect(pypinyin.contains("ê") && pypinyin.contains("bong"))
    let expected = pypinyin.subtracting(["ê", "bong"]).union(["e"])
    #expect(Set(syllables) == expected)
    #expect(syllables.count == expected.count)  // 424
    for (index, syllable) in syllables.enumerated() {
      #expect(PinyinReadings.index(ofSyllable: syllable) == UInt16(index))
      #expect(PinyinReadings.index(ofSyllable: syllable.uppercased()) == nil)
    }
    #expect(PinyinReadings.index(ofSyllable: "") == nil)
    #expect(PinyinReadings.index(ofSyllable: "zzz") == nil)
    #expect(PinyinReadings.index(ofSyllable: "lü") == nil)
  }

  @Test("Lookups from many threads at once agree")
  func concurrentLookups() async {
    let scalars: [Unicode.Scalar] = ["长", "張", "曾", "区", "安", "A"]
    let expected = scalars.map { Array(PinyinReadings.readings(of: $0)) }
    await withTaskGroup(of: [[UInt16]].self) { group in
      for _ in 0..<8 {
        group.addTask { scalars.map { Array(PinyinReadings.readings(of: $0)) } }
      }
      for await result in group {
        #expect(result == expected)
      }
    }
  }
}
