import Foundation
import Testing

@testable import NamesSearch

@Suite("IndexCache")
struct IndexCacheTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "index-cache-\(UUID().uuidString)"
  ).path

  func makeList(_ object: [String: [String]]) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/list.plist"
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  func load(_ path: String) throws -> CachedCatalogLoader {
    try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: folder + "/cache")
  }

  /// Makes the list's modification time old, so the cache trusts its stamp.
  func age(_ path: String) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
  }

  /// The list's absolute path (as the cache names it) and its cache file.
  func cacheFile(of path: String) -> (absolute: String, file: String) {
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return (absolute, IndexCache.file(for: absolute, in: folder + "/cache"))
  }

  /// The little-endian `UInt32` at byte `at` of a cache file.
  static func word(_ file: [UInt8], _ at: Int) -> UInt32 {
    file.withUnsafeBytes {
      UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }
  }

  @Test("a second load maps the index and answers the same")
  func roundTrip() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList([
      "B": ["Bob", "Bea"], "A": ["Ann", "Åsa", "Mu\u{308}ller"], "#": ["42"],
    ])
    try age(path)
    let first = try load(path)
    #expect(first.origin == .list)
    #expect(first.writeCache())
    let second = try load(path)
    #expect(second.origin == .cache)
    #expect(second.catalog.sections == first.catalog.sections)
    for term in ["", "a", "muller", "ü", "42", "zz"] {
      #expect(
        Searcher().search(Query(term: term), in: second.catalog).sections
          == Searcher().search(Query(term: term), in: first.catalog).sections)
    }
  }

  @Test("a changed list is read again")
  func stale() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann"]])
    try age(path)
    try load(path).writeCache()
    _ = try makeList(["A": ["Amy"]])
    try age(path)
    let again = try load(path)
    #expect(again.origin == .list)
    #expect(again.catalog.sections == [Section(title: "A", names: ["Amy"])])
  }

  @Test("a recent list with the same size and time but new content is read again")
  func racyTimestamp() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann"]])
    let stamp = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    try load(path).writeCache()
    _ = try makeList(["A": ["Amy"]])
    try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
    // Same size, same time to the nanosecond where the file system keeps it: only the
    // content hash tells.
    let again = try load(path)
    #expect(again.catalog.sections == [Section(title: "A", names: ["Amy"])])
  }

  @Test("corrupt, truncated or foreign cache files are ignored and replaced")
  func corrupt() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann", "Anna"], "B": ["Bob"]])
    try age(path)
    try load(path).writeCache()
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let cacheFile = IndexCache.file(for: absolute, in: folder + "/cache")
    let good = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
    var damaged: [Data] = []
    for offset in stride(from: 130, to: good.count, by: 7) {
      var copy = good
      copy[offset] ^= 0x20
      damaged.append(copy)
    }
    damaged.append(good.prefix(good.count - 1))
    damaged.append(good.prefix(64))
    damaged.append(Data(repeating: 0xAB, count: good.count))
    damaged.append(Data())
    for bad in damaged {
      try bad.write(to: URL(fileURLWithPath: cacheFile))
      let loaded = try load(path)
      #expect(loaded.origin == .list)
      #expect(
        loaded.catalog.sections == [
          Section(title: "A", names: ["Ann", "Anna"]), Section(title: "B", names: ["Bob"]),
        ])
    }
  }

  @Test("keys that are the names are stored once; the index answers the same")
  func keysAreNames() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Han and katakana names fold to themselves (case, marks and width do not apply; Hangul
    // syllables do not: their keys are their jamo).
    let sections = [
      "Z": ["张伟", "张三", "曾小华"], "L": ["李娜", "六安"], "S": ["サトウ", "佐藤"],
    ]
    let path = try makeList(sections)
    try age(path)
    let first = try load(path)
    #expect(first.writeCache())
    let (absolute, cacheFile) = cacheFile(of: path)
    let stored = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
    #expect(Self.word(stored, 180) == 1)
    // The file by hand: the header, then each part padded to 8 bytes, the keys' ends and
    // bytes left out.
    func padded(_ count: Int) -> Int { (count + 7) / 8 * 8 }
    let names = sections.values.flatMap { $0 }
    let titles = first.catalog.titles
    let indexPart =
      padded(absolute.utf8.count) + padded(4 * titles.count)
      + padded(titles.map(\.utf8.count).reduce(0, +)) + 8 * titles.count
      + padded(4 * names.count) + padded(names.map(\.utf8.count).reduce(0, +))
    // Then a digest (8 bytes) for each 1 KiB block of that part.
    let expected = 184 + indexPart + 8 * ((indexPart + 1_023) / 1_024)
    #expect(stored.count == expected)
    let second = try load(path)
    #expect(second.origin == .cache)
    #expect(second.catalog.sections == first.catalog.sections)
    for term in ["", "张", "张三", "zhang", "zs", "zeng", "luan", "さとう", "sato", "佐藤", "xyz"] {
      #expect(
        Searcher().search(Query(term: term), in: second.catalog).sections
          == Searcher().search(Query(term: term), in: first.catalog).sections, "\(term)")
    }
    // The flag cleared (checksum fixed): the header no longer describes the file.
    var cleared = stored
    cleared.withUnsafeMutableBytes { $0.storeBytes(of: 0, toByteOffset: 180, as: UInt32.self) }
    #expect(Self.refusal(cleared, version: Self.word(stored, 8)) == .layout)
    try Self.withChecksumFixed(cleared).write(to: URL(fileURLWithPath: cacheFile))
    #expect(try load(path).origin == .list)
  }

  @Test("keys that are not the names are stored; the flag set on them is refused")
  func keysAreNotNames() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // "Ann" folds to "ann": as many bytes, other bytes.
    let path = try makeList(["A": ["Ann"], "B": ["Bob"]])
    try age(path)
    #expect(try load(path).writeCache())
    let cacheFile = cacheFile(of: path).file
    var stored = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
    #expect(Self.word(stored, 180) == 0)
    let version = Self.word(stored, 8)
    stored.withUnsafeMutableBytes { $0.storeBytes(of: 1, toByteOffset: 180, as: UInt32.self) }
    // The keys said to be the names: the file is longer than the header describes.
    #expect(Self.refusal(stored, version: version) == .layout)
    try Self.withChecksumFixed(stored).write(to: URL(fileURLWithPath: cacheFile))
    let loaded = try load(path)
    #expect(loaded.origin == .list)
    #expect(Searcher().search(Query(term: "ann"), in: loaded.catalog).sections.count == 1)
  }

  @Test(
    "a name forged not to be UTF-8 (checksum fixed) is searched by reading without a trap",
    arguments: [
      // 斌 becomes a surrogate spelled in UTF-8.
      ("斌", [0xED, 0xA0, 0x80] as [UInt8]),
      // 三, the last character of the names (the last part of a file whose keys are its
      // names), becomes two letters and a lead byte with nothing after it.
      ("三", [0x41, 0x41, 0xE5]),
    ])
  func forgedNameNotUTF8(character: String, replacement: [UInt8]) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["Z": ["周斌", "张伟", "张三"]])
    try age(path)
    #expect(try load(path).writeCache())
    let cacheFile = cacheFile(of: path).file
    var stored = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
    let original = Array(character.utf8)
    let at = try #require(
      (0...(stored.count - original.count)).first { Array(stored[$0..<$0 + 3]) == original })
    stored.replaceSubrange(at..<at + 3, with: replacement)
    try Self.withChecksumFixed(stored).write(to: URL(fileURLWithPath: cacheFile))
    let loaded = try load(path)
    #expect(loaded.origin == .cache)
    func count(_ term: String) -> Int {
      Searcher().search(Query(term: term), in: loaded.catalog).sections.map(\.names.count)
        .reduce(0, +)
    }
    // The first characters still read as before: 张 (zhang) twice, 周 (zhou) once.
    #expect(count("zhang") == 2)
    #expect(count("zhou") == 1)
    #expect(count("zw") == 1)
  }

  /// Three names and their keys, written by hand: each name's folded text first, then for
  /// two of them a made-up "reading" key, as a transliteration would add.
  static let severalKeys: (names: [String], keys: [String], owners: [UInt32]) = (
    ["Anna Wang", "王芳", "Bob"],
    ["anna wang", "wang anna", "王芳", "wang fang", "bob"],
    [0, 0, 1, 1, 2]
  )

  /// A catalog of `severalKeys`: section "A" holds names 0 and 1, "B" name 2.
  static func severalKeysCatalog() -> Catalog {
    var builder = NameStore.Builder()
    for name in severalKeys.names { builder.append(name) }
    var ends: [UInt32] = []
    var bytes: [UInt8] = []
    for key in severalKeys.keys {
      bytes += Array(key.utf8)
      ends.append(UInt32(bytes.count))
    }
    let keys = SearchKeys(
      options: .default, bytes: FrozenArray(bytes), ends: FrozenArray(ends),
      owners: FrozenArray(severalKeys.owners))
    return Catalog(
      titles: ["A", "B"], names: builder.build(), sectionRanges: [0..<2, 2..<3], defaultKeys: keys)
  }

  /// Writes the index of `severalKeysCatalog()` for an aged list file, which gives the stamp
  /// and path the cache is checked against; answers the list's resolved path, its stamp and
  /// the cache folder.
  func writeSeveralKeysCache() throws -> (path: String, stamp: SourceStamp, cache: String) {
    let path = try makeList(["A": ["Anna Wang", "王芳"], "B": ["Bob"]])
    try age(path)
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let stamp = try #require(SourceStamp(path: absolute))
    let cache = folder + "/cache"
    #expect(
      IndexCache.write(
        Self.severalKeysCatalog(), for: absolute, stamp: stamp, sourceHash: 0, in: cache))
    return (absolute, stamp, cache)
  }

  @Test("several keys per name are written and read back; a name is found by any key, once")
  func severalKeysPerName() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (absolute, stamp, cache) = try writeSeveralKeysCache()
    let read = try #require(IndexCache.read(for: absolute, stamp: stamp, in: cache))
    #expect(read.defaultKeys.count == 5)
    #expect(Array(read.defaultKeys.owners) == [0, 0, 1, 1, 2])
    #expect(
      (0..<5).map { String(decoding: read.defaultKeys.key($0), as: UTF8.self) }
        == Self.severalKeys.keys)
    // Expected by hand: "fang" is only in name 1's second key; "anna" and "wang" are in both
    // keys of name 0 (and "wang" in name 1's reading); "zhou" in none.
    let expected: [(String, [Section])] = [
      ("fang", [Section(title: "A", names: ["王芳"])]),
      ("anna", [Section(title: "A", names: ["Anna Wang"])]),
      ("wang", [Section(title: "A", names: ["Anna Wang", "王芳"])]),
      ("芳", [Section(title: "A", names: ["王芳"])]),
      ("bob", [Section(title: "B", names: ["Bob"])]),
      ("zhou", []),
    ]
    for (term, sections) in expected {
      let result = Searcher().search(Query(term: term), in: read)
      #expect(result.sections == sections, "\(term)")
      #expect(result.total == sections.reduce(0) { $0 + $1.names.count }, "\(term)")
    }
  }

  @Test("owners that skip a name or go back make the file refused")
  func badOwners() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (absolute, stamp, cache) = try writeSeveralKeysCache()
    let cacheFile = IndexCache.file(for: absolute, in: cache)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
    // The owners are 5 words (20 bytes, padded to 24) before the file's last 8 bytes, the
    // digest of the index part's one 1 KiB block.
    let ownersStart = good.count - 8 - 24
    #expect(
      Array(good[ownersStart..<ownersStart + 20]) == [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
        1, 0, 0, 0, 2, 0, 0, 0,
      ])
    for owners in [[0, 0, 2, 2, 2], [0, 1, 0, 1, 2], [1, 1, 1, 1, 2], [0, 0, 1, 1, 1]] {
      var bytes = good
      for (i, owner) in owners.enumerated() { bytes[ownersStart + 4 * i] = UInt8(owner) }
      try Self.withChecksumFixed(bytes).write(to: URL(fileURLWithPath: cacheFile))
      #expect(IndexCache.read(for: absolute, stamp: stamp, in: cache) == nil, "\(owners)")
    }
    // The same bytes with the good owners are read (the forging itself is sound).
    try Self.withChecksumFixed(good).write(to: URL(fileURLWithPath: cacheFile))
    #expect(IndexCache.read(for: absolute, stamp: stamp, in: cache) != nil)
  }

  /// Why `CacheHeader.decode` refuses `file`, or `nil` if it accepts it.
  static func refusal(_ file: [UInt8], version: UInt32) -> CacheHeader.Refusal? {
    file.withUnsafeBytes { raw -> CacheHeader.Refusal? in
      do throws(CacheHeader.Refusal) {
        _ = try CacheHeader.decode(raw, version: version)
        return nil
      } catch {
        return error
      }
    }
  }

  /// `bytes` (a cache file) with its block digests and checksum made right for its bytes
  /// (unchanged when its header does not describe it, which the reader refuses anyway).
  static func withChecksumFixed(_ bytes: [UInt8]) -> Data {
    var bytes = bytes
    bytes.withUnsafeMutableBytes { _ = IndexCache.seal($0) }
    return Data(bytes)
  }

  @Test("a cache file of format 3 (one key per name, 128-byte header) is refused and rebuilt")
  func formatThree() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann", "Anna"], "B": ["Bob"]])
    try age(path)
    #expect(try load(path).writeCache())
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let cacheFile = IndexCache.file(for: absolute, in: folder + "/cache")
    let current = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
    let version = current.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self) }
    #expect(version >> 24 == 10)
    // Format 3, as its writer laid it out: the same fields up to offset 128, the header
    // ending there, the body (no owners: one key per name; no further keys or records,
    // which take no bytes) right after; format 3 in the version's top byte; its checksum
    // over its own 128-byte header.
    var old = Array(current[..<128]) + Array(current[184...])
    old.withUnsafeMutableBytes { raw in
      raw.storeBytes(
        of: (version & 0x00FF_FFFF | 3 << 24).littleEndian, toByteOffset: 8, as: UInt32.self)
      raw.storeBytes(of: UInt32(128).littleEndian, toByteOffset: 12, as: UInt32.self)
      raw.storeBytes(
        of: UInt64(raw.count - 128).littleEndian, toByteOffset: 80, as: UInt64.self)
      let checksum = IndexChecksum.of(
        header: UnsafeRawBufferPointer(rebasing: raw[..<128]),
        body: UnsafeRawBufferPointer(rebasing: raw[128...]))
      raw.storeBytes(of: checksum.littleEndian, toByteOffset: 72, as: UInt64.self)
    }
    try Data(old).write(to: URL(fileURLWithPath: cacheFile))
    #expect(Self.refusal(old, version: version) == .version(found: version & 0x00FF_FFFF | 3 << 24))
    let stamp = try #require(SourceStamp(path: absolute))
    #expect(IndexCache.read(for: absolute, stamp: stamp, in: folder + "/cache") == nil)
    let loaded = try load(path)
    #expect(loaded.origin == .list)
    #expect(
      loaded.catalog.sections == [
        Section(title: "A", names: ["Ann", "Anna"]), Section(title: "B", names: ["Bob"]),
      ])
    #expect(loaded.writeCache())
    #expect(try load(path).origin == .cache)
  }

  @Test("the header's fields are encoded where the format puts them, and decoded back")
  func headerFields() throws {
    let header = CacheHeader(
      version: 0x0403_1100,
      stamp: SourceStamp(
        size: 0x1122, modifiedSeconds: -5, modifiedNanoseconds: 7, changedSeconds: 9,
        changedNanoseconds: 11, inode: 13, device: 15),
      created: 17, sourceHash: 19, checksum: 21, bodySize: 0, titleCount: 1, nameCount: 2,
      titleBytes: 3, nameBytes: 4, keyCount: 3, keyBytes: 6, ownerCount: 3, pathLength: 5,
      optionsHash: 23, companionStamp: 25, furtherCount: 1, furtherBytes: 7, recordCount: 2,
      recordBytes: 9, recordsChecksum: 27)
    // The body by hand: path 5 → 8, title ends 4 → 8, titles 3 → 8, ranges 8, name ends 8,
    // names 4 → 8, key ends 12 → 16, keys 6 → 8, owners 12 → 16, further ends 4 → 8,
    // further 7 → 8, record ends 8, records 9 → 16: 128 bytes; then the digest of the one
    // 1 KiB block of the index part (the 104 bytes before the records): 136 bytes.
    #expect(header.layout.end == 184 + 136)
    #expect(header.layout.digests == 184 + 128 && header.layout.blockCount == 1)
    #expect(header.layout.owners == 184 + 72)
    #expect(header.layout.furtherEnds == 184 + 88 && header.layout.further == 184 + 96)
    #expect(header.layout.recordEnds == 184 + 104 && header.layout.records == 184 + 112)
    var filled = header
    filled.bodySize = 136
    let bytes = filled.encode()
    #expect(bytes.count == 184)
    func word<T: FixedWidthInteger>(_ at: Int, _ type: T.Type) -> T {
      bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: T.self)) }
    }
    #expect(Array(bytes[0..<8]) == Array("NSIDX".utf8) + [0, 0, 1])
    #expect(word(8, UInt32.self) == 0x0403_1100 && word(12, UInt32.self) == 184)
    #expect(word(16, UInt64.self) == 0x1122 && word(24, Int64.self) == -5)
    #expect(word(32, Int64.self) == 7 && word(40, UInt64.self) == 13)
    #expect(word(48, UInt64.self) == 15 && word(56, Int64.self) == 17)
    #expect(word(64, UInt64.self) == 19 && word(72, UInt64.self) == 21)
    #expect(word(80, UInt64.self) == 136 && word(88, UInt32.self) == 1)
    #expect(word(92, UInt32.self) == 2 && word(96, UInt32.self) == 3)
    #expect(word(100, UInt32.self) == 4 && word(104, UInt32.self) == 6)
    #expect(word(108, UInt32.self) == 5 && word(112, Int64.self) == 9)
    #expect(word(120, Int64.self) == 11 && word(128, UInt32.self) == 3)
    #expect(word(132, UInt32.self) == 3)
    #expect(word(136, UInt64.self) == 23 && word(144, UInt64.self) == 25)
    #expect(word(152, UInt32.self) == 1 && word(156, UInt32.self) == 7)
    #expect(word(160, UInt32.self) == 2 && word(164, UInt32.self) == 9)
    #expect(word(168, UInt64.self) == 27 && word(176, UInt32.self) == 0)
    #expect(word(180, UInt32.self) == 0)
    let file = bytes + [UInt8](repeating: 0, count: 136)
    #expect(try file.withUnsafeBytes { try CacheHeader.decode($0, version: 0x0403_1100) } == filled)

    // Each refusal, on a copy with one thing wrong.
    func refusal(_ file: [UInt8], version: UInt32 = 0x0403_1100) -> CacheHeader.Refusal? {
      Self.refusal(file, version: version)
    }
    func changed(_ field: Int, to value: UInt32) -> [UInt8] {
      var copy = file
      copy.withUnsafeMutableBytes {
        $0.storeBytes(of: value.littleEndian, toByteOffset: field, as: UInt32.self)
      }
      return copy
    }
    #expect(refusal(Array(file[..<135])) == .truncated)
    #expect(refusal(changed(0, to: 0)) == .magic)
    #expect(refusal(file, version: 0x0303_1100) == .version(found: 0x0403_1100))
    #expect(refusal(changed(12, to: 128)) == .headerSize(found: 128))
    #expect(refusal(Array(file.dropLast(8))) == .bodySize)
    #expect(refusal(changed(132, to: 2)) == .counts)
    #expect(refusal(changed(132, to: 0)) == .counts)  // no owners, yet 3 keys for 2 names
    #expect(refusal(changed(96, to: 9)) == .layout)  // 9 title bytes take 16
    // 2^32 - 1 names: no longer the 3 keys less the 1 further key, nor the 2 records.
    #expect(refusal(changed(92, to: 0xFFFF_FFFF)) == .counts)
    #expect(refusal(changed(104, to: 0xFFFF_FFF0)) == .layout)
    #expect(refusal(changed(152, to: 2)) == .counts)  // 2 names + 2 further keys ≠ 3 keys
    #expect(refusal(changed(160, to: 1)) == .counts)  // 1 record for 2 names
    #expect(refusal(changed(156, to: 9)) == .layout)  // 9 further bytes take 16
    #expect(refusal(changed(176, to: 2)) == .flags)  // no such flag
    #expect(refusal(changed(180, to: 2)) == .flags)  // no such flag
    #expect(refusal(changed(180, to: 1)) == .flags)  // keys said to be the names: 3 for 2
    #expect(refusal(changed(176, to: 1)) == .flags)  // records left out, yet 2 stored
    // Records left out and none stored: decoded as such.
    var dropped = filled
    dropped.recordCount = 0
    dropped.recordBytes = 0
    dropped.recordsDropped = true
    dropped.bodySize = UInt64(dropped.layout.end - 184)
    let droppedBytes = dropped.encode()
    #expect(
      droppedBytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 176, as: UInt32.self) } == 1)
    let droppedFile = droppedBytes + [UInt8](repeating: 0, count: Int(dropped.bodySize))
    #expect(
      try droppedFile.withUnsafeBytes { try CacheHeader.decode($0, version: 0x0403_1100) }
        == dropped)
  }

  @Test("the checksum does not depend on how the bytes are cut")
  func checksum() {
    let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    bytes.withUnsafeBytes { all in
      let whole = FastHash.hash(all)
      for cut in [1, 7, 63, 64, 65, 500] {
        var hash = FastHash()
        hash.combine(UnsafeRawBufferPointer(rebasing: all[..<cut]))
        hash.combine(UnsafeRawBufferPointer(rebasing: all[cut...]))
        #expect(hash.finalize() == whole)
      }
      var swapped = bytes
      swapped.swapAt(8, 16)
      #expect(swapped.withUnsafeBytes { FastHash.hash($0) } != whole)
    }
  }

  /// Names of 64 letters from c…x (so ±2 stays a letter), the first starting "Avag".
  static let longNames: [String] = (0..<30).map { n in
    let letters = (0..<60).map { i in Character(UnicodeScalar(UInt8(99 + (n * 7 + i * 5) % 22))) }
    return (n == 0 ? "Avag" : "Bvag") + String(letters)
  }

  @Test("damage that a sum would miss is detected in a real index")
  func cancellingDamage() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": [Self.longNames[0]], "B": Array(Self.longNames.dropFirst())])
    try age(path)
    try load(path).writeCache()
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let cacheFile = IndexCache.file(for: absolute, in: folder + "/cache")
    let good = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
    let start = try #require(good.firstRange(of: Data("Avag".utf8))).lowerBound
    var damaged: [(String, Data)] = []
    // The issue's cases: three letters 64 bytes apart, +1 −2 +1 ("Avag" → "Avbg", …), and
    // two bit flips 512 bytes apart that move the same lane one up and one down.
    var threeLetters = good
    threeLetters[start + 2] += 1
    threeLetters[start + 66] -= 2
    threeLetters[start + 130] += 1
    damaged.append(("+1 -2 +1", threeLetters))
    let flip = try #require(
      (start..<good.count - 512).first { good[$0] & 1 == 0 && good[$0 + 512] & 1 == 1 })
    var twoFlips = good
    twoFlips[flip] ^= 1
    twoFlips[flip + 512] ^= 1
    damaged.append(("two bit flips", twoFlips))
    // Header fields the reader trusts without comparing them to the list.
    for offset in [56, 88, 96, 100] {
      var header = good
      header[offset] ^= 1
      damaged.append(("header byte \(offset)", header))
    }
    for (what, bad) in damaged {
      try bad.write(to: URL(fileURLWithPath: cacheFile))
      let stamp = try #require(SourceStamp(path: absolute))
      #expect(IndexCache.read(for: absolute, stamp: stamp, in: folder + "/cache") == nil, "\(what)")
      let loaded = try load(path)
      #expect(loaded.origin == .list, "\(what)")
      #expect(loaded.catalog.sections.flatMap(\.names).sorted() == Self.longNames.sorted())
    }
  }

  /// Fuzzing regression (Tests/Corpus/regressions/cache-created-at-earliest-time.idx): a
  /// cache file whose creation time is within 2 s of the earliest `Int64` overflowed the
  /// racy-timestamp check (`created - 2`) and trapped. In the integers every modification
  /// time is at or after `created - 2` then, so the list's contents must be compared: the
  /// index answers for the same list and is ignored when its content hash is another.
  @Test(
    "an index created at the earliest time there is compares the list's contents",
    arguments: [Int64.min, Int64.min + 1])
  func earliestCreationTime(created: Int64) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann"], "B": ["Bea", "Bob"]])
    try age(path)
    try load(path).writeCache()
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let cacheFile = IndexCache.file(for: absolute, in: folder + "/cache")
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
    /// The cache file with header words changed and its checksum made right again.
    func forged(_ words: [(offset: Int, value: UInt64)]) -> Data {
      var bytes = good
      bytes.withUnsafeMutableBytes { raw in
        for (offset, value) in words {
          raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
        }
        IndexCache.seal(raw)
      }
      return Data(bytes)
    }
    let sourceHash = good.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 64, as: UInt64.self) }
    let stamp = try #require(SourceStamp(path: absolute))

    try forged([(56, UInt64(bitPattern: created))]).write(to: URL(fileURLWithPath: cacheFile))
    let same = IndexCache.read(for: absolute, stamp: stamp, in: folder + "/cache")
    #expect(
      same?.sections == [
        Section(title: "A", names: ["Ann"]), Section(title: "B", names: ["Bea", "Bob"]),
      ])

    try forged([(56, UInt64(bitPattern: created)), (64, sourceHash ^ 1)])
      .write(to: URL(fileURLWithPath: cacheFile))
    #expect(IndexCache.read(for: absolute, stamp: stamp, in: folder + "/cache") == nil)
  }

  @Test("an abandoned write leaves neither a cache file nor a temporary file")
  func abandonedWrite() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann", "Anna"], "B": ["Bob"]])
    try age(path)
    for stopAfter in [0, 1, 3, 5] {
      var asked = 0
      let loaded = try load(path)
      #expect(loaded.origin == .list)
      let written = loaded.writeCache(shouldStop: {
        asked += 1
        return asked > stopAfter
      })
      #expect(!written)
      let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache")
      #expect(left == [ToolchainUnicodeVersion.fileName], "\(stopAfter): \(left)")
    }
    #expect(try load(path).writeCache(shouldStop: { false }))
    #expect(try load(path).origin == .cache)
  }

  @Test("temporary files that killed runs left are swept, and nothing else")
  func sweep() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = folder + "/cache"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let old = Date(timeIntervalSinceNow: -2 * 3_600)
    func make(_ name: String, date: Date, directory: Bool = false) throws {
      if directory {
        try FileManager.default.createDirectory(
          atPath: cache + "/" + name, withIntermediateDirectories: false)
      } else {
        try Data("partial".utf8).write(to: URL(fileURLWithPath: cache + "/" + name))
      }
      try FileManager.default.setAttributes(
        [.modificationDate: date], ofItemAtPath: cache + "/" + name)
    }
    let swept = [
      "0123456789abcdef.idx.tmp-AbC123", "0123456789abcdef.rdg.tmp-AbC123",
      "0123456789abcdef.snd.tmp-AbC123", "unicode-version.tmp-zz9ZZ0",
    ]
    for name in swept { try make(name, date: old) }
    let kept = [
      "fedcba9876543210.idx.tmp-Recent",  // a write under way
      "0123456789abcdef.idx",  // a cache file
      "0123456789abcdef.rdg",  // its reading keys
      "0123456789abcdef.snd",  // its sounds-like index
      "0123456789abcdef.rdx.tmp-AbC123",  // not a part of a cache
      "0123456789ABCDEF.idx.tmp-AbC123",  // not our hex
      "0123456789abcdef.idx.tmp-AbC12",  // five characters
      "0123456789abcdef.idx.tmp-AbC1234",
      "0123456789abcdef.idx.tmp-AbC-23",
      "notes.tmp-AbC123",
      "0123456789abcde.idx.tmp-AbC123",
      "unicode-version",
    ]
    try make(kept[0], date: Date())
    for name in kept.dropFirst() { try make(name, date: old) }
    try make("1111111111111111.idx.tmp-Folder", date: old, directory: true)
    try FileManager.default.createSymbolicLink(
      atPath: cache + "/2222222222222222.idx.tmp-Linked",
      withDestinationPath: cache + "/notes.tmp-AbC123")

    #expect(IndexCache.sweepStaleTemporaries(in: PathName(cache)!) == swept.count)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: cache))
    #expect(
      left
        == Set(kept + ["1111111111111111.idx.tmp-Folder", "2222222222222222.idx.tmp-Linked"]))
    // A write sweeps too.
    for name in swept { try make(name, date: old) }
    let path = try makeList(["A": ["Ann"]])
    try age(path)
    #expect(try load(path).writeCache())
    for name in swept { #expect(!FileManager.default.fileExists(atPath: cache + "/" + name)) }
  }
}
