/// Cyrillic names romanized the ways people type them (issue 12).
///
/// The base is the BGN/PCGN romanization of Russian (1947), written in ASCII; each letter also
/// takes the spellings people commonly use instead, including those of the ICAO passport
/// system (9303) and of PyPI's `unidecode`: е `e`/`ye`, ё `e`/`yo`/`jo`/`io`/`ye`,
/// ж `zh`/`j`, й `y`/`i`/`j`, х `kh`/`h`, ц `ts`/`c`/`tz`, ч `ch`, ш `sh`, щ `shch`/`sch`/`sht`
/// (Bulgarian), ъ nothing, `"` or `a` (Bulgarian), ы `y`/`i`, ь nothing or `'`, э `e`,
/// ю `yu`/`ju`/`iu`, я `ya`/`ja`/`ia`. Ukrainian, Belarusian, Serbian and Macedonian letters
/// take their national romanizations: і `i`, ї `yi`/`ji`/`i`, є `ye`/`je`/`ie`, ґ `g`, ў `u`/`w`,
/// ђ `dj`/`d`, ј `j`, љ `lj`, њ `nj`, ћ `c`/`ch`, џ `dz`/`dzh`, ѓ `gj`/`g`, ќ `kj`/`k`, ѕ `dz`.
/// г is `g` only (Ukrainian `h` would let every Russian г match `h`).
///
/// Pairs that people spell as one: ий `iy`/`ii`/`ij`/`i`/`y` (Дмитрий "Dmitri", "Dmitry"),
/// ый `yy`/`yi`/`yj`/`iy`/`y`/`i` ("Gorky"), кс `ks`/`x` ("Alexander"), and и before я ю е ё
/// also without the y (Юлия "Yulia", Мариетта "Marietta"). Tables are hand-written from those
/// systems and built once; `units(of:)` uses no Foundation.
package enum CyrillicRomanization {
  /// The units of `run`: lowercase NFC Cyrillic letters (U+0430…U+045F, ґ U+0491). Units cover
  /// the run in order with no gaps; a scalar outside the table is a unit of its own with no
  /// spellings. O(`run.count`) time and memory.
  package static func units(of run: [Unicode.Scalar]) -> [RomanizedUnit] {
    var units: [RomanizedUnit] = []
    units.reserveCapacity(run.count)
    var index = 0
    while index < run.count {
      let code = run[index].value
      let next = index + 1 < run.count ? run[index + 1].value : 0
      if let pair = pair(code, next) {
        units.append(RomanizedUnit(range: index..<index + 2, spellings: pair))
        index += 2
        continue
      }
      units.append(RomanizedUnit(range: index..<index + 1, spellings: letter(code)))
      index += 1
    }
    return units
  }

  private static func letter(_ code: UInt32) -> [String] {
    if code >= 0x0430, code <= 0x045F { return letters[Int(code - 0x0430)] }
    if code == 0x0491 { return ["g"] }
    return []
  }

  /// The spellings of `first` and `second` typed as one unit, or nil if they are two.
  private static func pair(_ first: UInt32, _ second: UInt32) -> [String]? {
    switch (first, second) {
    case (0x0438, 0x0439): return iShortI  // ий
    case (0x044B, 0x0439): return yeruShortI  // ый
    case (0x043A, 0x0441): return ["ks", "x"]  // кс
    case (0x0438, 0x044F), (0x0438, 0x044E), (0x0438, 0x0435), (0x0438, 0x0451):
      return iVowel[Int(second - 0x0430)]  // ия ию ие иё
    default: return nil
    }
  }

  private static let iShortI = ["iy", "ii", "ij", "i", "y"]
  private static let yeruShortI = ["yy", "yi", "yj", "iy", "ii", "ij", "y", "i"]

  /// и before the vowel at `code - 0x0430` (я ю е ё): "i" + every spelling of the vowel, and
  /// "i" + the vowel without its y (ия "ia"); nil for other letters. Built once.
  private static let iVowel: [[String]?] = {
    var table = [[String]?](repeating: nil, count: letters.count)
    for (vowel, bare) in [(0x044F, "a"), (0x044E, "u"), (0x0435, "e"), (0x0451, "o")] {
      var spellings = letters[vowel - 0x0430].map { "i" + $0 }
      if !spellings.contains("i" + bare) { spellings.append("i" + bare) }
      table[vowel - 0x0430] = spellings
    }
    return table
  }()

  /// U+0430…U+045F, in order: the spellings of each letter, BGN/PCGN first.
  private static let letters: [[String]] = [
    ["a"], ["b"], ["v"], ["g"], ["d"], ["e", "ye"], ["zh", "j"], ["z"],  // а б в г д е ж з
    ["i"], ["y", "i", "j"], ["k"], ["l"], ["m"], ["n"], ["o"], ["p"],  // и й к л м н о п
    ["r"], ["s"], ["t"], ["u"], ["f"], ["kh", "h"], ["ts", "c", "tz"], ["ch"],  // р с т у ф х ц ч
    ["sh"], ["shch", "sch", "sht"], ["", "\"", "a"], ["y", "i"],  // ш щ ъ ы
    ["", "'"], ["e"], ["yu", "ju", "iu"], ["ya", "ja", "ia"],  // ь э ю я
    ["e", "ye", "ie"], ["e", "yo", "jo", "io", "ye"], ["dj", "d"], ["gj", "g"],  // ѐ ё ђ ѓ
    ["ye", "je", "ie", "e"], ["dz"], ["i"], ["yi", "ji", "i"],  // є ѕ і ї
    ["j"], ["lj"], ["nj"], ["c", "ch"],  // ј љ њ ћ
    ["kj", "k"], ["i"], ["u", "w"], ["dz", "dzh"],  // ќ ѝ ў џ
  ]
}
