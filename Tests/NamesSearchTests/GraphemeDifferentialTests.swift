import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Seeded differential test: cluster boundaries and matches against a reference built from
/// Swift `String`'s own `Character` boundaries, on random text made of scalars from every
/// Grapheme_Cluster_Break class that a rule singles out.
///
/// The Indic_Conjunct_Break linkers that Unicode 17.0.0 added (Myanmar, Khmer, …) are left
/// out: Swift 6.3 does not join conjuncts over them yet, while the boundaries here follow
/// Unicode 17.0.0 (checked line by line against its conformance file instead, see
/// `GraphemeBreakConformanceTests`).
@Suite("Differential test against Swift's Character")
struct GraphemeDifferentialTests {
  /// Sample scalars, by the class that the rules of UAX #29 see.
  static let scalars: [Unicode.Scalar] = [
    "a", "k", "É", " ",  // Other
    "\r", "\n", "\u{1}", "\u{AD}", "\u{200B}",  // CR, LF, Control
    "\u{301}", "\u{308}", "\u{FE0F}", "\u{1F3FB}", "\u{200C}",  // Extend
    "\u{200D}",  // ZWJ
    "\u{1F1E6}", "\u{1F1F0}", "\u{1F1F5}", "\u{1F1F7}",  // Regional_Indicator
    "\u{600}", "\u{110BD}",  // Prepend
    "\u{903}", "\u{93E}",  // SpacingMark
    "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",  // L, V, T, LV, LVT
    "\u{1F468}", "\u{2764}", "\u{A9}",  // Extended_Pictographic
    "\u{915}", "\u{937}", "\u{995}",  // InCB Consonant
    "\u{94D}", "\u{9CD}",  // InCB Linker
    "\u{93C}",  // InCB Extend
  ]

