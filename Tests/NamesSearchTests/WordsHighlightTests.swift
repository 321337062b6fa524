import Testing

@testable import NamesSearch

/// Highlighting a query of several words (issue 13): every word that is not negated is
/// marked, by its letters or else by its reading; ranges worked out by hand.
@Suite("Highlighting every word of a query")
struct WordsHighlightTests {
  /// The marked parts of the names of `names` that `term` finds, name by name.
  static func marked(_ term: String, in names: [String]) -> [[String]] {
    let catalog = Catalog(sections: [Section(title: "A", names: names)])
    let result = Searcher().search(Query(term: term), in: catalog)
    let highlighter = MatchHighlighter(result: result)
    return result.matchedNames.indices.map { position in
      let name = catalog.names[Int(result.matchedNames[position])]
      var parts: [String] = []
      highlighter.forEachMatchedRange(at: position, of: result, in: name[...]) {
        parts.append(String(name[$0]))
        return true
      }
      return parts
    }
  }

  @Test("each word where it matches, in the name's order, merged where they touch")
  func words() {
    #expect(Self.marked("smith john", in: ["John Smith"]) == [["John", "Smith"]])
    #expect(Self.marked("jo hn", in: ["John"]) == [["John"]])
    #expect(Self.marked("an | zz", in: ["Joanna"]) == [["an"]])
    // A negated word is not marked.
    #expect(Self.marked("ann !zz", in: ["Ann"]) == [["Ann"]])
    // ^word: its first place only; word$: its last.
    #expect(Self.marked("^ann nab", in: ["Ann Annabel"]) == [["Ann", "nab"]])
    #expect(Self.marked("ann$ x", in: ["Ann x Joann"]) == [["x", "ann"]])
    // Only the anchored occurrence, even where the word's matches overlap or touch.
    #expect(Self.marked("ana$ b", in: ["Banana"]) == [["B", "ana"]])
    #expect(Self.marked("^na x", in: ["Nana x"]) == [["Na", "x"]])
    #expect(Self.marked("n$ a", in: ["Ann"]) == [["A", "n"]])
    #expect(Self.marked("^obrien x", in: ["O’Brien x"]) == [["O’Brien", "x"]])
    #expect(Self.marked("^ann$ x", in: ["x", "ann"]) == [])
    // A phrase is one run.
    #expect(Self.marked("\"n s\" jo", in: ["John Smith"]) == [["Jo", "n S"]])
  }

  @Test("a name word within a word's typos is marked as approximate, the word itself exact")
  func kinds() throws {
    let catalog = Catalog(sections: [Section(title: "J", names: ["Jon Smith", "Jonh Smyth"])])
    let result = Searcher().search(Query(term: "jonh~1 smith~1"), in: catalog)
    let highlighter = MatchHighlighter(result: result)
    let marked = result.matchedNames.indices.map { position -> [String] in
      let name = catalog.names[Int(result.matchedNames[position])]
      var parts: [String] = []
      highlighter.forEachMatch(at: position, of: result, in: name[...]) { range, kind in
        parts.append((kind == .exact ? "=" : "~") + name[range])
        return true
      }
      return parts
    }
    // Both names are approximate (each lacks one word exactly): "Jon Smith" has Smith
    // exactly, Jon one typo away; "Jonh Smyth" has Jonh exactly, Smyth one typo away.
    #expect(result.matchedNames == [0, 1])
    #expect(marked == [["~Jon", "=Smith"], ["=Jonh", "~Smyth"]])
    let style = TextStyle(
      titleStart: "", titleEnd: "", matchStart: "[", matchEnd: "]", approximateStart: "{",
      approximateEnd: "}")
    var bytes: [UInt8] = []
    let output = OutputBuffer(capacity: 64) { bytes.append(contentsOf: $0) }
    try PlainTextPrinter(style: style).print(result, to: output)
    try output.flush()
    #expect(String(decoding: bytes, as: UTF8.self) == "J\n  {Jon} [Smith]\n  [Jonh] {Smyth}\n")
  }

  @Test("a word found only by its reading is marked where the reading lies")
  func readings() {
    #expect(Self.marked("zhang san", in: ["张三"]) == [["张三"]])
    #expect(Self.marked("san wei", in: ["张三伟"]) == [["三伟"]])
    #expect(Self.marked("zhang 三", in: ["张三"]) == [["张三"]])
  }
}
