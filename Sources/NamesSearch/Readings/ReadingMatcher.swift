/// Decides whether a term spells a run of a name's reading units (`ReadingKeys`): "zhangsan",
/// "zhang san", "zs", "zhs", "zhangs" and "san" all find 张三; "satou", "sato" and "satoh"
/// find さとう; "ㄱㅁㅅ" and "김미" find 김민수; "ivanov" finds Иванов.
///
/// The rule: the term, folded (`Folding.all`, punctuation dropped, spaces made one), must be
/// typed by consecutive units of a key starting at any unit, each unit by one of its
/// spellings in full or, where the spelling allows, by an abbreviation (a pinyin initial, a
/// Hangul initial consonant); the term's last unit may be unfinished (a prefix of a
/// spelling). A space in the term may stand between two units. Terms of more than 63
/// scalars, or with no letter, find nothing by reading.
///
/// How: the positions of the term reached so far are the bits of one 64-bit word (a
/// bit-parallel automaton, as in the Shift-And algorithm, Baeza-Yates and Gonnet, 1992).
/// For each spelling of the vocabulary the matcher computes once, per query, the positions
/// it can start from and where each leads; a key is then scanned unit by unit with a few
/// word operations per spelling, whatever its length.
public struct ReadingMatcher: Sendable {
  /// The folded term's scalars.
  let term: [UInt32]
  /// The bit of the term's end.
  private let endBit: UInt64
  /// Positions + 1: the row length of `moves`.
  private let stride: Int
  /// For each spelling number, the positions (bits) it can start from.
  private let starts: [UInt64]
  /// For each spelling number and position, the positions it leads to.
  private let moves: [UInt64]
  /// The bits a key's signature must hold for the key to spell the term
  /// (`ReadingSignature.of(term:)`).
  let signature: UInt64

  /// The matcher of `term`, or nil when no reading can match it (more than 63 scalars
  /// folded, or no letter).
  ///
  /// - Complexity: O(v · n) in the vocabulary's size and the term's length.
  public init?(term: String) {
    guard let scalars = Self.readingTerm(term) else { return nil }
    self.init(scalars: scalars, vocabulary: ReadingVocabulary.shared.spellings)
  }

  /// The scalars a reading must spell for `term`: folded (`Folding.all`, punctuation
  /// dropped), Hangul compatibility jamo made conjoining, runs of spaces made one, trimmed;
  /// nil when no reading can match it.
  ///
  /// - Complexity: O(n) in the term's length.
  static func readingTerm(_ term: String) -> [UInt32]? {
    let folded = TextFolder(options: .default, dropsPunctuation: true).fold(term)
    var scalars: [UInt32] = []
    for scalar in String(decoding: folded, as: UTF8.self).unicodeScalars {
      if (0x3131...0x318E).contains(scalar.value) {
        // Hangul compatibility jamo ("ㄱ", as keyboards type it) are the conjoining jamo
        // they decompose to (NFKD, Unicode UAX #15): "ᄀ", an initial consonant.
        scalars += UnicodeMappings.compatibilityDecomposition(of: scalar).map(\.value)
        continue
      }
      if scalar.properties.isWhitespace {
        if let last = scalars.last, last != 0x20 { scalars.append(0x20) }
      } else {
        scalars.append(scalar.value)
      }
    }
    if scalars.last == 0x20 { scalars.removeLast() }
    guard !scalars.isEmpty, scalars.count <= 63,
      scalars.contains(where: { Unicode.Scalar($0)?.properties.isAlphabetic == true })
    else { return nil }
    return scalars
  }

  /// The matcher of folded `scalars` (1 to 63, no leading or trailing space) over
  /// `vocabulary`.
  init(scalars: [UInt32], vocabulary: [ReadingVocabulary.Spelling]) {
    let n = scalars.count
    term = scalars
    signature = ReadingSignature.of(term: scalars)
    endBit = 1 << UInt64(n)
    stride = n + 1
    var starts = [UInt64](repeating: 0, count: vocabulary.count)
    var moves = [UInt64](repeating: 0, count: vocabulary.count * (n + 1))
    for (number, spelling) in vocabulary.enumerated() {
      let text = spelling.text
      let length = text.count
      for p in (spelling.continuesOnly ? 1 : 0)..<n {
        if length > 0 && text[0] != scalars[p] { continue }
        var to: UInt64 = 0
        func reach(_ q: Int) {
          to |= 1 << UInt64(q)
          if q < n && scalars[q] == 0x20 { to |= 1 << UInt64(q + 1) }
        }
        // How many of the spelling's scalars the term repeats from p.
        var same = 0
        while same < length && p + same < n && text[same] == scalars[p + same] { same += 1 }
        if length == 0 {
          to |= 1 << UInt64(p)
        } else if same == length {
          reach(p + length)
        } else if p + same == n {
          to |= endBit  // the term ends inside the spelling: an unfinished last unit
        }
        for a in spelling.abbreviations where Int(a) < length && Int(a) <= same {
          reach(p + Int(a))
        }
        if to != 0 {
          starts[number] |= 1 << UInt64(p)
          moves[number * (n + 1) + p] = to
        }
      }
    }
    self.starts = starts
    self.moves = moves
  }

