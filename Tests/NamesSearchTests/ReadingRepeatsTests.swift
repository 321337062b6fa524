import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Keys written alike, side by side, are kept once (`ReadingKeys.keyRepeats`, `hanRepeats`):
/// a list sorted by name keeps its repeated names together, and a scan carries the answer
/// of the key before instead of reading it again. The layout is checked against counts
/// made by hand; the answers against `ReadingMatcher.matches` over each name's units made
/// one by one (`ReadingUnitBuilder`), which knows nothing of repeats.
@Suite("Reading keys that repeat the one before them")
struct ReadingRepeatsTests {
  /// The reference: the names whose units, made one by one, spell `term`.
  static func expected(_ names: [String], _ term: String) throws -> [Int] {
    let matcher = try #require(ReadingMatcher(term: term))
    var builder = ReadingUnitBuilder()
    let store = NameStore(names)
    return withExtendedLifetime(store) {
      names.indices.filter { i in
        guard let units = builder.units(of: store.utf8(of: i), isName: true) else { return false }
        return units.numbers.withUnsafeBufferPointer { matcher.matches($0) }
      }
    }
  }

  /// The spelling numbers of `text`'s units made alone by `builder` (as a name's, or as a
  /// further key's), or nil when it has no reading.
  static func numbers(
    of text: String, isName: Bool = true, by builder: inout ReadingUnitBuilder
  ) -> [UInt32]? {
    let store = NameStore([text])
    return withExtendedLifetime(store) {
      builder.units(of: store.utf8(of: 0), isName: isName)?.numbers
    }
  }

