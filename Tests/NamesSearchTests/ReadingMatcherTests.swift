import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The reading rule (`ReadingMatcher`), on hand-made units and on real names through
/// `Searcher` and `SearchSession`; expected values are written by hand from the rule, or
/// come from independent references (pypinyin, Unidecode, the fixtures' own romanizations,
/// Foundation's decomposition of Hangul).
@Suite("Readings")
struct ReadingMatcherTests {
  /// A matcher over a hand-made vocabulary: 0 "zhang" (abbreviable to z, zh), 1 "san"
  /// (s), 2 "" (a long vowel left out), 3 "tou".
  static let vocabulary: [ReadingVocabulary.Spelling] = [
    .init("zhang", abbreviations: [1, 2]), .init("san", abbreviations: [1]), .init(""),
    .init("tou"),
  ]

  static func matches(_ term: String, _ units: [[UInt32]]) -> Bool {
    let matcher = ReadingMatcher(
      scalars: term.unicodeScalars.map(\.value), vocabulary: vocabulary)
    var numbers: [UInt32] = []
    for unit in units {
      numbers += unit
      numbers[numbers.count - 1] |= ReadingKeys.unitEnd
    }
    return numbers.withUnsafeBufferPointer { matcher.matches($0) }
  }

  @Test(
    "syllables typed in full or by initials, from any syllable, the last unfinished",
    arguments: [
      ("zhangsan", true), ("zhang san", true), ("zs", true), ("zhangs", true), ("zsan", true),
      ("san", true), ("zhs", true), ("z", true), ("sa", true), ("zhangsa", true),
      ("zh", true), ("zhsa", true),
      ("ang", false), ("zhangsn", false), ("sz", false), ("zhangsanx", false),
      ("zhasan", false), ("an", false), ("zhang  san", false), ("zhan san", false),
    ])
  func pinyinRule(term: String, expected: Bool) {
    #expect(Self.matches(term, [[0], [1]]) == expected, "\(term)")
  }

  @Test("a unit with several spellings, an empty spelling, and a barrier")
  func spellingsAndBarriers() {
    // [san | tou] then [""]: "tou" and "san" both.
    #expect(Self.matches("tou", [[1, 3], [2]]))
    #expect(Self.matches("san", [[1, 3], [2]]))
    // A unit that may be left out: "zhangtou" over [zhang] [""] [tou].
    #expect(Self.matches("zhangtou", [[0], [2], [3]]))
    // A barrier between: nothing reads across it.
    #expect(!Self.matches("zhangsan", [[0], [ReadingKeys.barrier], [1]]))
    #expect(Self.matches("san", [[0], [ReadingKeys.barrier], [1]]))
  }

  /// A catalog of `names` in one section.
  static func catalog(_ names: [String]) -> Catalog {
    Catalog(sections: [Section(title: "#", names: names)])
  }

  static func found(
    _ term: String, in names: [String], options: MatchOptions = .default
  ) -> [String] {
    let catalog = Self.catalog(names)
    return Searcher().search(Query(term: term, options: options), in: catalog).sections
      .flatMap(\.names)
  }

  static let names = [
    "张三", "張三", "长沙", "重庆", "厦门", "六安", "曾小华", "单田芳", "仇英", "区志坚", "朴树",
    "查良镛", "缪斯", "解缙", "吕布", "さとう ゆき", "サトウ", "김민수", "Иванов", "Σοφία",
    "Ann Lee",
  ]

  @Test(
    "the issue's examples find their names, and only those",
    arguments: [
      ("zhangsan", ["张三", "張三"]), ("zhang san", ["张三", "張三"]),
      // 长沙 reads zhang sha as well as chang sha.
      ("zs", ["张三", "張三", "长沙"]), ("zhs", ["张三", "張三", "长沙"]), ("zsan", ["张三", "張三"]),
      ("changsha", ["长沙"]), ("zhangsha", ["长沙"]), ("chongqing", ["重庆"]),
      ("zhongqing", ["重庆"]), ("xiamen", ["厦门"]), ("luan", ["六安"]), ("liuan", ["六安"]),
      ("zengxiaohua", ["曾小华"]), ("zxh", ["曾小华"]), ("shantianfang", ["单田芳"]),
      ("qiuying", ["仇英"]), ("ouzhijian", ["区志坚"]), ("piaoshu", ["朴树"]),
      ("zhaliangyong", ["查良镛"]), ("miaosi", ["缪斯"]), ("xiejin", ["解缙"]),
      ("lvbu", ["吕布"]), ("lubu", ["吕布"]),
      ("satou", ["さとう ゆき", "サトウ"]), ("sato", ["さとう ゆき", "サトウ"]),
      ("satoh", ["さとう ゆき", "サトウ"]), ("sato yuki", ["さとう ゆき"]),
      ("ㄱㅁㅅ", ["김민수"]), ("김미", ["김민수"]), ("ᄀᄆᄉ", ["김민수"]), ("김ㅁㅅ", ["김민수"]),
      ("ivanov", ["Иванов"]), ("sofia", ["Σοφία"]),
    ])
  func examples(term: String, expected: [String]) {
    #expect(Self.found(term, in: Self.names) == expected, "\(term)")
  }

