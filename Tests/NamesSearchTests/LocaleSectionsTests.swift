import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `--locale`'s library side: `SectionLocale`, `LocaleSections` and the locale title order,
/// against hand tables from issue 12 and against ICU's AlphabeticIndex and Collator as
/// PyICU reports them (`Tests/Fixtures/locale`, written by
/// `Scripts/make-alphabetic-index-reference.py`: a second, independent binding of ICU).
@Suite("Locale sections")
struct LocaleSectionsTests {
  /// The fixture lists (`Tests/Fixtures/international/<list>.txt`), each filed with the
  /// locale of its own name.
  static let lists = [
    "cs_CZ", "da_DK", "de_DE", "el_GR", "en_US", "es_ES", "fr_FR", "ja_JP", "ko_KR", "pl_PL",
    "ru_RU", "sv_SE", "tr_TR", "zh_CN", "zh_TW",
  ]

  static func locale(_ identifier: String) throws -> SectionLocale {
    try SectionLocale(identifier)
  }

  static func lines(_ relative: String) throws -> [String] {
    try String(contentsOf: TestPaths.file(relative), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// The expected sections of a list: (title, names) in order, from its buckets file.
  static func expectedSections(_ list: String) throws -> [Section] {
    var sections: [Section] = []
    for line in try lines("Tests/Fixtures/locale/\(list)-buckets.tsv") {
      let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
      if sections.last?.title == parts[0] {
        sections[sections.count - 1].names.append(parts[1])
      } else {
        sections.append(Section(title: parts[0], names: [parts[1]]))
      }
    }
    return sections
  }

  // MARK: Hand tables (issue 12)

  @Test("Swedish: A … Z, then Å Ä Ö; Ø is filed under Ö, Ü with the letters")
  func swedish() throws {
    let sv = try Self.locale("sv")
    let latin = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    #expect(sv.sectionTitles == latin + ["Å", "Ä", "Ö"])
    let maker = LocaleSections(locale: sv)
    #expect(maker.title(for: "Øberg") == "Ö")
    #expect(maker.title(for: "Åsa") == "Å")
    #expect(maker.title(for: "ärlig") == "Ä")
    #expect(maker.title(for: "1999") == "#")
    #expect(maker.title(for: "Дмитрий") == "#")
  }

  @Test("names the collation finds equal are in scalar order whatever the file's order")
  func equalNamesInScalarOrder() throws {
    // By hand: the soft hyphen (U+00AD) is ignorable at every level (DUCET), so "Eli­se"
    // ties "Elise"; "E" + U+0301 and "É" are canonically equivalent and tie; the accent is
    // a secondary difference after the plain ones. Ties in scalar order: "s" (0x73) before
    // U+00AD, "E" (0x45) before "É" (U+00C9).
    let expected = ["Elise", "Eli\u{AD}se", "E\u{301}lise", "\u{C9}lise"]
    let maker = LocaleSections(locale: try Self.locale("sv"))
    for names in [
      expected, expected.reversed(), [expected[2], expected[0], expected[3], expected[1]],
    ] {
      let sections = maker.sections(of: NameStore(Array(names)))
      #expect(sections.map(\.title) == ["E"])
      #expect(sections.first?.members.map { Array(names)[$0] } == expected)
    }
  }

  @Test("German: Ä under A, Ö under O, no letters after Z")
  func german() throws {
    let maker = LocaleSections(locale: try Self.locale("de_DE"))
    #expect(maker.locale.sectionTitles.count == 26)
    #expect(maker.title(for: "Ärger") == "A")
    #expect(maker.title(for: "Öztürk") == "O")
    #expect(maker.title(for: "Übel") == "U")
  }

  @Test("Spanish: Ñ is its own section right after N")
  func spanish() throws {
    let titles = try Self.locale("es").sectionTitles
    let n = try #require(titles.firstIndex(of: "N"))
    #expect(titles[n + 1] == "Ñ")
    #expect(titles[n + 2] == "O")
    #expect(LocaleSections(locale: try Self.locale("es")).title(for: "Ñúñez") == "Ñ")
  }

  @Test("Japanese: the kana rows; a kana name by its row, a kanji name under #")
  func japanese() throws {
    let ja = try Self.locale("ja")
    #expect(ja.sectionTitles == ["あ", "か", "さ", "た", "な", "は", "ま", "や", "ら", "わ"])
    let maker = LocaleSections(locale: ja)
    #expect(maker.title(for: "ミウラ ハルカ") == "ま")
    #expect(maker.title(for: "がっこう") == "か")
    #expect(maker.title(for: "三浦 春香") == "#")
  }

  @Test("Korean: the initial consonants ㄱ … ㅎ")
  func korean() throws {
    let ko = try Self.locale("ko")
    #expect(
      ko.sectionTitles == ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"])
    let maker = LocaleSections(locale: ko)
    #expect(maker.title(for: "강민서") == "ㄱ")
    #expect(maker.title(for: "황지민") == "ㅎ")
  }

  @Test("Russian А … Я and Greek Α … Ω")
  func cyrillicAndGreek() throws {
    let ru = try Self.locale("ru").sectionTitles
    #expect(ru.first == "А" && ru.last == "Я")
    #expect(ru.contains("Щ") && !ru.contains("A"))
    let el = try Self.locale("el").sectionTitles
    #expect(el == Array("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ").map(String.init))
    #expect(LocaleSections(locale: try Self.locale("el")).title(for: "ωμέγα") == "Ω")
  }

  @Test("Chinese: A–Z by pinyin, a name's first character by its reading as a surname")
  func chinese() throws {
    let zh = try Self.locale("zh_CN")
    let latin = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    #expect(zh.sectionTitles == latin)
    let maker = LocaleSections(locale: zh)
    #expect(maker.title(for: "王芳") == "W")
    #expect(maker.title(for: "李娜") == "L")
    #expect(maker.title(for: "张伟") == "Z")
    // Surnames read as surnames (issue 12), where ICU files by the common reading.
    for (name, title) in Self.surnameTitles {
      #expect(maker.title(for: name) == title, "\(name)")
    }
    #expect(maker.surnameBucket(of: "王") == nil)
  }

  /// Names whose first character reads otherwise as a surname, with their letter as a
  /// surname (by hand, from the issue) where ICU's common reading gives another.
  static let surnameTitles = [
    ("曾小华", "Z"), ("单田芳", "S"), ("仇英", "Q"), ("区志坚", "O"), ("朴树", "P"),
    ("查良镛", "Z"), ("缪斯", "M"), ("解缙", "X"), ("翟博", "Z"),
  ]

  @Test("sections: index order, # last, names by the locale's collation, ties in list order")
  func madeSections() throws {
    let maker = LocaleSections(locale: try Self.locale("sv"))
    let names = ["Örjan", "Anna", "Åsa", "42", "Zack", "anna", "Ärla", "Øystein", "Anna"]
    let sections = maker.sections(of: NameStore(names))
    #expect(sections.map(\.title) == ["A", "Z", "Å", "Ä", "Ö", "#"])
    // Swedish (like root) puts lower case first: "anna" < "Anna"; the two "Anna" keep order.
    #expect(sections[0].members == [5, 1, 8])
    // Ö and Ø are one letter in Swedish, the Ö before Ø at the second level.
    #expect(sections[4].members == [0, 7])
    #expect(sections[5].members == [3])
    #expect(maker.sections(of: NameStore([String]())).isEmpty)
  }

  // MARK: Against ICU through PyICU

  @Test("every fixture name is filed as ICU's AlphabeticIndex files it", arguments: lists)
  func fixtureBuckets(list: String) throws {
    let locale = try Self.locale(list)
    let catalog = try CatalogLoader.load(
      contentsOfFile: TestPaths.file("Tests/Fixtures/international/\(list).txt").path,
      options: LoadOptions(format: .text, locale: locale))
    var expected = try Self.expectedSections(list)
    if list == "zh_CN" {
      // ICU files by the common reading; a name whose first character reads otherwise as a
      // surname moves to that letter (hand table above), in the collation order there.
      let moved = Dictionary(
        uniqueKeysWithValues: Self.surnameTitles.map { ($0.0.first!, $0.1) })
      var movedNames: [(String, String)] = []
      for s in expected.indices {
        let ownTitle = expected[s].title
        expected[s].names.removeAll { name in
          guard let title = moved[name.first!], title != ownTitle else { return false }
          movedNames.append((title, name))
          return true
        }
      }
      #expect(!movedNames.isEmpty)
      let titles = Dictionary(
        catalog.sections.flatMap { section in section.names.map { ($0, section.title) } },
        uniquingKeysWith: { a, _ in a })
      for (title, name) in movedNames { #expect(titles[name] == title, "\(name)") }
      let movedSet = Set(movedNames.map(\.1))
      let kept = catalog.sections.map {
        Section(title: $0.title, names: $0.names.filter { !movedSet.contains($0) })
      }.filter { !$0.names.isEmpty }
      #expect(kept == expected.filter { !$0.names.isEmpty })
      return
    }
    #expect(catalog.sections.map(\.title) == expected.map(\.title))
    #expect(catalog.sections == expected)
  }

  @Test("Japanese readings in katakana are filed by kana row as ICU files them")
  func japaneseReadings() throws {
    let readings = try Self.lines("Tests/Fixtures/international/ja_JP_readings.tsv").dropFirst()
      .map { String($0.split(separator: "\t")[1]) }
    let maker = LocaleSections(locale: try Self.locale("ja_JP"))
    let names = NameStore(readings)
    let made = maker.sections(of: names).map {
      Section(title: $0.title, names: $0.members.map { names[$0] })
    }
    #expect(made == (try Self.expectedSections("ja_JP_readings")))
  }

  @Test(
    "titles are ordered by the locale's collation as ICU's Collator orders them", arguments: lists)
  func titleOrder(list: String) throws {
    let expected = try Self.lines("Tests/Fixtures/locale/\(list)-titles.txt")
    let locale = try Self.locale(list)
    #expect(SectionOrder.sorted(expected.reversed(), locale: locale) == expected)
    #expect(SectionOrder.sorted(expected.shuffled(), locale: locale) == expected)
  }

  // MARK: Root and errors

  @Test("no locale is the root order, unchanged")
  func rootUnchanged() throws {
    let titles = try Self.lines("Tests/Fixtures/locale/sv_SE-titles.txt")
    #expect(SectionOrder.sorted(titles, locale: nil) == SectionOrder.sorted(titles))
    let catalog = Catalog(sections: [Section(title: "Ö", names: ["Örjan"])])
    #expect(catalog.reordered(for: nil).titles == catalog.titles)
  }

  @Test("a list's own titles are reordered, never refiled")
  func reorderOnly() throws {
    let catalog = Catalog(sections: [
      Section(title: "Ö", names: ["Öberg"]), Section(title: "#", names: ["1"]),
      Section(title: "Å", names: ["Åsa"]), Section(title: "0", names: ["0"]),
      Section(title: "Z", names: ["Zack", "Anna"]), Section(title: "A", names: ["Anna"]),
    ])
    #expect(catalog.titles == ["A", "Å", "Ö", "Z", "#", "0"])
    let swedish = catalog.reordered(for: try Self.locale("sv"))
    #expect(swedish.titles == ["A", "Z", "Å", "Ö", "0", "#"])
    #expect(swedish.sections.first { $0.title == "Z" }?.names == ["Zack", "Anna"])
  }

  @Test("an unknown language is refused; an unknown region falls back as ICU does")
  func unknown() throws {
    #expect(throws: SectionLocale.Unknown.self) { try SectionLocale("xx_YY") }
    #expect(throws: SectionLocale.Unknown.self) { try SectionLocale("") }
    #expect(throws: SectionLocale.Unknown.self) { try SectionLocale("sv SE") }
    #expect(throws: SectionLocale.Unknown.self) {
      try SectionLocale(String(repeating: "a", count: 101))
    }
    let finnishSwedish = try SectionLocale("sv_FI")
    #expect(finnishSwedish.index.validLocale == "sv")
    #expect(finnishSwedish.sectionTitles == (try Self.locale("sv")).sectionTitles)
    #expect(try SectionLocale("en_US").sectionTitles.count == 26)
  }

  @Test("the locale is part of the cache identity")
  func cacheIdentity() throws {
    let sv = CacheIdentity(
      options: LoadOptions(locale: try Self.locale("sv")), companionStamp: 0)
    let de = CacheIdentity(
      options: LoadOptions(locale: try Self.locale("de")), companionStamp: 0)
    #expect(sv.optionsHash != de.optionsHash)
    #expect(sv.optionsHash != CacheIdentity.default.optionsHash)
    #expect(CacheIdentity(options: LoadOptions(), companionStamp: 0).optionsBytes.isEmpty)
  }

  @Test("a cached list filed for sv is not shown for de")
  func cacheKeepsLocales() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("locale-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = folder.appendingPathComponent("names.txt")
    // Sections Swedish makes ("Å", "Ö") are in German's order too: only the identity
    // keeps a German load from taking the Swedish index.
    try "Örjan\nÅsa\n".write(to: list, atomically: true, encoding: .utf8)
    let cache = try #require(PathName(folder.appendingPathComponent("cache").path))
    let path = try #require(PathName(list.path))
    func load(_ identifier: String) throws -> CachedCatalogLoader {
      let loaded = try CachedCatalogLoader.load(
        contentsOfFile: path, cacheDirectory: cache,
        options: LoadOptions(locale: try Self.locale(identifier)))
      _ = loaded.writeCache()
      return loaded
    }
    let first = try load("sv")
    #expect(first.catalog.titles == ["Å", "Ö"])
    let again = try load("sv")
    #expect(again.origin == .cache)
    #expect(again.catalog.titles == ["Å", "Ö"])
    let german = try load("de")
    #expect(german.origin == .list)
    #expect(german.catalog.titles == ["A", "O"])
    #expect(german.catalog.sections.map(\.names) == [["Åsa"], ["Örjan"]])
    let germanAgain = try load("de")
    #expect(germanAgain.origin == .cache)
    #expect(germanAgain.catalog.titles == ["A", "O"])
  }
}
