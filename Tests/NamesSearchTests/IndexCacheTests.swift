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
        let checksum = IndexChecksum.of(
          header: UnsafeRawBufferPointer(rebasing: raw[..<IndexCache.headerSize]),
          body: UnsafeRawBufferPointer(rebasing: raw[IndexCache.headerSize...]))
        raw.storeBytes(
          of: checksum.littleEndian, toByteOffset: IndexCache.checksumOffset, as: UInt64.self)
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
    let swept = ["0123456789abcdef.idx.tmp-AbC123", "unicode-version.tmp-zz9ZZ0"]
    for name in swept { try make(name, date: old) }
    let kept = [
      "fedcba9876543210.idx.tmp-Recent",  // a write under way
      "0123456789abcdef.idx",  // a cache file
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

    #expect(IndexCache.sweepStaleTemporaries(in: PathName(cache)!) == 2)
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
