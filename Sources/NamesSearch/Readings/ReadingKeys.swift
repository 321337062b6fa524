/// Words written by the chunks of `ReadingKeys.init`, each chunk its own.
private struct SendableWords: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt64>?
}

/// The Han names' character units, written by chunks of whole words of names, each its own.
private struct SendableCharacters: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt16>?
}

/// The readings of a catalog's names, as the numbers of their units' spellings
/// (`ReadingVocabulary`), for `ReadingMatcher` to scan.
///
/// Only names (and records' further keys, `FurtherKeys`) that hold a character with a
/// reading get a reading key: Han characters (pinyin), kana (romaji), Hangul syllables
/// (jamo and initial consonants), Cyrillic and Greek letters (romanizations); see
/// `ReadingUnitBuilder`. Key `r` is `spellings[key(r)]`: `ends[r - 1] ..< ends[r]`, or its
/// head's range when it repeats another (below); its units one after
/// another, each unit its spellings' numbers with the top bit set on the unit's last
/// (`unitEnd`); a unit that cannot be typed (a character of another script) is the single
/// number `barrier | unitEnd`.
///
/// A name written only in Han characters of the Basic Multilingual Plane (most names of a
/// Chinese list) has no stored key but a bit in `hanNames`: its units are its characters,
/// read from the name itself through `hanUnitOf`, which numbers each distinct character's
/// spellings once (and once more as a family name, for a name's first character). Such a
/// list's reading keys cost one pass over the names, a bit a name and a table of a few
/// thousand characters.
///
/// A key spelled as the one before it, or a Han name written as the one before it (a list
/// sorted by name keeps equal names side by side: a Chinese list of a million names holds
/// about a quarter as many distinct ones), keeps its entry but not its numbers or
/// characters: it is marked (`keyRepeats`, `hanRepeats`), and a scan carries the answer of
/// the entry it repeats instead of reading it again. Entries repeat only within a word of 64
/// (`RepeatBits`), so that a repeat's *head* (the nearest entry before it, in its word, not
/// marked) is found in one word and scans split at words; a run is read once a word. A name
/// written as the name before it is not even read while the keys are made.
///
/// Each key or Han name that repeats no other has a signature (`ReadingSignature`, 64 bits):
/// the pairs of scalars its units let a term type one after the other. A scan reads the
/// units of a key only when its signature holds every pair of the term (`keySignatures`,
/// `hanSignatures`): most keys of a large list lack one, and are passed over at the cost of
/// one word.
///
/// Scanners number the keys as *entries*: `0 ..< spelledCount` the stored keys, then
/// `spelledCount + i` for name `i` when its bit is set; entries in ascending order have
/// ascending owners within each of the two parts.
public struct ReadingKeys: Sendable {
  /// The version of the rules and data that make reading keys (`ReadingUnitBuilder`, the
  /// pinyin, kana, Cyrillic and Greek tables), which a `ReadingCache` file records: raise it
  /// whenever the keys made from a name change, so files made under the old rules are made
  /// again. (2: a Hangul syllable followed by a trailing jamo reads as the syllable they
  /// compose to, UAX #15, where Foundation's NFC had left them apart.) The file's layout
  /// has its own version, in `ReadingCache.magic`.
  static let ruleVersion: UInt32 = 2

  /// The top bit of a unit's last spelling number.
  static let unitEnd: UInt32 = 0x8000_0000
  /// The number of a unit that no term can spell.
  static let barrier: UInt32 = 0x7FFF_FFFF

