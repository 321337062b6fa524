import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Reading keys' signatures (`ReadingSignature`): the pairs of a key and of a term worked out
/// by hand, never missing a pair of a term that `ReadingMatcher.matches` finds (random keys
/// and terms), consulted by the scan, and passing over most of a real list's keys.
@Suite("Reading signatures")
struct ReadingSignatureTests {
  /// 0 "zhang" (z, zh), 1 "san" (s), 2 "" (a long vowel left out), 3 "tou", 4 "ka" (may be
  /// typed as nothing: an abbreviation of length 0), 5 "n" (continues only).
  static let vocabulary: [ReadingVocabulary.Spelling] = [
    .init("zhang", abbreviations: [1, 2]), .init("san", abbreviations: [1]), .init(""),
    .init("tou"), .init("ka", abbreviations: [0]), .init("n", continuesOnly: true),
  ]

  /// The numbers of units made of these spelling numbers (`unitEnd` on each unit's last).
  static func numbers(_ units: [[UInt32]]) -> [UInt32] {
    var numbers: [UInt32] = []
    for unit in units {
      numbers += unit
      numbers[numbers.count - 1] |= ReadingKeys.unitEnd
    }
    return numbers
  }

  static func signature(_ units: [[UInt32]]) -> UInt64 {
    let summaries = ReadingSignature.summaries(of: vocabulary)
    return numbers(units).withUnsafeBufferPointer { numbers in
      summaries.withUnsafeBufferPointer { ReadingKeys.signature(of: numbers, $0) }
    }
  }

  /// The bits of these pairs (two-scalar strings; "^" for `ReadingSignature.start`),
  /// folded as a signature keeps them.
  static func bits(_ pairs: [String]) -> UInt64 {
    let bits = pairs.reduce(UInt64(0)) { bits, pair in
      let scalars = pair.unicodeScalars.map { $0 == "^" ? ReadingSignature.start : $0.value }
      return bits | ReadingSignature.bit(scalars[0], scalars[1])
    }
    return bits & ((1 << 58) - 1) | bits >> 58
  }

  /// The pair hash's values, worked out apart (Python: `((s * 0x9E3779B1) % 2**32) >> 26`
  /// plus `((s * 0x85EBCA77) % 2**32) >> 26`, modulo 64): files keep signatures under
  /// `ReadingKeys.ruleVersion`, so a change here must come with a new version.
  @Test("the pair hash is pinned: changing it needs a new rule version")
  func pinnedHash() {
    #expect(ReadingSignature.bit(0x7A, 0x68) == 1 << 50)  // "zh"
    #expect(ReadingSignature.bit(ReadingSignature.start, 0x7A) == 1 << 52)  // before "z"
    #expect(ReadingSignature.bit(0x61, 0x6E) == 1 << 30)  // "an"
    #expect(ReadingSignature.bit(0x67, 0x73) == 1 << 52)  // "gs"
    #expect(ReadingSignature.lengthShift == 58)
    #expect(ReadingKeys.ruleVersion == 2)
  }

