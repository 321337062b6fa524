import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The n-gram index kept beside an index (`TrigramCache`): written by the first run that
/// maps the index, mapped by later ones, which answer exactly what a load from the list
/// answers; a lookup checks only the blocks it reads; a damaged or forged file never
/// changes an answer nor crashes the search.
@Suite("Trigram index in the index cache")
struct TrigramCacheTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "trigram-cache-\(UUID().uuidString)"
  ).path
  var cache: String { folder + "/cache" }

  /// 30,000 names (past `TrigramCache.smallestIndexedKeys` of keys), from the index
  /// suite's syllables.
  static let names = TrigramIndexTests.names(30_000, seed: 21)

  /// Terms of every kind the index meets: rare and common trigrams, several words, one
  /// and two letters (the scan), punctuation (other keys), none found.
  static let terms = [
    "kar", "berg", "shiro", "ané", "øvo", "김민", "がka", "張", "ka ro", "lu-", "an", "k", "zzz",
    "quahil", "mitane", "pel zu", "dra!", "^ro", "fen$",
  ]

  func makeList() throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/names.txt"
    try Data(Self.names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    return path
  }

  func load(_ path: String) throws -> CachedCatalogLoader {
    try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
  }

  static func answers(_ catalog: Catalog) -> [[String]] {
    terms.map { term in
      Searcher().search(Query(term: term), in: catalog).matchedNames.map {
        catalog.names[Int($0)]
      }
    }
  }

  /// What a load from the list, with no cache, answers.
  func expected(_ path: String) throws -> [[String]] {
    Self.answers(try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: nil).catalog)
  }

  func trigramFile(of path: String) throws -> String {
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let index = try #require(PathName(IndexCache.file(for: absolute, in: cache)))
    return try #require(TrigramCache.path(besideIndex: index)).description
  }

  /// The index cache written, then a run from it that writes the `.tri` file.
  func writeFiles(_ path: String) throws -> String {
    #expect(try load(path).writeCache())
    let second = try load(path)
    #expect(second.origin == .cache)
    _ = Self.answers(second.catalog)
    #expect(second.catalog.lacksTrigramIndex)
    #expect(second.writeCache())
    let file = try trigramFile(of: path)
    #expect(FileManager.default.fileExists(atPath: file))
    return file
  }

  @Test("written by the first cached run, mapped by later ones, which answer as the list does")
  func roundTrip() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let expected = try expected(path)
    #expect(expected.filter { !$0.isEmpty }.count > 10)
    _ = try writeFiles(path)
    let third = try load(path)
    let index = try #require(third.catalog.trigramIndex)
    let made = try #require(TrigramIndex(keys: third.catalog.defaultKeys))
    #expect(Array(index.directory) == Array(made.directory))
    #expect(Array(index.postings) == Array(made.postings))
    #expect(
      Array(try #require(index.checkedByteSets).words)
        == Array(try #require(made.checkedByteSets).words))
    #expect(Self.answers(third.catalog) == expected)
    #expect(!third.catalog.lacksTrigramIndex)
  }

  @Test("a lookup checks the blocks it reads, not the file")
  func checksWhatItReads() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    _ = try writeFiles(path)
    let catalog = try load(path).catalog
    let index = try #require(catalog.trigramIndex)
    let blocks = try #require(index.blockChecksums)
    #expect(blocks.blockCount > 40)
    let found = Searcher().search(Query(term: "quahilfen"), in: catalog)
    #expect(
      Set(found.matchedNames.map { catalog.names[Int($0)] })
        == Set(Self.names.filter { $0.contains("quahilfen") }))
    // The directory entries of its seven trigrams and the postings of the four rarest:
    // a block or a few each, a small part of the file.
    #expect(blocks.checkedBlockCount > 0 && blocks.checkedBlockCount * 4 < blocks.blockCount)
  }

  @Test("a small list gets no file: its keys are scanned")
  func smallList() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/small.txt"
    try Data(Self.names.prefix(500).joined(separator: "\n").utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(try load(path).writeCache())
    let second = try load(path)
    _ = Self.answers(second.catalog)
    _ = second.writeCache()
    #expect(!FileManager.default.fileExists(atPath: try trigramFile(of: path)))
  }

  /// Where the body and the postings of the `.tri` file `bytes` start, and its bucket bits.
  static func parts(of bytes: [UInt8]) -> (body: Int, postings: Int, bits: Int) {
    let blocks = Int(
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 48, as: UInt64.self) })
    let bits = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 36, as: UInt32.self) })
    let body = TrigramCache.headerSize + 8 * blocks
    return (
      body, body + TrigramCache.layout(bucketBits: bits, postingBytes: 0, keys: 0).postings, bits
    )
  }

  /// `bytes` (a `.tri` file) with its block digests and checksum made right again.
  static func forged(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let blocks = Int(
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 48, as: UInt64.self) })
    let bodyStart = TrigramCache.headerSize + 8 * blocks
    bytes.withUnsafeMutableBytes { raw in
      let digests = BlockChecksums.digests(of: [UnsafeRawBufferPointer(rebasing: raw[bodyStart...])]
      )
      for (i, digest) in digests.enumerated() {
        raw.storeBytes(
          of: digest.littleEndian, toByteOffset: TrigramCache.headerSize + 8 * i, as: UInt64.self)
      }
      let checksum = TrigramCache.checksum(
        header: UnsafeRawBufferPointer(rebasing: raw[..<TrigramCache.headerSize]),
        digests: UnsafeRawBufferPointer(rebasing: raw[TrigramCache.headerSize..<bodyStart]))
      raw.storeBytes(
        of: checksum.littleEndian, toByteOffset: TrigramCache.checksumOffset, as: UInt64.self)
    }
    return bytes
  }

  @Test("damage anywhere, a cut or a forged structure never changes an answer")
  func damageAndForgery() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let expected = try expected(path)
    let file = try writeFiles(path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let (bodyStart, postingsStart, bits) = Self.parts(of: good)
    var cases: [[UInt8]] = []
    // One byte, and eight bytes at once, changed across the file.
    for offset in [0, 8, 12, 16, 24, 32, 36, 40, 48, 56, good.count - 1]
      + Array(stride(from: 64, to: good.count, by: good.count / 24))
    {
      var one = good
      one[offset] ^= 0x21
      cases.append(one)
      var eight = good
      for k in offset..<min(offset + 8, good.count) { eight[k] = ~eight[k] }
      cases.append(eight)
    }
    cases += [Array(good.dropLast(8)), good + [UInt8](repeating: 0, count: 8), []]
    // Forged with every digest right: every directory entry past the postings; directory
    // entries out of order; postings that name keys past the last, or never end.
    var past = good
    for b in 0..<(1 << bits) {
      past.withUnsafeMutableBytes {
        $0.storeBytes(of: UInt32.max - 1, toByteOffset: bodyStart + 4 * b, as: UInt32.self)
      }
    }
    cases.append(Self.forged(past))
    var reversed = good
    reversed.withUnsafeMutableBytes { raw in
      for b in 0..<(1 << bits) {
        raw.storeBytes(
          of: UInt32((1 << bits) - b), toByteOffset: bodyStart + 4 * b, as: UInt32.self)
      }
    }
    cases.append(Self.forged(reversed))
    var huge = good
    for k in postingsStart..<good.count { huge[k] = 0xFF }
    cases.append(Self.forged(huge))
    var far = good
    for k in stride(from: postingsStart, to: good.count - 4, by: 4) {
      far[k] = 0xFF
      far[k + 1] = 0xFF
      far[k + 2] = 0xFF
      far[k + 3] = 0x0F
    }
    cases.append(Self.forged(far))
    for (k, bytes) in cases.enumerated() {
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      let loaded = try load(path)
      #expect(Self.answers(loaded.catalog) == expected, "case \(k)")
    }
    // The good file, digests recomputed, is read and answers alike.
    try Data(Self.forged(good)).write(to: URL(fileURLWithPath: file))
    let catalog = try load(path).catalog
    #expect(catalog.trigramIndex != nil && Self.answers(catalog) == expected)
  }

  @Test("a file whose postings a lookup finds damaged is made again after the answer")
  func damagedIsMadeAgain() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let expected = try expected(path)
    let file = try writeFiles(path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    // Every byte of the postings changed, the header and digests left alone.
    let postings = Self.parts(of: good).postings
    var bad = good
    for k in postings..<bad.count { bad[k] ^= 0x40 }
    try Data(bad).write(to: URL(fileURLWithPath: file))
    let loaded = try load(path)
    #expect(Self.answers(loaded.catalog) == expected)
    #expect(loaded.catalog.lacksTrigramIndex)
    #expect(loaded.writeCache())
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))) == good)
  }

  @Test("a file bound to another index (the list changed) is not used, and is made again")
  func boundToIndex() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let file = try writeFiles(path)
    let old = try Data(contentsOf: URL(fileURLWithPath: file))
    try Data((Self.names + ["Quahilfen Neu"]).joined(separator: "\n").utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(try load(path).writeCache())
    try old.write(to: URL(fileURLWithPath: file))
    let second = try load(path)
    #expect(second.catalog.trigramIndex == nil)
    #expect(Self.answers(second.catalog) == (try expected(path)))
    #expect(second.writeCache())
    #expect(try load(path).catalog.trigramIndex != nil)
  }
}
