import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The reading keys kept beside an index (`ReadingCache`): a cached load finds by reading
/// exactly what a load that makes its keys finds (the keys made from the names are the
/// reference; their rules are tested against hand tables and reference romanizations
/// elsewhere), and a file that is damaged, bound to another index or forged is never used
/// to answer, nor crashes the search.
@Suite("Reading keys in the index cache")
struct ReadingCacheTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "reading-cache-\(UUID().uuidString)"
  ).path
  var cache: String { folder + "/cache" }

  /// The names of every international fixture (the package's copies in `Tests/Fixtures/international`), with
  /// names that mix scripts and one of Latin letters only.
  static let names: [String] = {
    let files = [
      "zh_CN", "zh_TW", "ja_JP", "ko_KR", "ru_RU", "el_GR", "pl_PL", "en_US", "sv_SE",
    ]
    var names = files.flatMap { file in
      ((try? String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8))
        ?? "")
        .split(separator: "\n").map(String.init)
    }
    names += ["张 Wei", "Ivan Петров", "さとう Ann", "曾小华", "单田芳", "Ørsted"]
    // Names written alike, whose keys are kept once (`ReadingKeys.keyRepeats`, `hanRepeats`).
    names += ["张伟", "张伟", "张伟", "Иван Петров", "Иван Петров", "김민수", "김민수"]
    return names
  }()

  /// Terms typed by reading (pinyin, initials, romaji, Hangul initials, romanizations) and by
  /// letters, some that find nothing.
  static let terms = [
    "zhang", "zs", "wang", "li", "xiao", "zeng", "shan", "chen", "w", "sato", "satou", "yuki",
    "ta", "ㄱㅁ", "김미", "kim", "ivan", "petrov", "sofia", "maria", "ann", "a", "zzzz", "q",
  ]

  /// Writes the names as a text list, an hour old (so the cache trusts its stamp).
  func makeList(_ names: [String] = Self.names) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/names.txt"
    try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    return path
  }

  func load(_ path: String) throws -> CachedCatalogLoader {
    try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
  }

  /// Each term's matching names, as text.
  static func answers(_ catalog: Catalog) -> [[String]] {
    terms.map { term in
      let result = Searcher().search(Query(term: term), in: catalog)
      return result.matchedNames.map { catalog.names[Int($0)] }
    }
  }

  /// The `.rdg` file beside the list's index.
  func readingFile(of path: String) throws -> String {
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let index = try #require(PathName(IndexCache.file(for: absolute, in: cache)))
    let file = try #require(ReadingCache.path(besideIndex: index))
    return file.description
  }

  /// `bytes` (a reading cache file) with its checksum made right for its header and body.
  static func withChecksumFixed(_ bytes: [UInt8]) -> Data {
    Data(
      CompanionChecksum.fixed(
        bytes, headerSize: ReadingCache.headerSize, checksumOffset: ReadingCache.checksumOffset))
  }

  /// Writes the list, loads it once (making its reading keys by searching every term) and
  /// writes its cache: the list's path, the answers, the `.rdg` file and its bytes.
  func written() throws -> (path: String, expected: [[String]], file: String, good: [UInt8]) {
    let path = try makeList()
    let first = try load(path)
    let expected = Self.answers(first.catalog)
    #expect(first.writeCache())
    let file = try readingFile(of: path)
    return (path, expected, file, [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
  }

  /// The counts in the header of a `.rdg` file's bytes, read back without the reader's
  /// checks.
  static func counts(_ bytes: [UInt8]) -> ReadingCache.Counts {
    let words = bytes.withUnsafeBytes { raw in
      (0..<12).map {
        Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 32 + 4 * $0, as: UInt32.self)))
      }
    }
    return ReadingCache.Counts(
      names: words[0], keys: words[1], spellings: words[2], hanWords: words[3],
      hanSlots: words[4], hanUnits: words[5], hanNumbers: words[6], vocabulary: words[7],
      vocabularyBytes: words[8], hanCharacters: words[9], keySignatures: words[10],
      hanSignatures: words[11])
  }

  /// `bytes` (a `.rdg` file whose repeats' or Han names' bits were forged) with one
  /// signature a key and a Han name that repeat no other, as the reader counts them (the
  /// keys less every repeat bit; the Han names' bits less their repeats' bits): the
  /// signature parts cut or padded with signatures of every bit (keys read), their counts and the body's size in the
  /// header made to agree, so that only the forgery's own check can refuse it.
  static func withSignatureCounts(_ bytes: [UInt8]) -> [UInt8] {
    let counts = Self.counts(bytes)
    let parts = counts.layout.parts
    func word(_ part: Int, _ w: Int) -> UInt64 {
      bytes.withUnsafeBytes {
        UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: parts[part] + 8 * w, as: UInt64.self))
      }
    }
    let keyHeads =
      counts.keys - (0..<counts.keyRepeatWords).reduce(0) { $0 + word(10, $1).nonzeroBitCount }
    let hanHeads = (0..<counts.hanWords).reduce(0) {
      $0 + (word(3, $1) & ~word(11, $1)).nonzeroBitCount
    }
    func resized(_ part: Int, _ old: Int, _ new: Int) -> [UInt8] {
      let kept = Array(bytes[parts[part]..<parts[part] + 8 * min(old, new)])
      return kept + [UInt8](repeating: 0xFF, count: 8 * max(0, new - old))
    }
    var out = Array(bytes[..<parts[12]])
    out += resized(12, counts.keySignatures, keyHeads)
    out += resized(13, counts.hanSignatures, hanHeads)
    let bodySize = UInt64(out.count - ReadingCache.headerSize)
    out.withUnsafeMutableBytes {
      $0.storeBytes(of: UInt32(keyHeads).littleEndian, toByteOffset: 32 + 4 * 10, as: UInt32.self)
      $0.storeBytes(of: UInt32(hanHeads).littleEndian, toByteOffset: 32 + 4 * 11, as: UInt32.self)
      $0.storeBytes(
        of: bodySize.littleEndian,
        toByteOffset: ReadingCache.bodySizeOffset, as: UInt64.self)
    }
    return out
  }

  /// Loads the list through the cache, searches every term, and says whether the reading
  /// keys were read from the file (else made from the names).
  func cachedAnswers(_ path: String) throws -> (answers: [[String]], fromFile: Bool) {
    let loaded = try load(path)
    #expect(loaded.origin == .cache)
    let answers = Self.answers(loaded.catalog)
    return (answers, loaded.catalog.madeReadingKeys == nil)
  }

  @Test("the first run keeps the reading keys it made; later runs map them and answer alike")
  func roundTrip() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let first = try load(path)
    #expect(first.origin == .list)
    let expected = Self.answers(first.catalog)
    #expect(expected.contains { !$0.isEmpty } && expected.contains { $0.isEmpty })
    #expect(first.writeCache())
    #expect(FileManager.default.fileExists(atPath: try readingFile(of: path)))
    let (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile)
    #expect(answers == expected)
    // The mapped keys are the made ones, part for part.
    let made = ReadingKeys(names: first.catalog.names)
    let mapped = try load(path).catalog.readingKeys
    #expect(Array(mapped.owners) == Array(made.owners) && Array(mapped.ends) == Array(made.ends))
    #expect(Array(mapped.hanNames) == Array(made.hanNames))
    #expect(Array(mapped.hanUnitOf) == Array(made.hanUnitOf))
    #expect(Array(mapped.hanUnitEnds) == Array(made.hanUnitEnds))
    #expect(Array(mapped.hanCharacters) == Array(made.hanCharacters))
    #expect(Array(mapped.hanWordStarts) == Array(made.hanWordStarts))
    #expect(Array(mapped.keyRepeats) == Array(made.keyRepeats))
    #expect(Array(mapped.hanRepeats) == Array(made.hanRepeats))
    #expect(made.keyRepeats.contains { $0 != 0 } && made.hanRepeats.contains { $0 != 0 })
    #expect(Array(mapped.keySignatures) == Array(made.keySignatures))
    #expect(Array(mapped.hanSignatures) == Array(made.hanSignatures))
    #expect(!made.keySignatures.isEmpty && !made.hanSignatures.isEmpty)
  }

  @Test("a run from the cache that makes the keys (no file yet) writes them")
  func writtenFromCache() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let first = try load(path)
    #expect(first.writeCache())  // no readings asked: no reading file
    let file = try readingFile(of: path)
    #expect(!FileManager.default.fileExists(atPath: file))
    let second = try load(path)
    let expected = Self.answers(second.catalog)
    #expect(second.catalog.madeReadingKeys != nil)
    #expect(second.writeCache())
    #expect(FileManager.default.fileExists(atPath: file))
    let (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile && answers == expected)
  }

  @Test("a damaged, truncated or lengthened file is refused and the keys made again")
  func damage() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (path, expected, file, good) = try written()
    // A byte in the header, in each part, and the last one.
    var offsets = [0, 8, 12, 16, 24, 32, 40, 60, 72, 76, 80, good.count - 1]
    offsets += stride(from: ReadingCache.headerSize, to: good.count, by: max(1, good.count / 40))
    var damaged: [[UInt8]] = offsets.map {
      var bytes = good
      bytes[$0] ^= 0x5A
      return bytes
    }
    damaged += [Array(good.dropLast(8)), good + [0, 0, 0, 0, 0, 0, 0, 0], []]
    for bytes in damaged {
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      let (answers, fromFile) = try cachedAnswers(path)
      #expect(!fromFile)
      #expect(answers == expected)
    }
    // The good bytes are read (the damage, not the rewriting, was refused).
    try Data(good).write(to: URL(fileURLWithPath: file))
    #expect(try cachedAnswers(path).fromFile)
  }

  @Test("a file bound to another index (the list changed) is refused, then made again")
  func boundToItsIndex() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let first = try load(path)
    _ = Self.answers(first.catalog)
    #expect(first.writeCache())
    let file = try readingFile(of: path)
    let old = try Data(contentsOf: URL(fileURLWithPath: file))
    // The same number of names, one changed: a new index, whose checksum differs.
    var names = Self.names
    names[0] = "王小明"
    _ = try makeList(names)
    let relisted = try load(path)
    #expect(relisted.origin == .list)
    let expected = Self.answers(relisted.catalog)
    #expect(relisted.writeCache())
    try old.write(to: URL(fileURLWithPath: file))
    let (answers, fromFile) = try cachedAnswers(path)
    #expect(!fromFile && answers == expected)
    #expect(expected[Self.terms.firstIndex(of: "wang")!].contains("王小明"))
  }

  @Test("forged files with a right checksum are refused, or searched without a crash")
  func forged() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (path, expected, file, good) = try written()
    let counts = Self.counts(good)
    #expect(counts.names == Self.names.count && counts.hanWords > 0 && counts.keys > 2)
    let parts = counts.layout.parts
    func word(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
      bytes.withUnsafeMutableBytes {
        $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
      }
    }
    var refused: [[UInt8]] = []
    // A key's end past the spelling numbers.
    var bytes = good
    word(&bytes, parts[1], UInt32(counts.spellings + 1))
    refused.append(bytes)
    // Owners that go down, and one past the last name.
    bytes = good
    word(&bytes, parts[0] + 4, 0)
    word(&bytes, parts[0], 5)
    refused.append(bytes)
    bytes = good
    word(&bytes, parts[0] + 4 * (counts.keys - 1), UInt32(counts.names))
    refused.append(bytes)
    // A Han slot naming a unit that is not there: the first, a middle one, the last (the
    // slots are checked a vector at a time).
    for slot in [0, counts.hanSlots / 2 + 1, counts.hanSlots - 1] {
      bytes = good
      bytes.withUnsafeMutableBytes {
        $0.storeBytes(
          of: UInt16(counts.hanUnits + 1).littleEndian, toByteOffset: parts[4] + 2 * slot,
          as: UInt16.self)
      }
      refused.append(bytes)
    }
    // A bit past the last name (the list's count is not a multiple of 64).
    #expect(counts.names % 64 != 0)
    bytes = good
    bytes[parts[3] + 8 * counts.hanWords - 1] |= 0x80
    refused.append(bytes)
    // More spellings than a file may number (a matcher works out moves for each, every
    // query), the file otherwise whole: its vocabulary, the last part, made longer with
    // empty spellings.
    bytes = Array(good[..<parts[9]])
    let extra = ReadingCache.maximumVocabulary + 1 - counts.vocabulary
    bytes += good[parts[9]..<parts[9] + counts.vocabularyBytes]
    bytes += [UInt8](repeating: 0, count: 4 * extra)
    bytes += [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8)
    // The repeats' bits, after the vocabulary.
    bytes += good[parts[10]...]
    word(&bytes, 32 + 4 * 7, UInt32(ReadingCache.maximumVocabulary + 1))
    word(&bytes, 32 + 4 * 8, UInt32(counts.vocabularyBytes + 4 * extra))
    let bodySize = UInt64(bytes.count - ReadingCache.headerSize)
    bytes.withUnsafeMutableBytes {
      $0.storeBytes(
        of: bodySize.littleEndian, toByteOffset: ReadingCache.bodySizeOffset, as: UInt64.self)
    }
    refused.append(bytes)
    // A spelling whose flag is not 0 or 1.
    bytes = good
    bytes[parts[9] + 3] = 7
    refused.append(bytes)
    // Repeats with no head in their word: a key's or a Han name's at a word's first bit
    // (here and below, the signatures' counts made to agree with the forged bits).
    bytes = good
    bytes[parts[10]] |= 1
    refused.append(Self.withSignatureCounts(bytes))
    let hanWord = try #require(
      (0..<counts.hanWords).first { w in
        good.withUnsafeBytes {
          $0.loadUnaligned(fromByteOffset: parts[3] + 8 * w, as: UInt64.self) & 1 != 0
        }
      })
    bytes = good
    bytes[parts[11] + 8 * hanWord] |= 1
    refused.append(Self.withSignatureCounts(bytes))
    // A key's repeat past the last key (the keys' count is not a multiple of 64).
    #expect(counts.keys % 64 != 0)
    bytes = good
    bytes[parts[10] + 8 * counts.keyRepeatWords - 1] |= 0x80
    refused.append(Self.withSignatureCounts(bytes))
    // A Han name's repeat on a name not read from its text, and on one after such a name.
    let hanBits = good.withUnsafeBytes { raw in
      (0..<counts.hanWords).map {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: parts[3] + 8 * $0, as: UInt64.self))
      }
    }
    let notHan = try #require(
      (1..<counts.names).first { hanBits[$0 / 64] >> UInt64($0 % 64) & 1 == 0 && $0 % 64 != 0 })
    let afterNotHan = try #require(
      (1..<counts.names).first {
        $0 % 64 != 0 && hanBits[$0 / 64] >> UInt64($0 % 64) & 1 == 1
          && hanBits[$0 / 64] >> UInt64($0 % 64 - 1) & 1 == 0
      })
    for name in [notHan, afterNotHan] {
      bytes = good
      bytes[parts[11] + 8 * (name / 64) + (name % 64) / 8] |= 1 << UInt8(name % 8)
      refused.append(Self.withSignatureCounts(bytes))
    }
    // One signature too few for the keys, and one too many for the Han names (the parts
    // and the body's size made to agree with the counts).
    #expect(counts.keySignatures > 1 && counts.hanSignatures > 1)
    for (field, change) in [(10, -1), (11, 1)] {
      bytes = good
      let part = field + 2
      let count = field == 10 ? counts.keySignatures : counts.hanSignatures
      let end = parts[part] + 8 * count
      if change < 0 {
        bytes.removeSubrange(end - 8..<end)
      } else {
        bytes.insert(contentsOf: [UInt8](repeating: 0, count: 8), at: end)
      }
      word(&bytes, 32 + 4 * field, UInt32(count + change))
      let size = UInt64(bytes.count - ReadingCache.headerSize)
      bytes.withUnsafeMutableBytes {
        $0.storeBytes(
          of: size.littleEndian, toByteOffset: ReadingCache.bodySizeOffset, as: UInt64.self)
      }
      refused.append(bytes)
    }
    for forged in refused {
      try Self.withChecksumFixed(forged).write(to: URL(fileURLWithPath: file))
      let (answers, fromFile) = try cachedAnswers(path)
      #expect(!fromFile && answers == expected)
    }
    // Every name marked as written in Han characters only, Latin, Cyrillic and kana ones
    // too: read as such (answers may differ), never past a name's end or the table's.
    bytes = good
    for w in 0..<counts.hanWords {
      for b in 0..<8 where 64 * w + 8 * b < counts.names {
        let left = counts.names - 64 * w - 8 * b
        bytes[parts[3] + 8 * w + b] = left >= 8 ? 0xFF : UInt8((1 << left) - 1)
      }
    }
    try Self.withChecksumFixed(Self.withSignatureCounts(bytes)).write(
      to: URL(fileURLWithPath: file))
    var (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile && answers.count == Self.terms.count)
    // Every key marked as repeating the one before it, but each word's first: read as that
    // one's (answers may differ), never another word's.
    bytes = good
    for w in 0..<counts.keyRepeatWords {
      let left = counts.keys - 64 * w
      let bits: UInt64 = (left >= 64 ? ~0 : (1 << UInt64(left)) - 1) & ~1
      bytes.withUnsafeMutableBytes {
        $0.storeBytes(of: bits.littleEndian, toByteOffset: parts[10] + 8 * w, as: UInt64.self)
      }
    }
    try Self.withChecksumFixed(Self.withSignatureCounts(bytes)).write(
      to: URL(fileURLWithPath: file))
    (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile && answers.count == Self.terms.count)
    // Every name marked as written in Han characters only and as repeating the name before
    // it, but each word's first: read as that one's characters (answers may differ).
    bytes = good
    for w in 0..<counts.hanWords {
      let left = counts.names - 64 * w
      let han: UInt64 = left >= 64 ? ~0 : (1 << UInt64(left)) - 1
      bytes.withUnsafeMutableBytes {
        $0.storeBytes(of: han.littleEndian, toByteOffset: parts[3] + 8 * w, as: UInt64.self)
        $0.storeBytes(
          of: (han & ~1).littleEndian, toByteOffset: parts[11] + 8 * w, as: UInt64.self)
      }
    }
    try Self.withChecksumFixed(Self.withSignatureCounts(bytes)).write(
      to: URL(fileURLWithPath: file))
    (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile && answers.count == Self.terms.count)
    // The unforged bytes are read.
    try Self.withChecksumFixed(good).write(to: URL(fileURLWithPath: file))
    #expect(try cachedAnswers(path) == (expected, true))
  }

  @Test("a vocabulary that numbers spellings otherwise is adopted by translating numbers")
  func adoption() {
    let vocabulary = ReadingVocabulary()
    let a = ReadingVocabulary.Spelling("zhang", abbreviations: [1, 2])
    let b = ReadingVocabulary.Spelling("san", abbreviations: [1])
    let c = ReadingVocabulary.Spelling("", continuesOnly: true)
    // An empty vocabulary takes the file's numbers as they are.
    #expect(vocabulary.adopt([a, b]) == nil)
    #expect(vocabulary.number(of: b) == 1 && vocabulary.number(of: c) == 2)
    // A vocabulary that begins with the file's keeps them too.
    #expect(vocabulary.adopt([a, b]) == nil)
    // Another order is translated: c is 2 here, a 0, and a new spelling gets 3.
    let d = ReadingVocabulary.Spelling("wei")
    #expect(vocabulary.adopt([c, a, d]) == [2, 0, 3])
    let numbers = FrozenArray<UInt32>([0, 1 | ReadingKeys.unitEnd, ReadingKeys.barrier, 9])
    let translated = ReadingCache.translated(numbers, by: [2, 0, 3])
    #expect(
      Array(translated) == [2, 0 | ReadingKeys.unitEnd, ReadingKeys.barrier, ReadingKeys.barrier])
  }

  /// A file written by a process that numbered the spellings otherwise: its vocabulary in
  /// another order, its keys' numbers to match (the file re-encoded here, checksum fixed).
  /// This process translates the numbers (`ReadingVocabulary.adopt()`), and
  /// answers as with the keys it made itself.
  @Test("a file numbering the spellings in another order is translated, and answers alike")
  func translatedVocabulary() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (path, expected, file, good) = try written()
    let counts = Self.counts(good)
    let parts = counts.layout.parts
    let vocabulary = try #require(
      good.withUnsafeBytes {
        ReadingCache.vocabulary(
          UnsafeRawBufferPointer(rebasing: $0[parts[9]..<parts[9] + counts.vocabularyBytes]),
          count: counts.vocabulary)
      })
    #expect(vocabulary.count > 10)
    // The spellings reversed: number x here is number (count - 1 - x) there.
    let reversed = Array(vocabulary.reversed())
    let encoded = try #require(ReadingCache.encode(reversed))
    #expect(encoded.count == counts.vocabularyBytes)
    var bytes = good
    func renumber(part: Int, count: Int) {
      bytes.withUnsafeMutableBytes { raw in
        for k in 0..<count {
          let at = parts[part] + 4 * k
          let x = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))
          let number = x & ~ReadingKeys.unitEnd
          guard number != ReadingKeys.barrier else { continue }
          let moved = UInt32(vocabulary.count - 1) - number
          raw.storeBytes(
            of: (moved | (x & ReadingKeys.unitEnd)).littleEndian, toByteOffset: at, as: UInt32.self)
        }
      }
    }
    renumber(part: 2, count: counts.spellings)
    renumber(part: 6, count: counts.hanNumbers)
    bytes.replaceSubrange(parts[9]..<parts[9] + encoded.count, with: encoded)
    try Self.withChecksumFixed(bytes).write(to: URL(fileURLWithPath: file))
    let (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile)
    #expect(answers == expected)
  }
}
