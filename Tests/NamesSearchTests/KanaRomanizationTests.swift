import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Kana cut into romanized units (issue 12), checked against the romanizations of the
/// Japanese name fixture and against spellings worked out by hand from Hepburn and
/// Kunrei-shiki.
@Suite("KanaRomanization")
struct KanaRomanizationTests {
  func units(_ text: String) -> [RomanizedUnit] {
    KanaRomanization.units(of: Array(text.unicodeScalars))
  }

  func spells(_ kana: String, _ word: String) -> Bool {
    SpellingChecker.canSpell(units(kana), word)
  }

  /// The fixture's rows: each word of the katakana reading with the word of the romanized
  /// column at the same place, lowercased.
  static func fixturePairs() throws -> [(kana: String, latin: String)] {
    let url = TestPaths.file("Tests/Fixtures/international/ja_JP_readings.tsv")
    var pairs: [(String, String)] = []
    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t")
      let reading = fields[1].split(separator: " ")
      let latin = fields[2].split(separator: " ")
      precondition(reading.count == latin.count, "ja_JP_readings.tsv: \(line)")
      for (kana, word) in zip(reading, latin) { pairs.append((String(kana), word.lowercased())) }
    }
    return pairs
  }

  @Test("every reading of the fixture spells its romanized name (Hepburn without macrons)")
  func fixture() throws {
    let pairs = try Self.fixturePairs()
    #expect(pairs.count == 300)
    var failures: [String] = []
    for (kana, latin) in pairs {
      let units = units(kana)
      #expect(SpellingChecker.shapeProblem(units, count: kana.unicodeScalars.count) == nil)
      if !SpellingChecker.canSpell(units, latin) { failures.append("\(kana) \(latin)") }
    }
    // The fixture's one inconsistent row: 修平 read シュウヘイ (shūhei) but romanized
    // "Shohei" (ショウヘイ). Its reading spells what it says.
    #expect(Set(failures) == ["シュウヘイ shohei"])
    #expect(spells("シュウヘイ", "shuhei") && spells("シュウヘイ", "shuuhei"))
  }

  @Test(
    "hand table: Hepburn and Kunrei spellings, long vowels written or not",
    arguments: [
      ("サトウ", ["satou", "sato", "satoh"]), ("シンジ", ["shinji", "sinzi"]),
      ("チカ", ["chika", "tika"]), ("ツヨシ", ["tsuyoshi", "tuyosi"]), ("フジ", ["fuji", "huzi"]),
      ("ガッコウ", ["gakkou", "gakko"]), ("ナンバ", ["namba", "nanba"]),
      ("キョウコ", ["kyouko", "kyoko"]), ("オオノ", ["oono", "ono", "ohno"]),
      ("ユウキ", ["yuuki", "yuki", "yuhki"]), ("ラーメン", ["raamen", "ramen", "rahmen"]),
      ("マッチャ", ["matcha", "maccha", "mattya"]), ("ケンイチ", ["kenichi", "ken'ichi", "kennichi"]),
      ("ティファニー", ["tifanii", "tifani"]), ("ヴァイオリン", ["vaiorin"]),
      ("ジュン", ["jun", "zyun", "jyun"]), ("シャチョウ", ["shacho", "syatyou", "shachou"]),
      ("ヂヅ", ["jizu", "didu"]), ("ミヽ", ["mimi"]), ("シヾ", ["shiji"]), ("クヮ", ["kwa"]),
      ("ウィリアム", ["wiriamu", "uiriamu"]), ("ケイ", ["kei"]), ("ヲ", ["wo", "o"]),
    ])
  func handTable(kana: String, words: [String]) {
    let units = units(kana)
    #expect(SpellingChecker.shapeProblem(units, count: kana.unicodeScalars.count) == nil)
    for word in words { #expect(SpellingChecker.canSpell(units, word), "\(kana) \(word)") }
  }

  @Test(
    "what a kana is not",
    arguments: [
      ("サトウ", "saitou"), ("シ", "chi"), ("ケイ", "ke"), ("ナンバ", "naba"), ("チ", "tsi"),
      ("ガッコウ", "gakou"), ("ン", "m"), ("キャ", "kiya"), ("ミヽ", "mi"),
    ])
  func negatives(kana: String, word: String) {
    #expect(!spells(kana, word), "\(kana) \(word)")
  }

  @Test("units: small kana join the kana before them, ッ joins the unit after it")
  func unitShapes() {
    #expect(units("キャッチ").map(\.range) == [0..<2, 2..<4])
    #expect(units("ガッコウ").map(\.spellings) == [["ga"], ["kko"], ["u", "", "h"]])
    #expect(units("ナンバ")[1].spellings == ["n", "nn", "n'", "m"])
    #expect(units("ッ").map(\.spellings) == [[""]])
    #expect(units("ァ").map(\.spellings) == [["a"]])
    // A scalar outside the table (a Latin letter) is a unit of its own that nothing spells.
    #expect(units("カxカ").map(\.spellings) == [["ka"], [], ["ka"]])
    #expect(units("").isEmpty)
  }

  @Test("random runs, in and out of the table, are covered in order without a crash")
  func randomRuns() {
    var random = SeededGenerator(seed: 12)
    for _ in 0..<2_000 {
      let run = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        Unicode.Scalar(UInt32.random(in: 0x309F...0x3100, using: &random))!
      }
      let units = KanaRomanization.units(of: run)
      #expect(SpellingChecker.shapeProblem(units, count: run.count) == nil, "\(run)")
    }
  }
}