  /// Whether the units of `numbers` (one reading key) spell the term.
  ///
  /// - Complexity: O(k) in the key's spellings, times the positions reached at once.
  @inline(__always)
  func matches(_ numbers: UnsafeBufferPointer<UInt32>) -> Bool {
    var input: UInt64 = 1
    var output: UInt64 = 0
    let count = starts.count
    return starts.withUnsafeBufferPointer { starts in
      moves.withUnsafeBufferPointer { moves in
        for x in numbers {
          let number = Int(x & ~ReadingKeys.unitEnd)
          if number < count {
            var from = input & starts[number]
            while from != 0 {
              output |= moves[number &* stride &+ from.trailingZeroBitCount]
              from &= from &- 1
            }
          }
          if x & ReadingKeys.unitEnd != 0 {
            if output & endBit != 0 { return true }
            input = output | 1
            output = 0
          }
        }
        return false
      }
    }
  }

  /// The moves of the Han units of `readings` (`ReadingKeys.hanUnitOf`) for this term, as a
  /// deterministic automaton over classes of units.
  ///
  /// Each unit's moves (the positions it can start from and where each leads, derived from
  /// its spellings as `matches` derives them) are worked out once; units that move alike
  /// share a class, and units that spell no part of the term are class 0. The sets of
  /// positions reachable from the start (each a state) are then numbered breadth first,
  /// with one transition per state and class, so a name's character costs two table
  /// look-ups, its class's and the transition (the subset construction, Rabin and Scott,
  /// 1959), or one where the transitions fit rowed by unit (`HanMoves.byUnit`). When the
  /// states pass `maximumStates`, or the states times the classes `maximumTransitions` (a
  /// long term can reach many sets: "anan…" over 安 and 那 doubles them every two letters),
  /// the classes' moves are followed bit by bit instead.
  ///
  /// - Complexity: O(u · n) in the units' spelling numbers and the term's length, plus
  ///   O(s · c · n) in the states and classes, plus O(s · u) for the rows by unit.
  func hanMoves(_ readings: ReadingKeys) -> HanMoves {
    let units = readings.hanUnitEnds.count
    var classOfUnit = [UInt16](repeating: 0, count: units)
    // Class 0 moves nowhere.
    var classStarts: [UInt64] = [0]
    var classMoves = [UInt64](repeating: 0, count: stride)
    var classes: [[UInt64]: UInt16] = [:]
    var row = [UInt64](repeating: 0, count: stride + 1)
    var start = 0
    for u in 0..<units {
      let end = Int(readings.hanUnitEnds[u])
      for k in row.indices { row[k] = 0 }
      for x in readings.hanUnitNumbers[start..<end] {
        let number = Int(x & ~ReadingKeys.unitEnd)
        guard number < starts.count else { continue }
        row[0] |= starts[number]
        var from = starts[number]
        while from != 0 {
          let p = from.trailingZeroBitCount
          row[1 + p] |= moves[number * stride + p]
          from &= from - 1
        }
      }
      start = end
      // A unit past the numbers a class can have (more units than a list's slots, which only
      // a forged file could hold) moves nowhere.
      guard row[0] != 0 else { continue }
      if let known = classes[row] {
        classOfUnit[u] = known
      } else if classStarts.count < Int(UInt16.max) {
        let number = UInt16(classStarts.count)
        classes[row] = number
        classStarts.append(row[0])
        classMoves += row[1...]
        classOfUnit[u] = number
      }
    }
    // Indexed by unit plus one, as `ReadingKeys.hanCharacters` holds them (0: no unit).
    classOfUnit.insert(0, at: 0)
    let classCount = classStarts.count
    // The states: sets of positions (the start always among them), numbered as reached.
    var states: [UInt64] = [1]
    var numbers: [UInt64: UInt16] = [1: 0]
    var next: [UInt16] = []
    var s = 0
    while s < states.count {
      for c in 0..<classCount {
        var output: UInt64 = 0
        var from = states[s] & classStarts[c]
        while from != 0 {
          output |= classMoves[c * stride + from.trailingZeroBitCount]
          from &= from - 1
        }
        if output & endBit != 0 {
          next.append(HanMoves.accepted)
          continue
        }
        let state = output | 1
        if let known = numbers[state] {
          next.append(known)
          continue
        }
        guard states.count < HanMoves.maximumStates,
          (states.count + 1) * classCount <= HanMoves.maximumTransitions
        else {
          return HanMoves(
            classOfUnit: classOfUnit, classCount: classCount, next: [],
            classStarts: classStarts, classMoves: classMoves)
        }
        numbers[state] = UInt16(states.count)
        next.append(UInt16(states.count))
        states.append(state)
      }
      s += 1
    }
    return HanMoves(
      classOfUnit: classOfUnit, classCount: classCount, next: next, classStarts: classStarts,
      classMoves: classMoves,
      byUnit: HanMoves.transitionsByUnit(
        classOfUnit: classOfUnit, classCount: classCount, next: next))
  }