  @Test("a long vowel left out or written h only continues a match")
  func longVowels() {
    let names = ["サトウ タロウ", "とうさ", "こうじ", "トウキョウ"]
    #expect(Self.found("satoh", in: names) == ["サトウ タロウ"])
    #expect(Self.found("satotaro", in: names) == ["サトウ タロウ"])
    #expect(Self.found("htaro", in: names) == [])
    #expect(Self.found("hsa", in: names) == [])
    #expect(Self.found("hji", in: names) == [])
    #expect(Self.found("h", in: names) == [])
    let catalog = Self.catalog(["トウキョウ"])
    let result = Searcher().search(Query(term: "kyou"), in: catalog)
    let highlighter = MatchHighlighter(matcher: Matcher(query: result.query))
    var shown: [String] = []
    highlighter.forEachMatchedRange(at: 0, of: result, in: catalog.names[0][...]) {
      shown.append(String(catalog.names[0][$0]))
      return true
    }
    #expect(shown == ["キョウ"])
  }

  @Test("readings do not depend on how a name is encoded")
  func encodings() {
    // Decomposed Cyrillic (Ё, Й), Hangul as conjoining jamo, polytonic Greek precomposed.
    let names = [
      "\u{415}\u{308}лкин", "Андре\u{438}\u{306}",
      "\u{1100}\u{1175}\u{11B7}\u{1106}\u{1175}\u{11AB}\u{1109}\u{116E}",
      "Ἀλέξανδρος", "Ῥόδος",
    ]
    #expect(Self.found("yolkin", in: names) == [names[0]])
    #expect(Self.found("andrey", in: names) == [names[1]])
    #expect(Self.found("ㄱㅁㅅ", in: names) == [names[2]])
    #expect(Self.found("alexandros", in: names) == [names[3]])
    #expect(Self.found("rodos", in: names) == [names[4]])
  }

  @Test("compatibility jamo in names are found by themselves")
  func compatibilityJamo() {
    let names = ["ㅋㅋㅋ", "ㅋ민", "ㅠㅠ", "ㄱㅣㅁ"]
    #expect(Self.found("ㅋ", in: names) == ["ㅋㅋㅋ", "ㅋ민"])
    #expect(Self.found("ㅠ", in: names) == ["ㅠㅠ"])
    #expect(Self.found("ㄱ", in: names) == ["ㄱㅣㅁ"])
  }

