/// Cuts a name into reading units and numbers their spellings (`ReadingVocabulary`): what
/// `ReadingKeys` stores and `ReadingMatcher` scans.
///
/// Units, in the name's order:
/// - a Han character: every Mandarin reading as pinyin (`PinyinReadings`, Unihan), each
///   abbreviable to its initial (and zh, ch, sh); a syllable with ü also spelled with u
///   (lv, lu). A name's first character, if Han, is read first as a family name where that
///   reading differs (曾 zeng).
/// - kana (hiragana as katakana, half-width forms as full-width): `KanaRomanization`'s units.
/// - Cyrillic and Greek letters: `CyrillicRomanization`'s and `GreekRomanization`'s units
///   (lowercased first).
/// - a Hangul syllable: its jamo (Unicode §3.12, conjoining jamo), abbreviable to the first,
///   its initial consonant, so "ㄱㅁㅅ" finds "김민수".
/// - an ASCII letter or digit, or a Latin letter that `TextFolder` (`Folding.all`) spells in
///   ASCII: itself folded, so names that mix scripts are read across ("李Lee").
/// - spaces, punctuation and combining marks: no unit (a term reads across them).
/// - any other character: a unit no term spells, which a reading match cannot cross.
///
/// A name gets a reading only if it has a Han, kana, Hangul, Cyrillic or Greek character;
/// names written only in bytes below 0xCE (ASCII, Latin letters) are passed over at once.
/// A builder caches what it has numbered; use one per thread.
struct ReadingUnitBuilder {
  /// For each pinyin syllable, the number of its spelling and of its spelling with u for
  /// ü (`.max - 1`: none); `.max`: not yet numbered.
  private var syllableFirst: [UInt32] = []
  private var syllableSecond: [UInt32] = []
  /// For each BMP scalar: 0 not yet known, 1 no surname reading, 2 a surname reading.
  private var surnameKnown: [UInt8] = []
  private var numbers: [String: UInt32] = [:]
  private var hangulNumbers: [UInt32: UInt32] = [:]
  private var literalNumbers: [UInt32: UInt32?] = [:]
  private var halfwidth: [UInt32: UInt32] = [:]
  private let vocabulary = ReadingVocabulary.shared
  private var memo = WordMemo()
  private var folder: TextFolder?

  /// Appends the units of the valid UTF-8 `utf8` to `out` (each unit its spellings'
  /// numbers, the last with `ReadingKeys.unitEnd`); `false`, with nothing appended, when it
  /// has no character with a reading. `isName`: `utf8` is a name, whose first character may
  /// be read as a family name.
  ///
  /// - Complexity: O(n) in `utf8.count`.
  ///
  /// Names are read word by word (words split at ASCII spaces, where no unit goes on), and
  /// each word's units are remembered: the words of a list repeat (given names, family
  /// names), so most are read once.
  mutating func appendSpellings(
    of utf8: UnsafeBufferPointer<UInt8>, isName: Bool, to out: inout [UInt32]
  ) -> Bool {
    guard ReadingKeys.hasByte(atLeast: 0xCE, in: utf8) else { return false }
    if CharacterRanks.isHanOnly(utf8) || Self.hasConjoiningJamo(utf8) {
      var ranges: [Range<Int>]? = nil
      return append(utf8, isName: isName, to: &out, ranges: &ranges)
    }
    let mark = out.count
    var hasReading = false
    var unitCount = 0
    var start = 0
    while start < utf8.count {
      var end = start
      while end < utf8.count && utf8[end] != 0x20 { end += 1 }
      if end > start {
        let word = UnsafeBufferPointer(rebasing: utf8[start..<end])
        let startsName = isName && unitCount == 0
        let (wordHasReading, wordUnits): (Bool, Int)
        if let known = memo.append(word, startsName: startsName, to: &out) {
          (wordHasReading, wordUnits) = known
        } else {
          let wordStart = out.count
          var ranges: [Range<Int>]? = nil
          (wordHasReading, wordUnits) = appendUnits(
            word, startsName: startsName, to: &out, ranges: &ranges)
          memo.remember(
            word, startsName: startsName, numbers: out[wordStart...], hasReading: wordHasReading,
            units: wordUnits)
        }
        hasReading = hasReading || wordHasReading
        unitCount += wordUnits
      }
      start = end + 1
    }
    if !hasReading {
      out.removeLast(out.count - mark)
      return false
    }
    return true
  }