  /// The moves of a list's Han units for one term (`hanMoves(_:)`).
  struct HanMoves: Sendable {
    /// The most states the automaton may have (well below `accepted`, which no state may be).
    static let maximumStates = 4_096
    /// The most transitions (states times classes) the automaton may have: 256 KiB of table.
    static let maximumTransitions = 1 << 17
    /// The transition that reaches the term's end.
    static let accepted = UInt16.max
    /// Per Han unit plus one (as `ReadingKeys.hanCharacters` holds them), its class; 0 for
    /// none.
    let classOfUnit: [UInt16]
    /// The number of classes (class 0 included).
    let classCount: Int
    /// State `s`'s transition on class `c` at `s * classCount + c`: the next state, or
    /// `accepted`; empty when the automaton would pass `maximumTransitions`.
    let next: [UInt16]
    /// Per class, the positions it can start from.
    let classStarts: [UInt64]
    /// Per class and position, the positions it leads to (rows of the term's length + 1).
    let classMoves: [UInt64]
    /// The automaton's transitions by unit instead of by class, so that a character costs
    /// one look-up, not two: unit `u`'s row (`u` as `classOfUnit` numbers units, a row per
    /// entry of it) holds at `u * byUnitWidth + s` the next state from state `s`, the last
    /// state (`byUnitWidth - 1`) being the term's end, which keeps itself. Empty when `next`
    /// is, or when the rows would pass `maximumByUnit` entries.
    let byUnit: [UInt16]
    /// The states of `byUnit`'s rows: `next`'s states plus the term's end; 0 when `byUnit`
    /// is empty.
    let byUnitWidth: Int

    /// The most entries `byUnit` may have: 512 KiB of table, about what a core's cache holds.
    static let maximumByUnit = 1 << 18

    /// Moves of `classOfUnit.count` units in `classCount` classes, with the transitions
    /// `next` (empty for none), and rows by unit made from them when they fit.
    ///
    /// - Complexity: O(u · s) in the units and the states when the rows are made.
    init(
      classOfUnit: [UInt16], classCount: Int, next: [UInt16], classStarts: [UInt64],
      classMoves: [UInt64], byUnit: [UInt16] = []
    ) {
      self.classOfUnit = classOfUnit
      self.classCount = classCount
      self.next = next
      self.classStarts = classStarts
      self.classMoves = classMoves
      self.byUnit = byUnit
      byUnitWidth = byUnit.isEmpty ? 0 : byUnit.count / classOfUnit.count
    }

    /// `next`'s transitions rowed by unit (`byUnit`), or empty when `next` is or the rows
    /// would pass `maximumByUnit` entries.
    ///
    /// - Complexity: O(u · s) in the units and the states.
    static func transitionsByUnit(classOfUnit: [UInt16], classCount: Int, next: [UInt16])
      -> [UInt16]
    {
      guard !next.isEmpty, classCount > 0 else { return [] }
      let states = next.count / classCount
      let width = states + 1
      guard width * classOfUnit.count <= maximumByUnit else { return [] }
      let end = UInt16(states)
      var rows = [UInt16](repeating: end, count: width * classOfUnit.count)
      for (u, c) in classOfUnit.enumerated() {
        for s in 0..<states {
          let to = next[s * classCount + Int(c)]
          rows[u * width + s] = to == accepted ? end : to
        }
      }
      return rows
    }

