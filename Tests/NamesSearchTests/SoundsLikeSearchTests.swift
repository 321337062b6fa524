import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Searching by sound (issue 13): `--sounds-like` and `~word`. The reference is the table
/// of codes PyPI's Metaphone and abydos gave every fixture word
/// (`Tests/Fixtures/phonetics/codes.tsv`), and names split into words by Foundation: a
/// name sounds like a word when one of its words shares a code of the table with it.
@Suite("Sounds-like search")
struct SoundsLikeSearchTests {
  static func names(_ catalog: Catalog, _ query: Query) -> [String] {
    let result = Searcher().search(query, in: catalog)
    return result.matchedNames.map { catalog.names[Int($0)] }
  }

  static let small = Catalog(sections: [
    Section(
      title: "A", names: ["Anna Shvarts", "Ann Smith", "Ali Muhammad", "Amy Kathryn Lee"]),
    Section(title: "C", names: ["Catherine Zeta", "Carl Jones"]),
    Section(title: "J", names: ["John", "Jon", "Jane", "Jean-Paul Katherine"]),
    Section(title: "K", names: ["Kathryn Bigelow", "Katherine Hepburn", "Karl", "Kate"]),
    Section(title: "Z", names: ["Zeta Catherine"]),
  ])

  @Test("the issue's examples: katherine, jon, mohammed, schwarz")
  func examples() {
    func alike(_ term: String) -> [String] {
      Self.names(Self.small, Query(term: term, soundsLike: true))
    }
    let katherine = alike("katherine")
    for name in [
      "Catherine Zeta", "Zeta Catherine", "Kathryn Bigelow", "Katherine Hepburn",
      "Amy Kathryn Lee", "Jean-Paul Katherine",
    ] {
      #expect(katherine.contains(name), "\(name)")
    }
    #expect(!katherine.contains("Kate") && !katherine.contains("Karl"))
    #expect(alike("jon").contains("John"))
    #expect(alike("mohammed") == ["Ali Muhammad"])
    #expect(alike("schwarz") == ["Anna Shvarts"])
    // Without the option, only letters: nothing sounds alike.
    #expect(Self.names(Self.small, Query(term: "schwarz")).isEmpty)
  }