  /// The names found by scanning `keys` for `term`: every entry, or `candidates`.
  static func found(_ keys: ReadingKeys, _ term: String, candidates: [UInt32]? = nil) throws
    -> [Int]
  {
    let matcher = try #require(ReadingMatcher(term: term))
    let entries = try #require(
      ReadingScanner.scan(keys, for: matcher, candidates: candidates, cancellation: nil))
    return Searcher.names(ofReadingKeys: entries, in: keys).map(Int.init)
  }

  /// The layout worked out by hand for a list of runs: which keys and names are marked,
  /// how many numbers and characters are kept.
  @Test("a run of keys or Han names written alike keeps one a word of 64, and is found whole")
  func layoutByHand() throws {
    // Names 0-69: one Cyrillic name, stored keys 0-69 (heads: keys 0 and 64). Names 70-199:
    // one Han name (heads: 70, the first Han name of its word; 128 and 192, words' first).
    // Then 张三 (a head: not written as 张伟) and Σοφία twice (keys 70 and 71).
    var names = Array(repeating: "Иванов", count: 70)
    names += Array(repeating: "张伟", count: 130)
    names += ["张三", "Σοφία", "Σοφία"]
    let keys = ReadingKeys(names: NameStore(names))
    var builder = ReadingUnitBuilder()
    func numbers(_ name: String) throws -> Int {
      try #require(Self.numbers(of: name, by: &builder)).count
    }
    let ivanov = try numbers("Иванов")
    let sofia = try numbers("Σοφία")
    #expect(keys.owners.count == 72)
    #expect(keys.spellings.count == 2 * ivanov + sofia)
    // Keys 1-63 repeat; 65-69 and 71 (bits 1-5 and 7 of the second word).
    #expect(Array(keys.keyRepeats) == [~1, 0b1011_1110])
    // 张伟 three times and 张三: two characters and a separator each.
    #expect(keys.hanCharacters.count == 4 * 3)
    #expect(keys.hanNameCount == 131)
    let hanRepeats = Array(keys.hanRepeats)
    #expect(hanRepeats.count == 4 && hanRepeats[0] == 0)
    // Word 1 (names 64-127): 71-127 repeat 70; word 2: 129-191; word 3: 193-199, not 200.
    #expect(hanRepeats[1] == ~UInt64(0) << 7)
    #expect(hanRepeats[2] == ~UInt64(1))
    #expect(hanRepeats[3] == 0b1111_1110)
    // Every name of a run is found, by its own key or its head's.
    for term in ["ivanov", "iv", "zhangwei", "zw", "zhang", "zs", "sofia", "s"] {
      let expected = try Self.expected(names, term)
      #expect(!expected.isEmpty, "\(term)")
      #expect(try Self.found(keys, term) == expected, "\(term)")
      let every = (0..<keys.entryCount).map(UInt32.init)
      #expect(try Self.found(keys, term, candidates: every) == expected, "\(term)")
    }
    #expect(try Self.expected(names, "zw").count == 130)
  }

  /// Runs of random lengths (some across words of 64, some longer than a word) of names in
  /// every script with readings, and a list large enough to be scanned in slices on every
  /// core; the candidates given are every entry, and every other one, so that most repeats
  /// come without their head.
  @Test("runs of names written alike: sliced scans and candidates find what the units spell")
  func runs() throws {
    var generator = SeededGenerator(seed: 77)
    let han = Array("张王李赵曾单长重厦门六安那三伟芳华小明")
    let others = ["Иван", "Иванов", "김민수", "김미", "Σοφία", "さとう", "サトウ", "Ann", "张 Wei"]
    // Spelled "anan…" by its characters' initials: found by the long term below.
    let long = String(repeating: "an", count: 20)
    let anna = String(repeating: "安那", count: 20)
    var names: [String] = []
    while names.count < 80_000 {
      let name: String
      if Int.random(in: 0..<50, using: &generator) == 0 {
        name = anna
      } else if Int.random(in: 0..<3, using: &generator) == 0 {
        name = others.randomElement(using: &generator)!
      } else {
        let length = Int.random(in: 1...3, using: &generator)
        name = String((0..<length).map { _ in han.randomElement(using: &generator)! })
      }
      let run = Int.random(in: 0..<10, using: &generator) == 0 ? 150 : 6
      names += Array(repeating: name, count: Int.random(in: 1...run, using: &generator))
    }
    let keys = ReadingKeys(names: NameStore(names))
    #expect(keys.entryCount >= ReadingScanner.parallelThreshold && ThreadPool.isUsable)
    let keyRepeats = keys.keyRepeats.reduce(0) { $0 + $1.nonzeroBitCount }
    let hanRepeats = keys.hanRepeats.reduce(0) { $0 + $1.nonzeroBitCount }
    #expect(keyRepeats > keys.owners.count / 2 && hanRepeats > keys.hanNameCount / 2)
    // A term whose automaton over 安 and 那 passes its states: the scan that follows the
    // classes' moves (no rows by unit) carries repeats too.
    let longMatcher = try #require(ReadingMatcher(term: long))
    #expect(longMatcher.hanMoves(keys).byUnit.isEmpty)
    let everyOther = (0..<keys.entryCount).filter { $0 % 2 == 1 }.map(UInt32.init)
    for term in ["zhang", "zs", "wang", "ivan", "ivanov", "김미", "ㄱㅁ", "sato", "sofia", "a", long] {
      let expected = try Self.expected(names, term)
      #expect(try Self.found(keys, term) == expected, "\(term)")
      let every = (0..<keys.entryCount).map(UInt32.init)
      #expect(try Self.found(keys, term, candidates: every) == expected, "\(term)")
      // The names of the candidates: a stored key's owner, or a Han name (the entry of a
      // name with a stored key, past them, stands for nothing).
      let odd = Set(
        everyOther.lazy.map(Int.init).filter {
          $0 < keys.spelledCount || keys.isHanName($0 - keys.spelledCount)
        }.map { keys.owner(ofEntry: $0) })
      #expect(
        try Self.found(keys, term, candidates: everyOther) == expected.filter(odd.contains),
        "\(term)")
      #expect(expected.count > 100, "\(term): \(expected.count)")
    }
  }

  /// Records' further keys (`FurtherKeys`) among names written alike: a name's own key is
  /// taken from the name before it only when that name's key was the last one made, and a
  /// further key spelled as the key before it (さとう after サトウ: kana fold alike) is
  /// marked too. The reference reads each name and each of its further keys one by one.
  @Test("further keys among names written alike: each name found by its own keys")
  func furtherKeys() throws {
    let rows: [(String, [String])] = [
      ("Ann", ["サトウ"]), ("Ann", ["サトウ"]), ("さとう", []), ("さとう", ["Иван"]),
      ("さとう", []), ("Иван", ["さとう"]), ("Иван", ["さとう"]), ("Иван", []), ("Ann", []),
      ("Ann", ["Ivan"]), ("张伟", ["さとう"]), ("张伟", []), ("张伟", ["さとう"]),
    ]
    var names = NameStore.Builder()
    var texts = NameStore.Builder()
    var owners: [UInt32] = []
    for (i, row) in rows.enumerated() {
      names.append(row.0)
      for key in row.1 {
        texts.append(key)
        owners.append(UInt32(i))
      }
    }
    let store = names.build()
    let further = FurtherKeys(texts: texts.build(), owners: FrozenArray(owners))
    let keys = ReadingKeys(names: store, further: further)
    #expect(keys.keyRepeats.contains { $0 != 0 } && keys.hanRepeats.contains { $0 != 0 })
    var builder = ReadingUnitBuilder()
    for term in ["sato", "satou", "ivan", "zhangwei", "zw", "s", "i", "ann"] {
      let matcher = try #require(ReadingMatcher(term: term))
      func spells(_ text: String, isName: Bool) -> Bool {
        guard let numbers = Self.numbers(of: text, isName: isName, by: &builder) else {
          return false
        }
        return numbers.withUnsafeBufferPointer { matcher.matches($0) }
      }
      let expected = rows.indices.filter { i in
        spells(rows[i].0, isName: true) || rows[i].1.contains { spells($0, isName: false) }
      }
      #expect(try Self.found(keys, term) == expected, "\(term)")
      let every = (0..<keys.entryCount).map(UInt32.init)
      #expect(try Self.found(keys, term, candidates: every) == expected, "\(term)")
    }
  }
}
