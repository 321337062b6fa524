import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The sounds-like index kept beside an index (`PhoneticCache`): a cached load finds by
/// sound exactly what a load that makes the index finds, and a file that is damaged or
/// forged is never used to answer, nor crashes the search.
@Suite("Sounds-like index in the index cache")
struct PhoneticCacheTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "phonetic-cache-\(UUID().uuidString)"
  ).path
  var cache: String { folder + "/cache" }

  static let names: [String] = {
    var names: [String] = []
    for file in ["en_US", "de_DE", "pl_PL", "ru_RU", "zh_CN"] {
      let text =
        (try? String(
          contentsOf: TestPaths.file("Tests/Fixtures/international/\(file).txt"), encoding: .utf8))
        ?? ""
      names += text.split(separator: "\n").map(String.init)
    }
    return names + ["Catherine Zeta", "Kathryn Bigelow", "Anna Shvarts", "Ali Muhammad"]
  }()

  static let terms = ["katherine", "schwarz", "mohammed", "jon", "smith", "~müller", "zzzzz"]

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
      let result = Searcher().search(Query(term: term, soundsLike: true), in: catalog)
      return result.matchedNames.map { catalog.names[Int($0)] }
    }
  }

  func soundFile(of path: String) throws -> String {
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let index = try #require(PathName(IndexCache.file(for: absolute, in: cache)))
    return try #require(PhoneticCache.path(besideIndex: index)).description
  }

  /// Loads through the cache, searches every term, and says whether the index was read
  /// from the file (else made from the names).
  func cachedAnswers(_ path: String) throws -> (answers: [[String]], fromFile: Bool) {
    let loaded = try load(path)
    #expect(loaded.origin == .cache)
    let answers = Self.answers(loaded.catalog)
    return (answers, loaded.catalog.madePhoneticIndex == nil)
  }

  @Test("the first run keeps the index it made; later runs map it and answer alike")
  func roundTrip() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let first = try load(path)
    let expected = Self.answers(first.catalog)
    #expect(expected.contains { $0.count > 1 } && Set(expected).count > 3)
    #expect(first.writeCache())
    let file = try soundFile(of: path)
    #expect(FileManager.default.fileExists(atPath: file))
    let (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile && answers == expected)
    let made = PhoneticIndex(names: first.catalog.names, further: nil)
    let mapped = try load(path).catalog.phoneticIndex
    #expect(Array(mapped.codes) == Array(made.codes) && Array(mapped.names) == Array(made.names))
    #expect(Array(mapped.starts) == Array(made.starts))
  }

  @Test("a run from the cache that makes the index (no file yet) writes it")
  func writtenFromCache() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    #expect(try load(path).writeCache())  // nothing searched by sound: no file
    let file = try soundFile(of: path)
    #expect(!FileManager.default.fileExists(atPath: file))
    let second = try load(path)
    let expected = Self.answers(second.catalog)
    #expect(second.writeCache())
    #expect(FileManager.default.fileExists(atPath: file))
    let (answers, fromFile) = try cachedAnswers(path)
    #expect(fromFile && answers == expected)
  }

  /// `bytes` with its checksum made right for its header and body.
  static func withChecksumFixed(_ bytes: [UInt8]) -> Data {
    Data(
      CompanionChecksum.fixed(
        bytes, headerSize: PhoneticCache.headerSize, checksumOffset: PhoneticCache.checksumOffset))
  }

  @Test("a damaged, truncated or lengthened file, or one forged with a good checksum, is refused")
  func damageAndForgery() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList()
    let first = try load(path)
    let expected = Self.answers(first.catalog)
    #expect(first.writeCache())
    let file = try soundFile(of: path)
    let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    var offsets = [0, 8, 12, 16, 24, 32, 36, 40, 48, 56, good.count - 1]
    offsets += stride(from: PhoneticCache.headerSize, to: good.count, by: max(1, good.count / 40))
    var damaged: [Data] = offsets.map {
      var bytes = good
      bytes[$0] ^= 0x5A
      return Data(bytes)
    }
    damaged += [Data(good.dropLast(8)), Data(good + [0, 0, 0, 0, 0, 0, 0, 0]), Data()]
    // Forged: the checksum right, the structure wrong (codes out of order, a start past
    // the end, a name past the last, names out of order within a code).
    let codes = Int(good.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 36, as: UInt32.self) })
    let parts = PhoneticCache.layout(
      codes: codes,
      postings: Int(good.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 40, as: UInt32.self) })
    ).parts
    func forged(_ change: (inout [UInt8]) -> Void) -> Data {
      var bytes = good
      change(&bytes)
      return Self.withChecksumFixed(bytes)
    }
    damaged.append(
      forged { bytes in
        for k in 0..<8 { bytes.swapAt(parts[0] + k, parts[0] + 8 + k) }
      })
    damaged.append(forged { $0[parts[1] + 4 + 3] = 0x7F })
    damaged.append(forged { $0[parts[2] + 3] = 0x7F })
    // The first code with two names or more: its first two swapped.
    let starts = (0...codes).map { k in
      Int(
        good.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: parts[1] + 4 * k, as: UInt32.self) }
      )
    }
    let shared = try #require((0..<codes).first { starts[$0 + 1] - starts[$0] >= 2 })
    damaged.append(
      forged { bytes in
        let at = parts[2] + 4 * starts[shared]
        for k in 0..<4 { bytes.swapAt(at + k, at + 4 + k) }
      })
    for (k, bytes) in damaged.enumerated() {
      try bytes.write(to: URL(fileURLWithPath: file))
      let (answers, fromFile) = try cachedAnswers(path)
      #expect(!fromFile, "case \(k)")
      #expect(answers == expected)
    }
    try Data(good).write(to: URL(fileURLWithPath: file))
    #expect(try cachedAnswers(path).fromFile)
    // The good file with its checksum recomputed is still read: the forgeries were
    // refused for their structure.
    try Self.withChecksumFixed(good).write(to: URL(fileURLWithPath: file))
    #expect(try cachedAnswers(path).fromFile)
  }
}