  /// The name each reading key belongs to, ascending.
  public let owners: FrozenArray<UInt32>
  /// The end of each reading key in `spellings`.
  public let ends: FrozenArray<UInt32>
  /// The units' spelling numbers, key after key (none for a key marked in `keyRepeats`).
  public let spellings: FrozenArray<UInt32>
  /// One bit a stored key (key `r` at bit `r % 64` of word `r / 64`), `(owners.count + 63) / 64`
  /// words: set only when key `r` spells what key `r - 1` spells (never for a key at a
  /// multiple of 64; a repeat the builder's chunks cannot see is left unmarked). Such a key
  /// stores no numbers (`ends[r] == ends[r - 1]`) and reads as its head's (`headKey(of:)`).
  let keyRepeats: FrozenArray<UInt64>
  /// What each spelling number stands for (`ReadingVocabulary`): every number the keys and
  /// the Han units hold is below its count, or is `barrier`.
  package let vocabulary: [ReadingVocabulary.Spelling]
  /// The names, for keys read from their names' text.
  let names: NameStore
  /// One bit a name (name `i` at bit `i % 64` of word `i / 64`): set for a name written
  /// only in BMP Han characters, read from its text; empty when the list has none.
  let hanNames: FrozenArray<UInt64>
  /// How many bits of `hanNames` are set.
  let hanNameCount: Int
  /// One bit a name, as `hanNames` (empty with it): set for a name read from its text whose
  /// bytes are those of the name before it, itself read from its text, in the same word of
  /// 64 names (never bit 0 of a word). Such a name has no units in `hanCharacters` and reads
  /// as its head's (`hanHead(ofName:)`).
  let hanRepeats: FrozenArray<UInt64>
  /// The first Han character read as a name's (family name) or as another: per scalar
  /// from `hanBase`, at `scalar - hanBase` (another) or `hanSpan + scalar - hanBase` (a
  /// name's first), the character's unit's index in `hanUnitEnds` plus one; 0 for a
  /// character no name of the list has there. Empty, or `2 * hanSpan` entries.
  let hanUnitOf: FrozenArray<UInt16>
  /// The end of each Han unit's numbers in `hanUnitNumbers`.
  let hanUnitEnds: FrozenArray<UInt32>
  /// The Han units' spelling numbers (as in `spellings`, `unitEnd` on each unit's last).
  let hanUnitNumbers: FrozenArray<UInt32>
  /// The units of the names of Han characters only, a character at a time (its unit's index
  /// in `hanUnitEnds` plus one, as `hanUnitOf` gives it), name after name in the order of
  /// the names, each name's followed by `hanSeparator`: a name of `b` bytes has `b / 3`
  /// entries and the separator; a name marked in `hanRepeats` has none.
  let hanCharacters: FrozenArray<UInt16>
  /// What ends each name's units in `hanCharacters` (no unit has this number).
  static let hanSeparator = UInt16.max
  /// For each word of `hanNames` (64 names), where its first head's characters start in
  /// `hanCharacters`, then `hanCharacters.count`; empty when `hanNames` is.
  let hanWordStarts: FrozenArray<UInt32>
  /// The signature (`ReadingSignature`) of each stored key that repeats no other, in the
  /// keys' order; empty when the keys have none (a scan then reads every key).
  let keySignatures: FrozenArray<UInt64>
  /// The signature of each Han name that repeats no other (`hanHeads(inWord:)`), in the
  /// names' order, with its number of characters in its top bits
  /// (`ReadingSignature.withLength`); empty when they have none.
  let hanSignatures: FrozenArray<UInt64>
  /// For each word of `keyRepeats`, how many stored keys before it repeat no other: where
  /// its keys' signatures start. Empty with `keySignatures`.
  private let keyHeadRanks: [UInt32]
  /// For each word of `hanNames`, how many Han names before it repeat no other. Empty with
  /// `hanSignatures`.
  private let hanHeadRanks: [UInt32]

