import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Matches neither start nor end inside a user-perceived character (issue 8): regional
/// indicator pairs, emoji ZWJ sequences, Hangul jamo, Indic conjuncts; through `Matcher`,
/// the scanners (`Searcher`, a narrowing `SearchSession`) and `MatchHighlighter`, with
/// every combination of options. Expected answers are worked out by hand from UAX #29.
@Suite("Cluster boundaries")
struct ClusterBoundaryTests {
  static let allOptions: [MatchOptions] = [
    MatchOptions(ignoresCase: true, ignoresDiacritics: true),
    MatchOptions(ignoresCase: false, ignoresDiacritics: true),
    MatchOptions(ignoresCase: true, ignoresDiacritics: false),
    MatchOptions(ignoresCase: false, ignoresDiacritics: false),
  ]

  /// Names with flags: KP KR (the pair holds "PK" in its middle), AU SE (holds "US"),
  /// JP, and US.
  static let flagNames = ["Kim 🇰🇵🇰🇷", "🇦🇺🇸🇪", "🇯🇵", "🇺🇸 Sam", "Ann"]

  /// Term → the flag names it finds (by hand: regional indicators pair up from the start
  /// of their run, GB12/GB13).
  static let flagCases: [(term: String, finds: [String])] = [
    ("🇵🇰", []),
    ("🇰🇵", ["Kim 🇰🇵🇰🇷"]),
    ("🇰🇷", ["Kim 🇰🇵🇰🇷"]),
    ("🇰🇵🇰🇷", ["Kim 🇰🇵🇰🇷"]),
    ("Kim 🇰🇵", ["Kim 🇰🇵🇰🇷"]),
    ("🇺🇸", ["🇺🇸 Sam"]),
    ("🇦🇺", ["🇦🇺🇸🇪"]),
    ("🇸🇪", ["🇦🇺🇸🇪"]),
    ("🇯", []),
    ("🇵", []),
    ("🇰", []),
    ("🇯🇵", ["🇯🇵"]),
    (" ", ["Kim 🇰🇵🇰🇷", "🇺🇸 Sam"]),
  ]

  func matches(_ term: String, _ name: String, options: MatchOptions = .default) -> Bool {
    Matcher(query: Query(term: term, options: options))
      .matches(key: TextFolder(options: options).fold(name))
  }

  @Test("flags: a term never starts or ends inside a pair", arguments: 0..<4)
  func flagsThroughMatcher(option: Int) {
    let options = Self.allOptions[option]
    for (term, finds) in Self.flagCases {
      let found = Self.flagNames.filter { matches(term, $0, options: options) }
      #expect(found == finds, "term \(term) \(options)")
    }
  }

  @Test("flags: the whole-list scan and a narrowing session agree", arguments: 0..<4)
  func flagsThroughScanners(option: Int) {
    let options = Self.allOptions[option]
    let catalog = Catalog(sections: [Section(title: "F", names: Self.flagNames)])
    let session = SearchSession(catalog: catalog, options: options, syntax: .fixedStrings)
    for (term, finds) in Self.flagCases {
      let scanned = Searcher().search(
        Query(term: term, options: options, syntax: .fixedStrings), in: catalog)
      #expect(scanned.matchedNames.map { Self.flagNames[Int($0)] } == finds, "term \(term)")
      // Narrowing: the session scans only the raw hits of the term's first scalar.
      let first = String(term.unicodeScalars.first!)
      _ = session.search(first)
      let narrowed = session.search(term)
      #expect(narrowed?.matchedNames.map { Self.flagNames[Int($0)] } == finds, "term \(term)")
    }
  }

  @Test("keys back to back: no rule looks into the key before")
  func keysBackToBack() {
    // In the buffer of keys, "🇦" then "🇵🇰": counted across the keys, 🇵 would be the second
    // indicator of a run and 🇵🇰 would start inside a pair.
    let names = ["🇦", "🇵🇰", "x🇵", "🇰🇷", "क्", "षa", "👨\u{200D}", "👩"]
    let catalog = Catalog(sections: [Section(title: "K", names: names)])
    let cases: [(String, [String])] = [
      ("🇵🇰", ["🇵🇰"]), ("🇵", ["x🇵"]), ("🇰🇷", ["🇰🇷"]), ("🇦", ["🇦"]),
      ("ष", ["षa"]), ("👩", ["👩"]), ("👨", []),
    ]
    for (term, finds) in cases {
      let result = Searcher().search(Query(term: term), in: catalog)
      #expect(result.matchedNames.map { names[Int($0)] } == finds, "term \(term)")
      let session = SearchSession(catalog: catalog)
      _ = session.search(String(term.unicodeScalars.first!))
      #expect(session.search(term)?.matchedNames.map { names[Int($0)] } == finds)
    }
  }