  /// The units of `utf8` as the UTF-8 range of the name each covers and its spelling
  /// numbers, or nil when it has no character with a reading (for showing a match).
  mutating func units(
    of utf8: UnsafeBufferPointer<UInt8>, isName: Bool
  ) -> (ranges: [Range<Int>], numbers: [UInt32])? {
    var numbers: [UInt32] = []
    var ranges: [Range<Int>]? = []
    guard append(utf8, isName: isName, to: &numbers, ranges: &ranges) else { return nil }
    return (ranges!, numbers)
  }

  private enum Script { case none, kana, cyrillic, greek }

  private mutating func append(
    _ utf8: UnsafeBufferPointer<UInt8>, isName: Bool, to out: inout [UInt32],
    ranges: inout [Range<Int>]?
  ) -> Bool {
    guard ReadingKeys.hasByte(atLeast: 0xCE, in: utf8) else { return false }
    if ranges == nil && CharacterRanks.isHanOnly(utf8) {
      appendHanOnly(utf8, isName: isName, to: &out)
      return true
    }
    if Self.hasConjoiningJamo(utf8) {
      // Hangul written as conjoining jamo reads as its syllables (NFC, Unicode UAX #15);
      // its units' ranges would be those of the composed text, so it is not highlighted.
      guard ranges == nil else { return false }
      var composed = UnicodeMappings.precomposed(String(decoding: utf8, as: UTF8.self))
      if !Self.hasConjoiningJamo(composed.utf8) {
        return composed.withUTF8 { append($0, isName: isName, to: &out, ranges: &ranges) }
      }
    }
    let mark = out.count
    let rangeMark = ranges?.count ?? 0
    let (hasReading, _) = appendUnits(utf8, startsName: isName, to: &out, ranges: &ranges)
    if !hasReading {
      out.removeLast(out.count - mark)
      if let count = ranges?.count { ranges!.removeLast(count - rangeMark) }
      return false
    }
    return true
  }

