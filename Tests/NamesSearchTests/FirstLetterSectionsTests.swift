import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Made sections: titles written out by hand; the order within sections against the
/// reference, the root collation pair by pair through `SectionOrder.areInIncreasingOrder`
/// (ties by file order), on the international fixtures and on tricky sets.
@Suite("FirstLetterSections")
struct FirstLetterSectionsTests {
  @Test(
    "titles: the first letter without diacritics, uppercased, or #",
    arguments: [
      ("élise", "E"), ("Élise", "E"), ("e\u{301}lise", "E"), ("ǆemal", "D"), ("Ǆemal", "D"),
      ("ǅemal", "D"), ("ßa", "S"), ("ﬁona", "F"), ("Øystein", "Ø"), ("Łukasz", "Ł"),
      ("Ярослав", "Я"), ("Άννα", "Α"), ("がく", "か"), ("김민준", "김"), ("王伟", "王"),
      ("42", "#"), ("", "#"), (" ann", "#"), ("😀", "#"), ("\u{301}a", "#"), ("'t Hooft", "#"),
      ("ｱｲ", "ア"), ("zoë", "Z"),
    ])
  func titles(name: String, title: String) {
    #expect(FirstLetterSections().title(for: name) == title)
  }

  /// The sections the slow, obviously correct way: titles by `title(for:)`, in first
  /// appearance order, names sorted by `SectionOrder` with ties by index.
  static func reference(_ names: [String]) -> [(title: String, members: [Int])] {
    let maker = FirstLetterSections()
    var order: [String] = []
    var members: [String: [Int]] = [:]
    for (i, name) in names.enumerated() {
      let title = maker.title(for: name)
      if members[title] == nil { order.append(title) }
      members[title, default: []].append(i)
    }
    return order.map { title in
      (
        title,
        members[title]!.sorted { a, b in
          if SectionOrder.areInIncreasingOrder(names[a], names[b]) { return true }
          if SectionOrder.areInIncreasingOrder(names[b], names[a]) { return false }
          return a < b
        }
      )
    }
  }

  static func check(_ names: [String]) {
    let actual = FirstLetterSections().sections(of: NameStore(names))
    let expected = reference(names)
    #expect(actual.map(\.title) == expected.map(\.title))
    for (a, e) in zip(actual, expected) where a.members != e.members {
      Issue.record(
        "section \(e.title): \(a.members.map { names[$0] }) != \(e.members.map { names[$0] })")
    }
  }

  static let locales = [
    "cs_CZ", "da_DK", "de_DE", "el_GR", "en_US", "es_ES", "fr_FR", "ja_JP", "ko_KR", "pl_PL",
    "ru_RU", "sv_SE", "tr_TR", "zh_CN", "zh_TW",
  ]

  @Test("the international fixtures, and all of them at once", arguments: locales + ["all"])
  func international(locale: String) throws {
    let files = locale == "all" ? Self.locales : [locale]
    var names: [String] = []
    for file in files {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      names += text.split(separator: "\n").map(String.init)
    }
    Self.check(names)
    // Folded to plain ASCII letters too: the fast path's names.
    Self.check(
      names.map { $0.folding(options: .diacriticInsensitive, locale: nil) }.filter {
        $0.allSatisfy(\.isASCII)
      })
  }

  @Test("tricky sets: case, accents, digits, punctuation, spaces, ties, prefixes")
  func tricky() {
    #expect(FirstLetterSections().sections(of: NameStore([String]())).isEmpty)
    Self.check([
      "ann", "Ann", "ANN", "ann", "Änn", "änn", "anne", "an", "a", "A", "á", "à", "ä", "Anna-Lena",
      "Anna Lena", "AnnaLena", "Anna_Lena", "Anna.Lena", "Anna,Lena", "Ann2", "Ann10", "Ann1",
      "ann\u{0}", "ann\u{7}", "ann\t", "a\u{301}nn", "\u{E1}nn", "Æsa", "aesa", "Aesa",
      "#1", "#", "1", "10", "2", "!", "~x", " x", "", "\u{0}", "😀", "👍🏽", "'s", "\"q\"",
      "b", "B", "bb", "bB", "Bb", "BB", "b-b", "b b", "b'b", "b.b", "ß", "ss", "SS", "st",
      "Ǆ", "ǆ", "dž", "DŽ", "Dž", "ﬁ", "fi", "FI", "z", "Z", "zz", "ż", "ź",
    ])
  }

