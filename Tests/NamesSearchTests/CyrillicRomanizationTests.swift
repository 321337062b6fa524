import TestSupport
import Testing

@testable import NamesSearch

/// Cyrillic cut into romanized units (issue 12), checked against PyPI's Unidecode over every
/// word of the Russian name fixture (the committed table) and against a hand table.
@Suite("CyrillicRomanization")
struct CyrillicRomanizationTests {
  func units(_ text: String) -> [RomanizedUnit] {
    CyrillicRomanization.units(of: Array(text.unicodeScalars))
  }

  @Test("every word of the Russian fixture spells its Unidecode romanization")
  func reference() throws {
    let rows = try RomanizationReference.rows(of: "ru")
    #expect(rows.count > 250)
    for row in rows {
      let units = units(row.word)
      #expect(SpellingChecker.shapeProblem(units, count: row.word.unicodeScalars.count) == nil)
      #expect(SpellingChecker.canSpell(units, row.latin), "\(row.word) \(row.latin)")
    }
  }

  @Test(
    "hand table: BGN/PCGN and the spellings people type",
    arguments: [
      ("иванов", ["ivanov"]), ("щукин", ["shchukin", "schukin"]),
      ("юлия", ["yuliya", "yulia", "julija", "iuliia"]),
      ("дмитрий", ["dmitriy", "dmitry", "dmitrii", "dmitri", "dmitrij"]),
      ("александр", ["aleksandr", "alexandr"]), ("хабибуллин", ["khabibullin", "habibullin"]),
      ("цой", ["tsoy", "tsoi", "coj"]), ("жуков", ["zhukov", "jukov"]),
      ("подъячев", ["podyachev", "pod\"yachev", "podiachev"]),
      ("наталья", ["natalya", "natal'ya", "natalia"]),
      ("горький", ["gorkiy", "gor'kiy", "gorky"]),
      ("ёлкин", ["yolkin", "elkin", "jolkin", "iolkin"]),
      ("їжак", ["yizhak", "jizhak"]), ("ґанна", ["ganna"]), ("ђорђе", ["djordje"]),
      ("љубица", ["ljubica", "ljubitsa"]), ("ўладзімір", ["uladzimir", "wladzimir"]),
      ("џамбас", ["dzambas", "dzhambas"]), ("ћосић", ["cosic", "chosich"]),
    ])
  func handTable(word: String, spellings: [String]) {
    let units = units(word)
    #expect(SpellingChecker.shapeProblem(units, count: word.unicodeScalars.count) == nil)
    for spelling in spellings {
      #expect(SpellingChecker.canSpell(units, spelling), "\(word) \(spelling)")
    }
  }

  @Test(
    "what a Cyrillic name is not",
    arguments: [
      ("иванов", "ivonov"), ("иванов", "ivanv"), ("щукин", "sukin"), ("юлия", "ulia"),
      ("жуков", "zukov"),
    ])
  func negatives(word: String, spelling: String) {
    #expect(!SpellingChecker.canSpell(units(word), spelling), "\(word) \(spelling)")
  }

  @Test("units: ий and кс are one unit each, other letters one each")
  func unitShapes() {
    #expect(units("ксений").map(\.range) == [0..<2, 2..<3, 3..<4, 4..<6])
    #expect(units("ъ")[0].spellings.contains(""))
    #expect(units("аbа").map(\.spellings) == [["a"], [], ["a"]])
  }

  @Test("random runs, in and out of the table, are covered in order without a crash")
  func randomRuns() {
    var random = SeededGenerator(seed: 13)
    for _ in 0..<2_000 {
      let run = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        Unicode.Scalar(UInt32.random(in: 0x03FF...0x0492, using: &random))!
      }
      let units = CyrillicRomanization.units(of: run)
      #expect(SpellingChecker.shapeProblem(units, count: run.count) == nil, "\(run)")
    }
  }
}