  @Test("--no-readings and --fold cd find names by their letters only")
  func readingsOff() {
    #expect(
      Self.found("zhangsan", in: Self.names, options: MatchOptions(usesReadings: false)) == [])
    #expect(Self.found("sato", in: Self.names, options: .containsCD) == [])
    #expect(Self.found("张", in: Self.names, options: .containsCD) == ["张三"])
    // A Latin name is still found by its letters, once.
    #expect(Self.found("ann", in: Self.names) == ["Ann Lee"])
  }

  @Test("the highlighted characters are those the reading matched")
  func highlight() throws {
    let catalog = Self.catalog(["李张三丰"])
    for (term, shown) in [("zs", "张三"), ("zhangsan", "张三"), ("sanf", "三丰"), ("l", "李")] {
      let result = Searcher().search(Query(term: term), in: catalog)
      #expect(result.total == 1)
      let highlighter = MatchHighlighter(matcher: Matcher(query: result.query))
      let name = catalog.names[0]
      var ranges: [String] = []
      highlighter.forEachMatchedRange(at: 0, of: result, in: name[...]) {
        ranges.append(String(name[$0]))
        return true
      }
      #expect(ranges == [shown], "\(term)")
    }
  }

  @Test("a session narrows readings as a term grows and gives what a fresh search gives")
  func session() {
    let catalog = Self.catalog(Self.names)
    let session = SearchSession(catalog: catalog)
    for term in [
      "z", "zh", "zha", "zhan", "zhang", "zhang ", "zhang s", "zhangsa", "zhangs", "c",
      "ch", "cha", "chan", "chang",
    ] {
      let live = session.search(term)!.sections.flatMap(\.names)
      #expect(live == Self.found(term, in: Self.names), "\(term)")
    }
  }

  /// The lines of a fixture of the package.
  static func lines(_ path: String) throws -> [String] {
    try String(contentsOf: TestPaths.file(path), encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }

  @Test("every Chinese fixture name is found by pypinyin's readings, in full and by initials")
  func chineseFixtures() throws {
    // pypinyin 0.55.0's readings of each character (Tests/Fixtures/readings/pypinyin-zh.tsv).
    var readings: [Character: [String]] = [:]
    for line in try Self.lines("Tests/Fixtures/readings/pypinyin-zh.tsv") where !line.hasPrefix("#")
    {
      let fields = line.split(separator: "\t").map(String.init)
      readings[Character(fields[0])] = fields[2].split(separator: ",").map(String.init)
    }
    for file in ["zh_CN", "zh_TW"] {
      let names = try Self.lines("Tests/Fixtures/international/\(file).txt")
      let catalog = Self.catalog(names)
      for name in names where name.count <= 4 {
        // Each character by its first reading, then each by its last (every reading counts).
        let first = name.map { readings[$0]?.first ?? "?" }
        let last = name.map { readings[$0]?.last ?? "?" }
        for term in [first.joined(), first.map { String($0.prefix(1)) }.joined(), last.joined()] {
          let found = Searcher().search(Query(term: term), in: catalog).sections.flatMap(\.names)
          #expect(found.contains(name), "\(name) by \(term)")
        }
      }
    }
  }

  @Test("every Korean fixture name is found by its initial consonants, typed as compatibility jamo")
  func koreanFixtures() throws {
    let names = try Self.lines("Tests/Fixtures/international/ko_KR.txt")
    let catalog = Self.catalog(names)
    // Conjoining initial (U+1100 + i) to compatibility jamo, by hand from the Unicode charts.
    let compatibility: [UInt32] = [
      0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146,
      0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]
    for name in names {
      // Foundation's canonical decomposition gives each syllable's jamo.
      let initials = name.decomposedStringWithCanonicalMapping.unicodeScalars
        .filter { (0x1100...0x1112).contains($0.value) }
        .map { Character(Unicode.Scalar(compatibility[Int($0.value - 0x1100)])!) }
      let term = String(initials)
      let found = Searcher().search(Query(term: term), in: catalog).sections.flatMap(\.names)
      #expect(found.contains(name), "\(name) by \(term)")
    }
  }

  @Test("every Russian and Greek fixture word is found by its reference romanization")
  func cyrillicAndGreekFixtures() throws {
    var words: [(String, String)] = []
    for line in try Self.lines("Tests/Fixtures/readings/romanized-ru-el.tsv")
    where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t").map(String.init)
      words.append((fields[1], fields[3]))
    }
    #expect(words.count > 300)
    let catalog = Self.catalog(Array(Set(words.map(\.0))).sorted())
    for (word, romanized) in words {
      let found = Searcher().search(Query(term: romanized), in: catalog).sections.flatMap(\.names)
      #expect(found.contains(word), "\(word) by \(romanized)")
    }
  }

  @Test("Japanese names are found by the romanization of their reading field")
  func japaneseReadingField() throws {
    let rows = try Self.lines("Tests/Fixtures/international/ja_JP_readings.tsv").dropFirst()
      .map { $0.split(separator: "\t").map(String.init) }
    var builder = NameStore.Builder()
    var texts = NameStore.Builder()
    var owners: [UInt32] = []
    for (i, row) in rows.enumerated() {
      builder.append(row[0])
      texts.append(row[1])
      owners.append(UInt32(i))
    }
    let names = builder.build()
    let catalog = Catalog(
      titles: ["#"], names: names, sectionRanges: [0..<names.count],
      furtherKeys: FurtherKeys(texts: texts.build(), owners: FrozenArray(owners)))
    // 修平 is read シュウヘイ but romanized "Shohei" (ショウヘイ) in the fixture: the
    // romanization is wrong, not the reading (KanaRomanizationTests checks "shuhei").
    for row in rows where !row[1].contains("シュウヘイ") {
      let term = row[2].lowercased()
      let found = Searcher().search(Query(term: term), in: catalog).sections.flatMap(\.names)
      #expect(found.contains(row[0]), "\(row[0]) (\(row[1])) by \(term)")
    }
  }
}