  @Test(
    "generated ASCII names sort as the root collation compares them pair by pair", arguments: 0..<4)
  func generated(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let alphabet = Array("aAbBzZ09 -_.,'!?@#&()[]{}/\\*+<=>|~$%^`\"e\u{E9}\t")
    var names: [String] = []
    for _ in 0..<600 {
      let first = String("aAbBeE".randomElement(using: &random)!)
      names.append(
        first
          + String(
            (0..<Int.random(in: 0...5, using: &random)).map { _ in
              alphabet.randomElement(using: &random)!
            }))
    }
    Self.check(names)
  }

  @Test("names with accents in Latin letters, as the benchmark makes them", arguments: 0..<4)
  func latin(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let onsets = ["b", "ch", "K", "L", "st", "Z", "", "Ø", "Æ", "ß", "ǆ", "Ł", "Ð", "Þ", "ı"]
    let vowels = [
      "a", "e", "ä", "é", "è", "ö", "ü", "å", "ø", "í", "ñ", "ç", "ã", "e\u{301}", "ǎ", "ạ",
    ]
    let codas = ["", "n", "r", "č", "š", "ž", "ł", "ß", "-", " ", "'"]
    var names: [String] = []
    for _ in 0..<500 {
      names.append(
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
          onsets.randomElement(using: &random)! + vowels.randomElement(using: &random)!
            + codas.randomElement(using: &random)!
        }.joined())
    }
    Self.check(names)
  }

  @Test(
    "names already in order, nearly in order and reversed; long shared prefixes",
    arguments: 0..<3)
  func presorted(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let stems = ["Annabelle Lavr", "annabelle lavr", "Annabelle Lävr", "Annabelle-Lavr", "Ann"]
    let tails = ["", "a", "è", "e\u{301}", "enko", "ènko", "Enko", "ß", "ss", "-", " ", "z", "2"]
    var names: [String] = []
    for _ in 0..<400 {
      names.append(
        stems.randomElement(using: &random)! + tails.randomElement(using: &random)!
          + tails.randomElement(using: &random)!)
    }
    // In the reference's order (ties by index) every section is already sorted.
    let inOrder = Self.reference(names).flatMap(\.members).map { names[$0] }
    Self.check(inOrder)
    // Code point order (how the benchmark's sorted file is sorted), and reversed.
    Self.check(names.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    Self.check(inOrder.reversed())
    // In order but for one pair of neighbours swapped.
    var swapped = inOrder
    let k = Int.random(in: 1..<swapped.count, using: &random)
    swapped.swapAt(k - 1, k)
    Self.check(swapped)
  }

  /// The sort decides by the first 8 bytes of a key, then the next 8, then the whole key:
  /// names that tie on 7, 8, 9, 15, 16 and 17 letters, in runs short (sorted by insertion)
  /// and long (more than 16 names), with accents, case and punctuation that tie at the
  /// primary level and are left to the whole comparison.
  @Test("names that tie on their first 8 and 16 letters, shuffled", arguments: 0..<3)
  func prefixBoundaries(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let stems = ["Abcdefg", "Abcdefgh", "Abcdefghi", "Abcdefghijklmno", "Abcdefghijklmnop"]
    let tails = ["", "a", "A", "á", "b", "ß", "ss", "-", " ", "e\u{301}", "z", "é", "aa"]
    var names: [String] = []
    for _ in 0..<(seed == 0 ? 60 : 700) {
      var name = stems.randomElement(using: &random)!
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        name += tails.randomElement(using: &random)!
      }
      names.append(name)
    }
    Self.check(names)
    Self.check(names.map { $0.lowercased() })
  }

  @Test("a larger random mix of every fixture's names, their pairs and repeats", arguments: 0..<2)
  func mixed(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var pool: [String] = []
    for file in Self.locales {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      pool += text.split(separator: "\n").map(String.init)
    }
    var names: [String] = []
    for _ in 0..<4000 {
      let first = pool.randomElement(using: &random)!
      switch Int.random(in: 0..<4, using: &random) {
      case 0: names.append(first)
      case 1: names.append(first + " " + pool.randomElement(using: &random)!)
      case 2: names.append(first.lowercased())
      default: names.append(names.randomElement(using: &random) ?? first)
      }
    }
    Self.check(names)
  }

  @Test(
    "letters with a primary weight of their own get one: ł ø ı đ ð ŋ ħ þ, as Foundation orders them"
  )
  func ownWeights() {
    let weights = RootPrimaryWeights.root
    func key(_ text: String) -> [UInt8]? {
      var key: [UInt8] = []
      return Array(text.utf8).withUnsafeBufferPointer { weights.appendKey(of: $0, to: &key) }
        ? key : nil
    }
    // The letters of Polish, Danish, Norwegian, Turkish, Icelandic, Croatian and Sami
    // names that no ASCII letter's weight stands for.
    let own = ["ł", "Ł", "ø", "Ø", "ı", "đ", "Đ", "ð", "Ð", "ŋ", "Ŋ", "ħ", "þ", "Þ"]
    for letter in own { #expect(key(letter) != nil, "\(letter) is covered") }
    // Every other letter the table covers, in strings where the letters after decide
    // unless the first letters' weights do.
    let scalars = (0x80..<0x250).compactMap(UnicodeScalar.init).map(String.init)
    let letters =
      own + ["l", "m", "o", "p", "i", "j", "d", "e", "n", "h", "z", "a", "k"]
      + scalars.filter { key($0) != nil && !own.contains($0) }.prefix(120)
    var texts: [String] = []
    for letter in letters {
      for tail in ["", "a", "z", "b\u{FE}"] { texts.append(letter + tail) }
    }
    let covered = texts.compactMap { text in key(text).map { (text, $0) } }
    Self.expectKeysOrderAsFoundation(covered)
  }

  /// Records an issue for each pair of texts whose distinct keys order them otherwise than
  /// Foundation's root collation does.
  static func expectKeysOrderAsFoundation(_ covered: [(String, [UInt8])]) {
    let locale = Locale(identifier: "")
    for (x, kx) in covered {
      for (y, ky) in covered where kx != ky {
        let expected = x.compare(y, options: [], range: nil, locale: locale)
        let actual: ComparisonResult =
          kx.lexicographicallyPrecedes(ky) ? .orderedAscending : .orderedDescending
        if actual != expected { Issue.record("\(x.debugDescription) vs \(y.debugDescription)") }
      }
    }
  }

  @Test("distinct primary keys order pairs of covered characters as Foundation does")
  func pairs() {
    let weights = RootPrimaryWeights.root
    // The controls are ignorable (UCA section 3.6): left to Foundation.
    for control in ["\u{0}", "\u{7}", "\u{1B}", "\u{7F}"] {
      var key: [UInt8] = []
      #expect(!Array(control.utf8).withUnsafeBufferPointer { weights.appendKey(of: $0, to: &key) })
    }
    func key(_ text: String) -> [UInt8]? {
      var key: [UInt8] = []
      return Array(text.utf8).withUnsafeBufferPointer { weights.appendKey(of: $0, to: &key) }
        ? key : nil
    }
    let scalars =
      ((0..<0x80).map { $0 } + Array(stride(from: 0xC0, to: 0x250, by: 3))
      + Array(stride(from: 0x1E00, to: 0x1F00, by: 7))).compactMap(UnicodeScalar.init)
    let covered = scalars.map { "a" + String($0) }.compactMap { text in key(text).map { (text, $0) }
    }
    #expect(covered.count >= 95 + 100)
    Self.expectKeysOrderAsFoundation(covered)
  }
}