  /// Appends the units of `utf8` to `out` (and their ranges to `ranges`), whether or not
  /// it has a character with a reading, and returns whether it has one and how many units
  /// it appended. `startsName`: the first unit is a name's first, which a Han character
  /// may fill as a family name.
  private mutating func appendUnits(
    _ utf8: UnsafeBufferPointer<UInt8>, startsName: Bool, to out: inout [UInt32],
    ranges: inout [Range<Int>]?
  ) -> (hasReading: Bool, units: Int) {
    var hasReading = false
    var unitCount = 0
    // The run of kana, Cyrillic or Greek letters being gathered, with each one's bytes.
    var script = Script.none
    var run: [Unicode.Scalar] = []
    var runRanges: [Range<Int>] = []

    func unit(_ numbers: some Collection<UInt32>, _ range: Range<Int>) {
      if numbers.isEmpty {
        out.append(ReadingKeys.barrier | ReadingKeys.unitEnd)
      } else {
        out.append(contentsOf: numbers)
        out[out.count - 1] |= ReadingKeys.unitEnd
      }
      ranges?.append(range)
      unitCount += 1
    }
    func flush(_ builder: inout ReadingUnitBuilder) {
      guard !run.isEmpty else { return }
      let units: [RomanizedUnit]
      switch script {
      case .kana: units = KanaRomanization.units(of: run)
      case .cyrillic: units = CyrillicRomanization.units(of: run)
      case .greek: units = GreekRomanization.units(of: run)
      case .none: units = []
      }
      for each in units where !each.range.isEmpty {
        // A kana unit that may be left out is a long vowel (or a lone ッ): left out or
        // written "h", it only continues a match.
        let longVowel = script == .kana && each.spellings.contains("")
        let numbers = each.spellings.map {
          builder.number(ofASCII: $0, continuesOnly: longVowel && ($0.isEmpty || $0 == "h"))
        }
        unit(
          numbers,
          runRanges[each.range.lowerBound]
            .lowerBound..<runRanges[each.range.upperBound - 1].upperBound)
      }
      hasReading = true
      run.removeAll(keepingCapacity: true)
      runRanges.removeAll(keepingCapacity: true)
      script = .none
    }

    var i = 0
    let n = utf8.count
    while i < n {
      let start = i
      let (value, length) = UTF8Decoding.scalar(in: utf8, at: i)
      i += length
      let range = start..<i
      // Kana, Cyrillic and Greek letters gather into runs.
      var runScript = Script.none
      var letter = value
      switch value {
      case 0x3041...0x3096, 0x309D, 0x309E:
        (runScript, letter) = (.kana, value + 0x60)
      case 0x30A1...0x30FA, 0x30FC...0x30FE:
        runScript = .kana
      case 0xFF66...0xFF9D:
        (runScript, letter) = (.kana, halfwidthKana(value))
      case 0x3099, 0x309A, 0xFF9E, 0xFF9F:
        // A voiced sound mark: composed with the kana before it.
        if script == .kana, let last = run.last,
          let composed = Self.compose(last, value == 0x3099 || value == 0xFF9E ? 0x3099 : 0x309A)
        {
          run[run.count - 1] = composed
          runRanges[runRanges.count - 1] = runRanges[runRanges.count - 1].lowerBound..<i
        }
        continue
      case 0x0400...0x052F:
        runScript = .cyrillic
        letter = Self.lowercased(value)
      case 0x0370...0x03FF:
        runScript = .greek
        letter = Self.lowercased(value)
      case 0x1F00...0x1FFF:
        // Polytonic Greek: its base letter (the first scalar of its NFD), lowercased.
        runScript = .greek
        letter = Self.lowercased(
          UnicodeMappings.canonicalDecomposition(of: Unicode.Scalar(value)!)[0].value)
      default:
        break
      }
      if runScript != .none {
        if script != runScript { flush(&self) }
        script = runScript
        run.append(Unicode.Scalar(letter)!)
        runRanges.append(range)
        continue
      }
      let scalar = Unicode.Scalar(value)!
      // Han characters and Hangul syllables first: the common case of CJK lists, with no
      // property lookup.
      switch value {
      case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x323AF:
        flush(&self)
        appendHanUnit(value, asSurname: startsName && unitCount == 0, to: &out)
        ranges?.append(range)
        unitCount += 1
        hasReading = true
        continue
      case 0xAC00...0xD7A3:
        flush(&self)
        unit(CollectionOfOne(hangulNumber(value)), range)
        hasReading = true
        continue
      default:
        break
      }
      let category = scalar.properties.generalCategory
      if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark {
        // A mark: part of the character before it; composed with a Cyrillic letter (Ё,
        // Й: canonical composition, Unicode UAX #15), else dropped, as folding drops it.
        if !runRanges.isEmpty {
          if script == .cyrillic, let last = run.last, let composed = Self.compose(last, value) {
            run[run.count - 1] = composed
          }
          runRanges[runRanges.count - 1] = runRanges[runRanges.count - 1].lowerBound..<i
        } else if let last = ranges?.last, last.upperBound == start, unitCount > 0 {
          ranges![ranges!.count - 1] = last.lowerBound..<i
        }
        continue
      }
      flush(&self)
      if value < 0x80 {
        let byte = UInt8(value)
        if byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 {
          unit(CollectionOfOne(number(ofLiteral: value | (byte >= 0x41 ? 0x20 : 0))), range)
        }
        continue
      }
      do {
        switch category {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .connectorPunctuation,
          .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
          .finalPunctuation, .otherPunctuation, .format:
          continue
        default:
          if let literal = literalNumber(scalar) {
            unit(CollectionOfOne(literal), range)
          } else {
            unit(EmptyCollection(), range)
          }
        }
      }
    }
    flush(&self)
    return (hasReading, unitCount)
  }