  @Test("a match does not start inside a character either")
  func starts() {
    let exact = MatchOptions(ignoresCase: false, ignoresDiacritics: false)
    for options in Self.allOptions {
      // GB11: 👧 is joined to the 👩 before it.
      #expect(!matches("👧", "👨\u{200D}👩\u{200D}👧", options: options))
      #expect(!matches("👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧", options: options))
      #expect(matches("👨\u{200D}👩\u{200D}👧", "Dad 👨\u{200D}👩\u{200D}👧", options: options))
      #expect(matches("👧", "👨 👧", options: options))
      // GB9c: ष is the second consonant of the conjunct क्ष.
      #expect(!matches("ष", "लक्ष्मी", options: options))
      #expect(!matches("क", "लक्ष्मी", options: options))
      #expect(!matches("क्ष", "लक्ष्मी", options: options))  // ् follows: GB9
      #expect(matches("क्ष्मी", "लक्ष्मी", options: options))
      #expect(matches("ल", "लक्ष्मी", options: options))
      // GB7, GB8: the vowel and final jamo of 김 (ᄀ ᅵ ᆷ).
      #expect(!matches("\u{1175}\u{11B7}", "김민수", options: options))
      #expect(!matches("\u{11B7}", "김", options: options))
      #expect(matches("민", "김민수", options: options))
      // GB3: CR LF is one character.
      #expect(!matches("\nb", "a\r\nb", options: options))
      #expect(!matches("a\r", "a\r\nb", options: options))
      #expect(matches("\r\nb", "a\r\nb", options: options))
      // GB9b: a prepended concatenation mark belongs to what follows it.
      #expect(!matches("1", "\u{600}1", options: options))
    }
    // GB9: a combining mark is no character on its own.
    #expect(!matches("\u{301}", "Jose\u{301}", options: exact))
    #expect(matches("e\u{301}", "José", options: exact))
    #expect(!matches("\u{308}ller", "Mu\u{308}ller", options: exact))
  }

  @Test("highlighting marks the same matches")
  func highlighting() {
    func highlighted(_ term: String, _ name: String) -> [String] {
      MatchHighlighter(matcher: Matcher(query: Query(term: term)))
        .matchedRanges(in: name).map { String(name[$0]) }
    }
    #expect(highlighted("🇰🇷", "Kim 🇰🇵🇰🇷") == ["🇰🇷"])
    #expect(highlighted("🇰🇵", "Kim 🇰🇵🇰🇷") == ["🇰🇵"])
    #expect(highlighted("🇵🇰", "Kim 🇰🇵🇰🇷") == [])
    #expect(highlighted("🇺🇸", "🇦🇺🇸🇪 🇺🇸") == ["🇺🇸"])
    #expect(highlighted("🇦", "🇦🇦 🇦") == ["🇦"])
    #expect(highlighted("👧", "👨\u{200D}👩\u{200D}👧 👧") == ["👧"])
    #expect(highlighted("ष", "क्ष ष") == ["ष"])
  }

  /// `count` regional indicators A: `count / 2` flags "🇦🇦".
  static func indicators(_ count: Int) -> String {
    String(repeating: "\u{1F1E6}", count: count)
  }

  @Test(
    "a run of 50,000 regional indicators is checked in linear time",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func longRunOfIndicators() {
    // The term "🇦" occurs at all 50,000 indicators and is refused at each: at even ones it
    // ends inside a flag, at odd ones it starts inside one. Counting the run back from each
    // would take 1.25 billion steps; remembering it takes 50,000.
    let count = 50_000
    let name = Self.indicators(count)
    let key = TextFolder().fold(name)
    let single = Matcher(query: Query(term: "🇦"))
    let pair = Matcher(query: Query(term: "🇦🇦"))
    let catalog = Catalog(sections: [Section(title: "F", names: [name, "🇦🇦", "x🇦"])])
    let elapsed = ContinuousClock().measure {
      #expect(!single.matches(key: key))
      #expect(pair.matches(key: key))
      #expect(Searcher().search(Query(term: "🇦"), in: catalog).matchedNames == [2])
      #expect(Searcher().search(Query(term: "🇦🇦"), in: catalog).matchedNames == [0, 1])
      // Narrowing scans of the long key: never, and at once.
      let session = SearchSession(catalog: catalog)
      #expect(session.search("🇦")?.matchedNames == [2])
      #expect(session.search("🇦🇦🇦")?.matchedNames == [])
      #expect(session.search("🇦🇦🇦🇦")?.matchedNames == [0])
      #expect(MatchHighlighter(matcher: single).matchedRanges(in: name).isEmpty)
      #expect(MatchHighlighter(matcher: pair).matchedRanges(in: name).count == 1)
    }
    // Linear: under a second unoptimized (0.8 s measured for all of the above); counting
    // each run back took 592 s. A minute tells the two apart on a busy machine; the time
    // limit would count the wait for a thread too. (Speed itself is the benchmark's.)
    #expect(elapsed < .seconds(60), "took \(elapsed)")
  }

  @Test("an odd run: the last indicator stands alone")
  func oddRun() {
    let name = Self.indicators(7)
    #expect(matches("🇦", name))  // the seventh, unpaired
    #expect(matches("🇦🇦🇦", name))  // the third flag and the seventh
    #expect(!matches("🇦🇦🇦", "x" + Self.indicators(8)))
    let ranges = MatchHighlighter(matcher: Matcher(query: Query(term: "🇦")))
      .matchedRanges(in: name)
    #expect(ranges.map { name.distance(from: name.startIndex, to: $0.lowerBound) } == [3])
  }
}
