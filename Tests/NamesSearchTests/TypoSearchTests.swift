import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Words with typos (issue 13): the tolerance by length, `word~N`, `--max-typos`, exact
/// names first in each section; answers by hand, and name by name against the distances
/// of PyPI's jellyfish (`Tests/Fixtures/typos/damerau-levenshtein.tsv`).
@Suite("Words with typos")
struct TypoSearchTests {
  static let catalog = Catalog(sections: [
    Section(title: "A", names: ["Ann", "Anna", "Nan"]),
    Section(
      title: "J", names: ["Johnson", "John", "Jonas", "Jon", "Johan", "Jonhson", "Joanna Smith"]),
    Section(title: "K", names: ["Kathryn", "Katherine", "Catherine"]),
  ])

  static func found(_ term: String, typos: TypoTolerance = TypoTolerance(byLength: true))
    -> [String]
  {
    let result = Searcher().search(Query(term: term, typos: typos), in: catalog)
    return result.matchedNames.map { catalog.names[Int($0)] }
  }

  @Test("by length: none below 4 letters, 1 from 4, 2 from 8; exact names first")
  func byLength() {
    // "ann" (3 letters) stays exact.
    #expect(Self.found("ann") == ["Ann", "Anna", "Joanna Smith"])
    // "jonh": exact in "Jonhson"; one typo from John, Jon, Johan ("jonh" → "johan": h→a
    // after a swap is 2; so not Johan), Jonas? ("jonh" → "jonas": 2) no.
    #expect(Self.found("jonh") == ["Jonhson", "John", "Jon"])
    // "jonhson" (7 letters, 1 typo): Johnson (a swap).
    #expect(Self.found("jonhson") == ["Jonhson", "Johnson"])
    // "katherine" (9 letters, 2 typos): Catherine (1), Kathryn (k-a-t-h-r-y-n vs
    // k-a-t-h-e-r-i-n-e: 3) no.
    #expect(Self.found("katherine") == ["Katherine", "Catherine"])
    // Without --typos, exact only.
    #expect(Self.found("jonh", typos: .default) == ["Jonhson"])
  }

