import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// A query answered from the index file checking only what it reads (`IndexedQuery`): the
/// same answers as a load from the list, a small part of the index checked for a rare term,
/// and never an answer changed by damage or forgery: a query that reads a damaged part, or
/// offsets out of order, gives way to the full load.
@Suite("Queries that check what they read")
struct IndexedQueryTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "indexed-query-\(UUID().uuidString)"
  ).path
  var cache: String { folder + "/cache" }

  /// Names in Latin letters, some accented (no reading keys: `makeListWithReadings` adds
  /// names that have them).
  static let names = TrigramIndexTests.names(
    50_000, seed: 31,
    from: TrigramIndexTests.syllables.filter { $0.unicodeScalars.allSatisfy { $0.value < 0x300 } })
  /// Single words, rare to common, some found nowhere: of three bytes or more (found through
  /// the n-gram index), and shorter (every key scanned).
  static let answered = [
    "kar", "berg", "quahil", "shiro", "mitane", "ané", "øvo", "łka", "zzz", "a", "an", "é",
    "ø", "q", "zz", "ñ",
  ]

  func makeList(aged: Bool = true) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/names.txt"
    try Data(Self.names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    if aged {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    }
    return path
  }

  /// The index and the n-gram index written, as two runs write them.
  func writeFiles(_ path: String) throws {
    _ = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache).writeCache()
    let second = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
    _ = Searcher().search(Query(term: "kar"), in: second.catalog)
    #expect(second.writeCache())
  }

  func answering(
    _ query: Query, _ path: String, keysPerWindow: Int = IndexedQuery.defaultWindowKeys
  ) throws -> (result: SearchResult, blocks: BlockChecksums)? {
    try IndexedQuery.answering(
      query, contentsOfFile: try #require(PathName(path)),
      cacheDirectory: try #require(PathName(cache)), options: LoadOptions(keepsRecords: false),
      maximumSize: FileReader.defaultMaximumSize, keysPerWindow: keysPerWindow)
  }

  /// What `PlainTextPrinter` prints for `result`.
  static func printed(_ result: SearchResult) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let output = OutputBuffer(capacity: 4_096) { bytes.append(contentsOf: $0) }
    try PlainTextPrinter().print(result, to: output)
    try output.flush()
    return bytes
  }

  @Test("keys checked and scanned a window at a time give the answers of one window")
  func windows() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    try writeFiles(path)
    // (A window of one key: `forgedOffsets`.)
    for keysPerWindow in [64, 5_000] {
      for term in Self.answered {
        let answer = try #require(
          try answering(Query(term: term), path, keysPerWindow: keysPerWindow))
        #expect(
          answer.result.sections == (try expected(Query(term: term), path)),
          "\(term), windows of \(keysPerWindow)")
      }
    }
    // A key the last window reads, damaged: the query gives way.
    let query = Query(term: "ber")
    let found = try #require(try answering(query, path, keysPerWindow: 64)).result
    let last = Int(try #require(found.matchedNames.last))
    #expect(last >= 64)
    let file = try indexFile(path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let layout = try Self.header(of: bytes).layout
    let keyEnd = bytes.withUnsafeBytes {
      Int($0.loadUnaligned(fromByteOffset: layout.keyEnds + 4 * last, as: UInt32.self))
    }
    bytes[layout.keys + keyEnd - 1] ^= 0x04
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(try answering(query, path, keysPerWindow: 64) == nil)
  }

  @Test("a term shorter than a trigram passes over the groups of keys that lack one of its bytes")
  func byteSetsPassOverGroups() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Names in Latin letters, then (sorted after them) names in Han characters only, whose
    // groups of 4,096 keys hold no Latin letter; 300 KB of keys in all, past
    // `TrigramCache.smallestIndexedKeys`, so that the n-gram file (and its sets) is made.
    var random = SeededGenerator(seed: 43)
    let han = (0..<32_000).map { _ in
      String(
        (0..<Int.random(in: 2...3, using: &random)).map { _ in
          "张王李赵刘陈杨黄周吴".randomElement(using: &random)!
        })
    }
    let path = folder + "/mixed.txt"
    try Data((Array(Self.names.prefix(6_000)) + han).joined(separator: "\n").utf8).write(
      to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    try writeFiles(path)
    let terms = ["ka", "k", "zz", "é", "ø", "an", "q"]
    func checked(_ term: String, keysPerWindow: Int) throws -> Int {
      let query = Query(term: term, options: MatchOptions(usesReadings: false))
      let answer = try #require(try answering(query, path, keysPerWindow: keysPerWindow))
      #expect(answer.result.sections == (try expected(query, path)), "\(term)")
      return answer.blocks.checkedBlockCount
    }
    var passing: [Int] = []
    for keysPerWindow in [64, 5_000, IndexedQuery.defaultWindowKeys] {
      passing = try terms.map { try checked($0, keysPerWindow: keysPerWindow) }
    }
    // Without the n-gram index's file, and so without its byte sets, every key is read.
    let index = try #require(PathName(try indexFile(path)))
    let file = try #require(TrigramCache.path(besideIndex: index)).description
    try FileManager.default.removeItem(atPath: file)
    let reading = try terms.map { try checked($0, keysPerWindow: IndexedQuery.defaultWindowKeys) }
    // The Han names' keys (about 230 KB) and their ends (120 KB) are passed over for a
    // Latin term.
    for (k, term) in terms.enumerated() {
      #expect(reading[k] > passing[k] + 150, "\(term): \(reading[k]) and \(passing[k]) blocks")
    }
    // Sets whose block does not check (a byte of the last set changed, the digests left
    // alone): the file is not used, so every key is read and the answer is the list's; the
    // next run that asks for the n-gram index makes the file again.
    try writeFiles(path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    var bytes = good
    bytes[bytes.count - 1] ^= 0x10
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(try checked("k", keysPerWindow: IndexedQuery.defaultWindowKeys) == reading[1])
    let loaded = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
    _ = Searcher().search(Query(term: "kar"), in: loaded.catalog)
    #expect(loaded.catalog.lacksTrigramIndex)
    #expect(loaded.writeCache())
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))) == good)
  }

  @Test("a term too common for the n-gram index is answered by scanning every key")
  func tooCommon() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Two names in three hold "ann".
    let names = Self.names.enumerated().map { $0 % 3 == 0 ? $1 : "Ann " + $1 }
    let path = folder + "/ann.txt"
    try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    try writeFiles(path)
    let catalog = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: nil).catalog
    let index = try #require(TrigramIndex(keys: catalog.defaultKeys))
    #expect(index.candidates(for: Array("ann".utf8)) == nil)
    for keysPerWindow in [1_000, IndexedQuery.defaultWindowKeys] {
      for term in ["ann", "an", "n"] {
        let answer = try #require(
          try answering(Query(term: term), path, keysPerWindow: keysPerWindow))
        #expect(answer.result.sections == (try expected(Query(term: term), path)), "\(term)")
        #expect(answer.result.matchedNames.count >= 30_000)
      }
    }
  }

  @Test(
    "a common term prints what the list prints, with few pages of the index left resident",
    .disabled(
      if: ProcessInfo.processInfo.environment["NAMES_SEARCH_SANITIZER"] != nil,
      "400,000 names: too slow under AddressSanitizer (set by .ci/run), starving timed tests"))
  func releasedBehind() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Enough names that the index is many times what one read maps (the kernel maps up to a
    // whole large folio of the page cache, 2 MiB, around a read): capitalized, so that the
    // keys are stored apart from the names.
    let names = TrigramIndexTests.names(400_000, seed: 47).map { $0.capitalized }
    let path = folder + "/many.txt"
    try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    try writeFiles(path)
    let file = try indexFile(path)
    let layout = try Self.header(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
      .layout
    // The part of the index the query reads: names, keys and their ends.
    let partKilobytes = (layout.indexEnd - layout.nameEnds) / 1_024
    let catalog = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: nil).catalog
    // A syllable of one name in eight.
    let query = Query(term: "ber")
    let expected = Searcher().search(query, in: catalog)
    // Matches spread over every page of the names and the keys.
    #expect(expected.matchedNames.count * 4 > partKilobytes)
    let answer = try #require(try answering(query, path)).result
    #expect(try Self.printed(answer) == Self.printed(expected))
    // The first half of each part, read to check the matches and print them, is no
    // longer mapped (whatever the kernel maps around a read: the last read is megabytes
    // on), but for a page at each end of a section, shared with the next.
    let page = SystemMemory.pageSize
    let sections = answer.catalog.sectionRanges.count
    for part in [
      answer.catalog.names.bytes.rawBytes, answer.catalog.names.ends.rawBytes,
      answer.catalog.defaultKeys.bytes.rawBytes, answer.catalog.defaultKeys.ends.rawBytes,
    ] {
      let half = UnsafeRawBufferPointer(rebasing: part[..<(part.count / 2)])
      #expect(half.count / page > 4 * sections)
      let present = try ReleasedPagesTests.presentPages(in: half)
      #expect(present <= 2 * sections, "\(present) of \(half.count / page) pages")
    }
    // Without releases every page of the part would be resident. The block digests (8 bytes
    // a KiB of the index) are read whole, checked against the header, and stay.
    let base = UnsafeRawPointer(try #require(answer.catalog.names.bytes.buffer.baseAddress))
    let resident = try ReleasedPagesTests.residentKilobytes(ofMappingHolding: base)
    let digestKilobytes = 8 * layout.blockCount / 1_024
    #expect(
      (resident - digestKilobytes) * 10 < partKilobytes,
      "\(resident) of \(partKilobytes) KiB resident, \(digestKilobytes) KiB of them digests")
  }

  /// What a load from the list answers.
  func expected(_ query: Query, _ path: String) throws -> [Section] {
    let catalog = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: nil).catalog
    return Searcher().search(query, in: catalog).sections
  }

  @Test("single words are answered as a load from the list answers them")
  func sameAnswers() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    // No index yet, then no n-gram index yet: not answered.
    #expect(try answering(Query(term: "kar"), path) == nil)
    #expect(try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache).writeCache())
    #expect(try answering(Query(term: "kar"), path) == nil)
    try writeFiles(path)
    var found = 0
    for term in Self.answered {
      let answer = try #require(try answering(Query(term: term), path), "\(term)")
      #expect(answer.result.sections == (try expected(Query(term: term), path)), "\(term)")
      found += answer.result.matchedNames.count
    }
    #expect(found > 100)
  }

  @Test(
    "queries this path does not answer are left to the full load",
    arguments: [
      Query(term: ""), Query(term: "-"), Query(term: "kar ro"), Query(term: "kar|ro"),
      Query(term: "!kar"), Query(term: "^kar"),
      Query(term: "karo", typos: TypoTolerance(byLength: true, maximum: 2)),
      Query(term: "karo", soundsLike: true),
      Query(term: "kar", options: MatchOptions(folding: .cd)),
      Query(term: "Kar", options: MatchOptions(ignoresCase: false)),
      Query(term: "lu-pel", syntax: .fixedStrings),
    ])
  func notAnswered(query: Query) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    try writeFiles(path)
    #expect(try answering(query, path) == nil, "\(query.term)")
  }

  /// The Latin names with names of the fixtures that have readings (Han, kana, Hangul,
  /// Cyrillic, Greek) spread among them, one in five.
  func makeListWithReadings() throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var read: [String] = []
    for file in ["zh_CN", "zh_TW", "ja_JP", "ko_KR", "ru_RU", "el_GR"] {
      let text = try String(
        contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8)
      read += text.split(separator: "\n").map(String.init)
    }
    var names: [String] = []
    for (n, name) in Self.names.enumerated() {
      names.append(name)
      if n % 4 == 0 { names.append(read[(n / 4) % read.count]) }
    }
    let path = folder + "/names.txt"
    try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    return path
  }

  /// The reading keys' file beside the list's index.
  func readingFile(_ path: String) throws -> String {
    let index = try #require(PathName(try indexFile(path)))
    return try #require(ReadingCache.path(besideIndex: index)).description
  }

  @Test("a term that may be a reading is answered from the reading keys' file")
  func readings() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeListWithReadings()
    // "kar" may be read as pinyin or romaji: the search that writes the files made the
    // reading keys, which are kept beside the index.
    try writeFiles(path)
    #expect(FileManager.default.fileExists(atPath: try readingFile(path)))
    var byReading = 0
    // Three bytes or more, and shorter (every key scanned).
    for term in [
      "zhang", "wang", "kar", "sato", "minsu", "ivanov", "sofia", "zhangwei", "qqx", "zs", "z",
      "ㄱㅁ",
    ] {
      let query = Query(term: term)
      let answer = try #require(try answering(query, path), "\(term)")
      #expect(answer.result.sections == (try expected(query, path)), "\(term)")
      byReading += answer.result.matchedKeys.filter { $0 == SearchResult.readingMatch }.count
    }
    #expect(byReading > 200)
    let off = Query(term: "kar", options: MatchOptions(usesReadings: false))
    let answer = try #require(try answering(off, path))
    #expect(answer.result.sections == (try expected(off, path)))

    // A name found only by reading is checked before it is printed: damage in it gives way.
    let file = try indexFile(path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let layout = try Self.header(of: good).layout
    func end(_ i: Int) -> Int {
      i < 0
        ? 0
        : Int(
          good.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: layout.nameEnds + 4 * i, as: UInt32.self)
          })
    }
    let query = Query(term: "zhang")
    let found = try #require(try answering(query, path)).result
    let byReadingOnly = try #require(
      zip(found.matchedNames, found.matchedKeys).first { $0.1 == SearchResult.readingMatch }?.0)
    var bytes = good
    bytes[layout.names + end(Int(byReadingOnly) - 1) + 1] ^= 0x04
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(try answering(query, path) == nil)
    // The ends of names a query does not find are not read (the scan of the reading keys
    // reads no name's length): damage there changes nothing. A rarer term, whose names
    // leave most blocks of ends unread.
    let rare = Query(term: "belousov")
    let rareExpected = try expected(rare, path)
    let rareFound = try #require(try answering(rare, path)).result
    #expect(!rareFound.matchedNames.isEmpty)
    var touched = Set<Int>()
    for n in rareFound.matchedNames.map(Int.init) {
      for offset in [layout.nameEnds + 4 * n, layout.nameEnds + 4 * (n - 1)] {
        touched.formUnion(offset / 4_096 - 1...offset / 4_096 + 1)
      }
    }
    let names = rareFound.catalog.nameCount
    // A block of ends only (not the first or last, which other parts share) that the same
    // query without readings leaves unread (its n-gram candidates' ends are read too).
    let rareOff = Query(term: rare.term, options: MatchOptions(usesReadings: false))
    var far: Int?
    for block in stride(
      from: (layout.nameEnds / 4_096 + 1) * 4_096,
      to: (layout.nameEnds + 4 * names) / 4_096 * 4_096 - 4_096, by: 4_096)
    where !touched.contains(block / 4_096) {
      bytes = good
      bytes[block + 1] ^= 0x04
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      if try answering(rareOff, path) != nil {
        far = block
        break
      }
    }
    #expect(far != nil)
    let undamaged = try #require(try answering(rare, path))
    #expect(undamaged.result.sections == rareExpected)
  }

  @Test(
    "without its reading keys' file, or with it damaged, a reading term is left to the full load")
  func readingFileMissingOrDamaged() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeListWithReadings()
    try writeFiles(path)
    let file = try readingFile(path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let query = Query(term: "zhang")
    let expected = try expected(query, path)
    for offset in [good.count / 2, good.count - 3] {
      var bytes = good
      bytes[offset] ^= 0x10
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      #expect(try answering(query, path) == nil, "offset \(offset)")
    }
    try FileManager.default.removeItem(atPath: file)
    #expect(try answering(query, path) == nil)
    // The term is no reading without readings: answered from the index alone.
    let off = Query(term: "zhang", options: MatchOptions(usesReadings: false))
    #expect(try answering(off, path) != nil)
    let loaded = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
    #expect(Searcher().search(query, in: loaded.catalog).sections == expected)
  }

  @Test("a list over the size limit is left to the full load, which refuses it")
  func maximumSize() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    try writeFiles(path)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    let answer = try IndexedQuery.answering(
      Query(term: "kar"), contentsOfFile: try #require(PathName(path)),
      cacheDirectory: try #require(PathName(cache)), options: LoadOptions(keepsRecords: false),
      maximumSize: size - 1)
    #expect(answer == nil)
    #expect(try answering(Query(term: "kar"), path) != nil)
  }

  @Test("a rare term checks a small part of the index")
  func checksLittle() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    try writeFiles(path)
    let answer = try #require(try answering(Query(term: "quahilfen"), path))
    #expect(!answer.result.matchedNames.isEmpty)
    #expect(answer.blocks.blockCount > 100)
    #expect(answer.blocks.checkedBlockCount * 10 < answer.blocks.blockCount)
  }

  @Test("a list changed within the clock's resolution is compared by its contents")
  func racyList() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(aged: false)
    try writeFiles(path)
    let answer = try #require(try answering(Query(term: "kar"), path))
    #expect(answer.result.sections == (try expected(Query(term: "kar"), path)))
    // The same size and times, other contents: not answered from the index.
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let k = try #require(bytes.firstIndex(of: UInt8(ascii: "k")))
    bytes[k] = UInt8(ascii: "q")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: attributes[.modificationDate]!], ofItemAtPath: path)
    if let stamp = SourceStamp(path: path), stamp.size == UInt64(bytes.count) {
      #expect(try answering(Query(term: "kar"), path) == nil)
    }
  }

  /// The header of the index file `bytes`, decoded with the version it records.
  static func header(of bytes: [UInt8]) throws -> CacheHeader {
    try bytes.withUnsafeBytes {
      try CacheHeader.decode(
        $0, version: UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
    }
  }

  func indexFile(_ path: String) throws -> String {
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return IndexCache.file(for: absolute, in: cache)
  }

  @Test("damage the query reads makes it give way; damage elsewhere changes nothing")
  func damage() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    try writeFiles(path)
    let file = try indexFile(path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let header = try Self.header(of: good)
    let layout = header.layout
    let query = Query(term: "quahilfen")
    let expected = try expected(query, path)
    let found = try #require(try answering(query, path)).result
    let name = Int(try #require(found.matchedNames.first))
    func end(_ i: Int) -> Int {
      Int(
        good.withUnsafeBytes {
          $0.loadUnaligned(fromByteOffset: layout.nameEnds + 4 * i, as: UInt32.self)
        })
    }
    let nameStart = layout.names + (name == 0 ? 0 : end(name - 1))
    let keyStart =
      layout.keys
      + (name == 0
        ? 0
        : Int(
          good.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: layout.keyEnds + 4 * (name - 1), as: UInt32.self)
          }))
    // Read by the query: its name's bytes and end, its key's bytes, a title, the digests,
    // the header. Each makes it give way (and the full load, which checks everything,
    // reads the list).
    for offset in [
      nameStart + 1, layout.nameEnds + 4 * name, keyStart + 2, layout.titles,
      layout.digests + 3, 20, 72,
    ] {
      var bytes = good
      bytes[offset] ^= 0x04
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      #expect(try answering(query, path) == nil, "offset \(offset)")
      let loaded = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
      #expect(loaded.origin == .list)
      #expect(Searcher().search(query, in: loaded.catalog).sections == expected)
      try Data(good).write(to: URL(fileURLWithPath: file))
    }
    // Not read by it: a name's bytes in a block no match, its key or its offsets lies in.
    var touched = Set<Int>()
    for n in found.matchedNames.map(Int.init) {
      for offset in [layout.names + end(n), layout.nameEnds + 4 * n, layout.keyEnds + 4 * n] {
        for block in (offset - 4_096 * 2) / 4_096...(offset + 4_096 * 2) / 4_096 {
          touched.insert(block)
        }
      }
    }
    let far = try #require(
      stride(from: layout.names, to: layout.names + Int(header.nameBytes), by: 4_096).first {
        !touched.contains($0 / 4_096) && !touched.contains(($0 - 184) / 4_096)
      })
    var bytes = good
    bytes[far] ^= 0x04
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let answer = try #require(try answering(query, path))
    #expect(answer.result.sections == expected)
  }

  /// The `.tri` file bound again to the index `index` (its checksum made right), so that
  /// only the forgery in the index can refuse a query.
  func rebind(trigramFileOf path: String, to indexBytes: [UInt8]) throws {
    let index = try #require(PathName(try indexFile(path)))
    let file = try #require(TrigramCache.path(besideIndex: index))
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.description)))
    for k in 0..<8 { bytes[16 + k] = indexBytes[72 + k] }
    try Data(TrigramCacheTests.forged(bytes)).write(to: URL(fileURLWithPath: file.description))
  }

  @Test("forged offsets (digests and checksum made right) never read out of bounds")
  func forgedOffsets() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    try writeFiles(path)
    let file = try indexFile(path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let header = try Self.header(of: good)
    let layout = header.layout
    // Not by reading: the forged index's checksum would unbind the reading keys' file and
    // refuse the query before any offset is read.
    let query = Query(term: "kar", options: MatchOptions(usesReadings: false))
    let found = try #require(try answering(query, path)).result
    // The forging itself is sound: the good file sealed again and rebound is answered.
    var sealed = good
    sealed.withUnsafeMutableBytes { _ = IndexCache.seal($0) }
    try rebind(trigramFileOf: path, to: sealed)
    #expect(try answering(query, path) != nil)
    let short = Query(term: "ka", options: MatchOptions(usesReadings: false))
    #expect(try answering(short, path, keysPerWindow: 64) != nil)
    let dense = Query(term: "a", options: MatchOptions(usesReadings: false))
    #expect(try answering(dense, path) != nil)
    let name = Int(try #require(found.matchedNames.dropFirst().first))
    let last = Int(header.nameCount) - 1
    // A matched name's end, and the last end of the names and of the keys (which the
    // stores are made on, before any name is read: a wrong one must be refused, not trap).
    for (entry, value) in [(name, UInt32.max), (name, 0), (name, 1 << 30), (last, 0), (last, 1)] {
      for ends in [layout.nameEnds, layout.keyEnds] {
        var bytes = good
        bytes.withUnsafeMutableBytes { raw in
          raw.storeBytes(of: value.littleEndian, toByteOffset: ends + 4 * entry, as: UInt32.self)
          #expect(IndexCache.seal(raw))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        try rebind(trigramFileOf: path, to: bytes)
        // Ends out of order or past the part: refused, whichever path reads them.
        #expect(try answering(query, path) == nil, "\(value) at \(ends)")
        // And by terms shorter than a trigram, which read every key's end; "a", found in
        // most names, has the names between its matches checked with them.
        #expect(try answering(short, path, keysPerWindow: 64) == nil, "\(value) at \(ends)")
        #expect(try answering(dense, path) == nil, "\(value) at \(ends)")
      }
    }
    // The last matched key's end and the one before it forged below the keys before them:
    // its own offsets hold, and a window of one key each then releases up to an end below
    // the last released, which must not trap (the answer may change: the digests are
    // forged too).
    let lastKey = Int(try #require(found.matchedNames.last))
    var low = good
    low.withUnsafeMutableBytes { raw in
      for k in [lastKey - 1, lastKey] {
        raw.storeBytes(
          of: UInt32(10).littleEndian, toByteOffset: layout.keyEnds + 4 * k, as: UInt32.self)
      }
      #expect(IndexCache.seal(raw))
    }
    try Data(low).write(to: URL(fileURLWithPath: file))
    try rebind(trigramFileOf: path, to: low)
    _ = try answering(query, path, keysPerWindow: 1)
  }
}
