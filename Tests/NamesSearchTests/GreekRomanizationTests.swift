import TestSupport
import Testing

@testable import NamesSearch

/// Greek cut into romanized units (issue 12), checked against PyPI's Unidecode and ICU's
/// Any-Latin (through Foundation) over every word of the Greek name fixture (the committed
/// table) and against a hand table.
@Suite("GreekRomanization")
struct GreekRomanizationTests {
  func units(_ text: String) -> [RomanizedUnit] {
    GreekRomanization.units(of: Array(text.unicodeScalars))
  }

  @Test("every word of the Greek fixture spells its Unidecode and its ICU romanization")
  func reference() throws {
    let rows = try RomanizationReference.rows(of: "el")
    #expect(Set(rows.map(\.source)) == ["unidecode", "icu"])
    #expect(rows.count > 400)
    for row in rows {
      let units = units(row.word)
      #expect(SpellingChecker.shapeProblem(units, count: row.word.unicodeScalars.count) == nil)
      #expect(SpellingChecker.canSpell(units, row.latin), "\(row.word) \(row.source) \(row.latin)")
    }
  }

  @Test(
    "hand table: ELOT 743 and the spellings people type",
    arguments: [
      ("σοφία", ["sofia", "sophia"]), ("γιώργος", ["giorgos", "yiorgos", "yorgos"]),
      ("μπάμπης", ["bambis", "mpampis"]), ("ευάγγελος", ["evangelos", "euaggelos"]),
      ("παύλος", ["pavlos", "paulos"]), ("ντίνος", ["dinos", "ntinos"]),
      ("γιάννης", ["giannis", "yiannis", "yannis"]),
      ("χρήστος", ["christos", "hristos", "khristos"]),
      ("θεόδωρος", ["theodoros"]), ("ψυχάρης", ["psycharis", "psiharis"]),
      ("αϊδίνης", ["aidinis"]), ("ευαγγελία", ["evangelia"]), ("ουρανία", ["ourania", "urania"]),
      ("αικατερίνη", ["aikaterini", "ekaterini"]), ("ξένια", ["xenia", "ksenia"]),
      ("κυριάκος", ["kyriakos", "kiriakos"]),
    ])
  func handTable(word: String, spellings: [String]) {
    let units = units(word)
    #expect(SpellingChecker.shapeProblem(units, count: word.unicodeScalars.count) == nil)
    for spelling in spellings {
      #expect(SpellingChecker.canSpell(units, spelling), "\(word) \(spelling)")
    }
  }

  @Test(
    "what a Greek name is not",
    arguments: [
      ("σοφία", "sodia"), ("αϊδίνης", "edinis"), ("μπάμπης", "pampis"), ("γιώργος", "jorgos"),
    ])
  func negatives(word: String, spelling: String) {
    #expect(!SpellingChecker.canSpell(units(word), spelling), "\(word) \(spelling)")
  }

  @Test("units: digraphs are one unit; dialytika and a tonos on the first vowel split them")
  func unitShapes() {
    #expect(units("μπου").map(\.range) == [0..<2, 2..<4])
    #expect(units("αϊ").map(\.range) == [0..<1, 1..<2])
    #expect(units("άι").map(\.range) == [0..<1, 1..<2])
    #expect(units("αί").map(\.range) == [0..<2])
    #expect(units("σς").map(\.spellings) == [["s"], ["s"]])
    #expect(units("αbα").map(\.spellings) == [["a"], [], ["a"]])
  }

  @Test("random runs, in and out of the table, are covered in order without a crash")
  func randomRuns() {
    var random = SeededGenerator(seed: 14)
    for _ in 0..<2_000 {
      let run = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        Unicode.Scalar(UInt32.random(in: 0x0385...0x03D0, using: &random))!
      }
      let units = GreekRomanization.units(of: run)
      #expect(SpellingChecker.shapeProblem(units, count: run.count) == nil, "\(run)")
    }
  }
}