    /// The tables, for the time `body` runs.
    ///
    /// - Complexity: O(1) besides `body`.
    func withTables<R>(_ body: (Tables) -> R) -> R {
      classOfUnit.withUnsafeBufferPointer { classOfUnit in
        next.withUnsafeBufferPointer { next in
          classStarts.withUnsafeBufferPointer { classStarts in
            classMoves.withUnsafeBufferPointer { classMoves in
              byUnit.withUnsafeBufferPointer { byUnit in
                body(
                  Tables(
                    classOfUnit: classOfUnit, classCount: classCount, next: next,
                    classStarts: classStarts, classMoves: classMoves, byUnit: byUnit,
                    byUnitWidth: byUnitWidth))
              }
            }
          }
        }
      }
    }

    /// `HanMoves`'s tables as buffers, valid inside `withTables`.
    struct Tables {
      /// `HanMoves.classOfUnit`.
      let classOfUnit: UnsafeBufferPointer<UInt16>
      /// `HanMoves.classCount`.
      let classCount: Int
      /// `HanMoves.next`: empty when the classes' moves are followed instead.
      let next: UnsafeBufferPointer<UInt16>
      /// `HanMoves.classStarts`.
      let classStarts: UnsafeBufferPointer<UInt64>
      /// `HanMoves.classMoves`.
      let classMoves: UnsafeBufferPointer<UInt64>
      /// `HanMoves.byUnit`: empty when `next` is followed instead.
      let byUnit: UnsafeBufferPointer<UInt16>
      /// `HanMoves.byUnitWidth`.
      let byUnitWidth: Int
    }
  }

  /// Whether a name written only in BMP Han characters (`CharacterRanks.isHanOnly`), whose
  /// characters' units are `units` (`ReadingKeys.hanCharacters`), spells the term: what
  /// `matches` finds in the name's units, without them being stored.
  ///
  /// A unit past the table (which only a forged `ReadingCache` file could hold) reads as
  /// none.
  ///
  /// - Complexity: O(k) in the name's characters (times the positions reached at once when
  ///   the automaton was too large to make).
  @inline(__always)
  func matchesHan(_ units: UnsafeBufferPointer<UInt16>, _ han: HanMoves.Tables) -> Bool {
    let classOfUnit = han.classOfUnit
    let next = han.next
    if !han.byUnit.isEmpty {
      let width = han.byUnitWidth
      var state = 0
      for unit in units {
        let row = Int(unit) < classOfUnit.count ? Int(unit) : 0
        state = Int(han.byUnit[row &* width &+ state])
        if state == width - 1 { return true }
      }
      return false
    }
    var state = 0
    var input: UInt64 = 1
    for unit in units {
      let c = Int(unit) < classOfUnit.count ? Int(classOfUnit[Int(unit)]) : 0
      if !next.isEmpty {
        let to = next[state &* han.classCount &+ c]
        if to == HanMoves.accepted { return true }
        state = Int(to)
        continue
      }
      var output: UInt64 = 0
      var from = input & han.classStarts[c]
      while from != 0 {
        output |= han.classMoves[c &* stride &+ from.trailingZeroBitCount]
        from &= from &- 1
      }
      if output & endBit != 0 { return true }
      input = output | 1
    }
    return false
  }

  /// Whether the name whose units start at `at` in `characters` (`ReadingKeys.hanCharacters`)
  /// spells the term, as `matchesHan(_:_:)`, leaving `at` past the separator that ends them
  /// (or at the end of `characters`).
  ///
  /// - Complexity: O(k) in the name's characters.
  @inline(__always)
  func matchesHanRun(
    _ characters: UnsafeBufferPointer<UInt16>, at: inout Int, _ han: HanMoves.Tables
  ) -> Bool {
    let classOfUnit = han.classOfUnit
    let next = han.next
    guard !next.isEmpty else {
      // A start past the characters (only a forged file's word starts could say so) reads
      // as none.
      at = min(at, characters.count)
      var end = at
      while end < characters.count && characters[end] != ReadingKeys.hanSeparator { end += 1 }
      let units = UnsafeBufferPointer(rebasing: characters[at..<end])
      at = min(end + 1, characters.count)
      return matchesHan(units, han)
    }
    var state = 0
    var matched = false
    while at < characters.count {
      let unit = characters[at]
      at += 1
      if unit == ReadingKeys.hanSeparator { return matched }
      if matched { continue }
      let c = Int(unit) < classOfUnit.count ? Int(classOfUnit[Int(unit)]) : 0
      let to = next[state &* han.classCount &+ c]
      if to == HanMoves.accepted {
        matched = true
      } else {
        state = Int(to)
      }
    }
    return matched
  }