  /// The units of a name written only in BMP Han characters (`CharacterRanks.isHanOnly`): the
  /// common case of Chinese lists, one pass with no property lookups.
  private mutating func appendHanOnly(
    _ utf8: UnsafeBufferPointer<UInt8>, isName: Bool, to out: inout [UInt32]
  ) {
    var k = 0
    while k < utf8.count {
      let value =
        UInt32(utf8[k] & 0x0F) << 12 | UInt32(utf8[k + 1] & 0x3F) << 6 | UInt32(utf8[k + 2] & 0x3F)
      appendHanUnit(value, asSurname: isName && k == 0, to: &out)
      k += 3
    }
  }

  /// Appends the unit of Han character `value`: its readings as a surname first when
  /// `asSurname` (the first character of a name), then every reading; a unit no term
  /// spells when it has none.
  @inline(__always)
  mutating func appendHanUnit(_ value: UInt32, asSurname: Bool, to out: inout [UInt32]) {
    let scalar = Unicode.Scalar(value)!
    let unitStart = out.count
    if asSurname && (value > 0xFFFF || hasSurnameReading(value)) {
      for syllable in PinyinReadings.surnameReadings(of: scalar) {
        appendSyllable(Int(syllable), to: &out, unitStart: unitStart)
      }
    }
    for syllable in PinyinReadings.readings(of: scalar) {
      appendSyllable(Int(syllable), to: &out, unitStart: unitStart)
    }
    if out.count == unitStart {
      out.append(ReadingKeys.barrier | ReadingKeys.unitEnd)
    } else {
      out[out.count - 1] |= ReadingKeys.unitEnd
    }
  }

  /// Whether the BMP scalar `value` has a reading as a surname, remembered per scalar.
  @inline(__always)
  private mutating func hasSurnameReading(_ value: UInt32) -> Bool {
    if surnameKnown.isEmpty { surnameKnown = [UInt8](repeating: 0, count: 0x10000) }
    let index = Int(value & 0xFFFF)
    if surnameKnown[index] == 0 {
      let has = !PinyinReadings.surnameReadings(of: Unicode.Scalar(value)!).isEmpty
      surnameKnown[index] = has ? 2 : 1
    }
    return surnameKnown[index] == 2
  }

  /// Whether `utf8` holds a conjoining Hangul jamo (U+1100…U+11FF: E1 84…E1 87).
  private static func hasConjoiningJamo(_ utf8: some Collection<UInt8>) -> Bool {
    var afterE1 = false
    for byte in utf8 {
      if afterE1 && byte >= 0x84 && byte <= 0x87 { return true }
      afterE1 = byte == 0xE1
    }
    return false
  }

  /// The simple lowercase mapping of `value` when it is one scalar, else `value`.
  private static func lowercased(_ value: UInt32) -> UInt32 {
    if value >= 0x0410 && value <= 0x042F { return value + 0x20 }
    if value >= 0x0430 && value <= 0x044F { return value }
    let scalar = Unicode.Scalar(value)!
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower.first!.value : value
  }

  /// The precomposed letter of `kana` (or another letter) and a mark (a voiced sound mark
  /// U+3099 or U+309A, a diaeresis, a breve), if any (canonical composition, Unicode UAX #15).
  private static func compose(_ kana: Unicode.Scalar, _ mark: UInt32) -> Unicode.Scalar? {
    let pair = String(kana) + String(Unicode.Scalar(mark)!)
    let composed = UnicodeMappings.precomposed(pair).unicodeScalars
    return composed.count == 1 ? composed.first : nil
  }

  /// The full-width katakana of a half-width one (its `<narrow>` decomposition).
  private mutating func halfwidthKana(_ value: UInt32) -> UInt32 {
    if let known = halfwidth[value] { return known }
    let wide =
      UnicodeMappings.compatibilityDecomposition(of: Unicode.Scalar(value)!).first?.value ?? value
    halfwidth[value] = wide
    return wide
  }

