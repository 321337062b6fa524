import Testing

@testable import NamesSearch

/// Matches that carry their key and its map back to the name: a search records the key each
/// name matched by, and the highlighter shows a match through the key's map. Expected values
/// by hand.
@Suite("KeyMatch")
struct KeyMatchTests {
  /// "王芳" with its folded text as first key and the reading "wang fang" as second;
  /// "Joseph" with one key. "wang " came from 王 (UTF-8 0..<3), "fang" from 芳 (3..<6).
  static func catalog() -> Catalog {
    var builder = NameStore.Builder()
    builder.append("王芳")
    builder.append("Joseph")
    let keys = ["王芳", "wang fang", "joseph"]
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    for key in keys {
      bytes += Array(key.utf8)
      ends.append(UInt32(bytes.count))
    }
    return Catalog(
      titles: ["J", "W"], names: builder.build(), sectionRanges: [1..<2, 0..<1],
      defaultKeys: SearchKeys(
        options: .default, bytes: FrozenArray(bytes), ends: FrozenArray(ends),
        owners: FrozenArray([0, 0, 1] as [UInt32])))
  }

  static let reading = KeyMapping.anchors([
    KeyAnchor(keyOffset: 0, nameOffset: 0), KeyAnchor(keyOffset: 5, nameOffset: 3),
    KeyAnchor(keyOffset: 9, nameOffset: 6),
  ])

  /// The parts of `text` that `term` matched in `match`'s key, as text.
  static func parts(_ match: KeyMatch, _ term: String, in text: Substring) -> [String] {
    var parts: [String] = []
    MatchHighlighter(matcher: Matcher(query: Query(term: term)))
      .forEachMatchedRange(of: match, in: text) {
        parts.append(String(text[$0]))
        return true
      }
    return parts
  }

  @Test("anchors map a key range to the name's bytes")
  func nameRange() {
    #expect(Self.reading.nameRange(ofKeyRange: 5..<9) == 3..<6)
    #expect(Self.reading.nameRange(ofKeyRange: 0..<4) == 0..<3)
    #expect(Self.reading.nameRange(ofKeyRange: 2..<4) == 0..<3)
    #expect(Self.reading.nameRange(ofKeyRange: 3..<7) == 0..<6)
    #expect(Self.reading.nameRange(ofKeyRange: 4..<5) == 0..<3)
    #expect(KeyMapping.folding.nameRange(ofKeyRange: 0..<1) == nil)
    #expect(KeyMapping.unmapped.nameRange(ofKeyRange: 0..<1) == nil)
  }

  @Test("a search records the key each name matched by, and where")
  func recordedKey() throws {
    let catalog = Self.catalog()
    let fang = Searcher().search(Query(term: "fang"), in: catalog)
    #expect(fang.matchedNames == [0])
    #expect(fang.matchedKeys == [1])
    let match = try #require(fang.match(at: 0, matcher: Matcher(query: fang.query)))
    #expect(match.name == 0 && match.key == 1 && match.keyRange == 5..<9)
    // No map is stored for a reading: the match is found, not marked.
    #expect(match.mapping == .unmapped)
    #expect(Self.parts(match, "fang", in: "王芳"[...]).isEmpty)

    // "芳" is in 王芳's first key, its folded text: the folding maps it.
    let character = Searcher().search(Query(term: "芳"), in: catalog)
    #expect(character.matchedKeys == [0])
    let folded = try #require(character.match(at: 0, matcher: Matcher(query: character.query)))
    #expect(folded.mapping == .folding && folded.keyRange == 3..<6)
    #expect(Self.parts(folded, "芳", in: "王芳"[...]) == ["芳"])

    let jose = Searcher().search(Query(term: "JOSE"), in: catalog)
    #expect(jose.matchedNames == [1] && jose.matchedKeys == [2])
    let joseph = try #require(jose.match(at: 0, matcher: Matcher(query: jose.query)))
    #expect(joseph.mapping == .folding && joseph.keyRange == 0..<4)
    #expect(Self.parts(joseph, "JOSE", in: "Joseph"[...]) == ["Jose"])
    // A reset scans no key.
    #expect(Searcher().search(Query(term: ""), in: catalog).matchedKeys.isEmpty)
  }

  @Test("a reading's own map shows what its key matched on the name")
  func readingMap() throws {
    let catalog = Self.catalog()
    let name = "王芳"
    func match(_ term: String) throws -> KeyMatch {
      let result = Searcher().search(Query(term: term, syntax: .fixedStrings), in: catalog)
      var match = try #require(result.match(at: 0, matcher: Matcher(query: result.query)))
      #expect(match.key == 1, "\(term)")
      match.mapping = Self.reading
      return match
    }
    #expect(Self.parts(try match("fang"), "fang", in: name[...]) == ["芳"])
    #expect(Self.parts(try match("wang"), "wang", in: name[...]) == ["王"])
    // "ng" at 2 (王) and 7 (芳), "a" at 1 and 6: the two touch and are merged.
    #expect(Self.parts(try match("ng"), "ng", in: name[...]) == ["王芳"])
    #expect(Self.parts(try match("a"), "a", in: name[...]) == ["王芳"])
    // "g f" spans both characters.
    #expect(Self.parts(try match("g f"), "g f", in: name[...]) == ["王芳"])
    // A row that shows only 王: ranges are clipped to it.
    let shown = name[..<name.index(after: name.startIndex)]
    #expect(Self.parts(try match("ng"), "ng", in: shown) == ["王"])
    #expect(Self.parts(try match("fang"), "fang", in: shown).isEmpty)
  }
}