  @Test("word~N asks for typos in one word; --max-typos caps every word")
  func explicit() {
    #expect(Self.found("ann~1", typos: .default) == ["Ann", "Anna", "Nan", "Joanna Smith"])
    #expect(
      Self.found("jonh~2 | zzz", typos: .default) == [
        "Jonhson", "John", "Jonas", "Jon", "Johan",
      ])
    #expect(Self.found("jonh", typos: TypoTolerance(byLength: true, maximum: 0)) == ["Jonhson"])
    #expect(Self.found("jonh~2", typos: TypoTolerance(maximum: 1)) == ["Jonhson", "John", "Jon"])
    // ^word~N compares a name's first word, word~N$ its last; a negated word leaves out
    // its typos too.
    #expect(Self.found("^jonh~1", typos: .default) == ["Jonhson", "John", "Jon"])
    #expect(Self.found("smiht~1$", typos: .default) == ["Joanna Smith"])
    #expect(Self.found("^smiht~1", typos: .default) == [])
    #expect(Self.found("^jon~1$", typos: .default) == ["Jon", "John"])
    #expect(
      Self.found("j !jonh~1", typos: .default) == ["Johnson", "Jonas", "Johan", "Joanna Smith"])
    // A word with typos among exact ones: the name must have both.
    #expect(Self.found("smith joana~1", typos: .default) == ["Joanna Smith"])
  }

  @Test("a word's punctuation is left out as the keys leave it; letters are characters")
  func foldedLikeKeys() {
    let catalog = Catalog(sections: [
      Section(title: "A", names: ["O’Brien", "Jean-Paul", "민주", "Anne-Marie Dupont"])
    ])
    func found(_ term: String) -> [String] {
      Searcher().search(Query(term: term, typos: TypoTolerance(byLength: true)), in: catalog)
        .matchedNames.map { catalog.names[Int($0)] }
    }
    #expect(found("o'brein~1") == ["O’Brien"])
    #expect(found("jean-pual~1") == ["Jean-Paul"])
    // 민수 is two letters (five jamo): no typos by length, so 민주 is not found.
    #expect(found("민수") == [])
    #expect(found("민수~1") == ["민주"])
    // A hyphenated name is one word once its hyphen is left out.
    #expect(found("annemarei") == ["Anne-Marie Dupont"])
  }

  @Test("the typos of each section come after its exact names, which stay in list order")
  func ranking() {
    let catalog = Catalog(sections: [
      Section(title: "J", names: ["Jon", "Jonh Doe", "John", "Jonhny"]),
      Section(title: "Z", names: ["Zed"]),
    ])
    let result = Searcher().search(Query(term: "jonh~1"), in: catalog)
    #expect(
      result.matchedNames.map { catalog.names[Int($0)] } == ["Jonh Doe", "Jonhny", "Jon", "John"])
    #expect(result.approximateNames == [0, 2])
    #expect((0..<result.total).map(result.isApproximate(at:)) == [false, false, true, true])
    #expect(result.sections.map(\.names) == [["Jonh Doe", "Jonhny", "Jon", "John"]])
  }

  @Test("words split at any white space; the filters and the slices on every core lose nothing")
  func scanner() throws {
    let spaced = Catalog(sections: [
      Section(
        title: "A", names: ["Anna\u{00A0}Smyth", "Bo\u{3000}Smith", "Bo Smithers", "Smith-Jones"])
    ])
    // Exact first ("Smith-Jones" holds "smith"), then "Smyth", one typo away.
    let result = Searcher().search(Query(term: "smith~1"), in: spaced)
    #expect(
      result.matchedNames.map { spaced.names[Int($0)] } == [
        "Bo\u{3000}Smith", "Bo Smithers", "Smith-Jones", "Anna\u{00A0}Smyth",
      ])
    // 120,000 names (past the threshold of the parallel scan), seeded: the scanner against
    // every word of every name measured one by one.
    var random = SeededGenerator(seed: 0x7E57)
    let letters = Array("aeinorst")
    let names = (0..<120_000).map { _ in
      (0..<Int.random(in: 1...3, using: &random)).map { _ in
        String(
          (0..<Int.random(in: 2...6, using: &random)).map { _ in
            letters.randomElement(using: &random)!
          })
      }.joined(separator: " ")
    }
    let catalog = Catalog(sections: [Section(title: "A", names: names)])
    let keys = catalog.keys(for: .default)
    for (word, typos) in [("satin", 1), ("rosetta", 2), ("tin", 1)] {
      let scalars = word.unicodeScalars.map(\.value)
      let expected = names.indices.filter { i in
        names[i].split(separator: " ").contains {
          DamerauLevenshtein.isWithin(typos, scalars, $0.unicodeScalars.map(\.value))
        }
      }.map { UInt32($0) }
      #expect(
        TypoScanner.names(in: keys, within: typos, of: scalars, cancellation: nil) == expected,
        "\(word)~\(typos)")
    }
  }

  @Test("the scanner's white space beyond ASCII is the standard library's, every scalar")
  func whitespace() {
    let disagree = (0x80...0x10FFFF).compactMap { Unicode.Scalar($0) }.filter {
      TypoScanner.isWhitespace($0.value) != $0.properties.isWhitespace
    }
    #expect(disagree.isEmpty, "\(disagree.prefix(5))")
  }

  @Test("each name found or not as jellyfish's distance says, for ~1 and ~2")
  func againstJellyfish() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/typos/damerau-levenshtein.tsv")
    var pairs: [String: [(String, Int)]] = [:]
    for row in try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    where !row.hasPrefix("#") {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, let distance = Int(fields[2]) else { continue }
      let (a, b) = (String(fields[0]), String(fields[1]))
      // Letters of any script whose canonical decomposition is themselves (Cyrillic,
      // Greek and Latin without marks, Han, kana without voicing marks), so that the keys
      // (case and accents kept) are the words as jellyfish measured them.
      // (Scalars compared: `==` on strings is canonical equivalence.)
      func isDecomposed(_ text: String) -> Bool {
        text.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars)
      }
      guard !a.isEmpty, !b.isEmpty, (a + b).allSatisfy(\.isLetter), isDecomposed(a),
        isDecomposed(b)
      else { continue }
      pairs[a, default: []].append((b, distance))
    }
    #expect(pairs.count > 300)
    #expect(pairs.keys.filter { !$0.allSatisfy(\.isASCII) }.count > 100)
    let exact = MatchOptions(
      ignoresCase: false, ignoresDiacritics: false, folding: .cd, usesReadings: false)
    var disagreements: [String] = []
    for (word, others) in pairs.sorted(by: { $0.key < $1.key }) {
      let names = others.map(\.0)
      let catalog = Catalog(sections: [Section(title: "A", names: names)])
      for typos in 1...2 {
        let expected = names.indices.filter { i in
          others[i].1 <= typos || names[i].contains(word)
        }.map { UInt32($0) }
        let result = Searcher().search(
          Query(term: "\(word)~\(typos)", options: exact), in: catalog)
        if result.matchedNames.sorted() != expected { disagreements.append("\(word)~\(typos)") }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }
}