  /// Reading keys from their parts, as `ReadingCache` maps them from a file.
  ///
  /// - Precondition: the parts are consistent, as `ReadingCache` checks them: `ends`
  ///   ascending and ending at `spellings.count`, one owner per key, ascending and below
  ///   `names.count`; `hanNames` empty or one bit per name (no bit past the last name);
  ///   `keyRepeats` one bit a key (`(keys + 63) / 64` words), none at a multiple of 64 or
  ///   past the last key; `hanRepeats` as many words as `hanNames`, its bits a subset of
  ///   `hanNames`'s, none at bit 0 of a word, each one's name before it a Han name;
  ///   `hanUnitOf` empty or `2 * hanSpan` entries, each at most `hanUnitEnds.count`;
  ///   `hanUnitEnds` ascending and ending at `hanUnitNumbers.count`; `hanCharacters` each
  ///   at most `hanUnitEnds.count`; `hanWordStarts` empty with `hanNames`, else one more
  ///   entry. (Its values are not checked: starts that disagree with the names' lengths,
  ///   or past `hanCharacters`, can only give wrong answers; reads stay in bounds.)
  ///   Signatures that are not one a head (`keySignatures`, `hanSignatures`) are dropped:
  ///   every key is then read. (Their values are not checked: wrong ones can only give
  ///   wrong answers.)
  init(
    names: NameStore, owners: FrozenArray<UInt32>, ends: FrozenArray<UInt32>,
    spellings: FrozenArray<UInt32>, keyRepeats: FrozenArray<UInt64>,
    vocabulary: [ReadingVocabulary.Spelling], hanNames: FrozenArray<UInt64>,
    hanRepeats: FrozenArray<UInt64>, hanUnitOf: FrozenArray<UInt16>,
    hanUnitEnds: FrozenArray<UInt32>, hanUnitNumbers: FrozenArray<UInt32>,
    hanCharacters: FrozenArray<UInt16>, hanWordStarts: FrozenArray<UInt32>,
    keySignatures: FrozenArray<UInt64>, hanSignatures: FrozenArray<UInt64>
  ) {
    // The heads before each word of keys: 64 a word less the repeats before it (the last
    // word holds the keys left).
    var keyHeadRanks: [UInt32] = []
    var heads = 0
    let keysHaveWords = keyRepeats.count == (owners.count + 63) / 64
    if keysHaveWords, let last = keyRepeats.last {
      let (repeatRanks, repeated) = BitRanks.ranks(keyRepeats.buffer)
      keyHeadRanks = repeatRanks.enumerated().map { w, rank in
        UInt32(truncatingIfNeeded: 64 &* w) &- rank
      }
      let before = keyRepeats.count - 1
      heads =
        64 * before - (repeated - last.nonzeroBitCount)
        + Self.keyHeads(inWord: before, of: owners.count, repeats: keyRepeats)
    }
    let keysHaveSignatures = keysHaveWords && heads == keySignatures.count
    self.keySignatures = keysHaveSignatures ? keySignatures : FrozenArray()
    self.keyHeadRanks = keysHaveSignatures ? keyHeadRanks : []
    var hanHeadRanks: [UInt32] = []
    heads = 0
    if hanRepeats.count == hanNames.count {
      (hanHeadRanks, heads) = BitRanks.ranks(hanNames.buffer, clearing: hanRepeats.buffer)
    }
    let hanHaveSignatures = !hanNames.isEmpty && heads == hanSignatures.count
    self.hanSignatures = hanHaveSignatures ? hanSignatures : FrozenArray()
    self.hanHeadRanks = hanHaveSignatures ? hanHeadRanks : []
    self.keyRepeats = keyRepeats
    self.hanRepeats = hanRepeats
    self.hanCharacters = hanCharacters
    self.hanWordStarts = hanWordStarts
    self.names = names
    self.owners = owners
    self.ends = ends
    self.spellings = spellings
    self.vocabulary = vocabulary
    self.hanNames = hanNames
    self.hanNameCount = BitRanks.total(hanNames.buffer)
    self.hanUnitOf = hanUnitOf
    self.hanUnitEnds = hanUnitEnds
    self.hanUnitNumbers = hanUnitNumbers
  }

  /// Whether `utf8` is written only in BMP Han characters (`CharacterRanks.isHanOnly`),
  /// marking in `seen` each of its characters (at `hanSpan` plus its offset for the first,
  /// at its offset for the others) as it goes; a name that turns out otherwise may leave
  /// marks, which only number a character more.
  @inline(__always)
  private static func markHanOnly(
    _ utf8: UnsafeBufferPointer<UInt8>, in seen: UnsafeMutableBufferPointer<Bool>
  ) -> Bool {
    CharacterRanks.isHanOnly(utf8) { value, offset in
      seen[(offset == 0 ? hanSpan : 0) + Int(value - hanBase)] = true
    }
  }

  /// The first scalar of the Han characters read from names' text (U+3400).
  static let hanBase: UInt32 = 0x3400
  /// The number of scalars from `hanBase` (to U+9FFF).
  static let hanSpan = 0xA000 - 0x3400

  /// The number of reading keys: stored, and read from names of Han characters only.
  public var count: Int { owners.count + hanNameCount }

  /// The number of stored keys (the first entries).
  var spelledCount: Int { owners.count }

  /// The number of entries (`spelledCount` plus one a name, whether or not its bit is set).
  var entryCount: Int { owners.count + (hanNames.isEmpty ? 0 : names.count) }

  /// Whether name `i` is read from its text (its `hanNames` bit).
  @inline(__always)
  func isHanName(_ i: Int) -> Bool {
    hanNames[i >> 6] & (1 << UInt64(i & 63)) != 0
  }

  /// The number of characters of name `i` if it is read from its text (3 bytes each).
  @inline(__always)
  func hanCharacterCount(ofName i: Int) -> Int {
    names.byteRange(of: i).count / 3
  }

  /// The name whose characters name `i` (read from its text) is read by: `i`, or the name
  /// it repeats (`hanRepeats`), in the same word.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func hanHead(ofName i: Int) -> Int { RepeatBits.head(of: i, in: hanRepeats.buffer) }

  /// The bits of word `w` of `hanNames` whose names have characters in `hanCharacters`:
  /// the Han names that repeat no other.
  @inline(__always)
  func hanHeads(inWord w: Int) -> UInt64 {
    hanNames[w] & ~hanRepeats[w]
  }