  static func randomText(maxLength: Int, using random: inout SeededGenerator) -> String {
    var view = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
      view.append(scalars.randomElement(using: &random)!)
    }
    return String(view)
  }

  /// The UTF-8 offsets where `text` starts a new `Character`, and its end.
  static func characterBoundaries(_ text: String) -> Set<Int> {
    var offsets: Set<Int> = [0]
    var offset = 0
    for character in text {
      offset += character.utf8.count
      offsets.insert(offset)
    }
    return offsets
  }

  /// The UTF-8 offsets where a scalar starts, and the end.
  static func scalarOffsets(_ text: String) -> [Int] {
    var offsets = [0]
    for scalar in text.unicodeScalars { offsets.append(offsets.last! + UTF8.width(scalar)) }
    return offsets
  }

  @Test("the boundaries of random text are Swift's Character boundaries", arguments: 0..<4)
  func boundaries(batch: UInt64) {
    var random = SeededGenerator(seed: 0x6B0D &+ batch)
    for _ in 0..<5_000 {
      let text = Self.randomText(maxLength: 12, using: &random)
      let expected = Self.characterBoundaries(text)
      let offsets = Self.scalarOffsets(text)
      let utf8 = Array(text.utf8)
      utf8.withUnsafeBytes { key in
        // Ascending with one checker, as the scanners go.
        var boundaries = ClusterBoundary()
        let ours = Set(offsets.filter { boundaries.isBoundary(in: key, at: $0) })
        #expect(ours == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        // In random order with one checker: what it remembers must never mislead it.
        var shuffled = ClusterBoundary()
        for offset in offsets.shuffled(using: &random) {
          let answer = shuffled.isBoundary(in: key, at: offset)
          #expect(answer == expected.contains(offset))
        }
        // Inside a scalar's UTF-8 is never a boundary.
        for offset in 0..<utf8.count where !offsets.contains(offset) {
          let answer = boundaries.isBoundary(in: key, at: offset)
          #expect(!answer)
        }
      }
    }
  }

  @Test("every piece of a random key finds exactly its occurrences on boundaries", arguments: 0..<4)
  func everySubstringTerm(batch: UInt64) {
    // Case- and diacritic-sensitive: the key is the NFD of the text, and every piece of it
    // folds to itself, so the term is exactly those bytes.
    let options = MatchOptions(ignoresCase: false, ignoresDiacritics: false, folding: .cd)
    let folder = TextFolder(options: options)
    var random = SeededGenerator(seed: 0x5EED &+ batch)
    for _ in 0..<150 {
      let key = folder.fold(Self.randomText(maxLength: 8, using: &random))
      let keyText = String(decoding: key, as: UTF8.self)
      let boundaries = Self.characterBoundaries(keyText)
      let offsets = Self.scalarOffsets(keyText)
      for (i, start) in offsets.enumerated() {
        for end in offsets[(i + 1)...] {
          let term = Array(key[start..<end])
          let matcher = Matcher(
            query: Query(term: String(decoding: term, as: UTF8.self), options: options))
          #expect(matcher.foldedTerm == term)
          // The reference: every byte occurrence whose two ends are Character boundaries.
          let expected = (0...(key.count - term.count)).filter {
            Array(key[$0..<$0 + term.count]) == term && boundaries.contains($0)
              && boundaries.contains($0 + term.count)
          }
          var found: [Int] = []
          key.withUnsafeBytes { bytes in
            var from = 0
            while let hit = matcher.firstMatch(in: bytes, from: from) {
              found.append(hit)
              from = hit + 1
            }
          }
          #expect(
            found == expected,
            "key \(keyText.unicodeScalars.map { String($0.value, radix: 16) }) term \(start)..<\(end)"
          )
        }
      }
    }
  }

  @Test("the scanners and the highlighter agree with the reference", arguments: 0..<2)
  func scannersAndHighlighter(batch: UInt64) {
    let options = MatchOptions(ignoresCase: false, ignoresDiacritics: false, folding: .cd)
    let folder = TextFolder(options: options)
    var random = SeededGenerator(seed: 0x5CA9 &+ batch)
    let names = (0..<800).map { _ in Self.randomText(maxLength: 6, using: &random) }
    let catalog = Catalog(sections: [Section(title: "R", names: names)])
    let keys = names.map { folder.fold($0) }
    let keyBoundaries = keys.map { Self.characterBoundaries(String(decoding: $0, as: UTF8.self)) }
    let session = SearchSession(catalog: catalog, options: options, syntax: .fixedStrings)
    for _ in 0..<50 {
      // A piece of a random name's key, on scalar boundaries.
      let key = keys.randomElement(using: &random)!
      let text = String(decoding: key, as: UTF8.self)
      let offsets = Self.scalarOffsets(text)
      guard offsets.count > 1 else { continue }
      let start = Int.random(in: 0..<(offsets.count - 1), using: &random)
      let end = Int.random(in: (start + 1)..<offsets.count, using: &random)
      let term = Array(key[offsets[start]..<offsets[end]])
      let termText = String(decoding: term, as: UTF8.self)
      let expected = keys.indices.filter { k in
        keys[k].count >= term.count
          && (0...(keys[k].count - term.count)).contains {
            keyBoundaries[k].contains($0) && keyBoundaries[k].contains($0 + term.count)
              && keys[k][$0..<$0 + term.count].elementsEqual(term)
          }
      }.map { UInt32($0) }
      let query = Query(term: termText, options: options, syntax: .fixedStrings)
      #expect(Searcher().search(query, in: catalog).matchedNames == expected)
      // Narrowed from the raw hits of the term's first scalar.
      _ = session.search(String(termText.unicodeScalars.first!))
      #expect(session.search(termText)?.matchedNames == expected)
      let highlighter = MatchHighlighter(matcher: Matcher(query: query))
      let highlightedNames = names.indices.filter {
        !highlighter.matchedRanges(in: names[$0]).isEmpty
      }.map { UInt32($0) }
      #expect(highlightedNames == expected, "term \(termText.unicodeScalars.map { $0.value })")
    }
  }
}
