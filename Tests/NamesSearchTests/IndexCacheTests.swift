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
}
