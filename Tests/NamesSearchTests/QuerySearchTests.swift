import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Searching with words and operators (issue 13): answers worked out by hand on small
/// lists, and a seeded differential test whose reference evaluates each query with
/// Foundation's `CONTAINS[cd]` (`range(of:options:)`, `.anchored` and `.backwards` for the
/// anchors), name by name, independently of the key scanner.
@Suite("Queries of words and operators")
struct QuerySearchTests {
  static let people = [
    "John Smith", "Smith John", "Johnny Smithers", "Anne Marie", "Anne-Marie", "Marie Anne",
    "Annemarie", "Marianne", "Jon Snow", "Joan Smith", "Ann", "O’Brien", "Ke$ha", "Yahoo!",
  ]

  static func catalog(_ names: [String]) -> Catalog {
    Catalog(sections: [Section(title: "A", names: names)])
  }

  static func found(_ term: String, in names: [String], options: MatchOptions = .default)
    -> [String]
  {
    let catalog = catalog(names)
    let result = Searcher().search(Query(term: term, options: options), in: catalog)
    return result.matchedNames.map { catalog.names[Int($0)] }
  }

  /// Query → the names of `people` it must find, in list order, worked out by hand.
  static let answers: [(String, [String])] = [
    ("smith john", ["John Smith", "Smith John", "Johnny Smithers"]),
    ("john smith", ["John Smith", "Smith John", "Johnny Smithers"]),
    ("anne marie", ["Anne Marie", "Anne-Marie", "Marie Anne", "Annemarie"]),
    ("\"anne marie\"", ["Anne Marie"]),
    ("annemarie", ["Anne-Marie", "Annemarie"]),
    ("jon | joan", ["Jon Snow", "Joan Smith"]),
    ("jon|joan smith", ["Joan Smith"]),
    ("smith !john", ["Joan Smith"]),
    ("!smith !anne !marie", ["Jon Snow", "Ann", "O’Brien", "Ke$ha", "Yahoo!"]),
    ("^smith", ["Smith John"]),
    ("smith$", ["John Smith", "Joan Smith"]),
    ("^ann$", ["Ann"]),
    ("^anne", ["Anne Marie", "Anne-Marie", "Annemarie"]),
    ("anne$", ["Marie Anne", "Marianne"]),
    ("!^anne ann", ["Marie Anne", "Marianne", "Ann"]),
    ("!smith$ smith", ["Smith John", "Johnny Smithers"]),
    ("^obrien", ["O’Brien"]),
    ("o'brien", ["O’Brien"]),
    ("ke$ha", ["Ke$ha"]),
    ("ke\\$", ["Ke$ha"]),
    ("yahoo!", ["Yahoo!"]),
    ("\\!", ["Yahoo!"]),
    ("   ", people),
    ("zzz | smith", ["John Smith", "Smith John", "Johnny Smithers", "Joan Smith"]),
    ("zzz smith", []),
    // The empty phrase: every name contains it and starts and ends with it; only an empty
    // name is it.
    ("\"\"", people),
    ("^\"\"", people),
    ("!\"\"", []),
    ("^\"\"$", []),
    ("!^\"\"$", people),
  ]

  @Test("answers worked out by hand", arguments: 0..<answers.count)
  func answer(_ index: Int) {
    let (term, expected) = Self.answers[index]
    #expect(Self.found(term, in: Self.people) == expected, "\(term.debugDescription)")
  }

  @Test("-F: the whole term as one substring, as before")
  func fixedStrings() {
    let catalog = Self.catalog(Self.people)
    let literal = Searcher().search(
      Query(term: "smith john", syntax: .fixedStrings), in: catalog)
    #expect(literal.matchedNames.map { catalog.names[Int($0)] } == ["Smith John"])
    let quoted = Self.catalog(["\"Anne\" Smith", "Anne"])
    let unclosed = Searcher().search(Query(term: "\"anne", syntax: .fixedStrings), in: quoted)
    #expect(unclosed.matchedNames == [0])
    // An empty name is the one name that ^""$ finds.
    #expect(Self.found("^\"\"$", in: ["", "a"]) == [""])
    #expect(Self.found("!^\"\"$", in: ["", "a"]) == ["a"])
    // A term that does not read as words is searched as one substring.
    let bad = Searcher().search(Query(term: "ke$ha |"), in: Self.catalog(["ke$ha |", "x"]))
    #expect(bad.matchedNames == [0])
  }

