import Testing

@testable import NamesSearch

/// The highlighter reads names as a stream through a small window; these tests compare it
/// with hand-written answers and with a plain whole-name scan (below), with windows made
/// tiny so that matches and characters straddle every window edge.
@Suite("MatchHighlighter")
struct MatchHighlighterTests {
  /// The matched parts of `name`, as text.
  static func parts(
    _ name: String, _ term: String, _ options: MatchOptions = .default, chunk: Int = 1 << 14
  ) -> [String] {
    let highlighter = MatchHighlighter(
      matcher: Matcher(query: Query(term: term, options: options)), chunk: chunk)
    var parts: [String] = []
    highlighter.forEachMatchedRange(in: name[...]) {
      parts.append(String(name[$0]))
      return true
    }
    return parts
  }

  /// The reference: the whole name folded character by character into one key, each
  /// leftmost occurrence of the folded term accepted when it starts and ends on a boundary
  /// of the folded text's characters (Swift's `Character`), the search going on after the characters it
  /// covered, and touching ranges merged. Ranges in UTF-8 offsets.
  static func reference(_ name: String, _ term: String, _ options: MatchOptions) -> [Range<Int>] {
    let folder = TextFolder(options: options)
    let needle = folder.fold(term)
    guard !needle.isEmpty else { return [] }
    var key: [UInt8] = []
    var starts: [(offset: Int, utf8: Int)] = []
    for index in name.indices {
      starts.append((key.count, name.utf8.distance(from: name.startIndex, to: index)))
      key += folder.fold(String(name[index]))
    }
    starts.append((key.count, name.utf8.count))
    // The folded key's character boundaries, by Swift's own `Character` (UAX #29).
    let folded = String(decoding: key, as: UTF8.self)
    var boundaries = Set(
      folded.indices.map { folded.utf8.distance(from: folded.startIndex, to: $0) })
    boundaries.insert(key.count)
    var ranges: [Range<Int>] = []
    var p = 0
    var first = 0
    while p + needle.count <= key.count {
      let found =
        key[p..<(p + needle.count)].elementsEqual(needle)
        && boundaries.contains(p) && boundaries.contains(p + needle.count)
      guard found else {
        p += 1
        continue
      }
      // The last character starting at or before p, the first at or after the match's end.
      while first + 1 < starts.count && starts[first + 1].offset <= p { first += 1 }
      var last = first
      while starts[last].offset < p + needle.count { last += 1 }
      let range = starts[first].utf8..<starts[last].utf8
      if let previous = ranges.last, previous.upperBound >= range.lowerBound {
        ranges[ranges.count - 1] = previous.lowerBound..<max(previous.upperBound, range.upperBound)
      } else if !range.isEmpty {
        ranges.append(range)
      }
      p = max(p + needle.count, starts[last].offset)
    }
    return ranges
  }

  static func offsets(
    _ name: String, _ term: String, _ options: MatchOptions, chunk: Int
  ) -> [Range<Int>] {
    let highlighter = MatchHighlighter(
      matcher: Matcher(query: Query(term: term, options: options)), chunk: chunk)
    return highlighter.matchedRangesForTest(in: name).map {
      name.utf8.distance(
        from: name.startIndex, to: $0.lowerBound)..<name.utf8.distance(
          from: name.startIndex, to: $0.upperBound)
    }
  }

  @Test("hand-written answers")
  func handWritten() {
    #expect(Self.parts("María José", "jose") == ["José"])
    #expect(Self.parts("Hannah", "h") == ["H", "h"])
    #expect(Self.parts("aaaa", "aa") == ["aaaa"])  // two touching matches, one range
    #expect(Self.parts("aaa", "aa") == ["aa"])  // leftmost, not overlapping
    #expect(Self.parts("Straße", "ss") == ["ß"])
    #expect(Self.parts("Jose\u{301}", "jose") == ["Jose\u{301}"])
    let sensitive = MatchOptions(ignoresCase: true, ignoresDiacritics: false)
    #expect(Self.parts("Jose\u{301}", "jose", sensitive) == [])
    #expect(Self.parts("x\r\nann", "ann", chunk: 1) == ["ann"])
    #expect(Self.parts("Ann", "") == [])
    for chunk in [1, 2, 3] {
      // A match of "a" must not end before the mark that follows it: the scalar after
      // the window decides.
      #expect(Self.parts("xa\u{301}b", "a", sensitive, chunk: chunk) == [])
      #expect(Self.parts("xa\u{301}ba", "a", sensitive, chunk: chunk) == ["a"])
      // After CR a cluster always ends (UAX #29, GB4): a mark there is a character of its
      // own, and "\r" is matched whole.
      #expect(Self.parts("a\r\u{301}b", "\r", sensitive, chunk: chunk) == ["\r"])
      #expect(Self.parts("María José", "jose", chunk: chunk) == ["José"])
      #expect(Self.parts("Straße Strasse", "ss", chunk: chunk) == ["ß", "ss"])
    }
  }

  @Test("a stream cut into tiny windows answers as the whole-name scan does")
  func differential() {
    let pieces = [
      "a", "n", "A", "N", "x", " ", "é", "e\u{301}", "ß", "ss", "\r\n", "\r", "\n", "김",
      "기", "\u{1100}\u{1175}", "😀", "👍🏽", "\u{301}", "ﬁ", "fi", "İ", "Ω", "\u{7}",
      "\r\u{301}",
    ]
    let terms = ["an", "ann", "a", "e", "é", "ss", "s", "nn", "기", "fi", "😀", "\r", "x a", "ω"]
    let optionSets = [
      MatchOptions(), MatchOptions(ignoresCase: false, ignoresDiacritics: true),
      MatchOptions(ignoresCase: true, ignoresDiacritics: false),
      MatchOptions(ignoresCase: false, ignoresDiacritics: false),
    ]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var compared = 0
    for _ in 0..<60 {
      let name = (0..<(1 + random(60))).map { _ in pieces[random(pieces.count)] }.joined()
      for options in optionSets {
        for term in terms {
          let expected = Self.reference(name, term, options)
          for chunk in [1, 3, 16, 1 << 14] {
            let found = Self.offsets(name, term, options, chunk: chunk)
            #expect(found == expected, "\(name.debugDescription) \(term) \(options) \(chunk)")
            compared += 1
          }
        }
      }
    }
    #expect(compared == 60 * 4 * terms.count * 4)
  }

  @Test("a long ASCII name, matches across every window edge")
  func longName() {
    let name = String(repeating: "xAn", count: 5_000) + "é" + String(repeating: "nA", count: 3_000)
    for chunk in [4, 7, 1 << 14] {
      let found = Self.offsets(name, "an", .default, chunk: chunk)
      #expect(found == Self.reference(name, "an", .default))
      #expect(found.count == 5_000 + 1)  // each "An", then the run "nAnA…nA" from its first A
    }
  }

  @Test("the caller can stop early")
  func stopsEarly() {
    let highlighter = MatchHighlighter(matcher: Matcher(query: Query(term: "a")), chunk: 2)
    var seen = 0
    highlighter.forEachMatchedRange(in: "a-a-a-a-a"[...]) { _ in
      seen += 1
      return seen < 2
    }
    #expect(seen == 2)
  }
}

extension MatchHighlighter {
  /// `matchedRanges(in:)`, spelled for the tests above.
  func matchedRangesForTest(in name: String) -> [Range<String.Index>] { matchedRanges(in: name) }
}