  /// `matchesHan(_:_:)` with the tables of `han`.
  func matchesHan(_ units: UnsafeBufferPointer<UInt16>, _ han: HanMoves) -> Bool {
    han.withTables { matchesHan(units, $0) }
  }

  /// Whether name `i` of `readings`, read from its text (its `hanNames` bit set), spells
  /// the term: its characters, or those of the name it repeats (`ReadingKeys.hanRepeats`).
  func matchesHan(name i: Int, in readings: ReadingKeys, _ han: HanMoves) -> Bool {
    let units = readings.hanCharacters(
      from: readings.hanCharacterStart(ofName: i),
      count: readings.hanCharacterCount(ofName: readings.hanHead(ofName: i)))
    return matchesHan(units, han)
  }

  /// The UTF-8 byte range of `name` whose reading units first spell the term (from the
  /// start of the first unit to the end of the last), or nil when none does.
  ///
  /// - Complexity: O(n + u²) in the name's length and its units.
  public func matchedRange(in name: String) -> Range<Int>? {
    var name = name
    return name.withUTF8 { utf8 -> Range<Int>? in
      var builder = ReadingUnitBuilder()
      guard let (ranges, numbers) = builder.units(of: utf8, isName: true),
        let units = firstMatchedUnits(numbers)
      else { return nil }
      return ranges[units.lowerBound].lowerBound..<ranges[units.upperBound - 1].upperBound
    }
  }

  /// Whether the reading units of `name` spell the term from its first unit
  /// (`atStart`), up to its last unit (`atEnd`), or both: what `^word` and `word$` ask of a
  /// name found by reading (`QueryExpression.Word`).
  ///
  /// - Complexity: O(n + u²) in the name's length and its units.
  func spells(_ name: String, atStart: Bool, atEnd: Bool) -> Bool {
    var name = name
    return name.withUTF8 { utf8 -> Bool in
      var builder = ReadingUnitBuilder()
      guard let (_, numbers) = builder.units(of: utf8, isName: true) else { return false }
      return matchedUnits(numbers, atStart: atStart, atEnd: atEnd) != nil
    }
  }

  /// The first run of units (indices into the key's units) that spells the term, found by
  /// starting at each unit in turn: what a name shows as matched.
  ///
  /// - Complexity: O(u²) in the key's units.
  func firstMatchedUnits(_ numbers: [UInt32]) -> Range<Int>? {
    matchedUnits(numbers, atStart: false, atEnd: false)
  }

  /// The first run of units that spells the term, starting at the first unit (`atStart`)
  /// or at each in turn, and ending at the last unit (`atEnd`) or wherever the term ends.
  ///
  /// - Complexity: O(u²) in the key's units.
  private func matchedUnits(_ numbers: [UInt32], atStart: Bool, atEnd: Bool) -> Range<Int>? {
    // Where each unit's numbers start.
    var unitStarts: [Int] = [0]
    for (i, x) in numbers.enumerated() where x & ReadingKeys.unitEnd != 0 {
      unitStarts.append(i + 1)
    }
    let unitCount = unitStarts.count - 1
    for first in 0..<(atStart ? min(unitCount, 1) : unitCount) {
      var input: UInt64 = 1
      for u in first..<unitCount {
        var output: UInt64 = 0
        for x in numbers[unitStarts[u]..<unitStarts[u + 1]] {
          let number = Int(x & ~ReadingKeys.unitEnd)
          guard number < starts.count else { continue }
          var from = input & starts[number]
          while from != 0 {
            output |= moves[number * stride + from.trailingZeroBitCount]
            from &= from - 1
          }
        }
        if output & endBit != 0 && (!atEnd || u == unitCount - 1) { return first..<u + 1 }
        input = output & ~endBit
        if input == 0 { break }
      }
    }
    return nil
  }
}