  /// Where the signature of stored key `r`, which must repeat no other, is in
  /// `keySignatures` (when it is not empty): the keys before it that repeat no other.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func keySignatureIndex(ofHead r: Int) -> Int {
    let below = ~keyRepeats[r >> 6] & ((1 << UInt64(r & 63)) &- 1)
    return Int(keyHeadRanks[r >> 6]) + below.nonzeroBitCount
  }

  /// Where the signature of name `i` is in `hanSignatures` (when it is not empty), if it is a
  /// Han name that repeats no other; for any name, how many Han names before it repeat no
  /// other.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func hanSignatureIndex(ofHead i: Int) -> Int {
    let below = hanHeads(inWord: i >> 6) & ((1 << UInt64(i & 63)) &- 1)
    return Int(hanHeadRanks[i >> 6]) + below.nonzeroBitCount
  }

  /// Whether the head key or Han name of entry `e` (an entry that repeats no other) may
  /// match a term whose signature is `need`: its signature holds all of `need`'s bits, or
  /// the keys have no signatures.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func mayMatch(head e: Int, need: UInt64) -> Bool {
    if e < owners.count {
      return keySignatures.isEmpty || keySignatures[keySignatureIndex(ofHead: e)] & need == need
    }
    return hanSignatures.isEmpty
      || hanSignatures[hanSignatureIndex(ofHead: e - owners.count)] & need == need
  }

  /// Where the characters of name `i`, whose `hanNames` bit is set, start in
  /// `hanCharacters`: its word's start plus the characters of the word's heads before it
  /// (a name that repeats another starts where its head does).
  ///
  /// - Complexity: O(1) plus the heads set before it in its word (at most 63).
  func hanCharacterStart(ofName i: Int) -> Int {
    let i = hanHead(ofName: i)
    var start = Int(hanWordStarts[i >> 6])
    var before = hanHeads(inWord: i >> 6) & ((1 << UInt64(i & 63)) - 1)
    while before != 0 {
      start += hanCharacterCount(ofName: (i & ~63) + before.trailingZeroBitCount) + 1
      before &= before - 1
    }
    return start
  }

  /// Where the characters of name `i`, whose `hanNames` bit is set, start, given that those
  /// of `previous.name` (an earlier name whose bit is set, or its head) start at
  /// `previous.start`: from there when both are in one word of 64 names, else as
  /// `hanCharacterStart(ofName:)`. Names visited in ascending order thus cost the names
  /// between them, not all the names before each in its word.
  ///
  /// - Complexity: O(1) plus the heads set between `previous.name` and `i` in their word.
  func hanCharacterStart(ofName i: Int, after previous: (name: Int, start: Int)?) -> Int {
    let i = hanHead(ofName: i)
    guard let previous else { return hanCharacterStart(ofName: i) }
    let p = hanHead(ofName: previous.name)
    guard p <= i, p >> 6 == i >> 6 else { return hanCharacterStart(ofName: i) }
    if p == i { return previous.start }
    var start = previous.start + hanCharacterCount(ofName: p) + 1
    let below: UInt64 = (1 << UInt64(i & 63)) &- 1
    let above: UInt64 = ~((2 << UInt64(p & 63)) &- 1)
    var between = hanHeads(inWord: i >> 6) & below & above
    while between != 0 {
      start += hanCharacterCount(ofName: (i & ~63) + between.trailingZeroBitCount) + 1
      between &= between - 1
    }
    return start
  }

  /// The units of the `count` characters from `start` in `hanCharacters`; empty when they
  /// would pass its end (only a forged `ReadingCache` file could say so).
  @inline(__always)
  func hanCharacters(from start: Int, count: Int) -> UnsafeBufferPointer<UInt16> {
    let all = hanCharacters.buffer
    guard start >= 0, count <= all.count - start else {
      return UnsafeBufferPointer(rebasing: all[0..<0])
    }
    return UnsafeBufferPointer(rebasing: all[start..<start + count])
  }

  /// The name of entry `e`.
  @inline(__always)
  func owner(ofEntry e: Int) -> Int {
    e < owners.count ? Int(owners[e]) : e - owners.count
  }

  /// The stored key whose numbers key `r` is read by: `r`, or the key it repeats
  /// (`keyRepeats`), in the same word.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func headKey(of r: Int) -> Int { RepeatBits.head(of: r, in: keyRepeats.buffer) }

  /// The spelling numbers of key `r` (its head's, when it repeats another).
  @inline(__always)
  func key(_ r: Int) -> Range<Int> { storedKey(headKey(of: r)) }

  /// The numbers stored for key `r`: none when it repeats another.
  @inline(__always)
  func storedKey(_ r: Int) -> Range<Int> {
    (r == 0 ? 0 : Int(ends[r - 1]))..<Int(ends[r])
  }

  /// Builds the reading keys of `names` and their `further` keys, splitting the work across
  /// cores for large lists.
  ///
  /// - Complexity: O(n) in the names' total UTF-8 length; names written only in bytes below
  ///   0xCE (ASCII and Latin letters) are passed over eight bytes at a time.
  public init(names: NameStore, further: FurtherKeys? = nil) {
    let further = further.flatMap { $0.count > 0 ? $0 : nil }
    if further == nil, !Self.hasByte(atLeast: 0xCE, in: names.bytes.buffer) {
      // No name has a reading (the letters that have one, Greek from U+0380, Cyrillic,
      // kana, Han and Hangul, all start with a byte of 0xCE or more: `appendSpellings`
      // passes over any other name), so no key is made; a list of Latin names (the built-in list)
      // skips the per-name work and its chunks.
      self.init(
        names: names, owners: FrozenArray(), ends: FrozenArray(), spellings: FrozenArray(),
        keyRepeats: FrozenArray(), vocabulary: ReadingVocabulary.shared.spellings,
        hanNames: FrozenArray(), hanRepeats: FrozenArray(), hanUnitOf: FrozenArray(),
        hanUnitEnds: FrozenArray(), hanUnitNumbers: FrozenArray(), hanCharacters: FrozenArray(),
        hanWordStarts: FrozenArray(), keySignatures: FrozenArray(), hanSignatures: FrozenArray())
      return
    }
    // Chunks start at multiples of 64 names, so each writes its own words of `hanNames`.
    let chunkCount =
      names.count < 20_000 || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    let bounds = (0...chunkCount).map {
      $0 == chunkCount ? names.count : names.count * $0 / chunkCount & ~63
    }
    // A chunk's keys: `keyRepeats[k]` when key `k` spells what the chunk's key before it
    // spells (its numbers then not kept: `ends[k] == ends[k - 1]`).
    typealias Part = (
      owners: [UInt32], ends: [UInt32], spellings: [UInt32], keyRepeats: [Bool], hanSeen: [Bool]
    )
    let parts = ConcurrentResults<Part>(count: chunkCount)
    let wordCount = (names.count + 63) / 64
    let bits = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * wordCount)
    bits.initialize(repeating: 0)
    defer { bits.deallocate() }
    let hanBits = SendableWords(base: bits.baseAddress)
    // Then the words of `hanRepeats`.
    let hanRepeatBits = SendableWords(base: bits.baseAddress.map { $0 + wordCount })
    ThreadPool.perform(iterations: chunkCount) { chunk in
      var builder = ReadingUnitBuilder()
      let first = bounds[chunk]
      let last = bounds[chunk + 1]
      var k = further?.firstKey(ofNameAtLeast: first) ?? 0
      let lastKey = further?.firstKey(ofNameAtLeast: last) ?? 0
      var owners: [UInt32] = []
      var ends: [UInt32] = []
      var spellings: [UInt32] = []
      var keyRepeats: [Bool] = []
      // Where the numbers of the chunk's last key not repeating another lie.
      var lastStored = 0..<0
      // What the name before this one got: a name written alike gets the same.
      var previous = PreviousName.unknown
      // Which Han characters the chunk's names of Han characters only have, as a name's
      // first and as another: made when a name starts with a Han character's first byte.
      var seen: UnsafeMutableBufferPointer<Bool>? = nil
      defer { seen?.deallocate() }
      var hasHan = false
      /// Adds the key of `utf8`, if it has one, and says whether it did.
      func add(_ utf8: UnsafeBufferPointer<UInt8>, owner: Int, isName: Bool) -> Bool {
        let start = spellings.count
        guard builder.appendSpellings(of: utf8, isName: isName, to: &spellings) else {
          return false
        }
        let added = start..<spellings.count
        let repeated =
          !keyRepeats.isEmpty && added.count == lastStored.count
          && spellings.withUnsafeBufferPointer {
            RawBytes.equal(
              $0.baseAddress! + added.lowerBound, $0.baseAddress! + lastStored.lowerBound,
              count: 4 * added.count)
          }
        if repeated {
          spellings.removeSubrange(added)
        } else {
          lastStored = added
        }
        append(owner: owner, repeated: repeated)
        return true
      }
      func append(owner: Int, repeated: Bool) {
        owners.append(UInt32(owner))
        keyRepeats.append(repeated)
        ends.append(UInt32(spellings.count))
      }
      for i in first..<last {
        let utf8 = names.utf8(of: i)
        // The name before it is looked at only when what it got is known.
        if i > first, previous != .unknown, case let before = names.utf8(of: i - 1),
          utf8.count == before.count,
          utf8.count == 0
            || RawBytes.equal(utf8.baseAddress!, before.baseAddress!, count: utf8.count)
        {
          // Written as the name before it: read as that one, without reading it again.
          switch previous {
          case .han:
            hanBits.base![i >> 6] |= 1 << UInt64(i & 63)
            // Not at a word's first name: its head must be in its word.
            if i & 63 != 0 { hanRepeatBits.base![i >> 6] |= 1 << UInt64(i & 63) }
          case .keyed:
            append(owner: i, repeated: true)
          case .none, .unknown:
            break
          }
        } else {
          var isHanOnly = false
          if let lead = utf8.first, lead >= 0xE3 && lead <= 0xE9 {
            if seen == nil {
              seen = .allocate(capacity: 2 * Self.hanSpan)
              seen!.initialize(repeating: false)
            }
            isHanOnly = Self.markHanOnly(utf8, in: seen!)
          }
          if isHanOnly {
            // No stored key: read from the name; its characters are numbered once, below.
            hasHan = true
            hanBits.base![i >> 6] |= 1 << UInt64(i & 63)
            previous = .han
          } else {
            previous = add(utf8, owner: i, isName: true) ? .keyed : .none
          }
        }
        if let further {
          while k < lastKey && Int(further.owners[k]) == i {
            // The key before the next name's is no longer this name's own.
            if add(further.texts.utf8(of: k), owner: i, isName: false), previous == .keyed {
              previous = .unknown
            }
            k += 1
          }
        }
      }
      parts[chunk] = (owners, ends, spellings, keyRepeats, hasHan ? Array(seen!) : [])
    }
    var owners = GrowableArray<UInt32>()
    var ends = GrowableArray<UInt32>()
    var spellings = GrowableArray<UInt32>()
    var keyRepeats = GrowableArray<UInt64>()
    var keyRepeatWord: UInt64 = 0
    var hanSeen: [Bool] = []
    for part in parts.values {
      let part = part!
      part.owners.withUnsafeBufferPointer { owners.append(contentsOf: $0) }
      part.spellings.withUnsafeBufferPointer { chunk in
        var head = 0..<0
        for k in part.ends.indices {
          let r = ends.count
          let stored = (k == 0 ? 0 : Int(part.ends[k - 1]))..<Int(part.ends[k])
          if part.keyRepeats[k] && r & 63 != 0 {
            // Marked: read as the key before it.
            keyRepeatWord |= 1 << UInt64(r & 63)
          } else {
            // A chunk's repeat that starts a word of keys keeps the numbers it repeats.
            if !part.keyRepeats[k] { head = stored }
            spellings.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[head]))
          }
          ends.append(UInt32(spellings.count))
          if r & 63 == 63 {
            keyRepeats.append(keyRepeatWord)
            keyRepeatWord = 0
          }
        }
      }
      if hanSeen.isEmpty {
        hanSeen = part.hanSeen
      } else if !part.hanSeen.isEmpty {
        for k in hanSeen.indices where part.hanSeen[k] { hanSeen[k] = true }
      }
    }
    // Each Han character names have, numbered as a name's first and as another.
    var hanUnitOf = [UInt16](repeating: 0, count: hanSeen.isEmpty ? 0 : 2 * Self.hanSpan)
    var hanUnitEnds: [UInt32] = []
    var hanUnitNumbers: [UInt32] = []
    var builder = ReadingUnitBuilder()
    for k in hanSeen.indices where hanSeen[k] {
      let value = Self.hanBase + UInt32(k % Self.hanSpan)
      builder.appendHanUnit(value, asSurname: k >= Self.hanSpan, to: &hanUnitNumbers)
      hanUnitEnds.append(UInt32(hanUnitNumbers.count))
      hanUnitOf[k] = UInt16(hanUnitEnds.count)
    }
    if ends.count & 63 != 0 { keyRepeats.append(keyRepeatWord) }
    let hanWords = UnsafeBufferPointer(rebasing: bits[..<wordCount])
    let hanRepeatWords = UnsafeBufferPointer(rebasing: bits[wordCount...])
    let (hanCharacters, hanWordStarts) =
      hanSeen.isEmpty
      ? (FrozenArray<UInt16>(), FrozenArray<UInt32>())
      : Self.hanCharacters(
        names: names, bits: hanWords, repeats: hanRepeatWords, unitOf: hanUnitOf,
        chunkCount: chunkCount)
    // Every number the keys hold was interned before this snapshot.
    let vocabulary = ReadingVocabulary.shared.spellings
    let summaries = ReadingSignature.summaries(of: vocabulary)
    let frozen = (ends: ends.freeze(), spellings: spellings.freeze(), repeats: keyRepeats.freeze())
    self.init(
      names: names, owners: owners.freeze(), ends: frozen.ends, spellings: frozen.spellings,
      keyRepeats: frozen.repeats, vocabulary: vocabulary,
      hanNames: hanSeen.isEmpty ? FrozenArray() : FrozenArray(hanWords),
      hanRepeats: hanSeen.isEmpty ? FrozenArray() : FrozenArray(hanRepeatWords),
      hanUnitOf: FrozenArray(hanUnitOf), hanUnitEnds: FrozenArray(hanUnitEnds),
      hanUnitNumbers: FrozenArray(hanUnitNumbers), hanCharacters: hanCharacters,
      hanWordStarts: hanWordStarts,
      keySignatures: Self.keySignatures(
        ends: frozen.ends, spellings: frozen.spellings, repeats: frozen.repeats,
        summaries: summaries),
      hanSignatures: Self.hanSignatures(
        characters: hanCharacters, unitEnds: hanUnitEnds, unitNumbers: hanUnitNumbers,
        summaries: summaries))
  }

  /// The signature (`ReadingSignature`) of each stored key that repeats no other, in order:
  /// key `r` is `spellings[ends[r - 1] ..< ends[r]]`, marked in `repeats` when it repeats
  /// the one before it; `summaries` summarise each spelling number. Words of 64 keys are
  /// split across cores for many keys.
  ///
  /// - Complexity: O(n) in the spelling numbers, divided across cores.
  static func keySignatures(
    ends: FrozenArray<UInt32>, spellings: FrozenArray<UInt32>, repeats: FrozenArray<UInt64>,
    summaries: [ReadingSignature.Summary]
  ) -> FrozenArray<UInt64> {
    let keys = ends.count
    // Where each word's heads' signatures start.
    var starts = [Int](repeating: 0, count: repeats.count + 1)
    for w in repeats.indices {
      starts[w + 1] = starts[w] + keyHeads(inWord: w, of: keys, repeats: repeats)
    }
    let total = starts.last ?? 0
    var out = GrowableArray<UInt64>(capacity: max(total, 1))
    guard total > 0, let room = out.reserveRoom(total) else { return FrozenArray() }
    let written = SendableWords(base: room.baseAddress)
    let chunkCount = keys < 20_000 || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    let wordStarts = starts
    summaries.withUnsafeBufferPointer { summaries in
      let shared = SharedForReading(value: summaries)
      ThreadPool.perform(iterations: chunkCount) { chunk in
        let summaries = shared.value
        let firstWord = repeats.count * chunk / chunkCount
        let lastWord = repeats.count * (chunk + 1) / chunkCount
        var at = wordStarts[firstWord]
        for r in (64 * firstWord)..<min(keys, 64 * lastWord) {
          guard repeats[r >> 6] & (1 << UInt64(r & 63)) == 0 else { continue }
          let numbers = UnsafeBufferPointer(rebasing: spellings.buffer[Self.range(r, in: ends)])
          written.base![at] = signature(of: numbers, summaries)
          at += 1
        }
      }
    }
    out.commitRoom(total)
    return out.freeze()
  }

  /// How many of `keys` stored keys in word `w` of `repeats` (`keyRepeats`) repeat no other.
  @inline(__always)
  private static func keyHeads(inWord w: Int, of keys: Int, repeats: FrozenArray<UInt64>) -> Int {
    min(64, keys - 64 * w) - repeats[w].nonzeroBitCount
  }

  /// Key `r`'s numbers' range in the spelling numbers, by `ends`.
  @inline(__always)
  private static func range(_ r: Int, in ends: FrozenArray<UInt32>) -> Range<Int> {
    (r == 0 ? 0 : Int(ends[r - 1]))..<Int(ends[r])
  }

  /// The signature of each Han name that repeats no other, in order: its characters'
  /// units in `characters` (`hanCharacters`: each name's followed by `hanSeparator`), each
  /// unit `u` (`u` plus one there) the spelling numbers `unitNumbers[unitEnds[u - 1] ..<
  /// unitEnds[u]]`.
  ///
  /// - Complexity: O(n) in the characters, plus O(u) in the units' numbers.
  static func hanSignatures(
    characters: FrozenArray<UInt16>, unitEnds: [UInt32], unitNumbers: [UInt32],
    summaries: [ReadingSignature.Summary]
  ) -> FrozenArray<UInt64> {
    // Index 0: no unit.
    var hanUnits = [ReadingSignature.Summary()]
    var start = 0
    for end in unitEnds {
      var unit = ReadingSignature.Summary()
      for x in unitNumbers[start..<Int(end)] {
        let number = Int(x & ~unitEnd)
        if number < summaries.count { unit.formUnion(summaries[number]) }
      }
      hanUnits.append(unit)
      start = Int(end)
    }
    var out = GrowableArray<UInt64>()
    var accumulator = ReadingSignature.Accumulator()
    var count = 0
    for c in characters {
      if c == hanSeparator {
        out.append(ReadingSignature.withLength(accumulator.bits, count: count))
        accumulator = ReadingSignature.Accumulator()
        count = 0
      } else {
        count += 1
        accumulator.add(Int(c) < hanUnits.count ? hanUnits[Int(c)] : ReadingSignature.Summary())
      }
    }
    return out.freeze()
  }

  /// The signature of one key's spelling numbers (`unitEnd` on each unit's last), through
  /// `summaries`, that of each spelling number (a barrier, or a number past them, types
  /// nothing).
  ///
  /// - Complexity: O(n) in the numbers.
  static func signature(
    of numbers: UnsafeBufferPointer<UInt32>,
    _ summaries: UnsafeBufferPointer<ReadingSignature.Summary>
  ) -> UInt64 {
    var accumulator = ReadingSignature.Accumulator()
    var unit = ReadingSignature.Summary()
    for x in numbers {
      let number = Int(x & ~unitEnd)
      if number < summaries.count { unit.formUnion(summaries[number]) }
      if x & unitEnd != 0 {
        accumulator.add(unit)
        unit = ReadingSignature.Summary()
      }
    }
    return accumulator.signature
  }

  /// Whether `bytes` holds a byte of `threshold` (at least 0x80) or more: eight bytes at a
  /// time, and only the words that are not all ASCII byte by byte.
  ///
  /// - Complexity: O(n).
  static func hasByte(atLeast threshold: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    precondition(threshold >= 0x80, "ASCII words are passed over whole")
    var i = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while i + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 {
          for k in i..<i + 8 where bytes[k] >= threshold { return true }
        }
        i += 8
      }
    }
    while i < bytes.count {
      if bytes[i] >= threshold { return true }
      i += 1
    }
    return false
  }

  /// The units of the characters of the names whose `bits` are set and whose `repeats` bits
  /// are not (all BMP Han characters, 3 bytes each), through `unitOf` (`hanUnitOf`), each
  /// name's followed by `hanSeparator`, and where each word's names start: a count per word,
  /// then the characters written in `chunkCount` chunks of whole words.
  ///
  /// - Complexity: O(n) in the Han names' bytes, divided across cores.
  private static func hanCharacters(
    names: NameStore, bits: UnsafeBufferPointer<UInt64>, repeats: UnsafeBufferPointer<UInt64>,
    unitOf: [UInt16], chunkCount: Int
  ) -> (FrozenArray<UInt16>, FrozenArray<UInt32>) {
    var starts = [UInt32](repeating: 0, count: bits.count + 1)
    var total = 0
    for w in bits.indices {
      starts[w] = UInt32(total)
      var word = bits[w] & ~repeats[w]
      while word != 0 {
        total += names.byteRange(of: 64 * w + word.trailingZeroBitCount).count / 3 + 1
        word &= word - 1
      }
    }
    starts[bits.count] = UInt32(total)
    var characters = GrowableArray<UInt16>(capacity: max(total, 1))
    guard let room = characters.reserveRoom(total) else { return (FrozenArray(), FrozenArray()) }
    let out = SendableCharacters(base: room.baseAddress)
    let words = SharedForReading(value: (bits, repeats))
    let wordStarts = starts
    let wordBounds = (0...chunkCount).map { bits.count * $0 / chunkCount }
    ThreadPool.perform(iterations: chunkCount) { chunk in
      for w in wordBounds[chunk]..<wordBounds[chunk + 1] {
        var at = Int(wordStarts[w])
        var word = words.value.0[w] & ~words.value.1[w]
        while word != 0 {
          let utf8 = names.utf8(of: 64 * w + word.trailingZeroBitCount)
          var k = 0
          while k < utf8.count {
            let value =
              UInt32(utf8[k] & 0x0F) << 12 | UInt32(utf8[k + 1] & 0x3F) << 6
              | UInt32(utf8[k + 2] & 0x3F)
            out.base![at] = unitOf[(k == 0 ? hanSpan : 0) + Int(value - hanBase)]
            at += 1
            k += 3
          }
          out.base![at] = hanSeparator
          at += 1
          word &= word - 1
        }
      }
    }
    characters.commitRoom(total)
    return (characters.freeze(), FrozenArray(wordStarts))
  }
}

/// What the name before another got in `ReadingKeys.init(names:further:)`, so that a name
/// written alike gets the same without being read: `unknown` when that cannot be said (the
/// chunk's first name, or a name whose further keys came after its own key).
private enum PreviousName {
  case unknown
  /// Read from its text (Han characters only).
  case han
  /// A key of its own, the chunk's last key.
  case keyed
  /// No key of its own.
  case none
}