  /// Appends the numbers of the spellings of pinyin syllable `index` to the unit that
  /// starts at `unitStart` of `out`, those it does not hold yet.
  @inline(__always)
  private mutating func appendSyllable(_ index: Int, to out: inout [UInt32], unitStart: Int) {
    if syllableFirst.isEmpty {
      syllableFirst = Array(repeating: .max, count: PinyinReadings.syllables.count)
      syllableSecond = syllableFirst
    }
    if syllableFirst[index] == .max {
      let numbers = syllableSpellings(index)
      syllableFirst[index] = numbers[0]
      syllableSecond[index] = numbers.count > 1 ? numbers[1] : .max - 1
    }
    Self.appendOnce(syllableFirst[index], to: &out, unitStart: unitStart)
    let second = syllableSecond[index]
    if second < .max - 1 { Self.appendOnce(second, to: &out, unitStart: unitStart) }
  }

  /// Appends `number` to `out` unless the unit from `unitStart` holds it.
  @inline(__always)
  private static func appendOnce(_ number: UInt32, to out: inout [UInt32], unitStart: Int) {
    var j = unitStart
    while j < out.count {
      if out[j] == number { return }
      j += 1
    }
    out.append(number)
  }

  /// The numbers of the spellings of pinyin syllable `index` (its ü written v, then u).
  private mutating func syllableSpellings(_ index: Int) -> [UInt32] {
    let syllable = PinyinReadings.syllables[index]
    let initials: [UInt8] =
      syllable.hasPrefix("zh") || syllable.hasPrefix("ch") || syllable.hasPrefix("sh")
      ? [1, 2] : syllable.count > 1 ? [1] : []
    var spellings = [ReadingVocabulary.Spelling(syllable, abbreviations: initials)]
    if syllable.contains("v") {
      spellings.append(
        ReadingVocabulary.Spelling(
          String(syllable.map { $0 == "v" ? "u" : $0 }), abbreviations: initials))
    }
    return spellings.map { vocabulary.number(of: $0) }
  }

  /// The number of a spelling of ASCII text typed in full.
  private mutating func number(ofASCII text: String, continuesOnly: Bool = false) -> UInt32 {
    let key = continuesOnly ? text + "\u{0}" : text
    if let known = numbers[key] { return known }
    let number = vocabulary.number(
      of: ReadingVocabulary.Spelling(text, continuesOnly: continuesOnly))
    numbers[key] = number
    return number
  }

  /// The number of the lowercase ASCII letter or digit `value` as a spelling.
  private mutating func number(ofLiteral value: UInt32) -> UInt32 {
    number(ofASCII: String(Unicode.Scalar(value)!))
  }

  /// The number of a Latin letter folded into ASCII letters, or nil for another character.
  private mutating func literalNumber(_ scalar: Unicode.Scalar) -> UInt32? {
    if let known = literalNumbers[scalar.value] { return known }
    var found: UInt32? = nil
    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
      if folder == nil { folder = TextFolder(options: .default, dropsPunctuation: true) }
      let folded = folder!.fold(String(scalar))
      if !folded.isEmpty, folded.allSatisfy({ $0 &- 0x30 < 10 || $0 &- 0x61 < 26 }) {
        found = number(ofASCII: String(decoding: folded, as: UTF8.self))
      }
    }
    literalNumbers[scalar.value] = found
    return found
  }

  /// The number of Hangul syllable `value`'s jamo (Unicode §3.12), abbreviable to its
  /// initial consonant.
  private mutating func hangulNumber(_ value: UInt32) -> UInt32 {
    if let known = hangulNumbers[value] { return known }
    let index = value - 0xAC00
    var jamo: [UInt32] = [0x1100 + index / 588, 0x1161 + (index % 588) / 28]
    if index % 28 != 0 { jamo.append(0x11A7 + index % 28) }
    let number = vocabulary.number(of: ReadingVocabulary.Spelling(text: jamo, abbreviations: [1]))
    hangulNumbers[value] = number
    return number
  }
}