  @Test("every word is found by reading too; anchors and negation apply to readings")
  func readings() {
    let names = ["张三", "三张", "张伟", "李三", "さとう ゆき", "Иванов"]
    let cases: [(String, [String])] = [
      ("zhang san", ["张三", "三张"]),
      ("\"zhang san\"", ["张三"]),
      ("zhangsan", ["张三"]),
      ("^zhang", ["张三", "张伟"]),
      ("san$", ["张三", "李三"]),
      ("^san", ["三张"]),
      ("!zhang", ["李三", "さとう ゆき", "Иванов"]),
      ("zs | li", ["张三", "李三"]),
      ("sato yuki", ["さとう ゆき"]),
      ("^ivan", ["Иванов"]),
      ("ivan$", []),
    ]
    for (term, expected) in cases {
      #expect(Self.found(term, in: names) == expected, "\(term)")
    }
    // Without readings, only letters count.
    #expect(
      Self.found("zhang | 张", in: names, options: MatchOptions(usesReadings: false)) == [
        "张三", "三张", "张伟",
      ])
  }

  // MARK: - Differential test against Foundation

  static let pieces = [
    "an", "na", "jo", "hn", "e", "é", "ma", "ri", "s", "mi", "th", "o", "A", "J",
  ]

  static func randomName(using random: inout SeededGenerator) -> String {
    var name = ""
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      name += pieces.randomElement(using: &random)!
      if Int.random(in: 0..<4, using: &random) == 0 { name += " " }
    }
    return name
  }

  /// A word of the reference: its text and operators.
  struct ReferenceWord {
    var text: String
    var negated: Bool
    var start: Bool
    var end: Bool

    var typed: String {
      (negated ? "!" : "") + (start ? "^" : "") + text + (end ? "$" : "")
    }

    /// Foundation's answer for one name.
    func matches(_ name: String) -> Bool {
      let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
      let found: Bool
      switch (start, end) {
      case (false, false): found = name.range(of: text, options: options) != nil
      case (true, false): found = name.range(of: text, options: options.union(.anchored)) != nil
      case (false, true):
        found = name.range(of: text, options: options.union([.anchored, .backwards])) != nil
      case (true, true): found = name.compare(text, options: options) == .orderedSame
      }
      return found != negated
    }
  }

  @Test("same names as Foundation, name by name, for random queries", arguments: 0..<4)
  func agreesWithFoundation(batch: UInt64) {
    var random = SeededGenerator(seed: 0x9E37_79B9 &+ batch)
    let names = (0..<300).map { _ in Self.randomName(using: &random) }
    let catalog = Self.catalog(names)
    let session = SearchSession(catalog: catalog, options: .containsCD)
    var disagreements: [String] = []
    for _ in 0..<150 {
      var clauses: [[ReferenceWord]] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        clauses.append(
          (0..<Int.random(in: 1...2, using: &random)).map { _ in
            let text = (0..<Int.random(in: 1...2, using: &random)).map { _ in
              Self.pieces.randomElement(using: &random)!
            }.joined()
            return ReferenceWord(
              text: text, negated: Int.random(in: 0..<4, using: &random) == 0,
              start: Int.random(in: 0..<5, using: &random) == 0,
              end: Int.random(in: 0..<5, using: &random) == 0)
          })
      }
      let term = clauses.map { $0.map(\.typed).joined(separator: " | ") }.joined(separator: " ")
      let expected = names.indices.filter { i in
        clauses.allSatisfy { clause in clause.contains { $0.matches(names[i]) } }
      }.map { UInt32($0) }
      let searched = Searcher().search(Query(term: term, options: .containsCD), in: catalog)
      if searched.matchedNames != expected {
        disagreements.append("\(term): \(searched.matchedNames.count) vs \(expected.count)")
      }
      if session.search(term)?.matchedNames != expected {
        disagreements.append("session, \(term)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }
}