  @Test("~word asks for one word what --sounds-like asks for all")
  func operatorForOneWord() {
    #expect(
      Self.names(Self.small, Query(term: "~katherine"))
        == Self.names(Self.small, Query(term: "katherine", soundsLike: true)))
    // Only the marked word: "hepburn" stays exact.
    #expect(Self.names(Self.small, Query(term: "~kathryn hepburn")) == ["Katherine Hepburn"])
    #expect(Self.names(Self.small, Query(term: "kathryn hepburn")).isEmpty)
    // Anchored: the first word, the last word, the only word.
    #expect(
      Self.names(Self.small, Query(term: "^~kathryn")) == [
        "Catherine Zeta", "Kathryn Bigelow", "Katherine Hepburn",
      ])
    #expect(
      Self.names(Self.small, Query(term: "~^kathryn"))
        == Self.names(Self.small, Query(term: "^~kathryn")))
    #expect(
      Self.names(Self.small, Query(term: "~kathryn$")) == [
        "Jean-Paul Katherine", "Zeta Catherine",
      ])
    // Jane is JN too (Double Metaphone), as Jon and John are.
    #expect(Self.names(Self.small, Query(term: "^~jon$")) == ["Jon", "John", "Jane"])
    // Negated: neither the word nor what sounds like it.
    let without = Self.names(Self.small, Query(term: "!~katherine"))
    #expect(!without.contains("Catherine Zeta") && without.contains("Karl"))
  }

  @Test("exact names come first in each section, then the ones that only sound alike")
  func exactFirst() throws {
    let result = Searcher().search(Query(term: "kathryn", soundsLike: true), in: Self.small)
    let k = try #require(result.sections.first { $0.title == "K" })
    #expect(k.names == ["Kathryn Bigelow", "Katherine Hepburn"])
    let a = try #require(result.sections.first { $0.title == "A" })
    #expect(a.names == ["Amy Kathryn Lee"])
    #expect(
      Set(result.approximateNames.map { Self.small.names[Int($0)] }) == [
        "Catherine Zeta", "Katherine Hepburn", "Jean-Paul Katherine", "Zeta Catherine",
      ])
  }

  @Test("a word of fewer than 3 letters, a phrase or a hyphenated word is matched exactly")
  func onlyWholeWords() {
    #expect(
      Self.names(Self.small, Query(term: "jo", soundsLike: true))
        == Self.names(Self.small, Query(term: "jo")))
    #expect(
      Self.names(Self.small, Query(term: "\"ann smith\"", soundsLike: true)) == ["Ann Smith"])
    #expect(
      Self.names(Self.small, Query(term: "jean-paul", soundsLike: true)) == [
        "Jean-Paul Katherine"
      ])
  }

  @Test("the highlight tells exact parts from parts that sound alike")
  func highlightKinds() throws {
    let result = Searcher().search(Query(term: "~katherine zeta"), in: Self.small)
    let highlighter = MatchHighlighter(result: result)
    let position = try #require(
      result.matchedNames.firstIndex { Self.small.names[Int($0)] == "Zeta Catherine" })
    let name = "Zeta Catherine"
    var marks: [(String, MatchKind)] = []
    highlighter.forEachMatch(at: position, of: result, in: name[...]) { range, kind in
      marks.append((String(name[range]), kind))
      return true
    }
    #expect(marks.map(\.0) == ["Zeta", "Catherine"])
    #expect(marks.map(\.1) == [.exact, .soundsLike])
  }

  @Test("a session with soundsLike answers as the searcher does, typed one key at a time")
  func session() throws {
    let session = SearchSession(catalog: Self.small, soundsLike: true)
    for term in ["k", "ka", "kat", "kath", "kathr", "kathry", "kathryn", "kathryn b"] {
      let typed = try #require(session.search(term))
      let direct = Searcher().search(Query(term: term, soundsLike: true), in: Self.small)
      #expect(typed.matchedNames == direct.matchedNames, "\(term)")
      #expect(typed.approximateNames == direct.approximateNames, "\(term)")
    }
  }

  @Test("the live mode draws a part that sounds alike in a style of its own")
  func liveStyle() throws {
    var state = LiveSearchState(catalog: Self.small, rows: 12, columns: 40, debounce: 0.1)
    _ = state.handle(.insert("~kathryn"), now: 0)
    for effect in state.tick(now: 1) {
      if case .search(let sequence, let term) = effect {
        _ = state.apply(Searcher().search(Query(term: term), in: Self.small), sequence: sequence)
      }
    }
    let frame = state.frame()
    let row = try #require(
      frame.lines.firstIndex { line in
        line.contains { $0.text == "Catherine" }
      })
    let span = try #require(frame.lines[row].first { $0.text == "Catherine" })
    #expect(span.style == .soundsLikeMatch || span.style == .selectedSoundsLikeMatch)
    let exact = try #require(
      frame.lines.flatMap { $0 }.first { $0.text == "Kathryn" })
    #expect(exact.style == .match || exact.style == .selectedMatch)
  }

  @Test("a name found by sound through a further key, anchored or not")
  func furtherKeys() {
    var builder = NameStore.Builder()
    for nick in ["Katherine", "Kathryn Smith", "Bob"] { builder.append(nick) }
    let further = FurtherKeys(texts: builder.build(), owners: FrozenArray([0, 1, 2]))
    var names = NameStore.Builder()
    for name in ["Robert Brown", "Alice Green", "Carl Jones"] { names.append(name) }
    let catalog = Catalog(
      titles: ["#"], names: names.build(), sectionRanges: [0..<3], furtherKeys: further)
    func found(_ term: String) -> [String] { Self.names(catalog, Query(term: term)) }
    // Alice's nick holds "kathryn" itself: an exact match, first.
    #expect(found("~kathryn") == ["Alice Green", "Robert Brown"])
    #expect(found("^~kathryn") == ["Alice Green", "Robert Brown"])
    #expect(found("~kathryn$") == ["Robert Brown"])
    #expect(found("^~katherine$") == ["Robert Brown"])
    #expect(found("~smyth$") == ["Alice Green"])
  }

  @Test("the highlight of an anchored word by sound marks the first or last word only")
  func anchoredHighlight() throws {
    func marks(_ term: String, _ name: String) throws -> [String] {
      let catalog = Catalog(sections: [Section(title: "#", names: [name])])
      let result = Searcher().search(Query(term: term), in: catalog)
      try #require(result.total == 1, "\(term)")
      var marked: [String] = []
      MatchHighlighter(result: result).forEachMatch(at: 0, of: result, in: name[...]) {
        range, _ in
        marked.append(String(name[range]))
        return true
      }
      return marked
    }
    #expect(try marks("~kathryn", "Catherine Kathrin") == ["Catherine", "Kathrin"])
    #expect(try marks("^~kathryn", "Catherine Kathrin") == ["Catherine"])
    #expect(try marks("~kathryn$", "Catherine Kathrin") == ["Kathrin"])
    #expect(try marks("~obrian", "Mary O`Brien") == ["O`Brien"])
  }

  @Test("a name's words are the same read a byte at a time (ASCII) or folded")
  func bothPaths() throws {
    // Every fixture name, as it is and with a non-ASCII character added at its end (which
    // sends it down the folded path without changing its words).
    var names: [String] = ["Mary O`Brien", "O'Neil-Smith", "a'b`c d--e", "'Quoted' Name"]
    for file in ["en_US", "de_DE", "fr_FR", "es_ES", "pl_PL", "tr_TR", "ru_RU", "zh_CN"] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      names += text.split(separator: "\n").map(String.init)
    }
    var words = PhoneticWords()
    var checked = 0
    for name in names {
      var byBytes: [[UInt8]] = []
      var folded = name + " 张"
      folded.withUTF8 { utf8 in
        words.forEachCodableWord(in: utf8) { byBytes.append(Array($0)) }
      }
      var byCharacters: [[UInt8]] = []
      words.forEachWord(in: folded[...]) { _, letters in
        if let letters { byCharacters.append(letters) }
      }
      #expect(byBytes == byCharacters, "\(name)")
      if name.utf8.allSatisfy({ $0 < 0x80 }) {
        var ascii: [[UInt8]] = []
        var plain = name
        plain.withUTF8 { utf8 in words.forEachCodableWord(in: utf8) { ascii.append(Array($0)) } }
        #expect(ascii == byBytes, "\(name)")
        checked += 1
      }
    }
    #expect(checked > 300)
  }

  @Test("the index made in pieces (4,096 names or more) is the index of every name's words")
  func indexInPieces() throws {
    var generator = SeededGenerator(seed: 13)
    let words = Array(Self.table.keys).sorted()
    var names: [String] = []
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...3, using: &generator)
      names.append(
        (0..<count).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }
          .joined(separator: " "))
    }
    let catalog = Catalog(sections: [Section(title: "#", names: names)])
    let index = catalog.phoneticIndex
    // By brute force: every name's codes, from the table made by the reference packages.
    var expected: [String: Set<Int>] = [:]
    for (n, name) in names.enumerated() {
      for word in name.split(separator: " ") {
        for code in Self.table[String(word)]! { expected[code, default: []].insert(n) }
      }
    }
    // Each code's names, looked up by a word that has it.
    var checked = 0
    for word in words.prefix(400) where word.count >= 3 {
      var letters = word.uppercased()
      let codes = letters.withUTF8 { PhoneticCode.codes(ofLetters: $0) }
      let found = index.names(withAnyOf: codes).map(Int.init)
      #expect(found == found.sorted())
      let wanted = Self.table[word]!.reduce(into: Set<Int>()) { $0.formUnion(expected[$1] ?? []) }
      #expect(Set(found) == wanted, "\(word)")
      checked += 1
    }
    #expect(checked > 300)
    #expect(Array(index.codes) == Array(index.codes).sorted())
  }

  @Test("PhoneticWords: words as the codes read them, by hand")
  func wordsByHand() {
    #expect(PhoneticWords.letters(in: "Anne-Marie O’Brien") == ["ANNE", "MARIE", "OBRIEN"])
    #expect(PhoneticWords.letters(in: "Anne-Marie O'Brien") == ["ANNE", "MARIE", "OBRIEN"])
    #expect(PhoneticWords.letters(in: "Łukasz Ørsted-Strauß") == ["LUKASZ", "ORSTED", "STRAUSS"])
    #expect(PhoneticWords.letters(in: "张伟 Li, Иван R2D2") == ["LI", "R", "D"])
    #expect(PhoneticWords.letters(in: "  ").isEmpty)
    #expect(PhoneticWords.letters(in: "Mary O`Brien") == ["MARY", "OBRIEN"])
    #expect(PhoneticWords.letters(in: "Mary O‛Brien ʻOla") == ["MARY", "OBRIEN", "OLA"])
  }

  /// The table's codes by word: "M" and a Double Metaphone code, "D" and a
  /// Daitch–Mokotoff code.
  static let table: [String: Set<String>] = {
    var table: [String: Set<String>] = [:]
    for fields in (try? PhoneticCodeTests.rows()) ?? [] {
      var codes = Set(fields[1...2].filter { !$0.isEmpty }.map { "M" + $0 })
      codes.formUnion(fields[3].split(separator: " ").map { "D" + $0 })
      table[String(fields[0])] = codes
    }
    return table
  }()

  /// A name's words as Foundation splits and folds them: letters only, apostrophes left
  /// out, case and diacritics folded.
  static func foundationWords(_ name: String) -> [String] {
    let apostrophes = CharacterSet(
      charactersIn: "'\u{2019}\u{2018}\u{02BC}\u{02BB}\u{2032}\u{00B4}")
    let joined = name.unicodeScalars.filter { !apostrophes.contains($0) }
      .map(String.init).joined()
    return joined.components(separatedBy: CharacterSet.letters.inverted)
      .filter { !$0.isEmpty }
      .map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
  }

  @Test("every fixture name, a word of every 7th: the names the table's codes say, no more")
  func againstTheTable() throws {
    let table = Self.table
    #expect(table.count > 12_000)
    // The names whose every word the table codes (Foundation folds them to A–Z).
    var names: [String] = []
    for file in ["en_US", "de_DE", "fr_FR", "es_ES", "pl_PL", "cs_CZ", "sv_SE", "da_DK", "tr_TR"] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      names += text.split(separator: "\n").map(String.init)
    }
    names = names.filter { name in
      let words = Self.foundationWords(name)
      return !words.isEmpty && words.allSatisfy { table[$0] != nil }
    }
    #expect(names.count > 900)
    let catalog = Catalog(sections: [Section(title: "#", names: names)])
    let words = Array(Set(names.flatMap(Self.foundationWords))).sorted()
    var checked = 0
    for (k, word) in words.enumerated() where k % 7 == 0 && word.count >= 3 {
      let codes = table[word]!
      // Found by letters as `--fold all` finds them: punctuation left out ("Gude-Hahn"
      // holds "deha").
      let expected = names.filter { name in
        name.unicodeScalars.filter { !CharacterSet.punctuationCharacters.contains($0) }
          .map(String.init).joined()
          .range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil
          || Self.foundationWords(name).contains { !table[$0]!.isDisjoint(with: codes) }
      }
      let found = Self.names(catalog, Query(term: word, soundsLike: true))
      #expect(
        Set(found) == Set(expected),
        "\(word): more \(Set(found).subtracting(expected)), fewer \(Set(expected).subtracting(found))"
      )
      checked += 1
    }
    #expect(checked > 100)
  }
}