  @Test("a key's pairs, worked out by hand: within spellings, from the start, across units")
  func keyByHand() {
    // 张三 as [zhang] [san]: a term may type z h a n g s a n, zs, zhs, zhangs, s…
    let expected = Self.bits([
      "zh", "ha", "an", "ng", "sa", "an", "^z", "^s", "zs", "hs", "as", "ns", "gs",
    ])
    #expect(Self.signature([[0], [1]]) == expected)
    // Two spellings in one unit ([san | tou]) then [zhang].
    #expect(
      Self.signature([[1, 3], [0]])
        == Self.bits([
          "sa", "an", "to", "ou", "^s", "^t", "^z", "sz", "az", "nz", "tz", "oz", "uz", "zh", "ha",
          "ng",
        ]))
  }

  @Test("a unit that may type nothing passes the scalars before it on; a barrier does not")
  func nothingAndBarriers() {
    // [tou] [""] [san]: "tousan" types o then s across the empty unit.
    let across = Self.bits(["to", "ou", "sa", "an", "^t", "^s", "ts", "os", "us"])
    #expect(Self.signature([[3], [2], [1]]) == across)
    // An abbreviation of length 0 ("ka" typed as nothing) passes them on too, and adds its own.
    #expect(
      Self.signature([[3], [4], [1]])
        == across | Self.bits(["ka", "^k", "tk", "ok", "uk", "ks", "as"]))
    // A barrier: nothing reads across it.
    #expect(
      Self.signature([[3], [ReadingKeys.barrier], [1]])
        == Self.bits(["to", "ou", "sa", "an", "^t", "^s"]))
  }

  @Test("a term's pairs: its first scalar from the start, no pair across a space")
  func termByHand() {
    let term = "zhang san".unicodeScalars.map(\.value)
    #expect(
      ReadingSignature.of(term: term) == Self.bits(["^z", "zh", "ha", "an", "ng", "sa", "an"]))
    #expect(ReadingSignature.of(term: [0x7A]) == Self.bits(["^z"]))
    #expect(ReadingMatcher(term: "Zhang  SAN")?.signature == ReadingSignature.of(term: term))
  }

  /// A Han name's signature keeps its number of characters (63 for more), by which a scan
  /// passes over a name it does not read: a name after a long one is still found.
  @Test("a Han name's signature keeps its length, and the scan skips names by it")
  func hanLengths() throws {
    let long = String(repeating: "一", count: 70)
    let names = ["张三", "欧阳修", long, "张三丰", long + "张", "张三"]
    let keys = ReadingKeys(names: NameStore(names))
    // Heads: every name (the last is not written as the one before it).
    #expect(keys.hanSignatures.map { $0 >> 58 } == [2, 3, 63, 3, 63, 2])
    let matcher = try #require(ReadingMatcher(term: "zs"))
    let found = try #require(ReadingScanner.scan(keys, for: matcher, cancellation: nil))
    // 张三, 张三丰 (zhang san feng), 一…一张 does not read "zs", 张三.
    #expect(found.map { keys.owner(ofEntry: Int($0)) } == [0, 3, 5])
  }

  /// The Han scan takes a word of 64 names at a time: a word with no head that may match is
  /// passed over whole, and after its last head that may the next word's characters start
  /// where the table says. Words of every shape, in a list long enough to be scanned in
  /// slices on every core, give what `ReadingMatcher.matches` finds name by name.
  @Test("the Han scan's words of every shape find what matching each name finds")
  func hanWordShapes() throws {
    let long = String(repeating: "王", count: 70)
    // Names that `zs`, `zhang` and `zsf` do not spell (`li` and `wang` find some of them),
    // each unlike the one before it (heads).
    let others = ["李四", "王五", "刘六", "陈七", "杨八", "黄九", "吴十", "李王", "王刘", "刘陈"]
    func other(_ i: Int) -> String { others[i % others.count] + (i % 20 < 10 ? "" : "一") }
    var word: [[String]] = []
    word.append((0..<63).map(other) + ["张三"])  // only the last matches
    word.append(["张三"] + (1..<64).map(other))  // only the first
    word.append((0..<64).map(other))  // none: passed over whole
    word.append(Array(repeating: "张三丰", count: 64))  // one head, 63 repeats
    word.append((0..<63).map { _ in "Anna" } + ["张三"])  // one Han name
    word.append((0..<64).map { "张三" + other($0) })  // every head matches
    word.append((0..<64).map { $0 % 2 == 0 ? "张三" + other($0) : long + other($0) })
    word.append((0..<62).map(other) + ["张三", long])  // a long name after the last match
    word.append(["张三"] + (1..<64).map(other))  // follows a long name
    var names: [String] = []
    for round in 0..<110 {
      // Shapes in another order each round; a last, partial word.
      for w in word.indices { names += word[(w + round) % word.count] }
    }
    names += (0..<10).map(other) + ["张三"]
    let keys = ReadingKeys(names: NameStore(names))
    #expect(keys.entryCount > ReadingScanner.parallelThreshold)
    var builder = ReadingUnitBuilder()
    for term in ["zs", "zhang", "zsf", "li", "wang"] {
      let matcher = try #require(ReadingMatcher(term: term))
      var known: [String: Bool] = [:]
      var expected: [Int] = []
      for (i, name) in names.enumerated() {
        if known[name] == nil {
          let units = builder.units(of: keys.names.utf8(of: i), isName: true)
          known[name] = units?.numbers.withUnsafeBufferPointer { matcher.matches($0) } ?? false
        }
        if known[name] == true { expected.append(i) }
      }
      let found = try #require(ReadingScanner.scan(keys, for: matcher, cancellation: nil))
      #expect(found.map { keys.owner(ofEntry: Int($0)) }.sorted() == expected, "\(term)")
      #expect(!expected.isEmpty, "\(term)")
    }
  }

  /// The keys' signatures are made in chunks of words on every core for many keys: each is
  /// the one of its key's numbers, made alone, in the keys' order, repeats left out.
  @Test("signatures made on every core are each key's own, in order")
  func chunkedKeySignatures() throws {
    let base = try String(
      contentsOf: TestPaths.file("Tests/Fixtures/international/ru_RU.txt"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
    let letters = Array("абвгдежзиклмнопрстуфхцчшщэюя")
    var names: [String] = []
    for i in 0..<40_000 {
      // Runs of two, so that some keys repeat the one before.
      let n = i / 2
      names.append(
        base[n % base.count] + " " + String(letters[n % 28]) + String(letters[n / 28 % 28]))
    }
    let keys = ReadingKeys(names: NameStore(names))
    #expect(keys.spelledCount == 40_000 && ThreadPool.isUsable)
    let summaries = ReadingSignature.summaries(of: keys.vocabulary)
    var expected: [UInt64] = []
    for r in 0..<keys.spelledCount where keys.headKey(of: r) == r {
      let numbers = UnsafeBufferPointer(rebasing: keys.spellings.buffer[keys.storedKey(r)])
      expected.append(summaries.withUnsafeBufferPointer { ReadingKeys.signature(of: numbers, $0) })
    }
    // Pairs never straddle a word of 64: 20,000 heads.
    #expect(expected.count == 20_000)
    #expect(Array(keys.keySignatures) == expected)
  }

  /// Random keys over the hand-made vocabulary (barriers among them) and random terms over
  /// its letters: whenever the matcher (which reads no signature) finds a term, the key's
  /// signature holds every bit of the term's.
  @Test("a key that spells a term always has the term's bits")
  func neverMissesAMatch() {
    var generator = SeededGenerator(seed: 2026)
    let letters = Array("zhangsotuk n".unicodeScalars.map(\.value))
    var found = 0
    for _ in 0..<40_000 {
      let units = (0..<Int.random(in: 1...5, using: &generator)).map { _ -> [UInt32] in
        if Int.random(in: 0..<12, using: &generator) == 0 { return [ReadingKeys.barrier] }
        return (0..<Int.random(in: 1...2, using: &generator)).map { _ in
          UInt32.random(in: 0..<UInt32(Self.vocabulary.count), using: &generator)
        }
      }
      let term = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        letters.randomElement(using: &generator)!
      }
      guard term.first != 0x20, term.last != 0x20, !term.contains([0x20, 0x20]) else { continue }
      let matcher = ReadingMatcher(scalars: term, vocabulary: Self.vocabulary)
      let numbers = Self.numbers(units)
      guard numbers.withUnsafeBufferPointer({ matcher.matches($0) }) else { continue }
      found += 1
      let signature = Self.signature(units)
      #expect(
        signature & matcher.signature == matcher.signature,
        "\(String(decoding: term.map { UInt8($0) }, as: UTF8.self)) in \(units)")
    }
    #expect(found > 1_000)
  }

  /// Chinese and Russian names of the fixtures: the scan finds what `matches` finds over each
  /// name's units made one by one, and reads few of the other keys; with every signature
  /// emptied it finds nothing, so the scan does consult them.
  @Test("the scan passes over keys whose signature lacks a bit of the term, and only those")
  func scanConsultsSignatures() throws {
    var names: [String] = []
    for file in ["zh_CN", "zh_TW", "ru_RU"] {
      names += try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8
      ).split(separator: "\n").map(String.init)
    }
    let keys = ReadingKeys(names: NameStore(names))
    #expect(keys.hanNameCount > 100 && keys.spelledCount > 100)
    #expect(!keys.keySignatures.isEmpty && !keys.hanSignatures.isEmpty)
    var builder = ReadingUnitBuilder()
    let summaries = ReadingSignature.summaries(of: ReadingVocabulary.shared.spellings)
    // Each Han head's signature is that of its units made one by one, with its length.
    var h = 0
    for i in names.indices where keys.isHanName(i) && keys.hanHead(ofName: i) == i {
      let made = builder.units(of: keys.names.utf8(of: i), isName: true)
      let numbers = try #require(made).numbers
      let alone = numbers.withUnsafeBufferPointer { numbers in
        summaries.withUnsafeBufferPointer { ReadingKeys.signature(of: numbers, $0) }
      }
      #expect(keys.hanSignatures[h] == alone | UInt64(names[i].count) << 58, "\(names[i])")
      h += 1
    }
    #expect(h == keys.hanSignatures.count)
    // Signatures that are not one a head are dropped: every key is then read.
    /// `keys` with signatures of no bit, `extraKeys` more or fewer than its keys' and
    /// `extraHan` than its Han names'.
    func zeroed(extraKeys: Int, extraHan: Int) -> ReadingKeys {
      ReadingKeys(
        names: keys.names, owners: keys.owners, ends: keys.ends, spellings: keys.spellings,
        keyRepeats: keys.keyRepeats, vocabulary: keys.vocabulary, hanNames: keys.hanNames,
        hanRepeats: keys.hanRepeats, hanUnitOf: keys.hanUnitOf, hanUnitEnds: keys.hanUnitEnds,
        hanUnitNumbers: keys.hanUnitNumbers, hanCharacters: keys.hanCharacters,
        hanWordStarts: keys.hanWordStarts,
        keySignatures: FrozenArray(
          Array(repeating: 0, count: keys.keySignatures.count + extraKeys)),
        hanSignatures: FrozenArray(
          Array(repeating: 0, count: keys.hanSignatures.count + extraHan)))
    }
    let miscounted = zeroed(extraKeys: 1, extraHan: -1)
    #expect(miscounted.keySignatures.isEmpty && miscounted.hanSignatures.isEmpty)
    let emptied = zeroed(extraKeys: 0, extraHan: 0)
    for term in ["zhang", "wang", "zs", "li", "ivan", "ova", "a"] {
      let matcher = try #require(ReadingMatcher(term: term))
      var expected: [Int] = []
      var passing = 0
      var withUnits = 0
      for i in names.indices {
        guard let units = builder.units(of: keys.names.utf8(of: i), isName: true) else {
          continue
        }
        withUnits += 1
        if units.numbers.withUnsafeBufferPointer({ matcher.matches($0) }) { expected.append(i) }
        let signature = units.numbers.withUnsafeBufferPointer { numbers in
          summaries.withUnsafeBufferPointer { ReadingKeys.signature(of: numbers, $0) }
        }
        if signature & matcher.signature == matcher.signature { passing += 1 }
      }
      let found = try #require(ReadingScanner.scan(keys, for: matcher, cancellation: nil))
      #expect(found.map { keys.owner(ofEntry: Int($0)) }.sorted() == expected, "\(term)")
      let unfiltered = try #require(
        ReadingScanner.scan(miscounted, for: matcher, cancellation: nil))
      #expect(unfiltered == found, "\(term)")
      #expect(!expected.isEmpty, "\(term)")
      // Of the names with a reading that do not spell the term, under a quarter are read
      // (the fixtures' names: 450, 18 to 142 found, 20 to 66 read in vain).
      #expect(
        (passing - expected.count) * 4 < withUnits - expected.count,
        "\(term): \(passing) read, \(expected.count) found, of \(withUnits)")
      let none = try #require(ReadingScanner.scan(emptied, for: matcher, cancellation: nil))
      #expect(none.isEmpty, "\(term)")
      // As candidates (the live mode's narrowing), the same.
      let every = (0..<keys.entryCount).map(UInt32.init)
      let narrowed = try #require(
        ReadingScanner.scan(keys, for: matcher, candidates: every, cancellation: nil))
      #expect(narrowed == found, "\(term)")
      let noneNarrowed = try #require(
        ReadingScanner.scan(emptied, for: matcher, candidates: every, cancellation: nil))
      #expect(noneNarrowed.isEmpty, "\(term)")
    }
  }
}
