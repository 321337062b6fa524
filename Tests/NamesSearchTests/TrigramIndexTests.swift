import TestSupport
import Testing

@testable import NamesSearch

/// The n-gram index (`TrigramIndex`) against the linear scan it stands in for: on seeded
/// random lists and terms, its candidates hold every key that holds the term (found here by
/// a naive byte search), and checking them gives the scan's hits exactly.
@Suite("Trigram index")
struct TrigramIndexTests {
  /// Pieces of a richer alphabet than `RandomList`'s, so that most trigrams are rare and
  /// the index answers: syllables, accented and non-Latin letters.
  static let syllables = [
    "ka", "ro", "mi", "ta", "ne", "vo", "lu", "shi", "an", "ber", "gen", "dra", "ko", "pel",
    "zu", "wi", "yo", "fen", "qua", "hil", "é", "ø", "ñ", "ł", "김", "민", "が", "張", " ", "-",
  ]

  static func names(_ count: Int, seed: UInt64, from pieces: [String] = syllables) -> [String] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      (0..<Int.random(in: 1...7, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }
      .joined()
    }
  }

  static func catalog(_ names: [String]) -> Catalog {
    Catalog(sections: [Section(title: "A", names: names)])
  }

  /// The keys that hold `term` as bytes, by a naive search of each.
  static func holding(_ term: [UInt8], in keys: SearchKeys) -> [UInt32] {
    (0..<keys.count).filter { k in
      let key = Array(keys.key(k))
      guard key.count >= term.count else { return false }
      return (0...(key.count - term.count)).contains {
        key[$0..<$0 + term.count].elementsEqual(term)
      }
    }
    .map { UInt32($0) }
  }

  /// Terms cut from random keys (byte slices of 3 to 9 bytes, which may split a character)
  /// and random syllables glued together.
  static func terms(in keys: SearchKeys, count: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { i in
      if i % 3 == 2 {
        return Array(
          (0..<3).map { _ in syllables.randomElement(using: &random)! }.joined().utf8)
      }
      let key = Array(keys.key(Int.random(in: 0..<keys.count, using: &random)))
      guard key.count >= 3 else { return Array("kar".utf8) }
      let length = Int.random(in: 3...min(9, key.count), using: &random)
      let start = Int.random(in: 0...(key.count - length), using: &random)
      return Array(key[start..<start + length])
    }
  }

  @Test("the candidates hold every key that holds the term, ascending and once each")
  func candidatesCoverMatches() throws {
    let catalog = Self.catalog(Self.names(20_000, seed: 7))
    let keys = catalog.defaultKeys
    let index = try #require(TrigramIndex(keys: keys))
    var answered = 0
    for term in Self.terms(in: keys, count: 300, seed: 8) {
      let expected = Self.holding(term, in: keys)
      // `nil`: left to the scan (its rarest trigram is held by a third of the keys).
      guard let candidates = index.candidates(for: term) else { continue }
      answered += 1
      #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0 < $1 })
      #expect(Set(expected).isSubset(of: Set(candidates)), "term \(term)")
    }
    #expect(answered > 250)
  }

  @Test("checking the candidates gives the scan's hits, raw and rejected alike")
  func sameHitsAsScan() throws {
    for (seed, catalog) in [
      (UInt64(11), Self.catalog(Self.names(30_000, seed: 11))),
      (12, Catalog.random(names: 20_000, seed: 12)),
    ] {
      let keys = catalog.defaultKeys
      let index = try #require(TrigramIndex(keys: keys))
      var compared = 0
      let texts =
        (Self.syllables + RandomList.pieces).map { $0 + $0 }
        + ["kar", "berg", "김민", "e\u{301}n", "👨\u{200D}", "Straße", "zzz", "ann", "sana"]
      for text in texts {
        let query = Query(
          term: text, options: MatchOptions(usesReadings: false), syntax: .fixedStrings)
        let matcher = Matcher(query: query)
        guard let candidates = index.candidates(for: matcher.foldedTerm) else { continue }
        let byIndex = try #require(
          KeyScanner.scan(keys, for: matcher, candidates: candidates, cancellation: nil))
        let byScan = try #require(KeyScanner.scanAll(keys, for: matcher, cancellation: nil))
        #expect(byIndex.raw == byScan.raw, "seed \(seed), term \(text.debugDescription)")
        #expect(byIndex.rejected == byScan.rejected, "seed \(seed), term \(text.debugDescription)")
        compared += 1
      }
      #expect(compared > texts.count / 2)
    }
  }

  @Test("terms shorter than a trigram, and trigrams most keys hold, are left to the scan")
  func leftToScan() throws {
    let names = (0..<3_000).map { $0 % 2 == 0 ? "anna" : "hanna" }
    let index = try #require(TrigramIndex(keys: Self.catalog(names).defaultKeys))
    #expect(index.candidates(for: Array("an".utf8)) == nil)
    #expect(index.candidates(for: Array("nna".utf8)) == nil)
    #expect(index.candidates(for: Array("qqq".utf8)) == [])
  }

  @Test("gaps of several bytes: keys far apart are found")
  func longGaps() throws {
    // Key 0 and the last key hold "qxq"; the gap between them takes three LEB128 bytes.
    let count = 100_000
    var names = (0..<count).map { String($0 * 7, radix: 10) }
    names[0] = "qxq"
    names[count - 1] = "aqxqb"
    let keys = Self.catalog(names).defaultKeys
    let index = try #require(TrigramIndex(keys: keys))
    let candidates = try #require(index.candidates(for: Array("qxq".utf8)))
    #expect(candidates.contains(0) && candidates.contains(UInt32(count - 1)))
    let matcher = Matcher(
      query: Query(term: "qxq", options: MatchOptions(usesReadings: false), syntax: .fixedStrings))
    let hits = try #require(
      KeyScanner.scan(keys, for: matcher, candidates: candidates, cancellation: nil))
    #expect(hits.matched == [0, UInt32(count - 1)])
  }

  @Test("block checksums: a damaged block is found, and every later check fails")
  func blockChecksums() {
    var body = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let digests = body.withUnsafeBytes { BlockChecksums.digests(of: [$0]) }
    // 1 KiB blocks: 19 whole ones and the last 544 bytes.
    #expect(digests.count == 20)
    // Digests of the body given in parts that cut blocks are those of the whole.
    let parts = body.withUnsafeBytes { whole in
      BlockChecksums.digests(of: [
        UnsafeRawBufferPointer(rebasing: whole[..<100]),
        UnsafeRawBufferPointer(rebasing: whole[100..<100]),
        UnsafeRawBufferPointer(rebasing: whole[100..<9_000]),
        UnsafeRawBufferPointer(rebasing: whole[9_000...]),
      ])
    }
    #expect(parts == digests)
    body[5_000] ^= 0x10  // block 4 (5,000 / 1,024)
    let region = StorageRegion(base: nil, byteCount: 0, kind: .heap)
    body.withUnsafeBytes { bytes in
      digests.withUnsafeBufferPointer { table in
        let checks = BlockChecksums(region: region, body: bytes, digests: table)
        #expect(checks.holds(0..<4_096) && checks.holds(8_192..<8_200))
        #expect(checks.checkedBlockCount == 5)  // blocks 0-3 and 8
        #expect(!checks.holds(4_000..<4_200))
        #expect(!checks.holds(0..<10))
        #expect(!checks.holds(19_000..<30_000))
      }
    }
  }
}
