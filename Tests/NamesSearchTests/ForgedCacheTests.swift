import Foundation
import Testing

@testable import NamesSearch

/// A cache file's checksum (XXH3) is no MAC: whoever can write the cache folder can forge a
/// file whose checksum is right. Such a file must still answer as the list does, so the
/// reader checks the titles as a list reader does and the ranges as a catalog needs them.
/// Each forged file here is written by the library's own writer (`IndexCache.write`, which
/// computes a right checksum) from a catalog no list reader would make, or is a written file
/// patched and its checksum recomputed (`IndexCacheTests.withChecksumFixed`).
@Suite("Forged cache files")
struct ForgedCacheTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "forged-cache-\(UUID().uuidString)"
  ).path
  var cache: String { folder + "/cache" }

  /// The list every test caches: sections "A" (Ann, Anna) and "B" (Bob), three names.
  static let list: [String: [String]] = ["A": ["Ann", "Anna"], "B": ["Bob"]]
  /// The list's sections, by hand, as any load must give them.
  static let expected = [
    Section(title: "A", names: ["Ann", "Anna"]), Section(title: "B", names: ["Bob"]),
  ]

  /// Writes the list (modification time an hour ago, so the cache trusts its stamp) and
  /// returns its absolute path and stamp.
  func makeList() throws -> (path: String, stamp: SourceStamp) {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/list.plist"
    let data = try PropertyListSerialization.data(
      fromPropertyList: Self.list, format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    let absolute = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return (absolute, try #require(SourceStamp(path: absolute)))
  }

  /// A catalog of the three names `Ann`, `Anna`, `Bob` (in that order) with `titles` and
  /// `ranges` taken as given, in the order given: what a forger may write.
  static func forged(titles: [String], ranges: [Range<Int>]) -> Catalog {
    var builder = NameStore.Builder()
    for name in ["Ann", "Anna", "Bob"] { builder.append(name) }
    let names = builder.build()
    return Catalog(
      orderedTitles: titles, names: names, sectionRanges: ranges,
      defaultKeys: SearchKeys(names: names, options: .default))
  }

  /// Whether a load of the list through the cache, holding `catalog` written as its index,
  /// refuses the file: the read gives nothing, the load reads the list and gives its
  /// sections, and the index written again is then used.
  func isRefused(_ catalog: Catalog) throws -> Bool {
    let (path, stamp) = try makeList()
    #expect(IndexCache.write(catalog, for: path, stamp: stamp, sourceHash: 0, in: cache))
    return try isRefusedAndRebuilt(path: path, stamp: stamp)
  }

  /// Whether the cache file now in place for the list at `path` is refused and rebuilt.
  func isRefusedAndRebuilt(path: String, stamp: SourceStamp) throws -> Bool {
    guard IndexCache.read(for: path, stamp: stamp, in: cache) == nil else { return false }
    let loaded = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
    #expect(loaded.origin == .list)
    #expect(loaded.catalog.sections == Self.expected)
    #expect(loaded.writeCache())
    let again = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
    #expect(again.origin == .cache)
    #expect(again.catalog.sections == Self.expected)
    return true
  }

  @Test("the forging is sound: a catalog a reader would make is written and read back")
  func soundForgery() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (path, stamp) = try makeList()
    // Display order "A", "B"; the names stored in another order than the sections show
    // them (a list may hold "B" first): ranges need not ascend in display order.
    var builder = NameStore.Builder()
    for name in ["Bob", "Ann", "Anna"] { builder.append(name) }
    let names = builder.build()
    let catalog = Catalog(
      orderedTitles: ["A", "B"], names: names, sectionRanges: [1..<3, 0..<1],
      defaultKeys: SearchKeys(names: names, options: .default))
    #expect(IndexCache.write(catalog, for: path, stamp: stamp, sourceHash: 0, in: cache))
    let read = try #require(IndexCache.read(for: path, stamp: stamp, in: cache))
    #expect(read.sections == Self.expected)
  }

  @Test(
    "titles no list reader accepts are refused: empty, duplicate, canonically equivalent",
    arguments: [
      ["", "B"],  // empty
      ["A", "A"],  // the same bytes twice
      ["\u{C9}", "E\u{301}"],  // É precomposed and decomposed (UAX #15)
      ["E\u{301}", "\u{C9}"],
    ])
  func badTitles(titles: [String]) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try isRefused(Self.forged(titles: titles, ranges: [0..<2, 2..<3])))
  }

  /// Offsets as a cache file stores them: `UInt32`, little-endian, after `lead` junk bytes.
  static func offsetBytes(_ offsets: [UInt32], lead: Int = 4) -> [UInt8] {
    [UInt8](repeating: 0xEE, count: lead)
      + offsets.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
  }

  @Test("end offsets are accepted only when they never decrease and end at the byte count")
  func endOffsets() {
    func valid(_ offsets: [UInt32], total: Int) -> Bool {
      Self.offsetBytes(offsets).withUnsafeBytes {
        CacheReader.endsAreValid($0, at: 4, count: offsets.count, total: total)
      }
    }
    #expect(valid([], total: 0))
    #expect(!valid([], total: 1))
    #expect(valid([0, 3, 7, 7, 10], total: 10))
    #expect(!valid([0, 3, 7, 7, 10], total: 11))
    #expect(!valid([3, 2], total: 2))
    // One step down at every place of lists longer than any vector the loop may use.
    for count in 2...40 {
      let ascending = (0..<count).map { UInt32(10 + 2 * $0) }
      #expect(valid(ascending, total: 10 + 2 * (count - 1)))
      for place in 1..<count {
        var offsets = ascending
        offsets[place] = offsets[place - 1] &- 1
        if place + 1 < count { offsets[place + 1] = offsets[place] }
        #expect(!valid(offsets, total: Int(offsets[count - 1])), "count \(count), place \(place)")
      }
    }
  }

  @Test("a part is read as typed elements only when it lies within the file and is aligned")
  func typedParts() {
    // 64 bytes, 8-aligned (an array's storage is 16-aligned): byte i holds i.
    var bytes = [UInt64](repeating: 0, count: 8)
    bytes.withUnsafeMutableBytes { raw in
      for i in 0..<64 { raw[i] = UInt8(i) }
    }
    bytes.withUnsafeBytes { file in
      // Words 1 and 2: bytes 8-23, little-endian.
      let words = CacheReader.elements(UInt64.self, of: file, at: 8, count: 2)
      #expect(words.map(Array.init) == [0x0F0E_0D0C_0B0A_0908, 0x1716_1514_1312_1110])
      // The last word; one past it; an offset past the end, even for none.
      #expect(
        CacheReader.elements(UInt64.self, of: file, at: 56, count: 1)?.first
          == 0x3F3E_3D3C_3B3A_3938)
      #expect(CacheReader.elements(UInt64.self, of: file, at: 56, count: 2) == nil)
      #expect(CacheReader.elements(UInt64.self, of: file, at: 64, count: 0)?.count == 0)
      #expect(CacheReader.elements(UInt64.self, of: file, at: 72, count: 0) == nil)
      #expect(CacheReader.elements(UInt64.self, of: file, at: -8, count: 1) == nil)
      #expect(CacheReader.elements(UInt64.self, of: file, at: 0, count: -1) == nil)
      // Not aligned for the type: an odd offset for words, for 16-bit units.
      #expect(CacheReader.elements(UInt64.self, of: file, at: 4, count: 1) == nil)
      #expect(CacheReader.elements(UInt16.self, of: file, at: 3, count: 1) == nil)
      #expect(CacheReader.elements(UInt16.self, of: file, at: 62, count: 1)?.first == 0x3F3E)
      // A count whose bytes would overflow.
      #expect(CacheReader.elements(UInt64.self, of: file, at: 8, count: Int.max / 4) == nil)
    }
  }

  @Test("key owners are accepted only from name 0, a step of 0 or 1 at a time, to the last name")
  func keyOwners() {
    func valid(_ owners: [UInt32], names: Int) -> Bool {
      Self.offsetBytes(owners).withUnsafeBytes {
        CacheReader.ownersAreValid($0, at: 4, count: owners.count, nameCount: names)
      }
    }
    #expect(valid([0, 0, 1, 1, 2], names: 3))
    #expect(!valid([0, 0, 1, 1, 2], names: 4))
    #expect(!valid([1, 2], names: 3))
    #expect(!valid([0, 2], names: 3))
    #expect(!valid([0, 1, 0, 1, 2], names: 3))
    // A jump, a step back or a repeat-then-skip at every place of long lists.
    for count in 2...40 {
      let owners = (0..<count).map { UInt32($0 / 2) }
      let names = (count - 1) / 2 + 1
      #expect(valid(owners, names: names))
      for place in 1..<count {
        var jump = owners
        for i in place..<count { jump[i] += 2 }
        #expect(!valid(jump, names: names + 2), "jump: count \(count), place \(place)")
        var back = owners
        back[place] = back[place - 1] &- 1
        #expect(!valid(back, names: names), "back: count \(count), place \(place)")
      }
    }
  }

  @Test("titles out of SectionOrder are refused: the list would show them otherwise")
  func titlesOutOfOrder() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // By hand: letters before "#", "A" before "B", "a" before "A" (root collation).
    for titles in [["B", "A"], ["#", "A"], ["A", "a"]] {
      #expect(try isRefused(Self.forged(titles: titles, ranges: [0..<2, 2..<3])), "\(titles)")
    }
  }

  @Test("section ranges that overlap, leave a name out or pass the last name are refused")
  func badRanges() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Each covers three names in total, as the catalog requires, yet is not a partition.
    for ranges in [[0..<2, 1..<2], [0..<1, 0..<2], [0..<2, 3..<4], [1..<3, 1..<2]] {
      #expect(try isRefused(Self.forged(titles: ["A", "B"], ranges: ranges)), "\(ranges)")
    }
  }

  @Test("a written file with a title patched to repeat another, checksum recomputed, is refused")
  func patchedTitle() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (path, stamp) = try makeList()
    let good = Self.forged(titles: ["A", "B"], ranges: [0..<2, 2..<3])
    #expect(IndexCache.write(good, for: path, stamp: stamp, sourceHash: 0, in: cache))
    let file = IndexCache.file(for: path, in: cache)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    // The titles' bytes "AB" follow the header, the path (padded to 8) and two end offsets
    // (8 bytes): by hand from the layout in `IndexCache`.
    let titles = CacheHeader.size + (path.utf8.count + 7) / 8 * 8 + 8
    #expect(bytes[titles] == UInt8(ascii: "A") && bytes[titles + 1] == UInt8(ascii: "B"))
    bytes[titles + 1] = UInt8(ascii: "A")
    try IndexCacheTests.withChecksumFixed(bytes).write(to: URL(fileURLWithPath: file))
    #expect(try isRefusedAndRebuilt(path: path, stamp: stamp))
  }
}
