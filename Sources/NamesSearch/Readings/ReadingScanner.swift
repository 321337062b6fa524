/// Finds the reading keys whose units spell a term (`ReadingMatcher`), on every core for
/// large lists, looking at a cancellation flag every 4,096 keys.
enum ReadingScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 50_000

  /// The entries (`ReadingKeys`), ascending, of `readings` (or of `candidates`, ascending
  /// entries, when given) that `matcher` matches; `nil` if `cancellation` was set.
  ///
  /// Without candidates, the names of Han characters only are found by walking the set bits
  /// of `ReadingKeys.hanNames`, a word of 64 names at a time. A key or name that repeats the
  /// one before it (`ReadingKeys.keyRepeats`, `hanRepeats`) takes that one's answer without
  /// being read; so does a candidate whose head is that of the candidate before it. A key or
  /// name whose signature lacks a bit of the term's (`ReadingSignature`) is not read: it
  /// cannot match. (The walk of Han names by the classes' moves, for a term whose automaton
  /// would be too large, reads every name.)
  ///
  /// - Complexity: O(1) a key or name (a repeat, or one whose signature lacks a bit), plus
  ///   O(n) in the spelling numbers and characters of those read, divided across cores.
  static func scan(
    _ readings: ReadingKeys, for matcher: ReadingMatcher, candidates: [UInt32]? = nil,
    cancellation: CancellationFlag?
  ) -> [UInt32]? {
    let count = candidates?.count ?? readings.entryCount
    let spelled = readings.spelledCount
    let slices = count < parallelThreshold || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    // Slices start at a word of 64 keys or of `hanNames` (64 names): a repeat's head is in
    // its word, so in its slice, before it; and `hanWordStarts` alone says where a word's
    // characters start: the names' lengths are not read (`IndexedQuery` scans keys whose
    // names it has not checked).
    let bounds = (0...slices).map { slice -> Int in
      let bound = count * slice / slices
      guard candidates == nil, bound < count else { return bound }
      return bound < spelled ? bound & ~63 : spelled + ((bound - spelled) & ~63)
    }
    let parts = ConcurrentResults<[UInt32]>(count: slices)
    // Names of Han characters only have no stored keys: they are read from their text.
    let han = matcher.hanMoves(readings)
    ThreadPool.perform(iterations: slices) { slice in
      var found: [UInt32] = []
      let spellings = readings.spellings.buffer
      let need = matcher.signature
      func matchesKey(_ r: Int) -> Bool {
        matcher.matches(UnsafeBufferPointer(rebasing: spellings[readings.storedKey(r)]))
      }
      han.withTables { tables in
        if let candidates {
          // The last Han name read (a head): the next one's characters are found from it.
          var previous: (name: Int, start: Int)? = nil
          // The last head read, key or name, and its answer.
          var last = (head: -1, matched: false)
          for position in bounds[slice]..<bounds[slice + 1] {
            if position & 0xFFF == 0, cancellation?.isCancelled == true { return }
            let r = Int(candidates[position])
            let matched: Bool
            if r < spelled {
              let head = readings.headKey(of: r)
              if head != last.head {
                last = (head, readings.mayMatch(head: head, need: need) && matchesKey(head))
              }
              matched = last.matched
            } else {
              let name = r - spelled
              guard readings.isHanName(name) else { continue }
              let head = spelled + readings.hanHead(ofName: name)
              if head != last.head, !readings.mayMatch(head: head, need: need) {
                last = (head, false)
              } else if head != last.head {
                let start = readings.hanCharacterStart(ofName: name, after: previous)
                previous = (head - spelled, start)
                let units = readings.hanCharacters(
                  from: start, count: readings.hanCharacterCount(ofName: head - spelled))
                last = (head, matcher.matchesHan(units, tables))
              }
              matched = last.matched
            }
            if matched { found.append(UInt32(r)) }
          }
          parts[slice] = found
          return
        }
        let lower = bounds[slice]
        let upper = bounds[slice + 1]
        // The stored keys of this slice (none when it starts past them); a repeat takes the
        // answer of the key before it (its head is in this slice: slices start at words).
        let keyRepeats = readings.keyRepeats.buffer
        var r = lower
        let keysEnd = max(lower, min(upper, spelled))
        var nextLook = r
        // The signatures of the keys that repeat no other, from this slice's first (a head:
        // it starts a word); every key is read when there are none.
        let signatures = readings.keySignatures.buffer
        var h = r < keysEnd && !signatures.isEmpty ? readings.keySignatureIndex(ofHead: r) : 0
        while r < keysEnd {
          if r >= nextLook {
            if cancellation?.isCancelled == true { return }
            nextLook = r + 4_096
          }
          let run = RepeatBits.run(after: r, in: keyRepeats, end: keysEnd)
          let may = signatures.isEmpty || signatures[h] & need == need
          h &+= 1
          if may, matchesKey(r) { for key in r...(r + run) { found.append(UInt32(key)) } }
          r += 1 + run
        }
        // The names of this slice whose bits are set, their characters one after another.
        var i = max(lower, spelled) - spelled
        let end = upper - spelled
        let words = readings.hanNames.buffer
        var at = i < end ? readings.hanCharacterStart(ofName: i) : 0
        let characters = readings.hanCharacters.buffer
        let repeats = readings.hanRepeats.buffer
        // The signatures of the Han names that repeat no other, from the first of this slice
        // (which starts a word); none when they have none.
        let hanSignatures = readings.hanSignatures.buffer
        let firstSignature =
          i < end && !hanSignatures.isEmpty ? readings.hanSignatureIndex(ofHead: i) : 0
        if !tables.byUnit.isEmpty, characters.last == ReadingKeys.hanSeparator {
          guard
            scanHanNames(
              from: i, to: end, words: words, repeats: repeats,
              characters: characters, at: at, wordStarts: readings.hanWordStarts.buffer,
              tables: tables, signatures: (hanSignatures, firstSignature, need),
              cancellation: cancellation,
              found: &found, entryOffset: spelled)
          else { return }
          parts[slice] = found
          return
        }
        var visited = 0
        while i < end {
          visited += 1
          if visited & 0xFFF == 0, cancellation?.isCancelled == true { return }
          let rest = words[i >> 6] >> UInt64(i & 63)
          if rest == 0 {
            i = (i | 63) + 1
            continue
          }
          i += rest.trailingZeroBitCount
          guard i < end else { break }
          // Each head's units end with a separator: one pass over them, head after head; the
          // run of names that repeat it takes its answer.
          let matched = matcher.matchesHanRun(characters, at: &at, tables)
          let run = RepeatBits.run(after: i, in: repeats, end: end)
          if matched { for name in i...(i + run) { found.append(UInt32(spelled + name)) } }
          i += 1 + run
        }
        parts[slice] = found
      }
    }
    return parts.joined()
  }

  /// Appends to `found` the entries (`entryOffset` plus the name) of the names from `i` up
  /// to `end` whose `words` bits are set and whose characters, from `at` in `characters`,
  /// spell the term: one look-up a character in `tables.byUnit` (which must not be empty),
  /// the term's end keeping itself until the name's separator. The names whose bits are set
  /// in `repeats` (`ReadingKeys.hanRepeats`) have no characters there: each run of them
  /// takes the answer of the name before it, at once. The heads (names set in `words` and
  /// not in `repeats`) are taken a word of 64 names at a time; one whose signature
  /// (`signatures.all[signatures.first]` for the first head, then the next for each next,
  /// unless `all` is empty) lacks a bit of `signatures.need` is not read. With signatures,
  /// the word's heads that pass are found first (a bit each, set without a branch on the
  /// signature); a word with none is passed over whole, and after a word's last head that
  /// passes the next word's characters start where `wordStarts` (`ReadingKeys.hanWordStarts`)
  /// says; between heads that pass, the characters of those that do not are passed over by
  /// the number their signatures keep (`ReadingSignature.length`), or four units at a time
  /// for a name of 63 or more. `characters` must end with `ReadingKeys.hanSeparator`, so
  /// that a name's walk stops within it. Returns false if `cancellation` was set (looked at
  /// every 64 words).
  ///
  /// - Complexity: O(n / 64 + h) in the names and their heads, plus O(k) in the characters
  ///   of the heads read.
  private static func scanHanNames(
    from i: Int, to end: Int, words: UnsafeBufferPointer<UInt64>,
    repeats: UnsafeBufferPointer<UInt64>, characters: UnsafeBufferPointer<UInt16>,
    at start: Int, wordStarts: UnsafeBufferPointer<UInt32>,
    tables: ReadingMatcher.HanMoves.Tables,
    signatures: (all: UnsafeBufferPointer<UInt64>, first: Int, need: UInt64),
    cancellation: CancellationFlag?, found: inout [UInt32], entryOffset: Int
  ) -> Bool {
    let need = signatures.need
    let all = signatures.all
    var h = signatures.first
    let byUnit = tables.byUnit
    let width = tables.byUnitWidth
    let rows = tables.classOfUnit.count
    let accepting = width - 1
    var at = start
    var w = i >> 6
    let lastWord = (end - 1) >> 6
    /// Where the characters of the word after word `w` start (`at` after the last word).
    @inline(__always)
    func startOfWord(after w: Int, or at: Int) -> Int {
      w &+ 1 < wordStarts.count ? Int(wordStarts[w &+ 1]) : at
    }
    while w <= lastWord && i < end {
      if w & 63 == 0, cancellation?.isCancelled == true { return false }
      var heads = words[w] & ~repeats[w]
      if w == i >> 6 { heads &= ~0 << UInt64(i & 63) }
      if w == lastWord, end & 63 != 0 { heads &= (1 << UInt64(end & 63)) &- 1 }
      // Bit j: the word's head j may match (every head when there are no signatures).
      var passing: UInt64 = ~0
      var signatureIndex = h
      if !all.isEmpty {
        let count = heads.nonzeroBitCount
        passing = 0
        for j in 0..<count {
          let holds: UInt64 = all[h &+ j] & need == need ? 1 : 0
          passing |= holds &<< UInt64(j)
        }
        h &+= count
        if passing == 0 {
          // No head to read: the next word's characters start where the table says.
          at = startOfWord(after: w, or: at)
          w &+= 1
          continue
        }
      }
      while heads != 0 {
        let name = (w << 6) | heads.trailingZeroBitCount
        heads &= heads &- 1
        let reads = passing & 1 != 0
        passing >>= 1
        if !reads {
          if let count = ReadingSignature.length(all[signatureIndex]) {
            at &+= count &+ 1
          } else {
            at = skippingName(in: characters, from: at)
          }
          signatureIndex &+= 1
          continue
        }
        signatureIndex &+= 1
        guard at < characters.count else { return true }
        var state = 0
        while true {
          let unit = characters[at]
          at &+= 1
          if unit == ReadingKeys.hanSeparator { break }
          // A unit past the rows (only a forged file could hold one) reads as none.
          let row = Int(unit) < rows ? Int(unit) : 0
          state = Int(byUnit[row &* width &+ state])
        }
        if state == accepting {
          // The names that repeat it, after it in its word, take its answer at once.
          let run = RepeatBits.run(after: name, in: repeats, end: end)
          for repeated in name...(name &+ run) { found.append(UInt32(entryOffset + repeated)) }
        }
        if passing == 0, !all.isEmpty {
          // No head after it to read in this word.
          at = startOfWord(after: w, or: at)
          break
        }
      }
      w &+= 1
    }
    return true
  }

  /// Where the units after the next separator from `at` in `characters` start (the
  /// characters of one name passed over); `characters.count` if there is none. Four units
  /// at a time: a separator (0xFFFF) is a lane of 16 bits all set, found without carries
  /// between lanes (Warren, Hacker's Delight, 6-1).
  ///
  /// - Complexity: O(k / 4) in the units passed over.
  @inline(__always)
  static func skippingName(in characters: UnsafeBufferPointer<UInt16>, from at: Int) -> Int {
    var at = at
    if let base = characters.baseAddress {
      let raw = UnsafeRawPointer(base)
      let low: UInt64 = 0x7FFF_7FFF_7FFF_7FFF
      while at &+ 4 <= characters.count {
        // Lanes of `~x` that are 0 are the separators: their top bit stays clear below.
        let x = ~UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 2 &* at, as: UInt64.self))
        let separators = ~(((x & low) &+ low) | x | low)
        if separators != 0 { return at &+ separators.trailingZeroBitCount >> 4 &+ 1 }
        at &+= 4
      }
    }
    while at < characters.count {
      at &+= 1
      if characters[at &- 1] == ReadingKeys.hanSeparator { break }
    }
    return at
  }

}
