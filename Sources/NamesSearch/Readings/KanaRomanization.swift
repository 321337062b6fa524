/// Japanese kana romanized the ways people type names: Hepburn, and the Kunrei-shiki and
/// Nihon-shiki (wāpuro) spellings people also use (issue 12).
///
/// Rules (Hepburn as in "Hepburn romanization", Kenkyusha 3rd ed., and ISO 3602 Kunrei):
/// - A kana is one unit: シ `shi`/`si`, チ `chi`/`ti`, ツ `tsu`/`tu`, フ `fu`/`hu`, ジ and ヂ
///   `ji`/`zi` (ヂ also `di`), ヅ `zu`/`du`, ヲ `wo`/`o`.
/// - A small ャ ュ ョ joins the i-row kana before it into one unit (キャ `kya`, シュ `shu`/`syu`,
///   チャ `cha`/`tya`/`cya`, ジャ `ja`/`zya`/`jya`); a small ァ ィ ゥ ェ ォ joins the kana before it
///   where that makes a sound of its own (ファ `fa`, ティ `ti`, ドゥ `du`, ウィ `wi`/`ui`, ヴァ `va`,
///   シェ `she`/`sye`, クァ `kwa`); small ヮ joins ク グ (`kwa`, `gwa`). A small kana that joins
///   nothing is typed as its big form.
/// - ン is `n`, `nn` or `n'`, and also `m` before a kana of the b, m, p rows ("namba").
/// - ッ and the unit after it are one unit whose spellings double that unit's first consonant
///   (ッコ `kko`, ッチ `tchi`/`cchi`/`tti`); before a vowel ッ adds nothing; alone (last in the
///   run, or before ー, ン or another ッ) it is typed as nothing.
/// - Long vowels, written or not: ウ after a unit ending in o or u is `u`, nothing or `h`
///   (サトウ `satou`/`sato`/`satoh`, ユウキ `yuuki`/`yuki`); オ after o is `o`, nothing or `h`
///   (オオノ `oono`/`ono`/`ohno`); ー is nothing, the vowel before it, or `h`. イ after an e-row
///   kana stays `i` (ケイ `kei`, never `ke`): Hepburn, Kunrei and passports all write it, and
///   leaving it out would make "reko" find レイコ.
/// - ヽ repeats the kana before it unvoiced, ヾ voiced (ミヽ `mimi`, シヾ `shiji`).
///
/// The tables are written by hand from those systems and built once; `units(of:)` uses no
/// Foundation and builds nothing per call but its result.
package enum KanaRomanization {
  /// The units of `run`: consecutive katakana (U+30A1…U+30FA), ー U+30FC and the iteration
  /// marks U+30FD, U+30FE, in NFC, hiragana and half-width forms already turned into these by
  /// the caller. Units cover the run in order with no gaps; a scalar outside those ranges is a
  /// unit of its own with no spellings. O(`run.count`) time and memory.
  package static func units(of run: [Unicode.Scalar]) -> [RomanizedUnit] {
    var units: [RomanizedUnit] = []
    units.reserveCapacity(run.count)
    var previousVowel: UInt8 = 0
    var previousHead: UInt32 = 0
    var index = 0
    while index < run.count {
      let start = index
      var geminate = false
      if run[index].value == sokuon, index + 1 < run.count,
        let next = position(run[index + 1].value), table[next].kind == .plain
      {
        geminate = true
        index += 1
      }
      let syllable = Self.syllable(
        in: run, at: index, previousVowel: geminate ? 0 : previousVowel,
        previousHead: previousHead)
      let spellings = geminate ? doubled(syllable.spellings) : syllable.spellings
      units.append(RomanizedUnit(range: start..<syllable.end, spellings: spellings))
      previousVowel = syllable.vowel
      previousHead = syllable.head
      index = syllable.end
    }
    return units
  }

  /// One syllable starting at `index`: its spellings, the vowel it ends in (ASCII, 0 if none),
  /// the kana an iteration mark after it repeats, and where the next one starts.
  private static func syllable(
    in run: [Unicode.Scalar], at index: Int, previousVowel: UInt8, previousHead: UInt32
  ) -> (spellings: [String], vowel: UInt8, head: UInt32, end: Int) {
    let code = run[index].value
    switch code {
    case prolonged:
      return (lengthened(previousVowel), previousVowel, previousHead, index + 1)
    case iteration, voicedIteration:
      guard let head = kana(previousHead), head.kind == .plain else {
        return ([""], 0, 0, index + 1)
      }
      var target = previousHead
      if code == iteration {
        if head.unvoiced != 0 { target = head.unvoiced }
      } else if head.voiced != 0 {
        target = head.voiced
      }
      let repeated = kana(target) ?? head
      return (repeated.spellings, repeated.vowel, target, index + 1)
    default:
      break
    }
    guard let base = position(code) else { return ([], 0, 0, index + 1) }
    switch table[base].kind {
    case .moraicN:
      if index + 1 < run.count, let next = position(run[index + 1].value),
        table[next].kind == .plain, let first = table[next].spellings[0].utf8.first,
        first == UInt8(ascii: "b") || first == UInt8(ascii: "m") || first == UInt8(ascii: "p")
      {
        return (["n", "nn", "n'", "m"], 0, code, index + 1)
      }
      return (["n", "nn", "n'"], 0, code, index + 1)
    case .sokuon:
      return ([""], 0, 0, index + 1)
    case .smallVowel, .smallY:
      return (table[base].spellings, table[base].vowel, code, index + 1)
    case .plain, .unknown:
      break
    }
    if index + 1 < run.count, let small = position(run[index + 1].value) {
      let joinIndex = table[small].joinIndex
      if joinIndex >= 0, !table[base].joined[joinIndex].isEmpty {
        return (table[base].joined[joinIndex], table[small].vowel, code, index + 2)
      }
    }
    let o = UInt8(ascii: "o")
    if code == letterU, previousVowel == o || previousVowel == UInt8(ascii: "u") {
      return (["u", "", "h"], previousVowel, code, index + 1)
    }
    if code == letterO, previousVowel == o {
      return (["o", "", "h"], previousVowel, code, index + 1)
    }
    return (table[base].spellings, table[base].vowel, code, index + 1)
  }

  /// The spellings of a unit after ッ: the first consonant doubled (`ch` as `tch` and `cch`);
  /// a spelling that starts with a vowel is kept as it is.
  private static func doubled(_ spellings: [String]) -> [String] {
    var result: [String] = []
    for spelling in spellings {
      guard let first = spelling.utf8.first else { continue }
      switch first {
      case UInt8(ascii: "a"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "e"),
        UInt8(ascii: "o"):
        appendUnique(spelling, to: &result)
      case UInt8(ascii: "c") where spelling.hasPrefix("ch"):
        appendUnique("t" + spelling, to: &result)
        appendUnique("c" + spelling, to: &result)
      default:
        appendUnique(String(UnicodeScalar(first)) + spelling, to: &result)
      }
    }
    return result.isEmpty ? [""] : result
  }

  private static func appendUnique(_ spelling: String, to spellings: inout [String]) {
    if !spellings.contains(spelling) { spellings.append(spelling) }
  }

  private static let sokuon: UInt32 = 0x30C3
  private static let prolonged: UInt32 = 0x30FC
  private static let iteration: UInt32 = 0x30FD
  private static let voicedIteration: UInt32 = 0x30FE
  private static let smallWa: UInt32 = 0x30EE
  private static let letterU: UInt32 = 0x30A6
  private static let letterO: UInt32 = 0x30AA
  private static let first: UInt32 = 0x30A1
  private static let last: UInt32 = 0x30FA

  /// What a kana is for the rules above.
  private enum Kind {
    case plain, smallVowel, smallY, sokuon, moraicN, unknown
  }

  /// One kana of the table.
  private struct Kana {
    /// Its spellings alone, Hepburn first.
    var spellings: [String]
    /// The ASCII vowel its spellings end in, 0 for none.
    var vowel: UInt8
    /// The consonants it takes before a small ャ ュ ョ (キ: `ky`); empty if it joins none.
    var yoon: [String]
    /// The consonants it takes before a small ァ ィ ゥ ェ ォ (フ: `f`); empty if it joins none.
    var glide: [String]
    /// For each small kana that joins a kana before it (ァ ィ ゥ ェ ォ ャ ュ ョ ヮ, in that
    /// order), the spellings of this kana joined with it; empty where they do not join.
    var joined: [[String]] = []
    /// For a small kana, its place in `joined`; -1 for others.
    var joinIndex = -1
    /// Its voiced and unvoiced partners (カ ↔ ガ), 0 for none.
    var voiced: UInt32 = 0
    var unvoiced: UInt32 = 0
    var kind: Kind
  }

  private static func kana(_ code: UInt32) -> Kana? {
    position(code).map { table[$0] }
  }

  /// The place of `code` in `table`, nil if the table does not have it.
  private static func position(_ code: UInt32) -> Int? {
    guard code >= first, code <= last, table[Int(code - first)].kind != .unknown else {
      return nil
    }
    return Int(code - first)
  }

  /// The spellings of ー after a unit ending in `vowel` (0 for none): nothing, the vowel, `h`.
  private static func lengthened(_ vowel: UInt8) -> [String] {
    switch vowel {
    case UInt8(ascii: "a"): return ["", "a", "h"]
    case UInt8(ascii: "i"): return ["", "i", "h"]
    case UInt8(ascii: "u"): return ["", "u", "h"]
    case UInt8(ascii: "e"): return ["", "e", "h"]
    case UInt8(ascii: "o"): return ["", "o", "h"]
    default: return [""]
    }
  }

  /// The table, indexed by `code - 0x30A1` (kind `.unknown` where a code is not a kana);
  /// built once.
  private static let table: [Kana] = {
    let none = Kana(spellings: [], vowel: 0, yoon: [], glide: [], kind: .unknown)
    var table = [Kana](repeating: none, count: Int(last - first) + 1)
    for row in rows {
      let spellings = row.spellings.split(separator: "/").map(String.init)
      let split = { (text: String) in text.split(separator: "/").map(String.init) }
      table[Int(row.code - first)] = Kana(
        spellings: spellings, vowel: spellings.first?.utf8.last ?? 0, yoon: split(row.yoon),
        glide: split(row.glide), voiced: row.voiced, kind: row.kind)
    }
    for row in rows where row.voiced != 0 {
      table[Int(row.voiced - first)].unvoiced = row.code
    }
    let smalls: [UInt32] = [
      0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, smallWa,
    ]
    for (joinIndex, small) in smalls.enumerated() {
      table[Int(small - first)].joinIndex = joinIndex
    }
    for position in table.indices {
      let base = table[position]
      table[position].joined = smalls.map { small in
        let smallKana = table[Int(small - first)]
        guard base.kind == .plain else { return [] }
        var consonants = smallKana.kind == .smallY ? base.yoon : base.glide
        if small == smallWa { consonants = consonants.filter { $0.hasSuffix("w") } }
        var spellings: [String] = []
        for consonant in consonants {
          appendUnique(consonant + String(UnicodeScalar(smallKana.vowel)), to: &spellings)
        }
        return spellings
      }
    }
    return table
  }()

  /// Katakana U+30A1…U+30FA: code, spellings, consonants before small ャ ュ ョ, consonants
  /// before small ァ ィ ゥ ェ ォ, voiced partner, kind. Hepburn first, then Kunrei/Nihon-shiki.
  private static let rows:
    [(
      code: UInt32, spellings: String, yoon: String, glide: String, voiced: UInt32, kind: Kind
    )] = [
      (0x30A1, "a", "", "", 0, .smallVowel), (0x30A2, "a", "", "", 0, .plain),
      (0x30A3, "i", "", "", 0, .smallVowel), (0x30A4, "i", "", "y", 0, .plain),
      (0x30A5, "u", "", "", 0, .smallVowel), (0x30A6, "u", "", "w/u", 0x30F4, .plain),
      (0x30A7, "e", "", "", 0, .smallVowel), (0x30A8, "e", "", "", 0, .plain),
      (0x30A9, "o", "", "", 0, .smallVowel), (0x30AA, "o", "", "", 0, .plain),
      (0x30AB, "ka", "", "", 0x30AC, .plain), (0x30AC, "ga", "", "", 0, .plain),
      (0x30AD, "ki", "ky", "ky", 0x30AE, .plain), (0x30AE, "gi", "gy", "gy", 0, .plain),
      (0x30AF, "ku", "", "kw", 0x30B0, .plain), (0x30B0, "gu", "", "gw", 0, .plain),
      (0x30B1, "ke", "", "", 0x30B2, .plain), (0x30B2, "ge", "", "", 0, .plain),
      (0x30B3, "ko", "", "", 0x30B4, .plain), (0x30B4, "go", "", "", 0, .plain),
      (0x30B5, "sa", "", "", 0x30B6, .plain), (0x30B6, "za", "", "", 0, .plain),
      (0x30B7, "shi/si", "sh/sy", "sh/sy", 0x30B8, .plain),
      (0x30B8, "ji/zi", "j/zy/jy", "j/zy", 0, .plain),
      (0x30B9, "su", "", "s", 0x30BA, .plain), (0x30BA, "zu", "", "z", 0, .plain),
      (0x30BB, "se", "", "", 0x30BC, .plain), (0x30BC, "ze", "", "", 0, .plain),
      (0x30BD, "so", "", "", 0x30BE, .plain), (0x30BE, "zo", "", "", 0, .plain),
      (0x30BF, "ta", "", "", 0x30C0, .plain), (0x30C0, "da", "", "", 0, .plain),
      (0x30C1, "chi/ti", "ch/ty/cy", "ch/ty", 0x30C2, .plain),
      (0x30C2, "ji/zi/di", "j/zy/dy", "j/dy", 0, .plain),
      (0x30C3, "", "", "", 0, .sokuon),
      (0x30C4, "tsu/tu", "", "ts", 0x30C5, .plain), (0x30C5, "zu/du", "", "z/d", 0, .plain),
      (0x30C6, "te", "ty", "t", 0x30C7, .plain), (0x30C7, "de", "dy", "d", 0, .plain),
      (0x30C8, "to", "", "t", 0x30C9, .plain), (0x30C9, "do", "", "d", 0, .plain),
      (0x30CA, "na", "", "", 0, .plain), (0x30CB, "ni", "ny", "ny", 0, .plain),
      (0x30CC, "nu", "", "", 0, .plain), (0x30CD, "ne", "", "", 0, .plain),
      (0x30CE, "no", "", "", 0, .plain),
      (0x30CF, "ha", "", "", 0x30D0, .plain), (0x30D0, "ba", "", "", 0, .plain),
      (0x30D1, "pa", "", "", 0, .plain),
      (0x30D2, "hi", "hy", "hy", 0x30D3, .plain), (0x30D3, "bi", "by", "by", 0, .plain),
      (0x30D4, "pi", "py", "py", 0, .plain),
      (0x30D5, "fu/hu", "fy", "f", 0x30D6, .plain), (0x30D6, "bu", "by", "b", 0, .plain),
      (0x30D7, "pu", "py", "p", 0, .plain),
      (0x30D8, "he", "", "", 0x30D9, .plain), (0x30D9, "be", "", "", 0, .plain),
      (0x30DA, "pe", "", "", 0, .plain),
      (0x30DB, "ho", "", "", 0x30DC, .plain), (0x30DC, "bo", "", "", 0, .plain),
      (0x30DD, "po", "", "", 0, .plain),
      (0x30DE, "ma", "", "", 0, .plain), (0x30DF, "mi", "my", "my", 0, .plain),
      (0x30E0, "mu", "", "", 0, .plain), (0x30E1, "me", "", "", 0, .plain),
      (0x30E2, "mo", "", "", 0, .plain),
      (0x30E3, "ya", "", "", 0, .smallY), (0x30E4, "ya", "", "", 0, .plain),
      (0x30E5, "yu", "", "", 0, .smallY), (0x30E6, "yu", "", "", 0, .plain),
      (0x30E7, "yo", "", "", 0, .smallY), (0x30E8, "yo", "", "", 0, .plain),
      (0x30E9, "ra", "", "", 0, .plain), (0x30EA, "ri", "ry", "ry", 0, .plain),
      (0x30EB, "ru", "", "", 0, .plain), (0x30EC, "re", "", "", 0, .plain),
      (0x30ED, "ro", "", "", 0, .plain),
      (0x30EE, "wa", "", "", 0, .smallVowel), (0x30EF, "wa", "", "", 0x30F7, .plain),
      (0x30F0, "wi/i", "", "", 0x30F8, .plain), (0x30F1, "we/e", "", "", 0x30F9, .plain),
      (0x30F2, "wo/o", "", "", 0x30FA, .plain), (0x30F3, "n", "", "", 0, .moraicN),
      (0x30F4, "vu/bu", "vy", "v", 0, .plain),
      (0x30F5, "ka", "", "", 0, .plain), (0x30F6, "ke/ka/ga", "", "", 0, .plain),
      (0x30F7, "va", "", "", 0, .plain), (0x30F8, "vi", "", "", 0, .plain),
      (0x30F9, "ve", "", "", 0, .plain), (0x30FA, "vo", "", "", 0, .plain),
    ]
}
