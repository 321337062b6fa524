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

  /// Names of Han characters only are read through their characters' units
  /// (`ReadingKeys.hanCharacters`, numbered by `hanUnitOf`) and an automaton over classes of units
  /// (`ReadingMatcher.hanMoves`); the reference is `matches` over the same name's units made
  /// one by one (`ReadingUnitBuilder.units`), and the automaton's transitions by class and
  /// its fallback (the classes' moves followed bit by bit) must agree with both.
  @Test("Han names through the class automaton, its fallback, and units made one by one")
  func hanAutomaton() throws {
    var names: [String] = []
    for file in ["zh_CN", "zh_TW"] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      names += text.split(separator: "\n").map(String.init)
    }
    names += ["曾小华", "单田芳", "长沙", "重庆", "厦门", "六安", "张三", "張三"]
    let keys = ReadingKeys(names: NameStore(names))
    #expect(keys.hanNameCount > 100)
    var generator = SeededGenerator(seed: 12)
    var terms = [
      "zhang", "zs", "zhangsan", "zhs", "zeng", "shan", "chang", "changsha", "chongqing",
      "xiamen", "luan", "w", "wei", "li", "x", "zh", "zhangw", "ang", "q", "zhong guo",
    ]
    // Random terms of pinyin letters, some spelling nothing.
    let letters = Array("abcdeghijklmnopqrstuwxyz ")
    for _ in 0..<40 {
      let length = Int.random(in: 1...9, using: &generator)
      let term = String((0..<length).map { _ in letters.randomElement(using: &generator)! })
      terms.append(term.trimmingCharacters(in: .whitespaces))
    }
    var builder = ReadingUnitBuilder()
    var compared = 0
    var found = 0
    for term in terms where !term.isEmpty {
      let matcher = try #require(ReadingMatcher(term: term))
      let han = matcher.hanMoves(keys)
      let fallback = ReadingMatcher.HanMoves(
        classOfUnit: han.classOfUnit, classCount: han.classCount, next: [],
        classStarts: han.classStarts, classMoves: han.classMoves)
      // The transitions by class, without the rows by unit made from them.
      let byClass = ReadingMatcher.HanMoves(
        classOfUnit: han.classOfUnit, classCount: han.classCount, next: han.next,
        classStarts: han.classStarts, classMoves: han.classMoves)
      #expect(!han.next.isEmpty && !han.byUnit.isEmpty && byClass.byUnit.isEmpty, "\(term)")
      for i in 0..<names.count where keys.isHanName(i) {
        let utf8 = keys.names.utf8(of: i)
        let made = builder.units(of: utf8, isName: true)
        let units = try #require(made)
        let expected = units.numbers.withUnsafeBufferPointer { matcher.matches($0) }
        #expect(matcher.matchesHan(name: i, in: keys, han) == expected, "\(names[i]) by \(term)")
        #expect(
          matcher.matchesHan(name: i, in: keys, fallback) == expected, "\(names[i]) by \(term)")
        #expect(
          matcher.matchesHan(name: i, in: keys, byClass) == expected, "\(names[i]) by \(term)")
        compared += 1
        if expected { found += 1 }
      }
    }
    #expect(compared > 10_000 && found > 500)
  }

  /// A list large enough to be scanned in slices on every core, with stored keys (kana,
  /// Hangul, Cyrillic, mixed names) before the names of Han characters only: the slices'
  /// scan (the Han names found through their bits) must find what the scan of every entry
  /// given as a candidate finds, and that what `matches` finds in each name's units made one
  /// by one.
  @Test("the sliced scan over stored keys and Han names' bits, against every entry by hand")
  func slicedScan() throws {
    var generator = SeededGenerator(seed: 31)
    let han = Array("张王李赵曾单长重厦门六安三伟芳华小明")
    let kana = Array("さとうゆきタロウ")
    let others = ["Иван", "김민수", "Σοφία", "Ann", "张 Wei"]
    var names: [String] = []
    for _ in 0..<70_000 {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: names.append(String(kana.shuffled(using: &generator).prefix(3)))
      case 1: names.append(others.randomElement(using: &generator)!)
      default:
        let length = Int.random(in: 2...3, using: &generator)
        names.append(String((0..<length).map { _ in han.randomElement(using: &generator)! }))
      }
    }
    let keys = ReadingKeys(names: NameStore(names))
    #expect(keys.spelledCount > 10_000 && keys.hanNameCount > 20_000)
    #expect(keys.entryCount >= ReadingScanner.parallelThreshold)
    var builder = ReadingUnitBuilder()
    for term in ["zhang", "zs", "sato", "ivan", "w", "changsha", "ㄱㅁ", "sofia"] {
      let matcher = try #require(ReadingMatcher(term: term))
      let sliced = try #require(ReadingScanner.scan(keys, for: matcher, cancellation: nil))
      let every = try #require(
        ReadingScanner.scan(
          keys, for: matcher, candidates: (0..<keys.entryCount).map(UInt32.init),
          cancellation: nil))
      #expect(sliced == every, "\(term)")
      let owners = Set(sliced.map { keys.owner(ofEntry: Int($0)) })
      var expected = Set<Int>()
      for i in names.indices {
        let made = builder.units(of: keys.names.utf8(of: i), isName: true)
        guard let units = made else { continue }
        if units.numbers.withUnsafeBufferPointer({ matcher.matches($0) }) { expected.insert(i) }
      }
      #expect(owners == expected, "\(term)")
      #expect(!expected.isEmpty, "\(term)")
    }
  }

  /// A Han name's characters found from an earlier name's (`hanCharacterStart(ofName:after:)`,
  /// as the scan of candidates visits them) start where counting every name before it in
  /// its word says, for every pair of Han names in a word and from a name of another word.
  @Test("a Han name's characters found from an earlier name's start where counting says")
  func hanStartsFromEarlierName() throws {
    var generator = SeededGenerator(seed: 45)
    let han = Array("张王李赵曾单长重厦门六安三伟芳华小明")
    var names: [String] = []
    for _ in 0..<1_000 {
      if Int.random(in: 0..<4, using: &generator) == 0, let last = names.last {
        // Runs of one name, some across a word of 64 names.
        names.append(last)
      } else if Int.random(in: 0..<3, using: &generator) == 0 {
        names.append(["Ann", "김민수", "さとう", "张 Wei"].randomElement(using: &generator)!)
      } else {
        let length = Int.random(in: 1...5, using: &generator)
        names.append(String((0..<length).map { _ in han.randomElement(using: &generator)! }))
      }
    }
    let keys = ReadingKeys(names: NameStore(names))
    // The reference: each name's characters, counted name by name from the first; a name
    // written as the one before it, in its word of 64, starts where that one does (its
    // characters are not kept twice).
    var starts: [Int: Int] = [:]
    var at = 0
    var repeats = 0
    for i in names.indices where keys.isHanName(i) {
      if i % 64 != 0, let before = starts[i - 1], names[i - 1] == names[i] {
        starts[i] = before
        repeats += 1
        continue
      }
      starts[i] = at
      at += names[i].unicodeScalars.count + 1
    }
    #expect(at == keys.hanCharacters.count && starts.count > 400 && repeats > 100)
    var compared = 0
    for i in names.indices where keys.isHanName(i) {
      #expect(keys.hanCharacterStart(ofName: i, after: nil) == starts[i])
      for previous in stride(from: i - 1, through: max(0, i - 70), by: -1)
      where keys.isHanName(previous) {
        let given = (name: previous, start: starts[previous]!)
        #expect(keys.hanCharacterStart(ofName: i, after: given) == starts[i], "\(previous) \(i)")
        compared += 1
      }
    }
    #expect(compared > 10_000)
  }

  /// `IndexedQuery` scans reading keys mapped from their file beside names it has not
  /// checked: the sliced scan must find the Han names' characters from `hanWordStarts`
  /// alone (slices start at a word of 64 names), never from the names' lengths. Keys whose
  /// names all lie about their length (one byte each) must find what the true keys find;
  /// slices that started inside a word would count characters from those lengths.
  @Test("the sliced scan reads no name's length")
  func slicedScanReadsNoLength() throws {
    var generator = SeededGenerator(seed: 44)
    let han = Array("张王李赵曾单长重厦门六安三伟芳华小明")
    var names: [String] = []
    for n in 0..<90_001 {
      if n % 7 == 3 {
        names.append(["Иван", "김민수", "さとう"].randomElement(using: &generator)!)
      } else {
        let length = Int.random(in: 2...4, using: &generator)
        names.append(String((0..<length).map { _ in han.randomElement(using: &generator)! }))
      }
    }
    let keys = ReadingKeys(names: NameStore(names))
    // Scanned in slices (one slice would start at name 0 and read no length anyway).
    #expect(ThreadPool.isUsable)
    #expect(keys.entryCount >= ReadingScanner.parallelThreshold && keys.spelledCount > 10_000)
    let lying = ReadingKeys(
      names: NameStore(Array(repeating: "x", count: names.count)), owners: keys.owners,
      ends: keys.ends, spellings: keys.spellings, keyRepeats: keys.keyRepeats,
      vocabulary: keys.vocabulary, hanNames: keys.hanNames, hanRepeats: keys.hanRepeats,
      hanUnitOf: keys.hanUnitOf, hanUnitEnds: keys.hanUnitEnds,
      hanUnitNumbers: keys.hanUnitNumbers, hanCharacters: keys.hanCharacters,
      hanWordStarts: keys.hanWordStarts, keySignatures: keys.keySignatures,
      hanSignatures: keys.hanSignatures)
    var builder = ReadingUnitBuilder()
    for term in ["zhang", "zs", "wang", "xiamen", "ivan", "sato", "l"] {
      let matcher = try #require(ReadingMatcher(term: term))
      let found = try #require(ReadingScanner.scan(lying, for: matcher, cancellation: nil))
      // The reference: `matches` over each name's units made one by one.
      var expected: [Int] = []
      for i in names.indices {
        guard let units = builder.units(of: keys.names.utf8(of: i), isName: true) else {
          continue
        }
        if units.numbers.withUnsafeBufferPointer({ matcher.matches($0) }) { expected.append(i) }
      }
      let owners = found.map { keys.owner(ofEntry: Int($0)) }.sorted()
      #expect(owners == expected, "\(term): \(owners.count) found, \(expected.count) expected")
      #expect(expected.count > 100, "\(term)")
    }
  }

  /// The subset construction of `hanMoves` can meet very many states: on the Chinese
  /// fixtures, "anan…" (安 "an", abbreviable to "a"; 那 "na", abbreviable to "n") doubles
  /// them every two letters and passed 65,535 at 32 letters, where numbering a state as
  /// `UInt16` trapped (found by the break-it and review passes). Past `maximumStates` the
  /// automaton falls back to the classes' moves, and must agree with the units made one by
  /// one.
  @Test("a term whose automaton would pass its states falls back, without a trap")
  func hanAutomatonStateLimit() throws {
    var names: [String] = []
    for file in ["zh_CN", "zh_TW"] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      names += text.split(separator: "\n").map(String.init)
    }
    names += ["阿那", "那阿", "安那安那安那安那安那安那安那安那安那安那安那安那安那安那安那安那"]
    let keys = ReadingKeys(names: NameStore(names))
    var builder = ReadingUnitBuilder()
    var fellBack = false
    for length in [8, 28, 32, 40, 63] {
      let term = String(String(repeating: "an", count: 32).prefix(length))
      let matcher = try #require(ReadingMatcher(term: term))
      let han = matcher.hanMoves(keys)
      fellBack = fellBack || han.next.isEmpty
      #expect(han.next.count / max(1, han.classCount) <= ReadingMatcher.HanMoves.maximumStates)
      for i in 0..<names.count where keys.isHanName(i) {
        let made = builder.units(of: keys.names.utf8(of: i), isName: true)
        let units = try #require(made)
        let expected = units.numbers.withUnsafeBufferPointer { matcher.matches($0) }
        #expect(matcher.matchesHan(name: i, in: keys, han) == expected, "\(names[i]) by \(term)")
      }
    }
    #expect(fellBack)
    // Through the CLI's path too: a search, not a trap, finding what the units made one by
    // one spell (the names are all Han characters: nothing matches their text).
    let catalog = Catalog(sections: [Section(title: "A", names: names)])
    let term = String(repeating: "an", count: 20)
    let matcher = try #require(ReadingMatcher(term: term))
    let found = Searcher().search(Query(term: term), in: catalog)
    var expected: [String] = []
    for i in 0..<catalog.nameCount {
      let made = builder.units(of: catalog.names.utf8(of: i), isName: true)
      if let units = made, units.numbers.withUnsafeBufferPointer({ matcher.matches($0) }) {
        expected.append(catalog.names[i])
      }
    }
    #expect(found.matchedNames.map { catalog.names[Int($0)] } == expected)
  }
}
