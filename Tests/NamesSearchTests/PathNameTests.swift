import Foundation
import TestSupport
import Testing

@testable import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths are bytes: kept exact up to the system call, shown escaped. The display of
/// ill-formed UTF-8 is checked against Python's own decoder
/// (`Scripts/make-utf8-display-reference.py`, `Tests/Fixtures/paths/utf8-display.tsv`);
/// the rest is worked out by hand.
@Suite("PathName")
struct PathNameTests {
  /// `utf8-display.tsv`: (bytes, display) pairs.
  static func displayTable() throws -> [([UInt8], String)] {
    let url = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/paths/utf8-display.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0].count % 2 == 0 else {
        throw CocoaError(.fileReadCorruptFile)
      }
      let hex = Array(parts[0])
      let bytes = stride(from: 0, to: hex.count, by: 2).map {
        UInt8(String(hex[$0...$0 + 1]), radix: 16)!
      }
      return (bytes, String(parts[1]))
    }
  }

  @Test("ill-formed bytes are shown as \\xFF, as Python's decoder finds them")
  func displayReference() throws {
    let table = try Self.displayTable()
    #expect(table.count == 428)
    for (bytes, shown) in table {
      #expect(PathName(bytes: bytes)?.description == shown, "\(bytes)")
      #expect(VisibleText.escaped(utf8: bytes) == shown, "\(bytes)")
    }
  }

  @Test("controls are escaped too, so a path is one inert line")
  func controls() {
    let cases: [([UInt8], String)] = [
      ([0x6D, 0x0A, 0x78], "m\\u{A}x"),  // a newline
      ([0x1B, 0x5B, 0x32, 0x4A, 0xFF], "\\e[2J\\xFF"),  // ESC then a bad byte
      ([0xE2, 0x80, 0xAE, 0xFF, 0x61], "\\u{202E}\\xFFa"),  // right-to-left override
      ([0xC2, 0x9B, 0xC2], "\\u{9B}\\xC2"),  // C1 CSI, then a lone lead byte
      ([0x09, 0x80, 0x7F], "\\u{9}\\x80\\u{7F}"),
      (Array("José/ünïcode".utf8), "José/ünïcode"),
    ]
    for (bytes, shown) in cases {
      #expect(PathName(bytes: bytes)?.description == shown, "\(bytes)")
    }
  }

  @Test("a path holds any byte but NUL")
  func bytes() throws {
    #expect(PathName(bytes: [0x61, 0x00, 0x62]) == nil)
    #expect(PathName("a\u{0}b") == nil)
    let all = try #require(PathName(bytes: Array(1...255)))
    #expect(all.bytes == Array(1...255))
    #expect(all.string == nil)
    // The C string carries every byte, and `init(cString:)` gets them back.
    let copy = all.withCString { pointer in
      #expect(strlen(pointer) == 255)
      return PathName(cString: pointer)
    }
    #expect(copy == all)
    #expect(PathName("José")?.bytes == [0x4A, 0x6F, 0x73, 0xC3, 0xA9])
    #expect(PathName("José")?.string == "José")
    #expect(PathName(bytes: [0x2F, 0x78, 0xFF])?.isAbsolute == true)
    #expect(PathName(bytes: [0x78, 0x2F])?.isAbsolute == false)
    #expect(PathName("")?.isAbsolute == false)
    #expect(
      PathName(bytes: [0x2F, 0x78, 0xFF])?.appending(".cache/names-search").bytes
        == [0x2F, 0x78, 0xFF] + Array("/.cache/names-search".utf8))
  }

  @Test("the cache folder comes from XDG_CACHE_HOME, else HOME, byte for byte")
  func defaultDirectory() {
    let cacheHome = PathName(bytes: Array("/tmp/x".utf8) + [0xFF])
    let home = PathName(bytes: Array("/home/h".utf8) + [0xFF])
    #expect(
      IndexCache.defaultDirectory(cacheHome: cacheHome, home: home)?.bytes
        == Array("/tmp/x".utf8) + [0xFF] + Array("/names-search".utf8))
    #expect(
      IndexCache.defaultDirectory(cacheHome: nil, home: home)?.bytes
        == Array("/home/h".utf8) + [0xFF] + Array("/.cache/names-search".utf8))
    // A relative XDG_CACHE_HOME is ignored (XDG Base Directory Specification).
    #expect(
      IndexCache.defaultDirectory(cacheHome: PathName("cache"), home: home)?.bytes
        == Array("/home/h".utf8) + [0xFF] + Array("/.cache/names-search".utf8))
    #expect(IndexCache.defaultDirectory(cacheHome: PathName("cache"), home: PathName("h")) == nil)
    #expect(IndexCache.defaultDirectory(cacheHome: nil, home: nil) == nil)
  }

  /// FNV-1a 64, written again here from its definition (Fowler, Noll, Vo).
  static func fnv1a(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  @Test("a cache file is named by the FNV-1a hash of the path's bytes")
  func cacheFileName() throws {
    // The published FNV-1a 64 test vectors.
    #expect(Self.fnv1a([]) == "cbf29ce484222325")
    #expect(Self.fnv1a(Array("a".utf8)) == "af63dc4c8601ec8c")
    #expect(Self.fnv1a(Array("foobar".utf8)) == "85944171f73967e8")
    let folder = try #require(PathName("/c"))
    #expect(
      IndexCache.file(for: try #require(PathName("foobar")), in: folder).bytes
        == Array("/c/85944171f73967e8.idx".utf8))
    // One rule for text and bytes: the text form hashes the same UTF-8 bytes.
    #expect(
      IndexCache.file(for: "/a/José.plist", in: "/c") == "/c/"
        + Self.fnv1a(Array("/a/José.plist".utf8)) + ".idx")
    // A byte that is not UTF-8 and its U+FFFD repair name different files.
    let raw = Array("/d".utf8) + [0xFF] + Array("/list.plist".utf8)
    let repaired = Array("/d\u{FFFD}/list.plist".utf8)
    #expect(
      IndexCache.file(for: try #require(PathName(bytes: raw)), in: folder).bytes
        == Array(("/c/" + Self.fnv1a(raw) + ".idx").utf8))
    #expect(Self.fnv1a(raw) == "64dece912236a9fe")
    #expect(Self.fnv1a(repaired) == "5df2206af4b3b306")
  }

  static func list(_ title: String, _ name: String) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: [title: [name]], format: .xml, options: 0)
  }

  @Test("a list in a folder named d\\xFF is read and cached as itself, not as d\\u{FFFD}")
  func cachedLoad() throws {
    let folder = try BytePath.temporaryFolder()
    defer { BytePath.removeTree(folder) }
    let good = folder + Array("/d".utf8) + [0xFF]
    let other = folder + Array("/d\u{FFFD}".utf8)
    try BytePath.makeFolder(good)
    try BytePath.makeFolder(other)
    try BytePath.write(Self.list("R", "Right"), to: good + Array("/list.plist".utf8))
    try BytePath.write(Self.list("W", "Wrong"), to: other + Array("/list.plist".utf8))
    BytePath.age(good + Array("/list.plist".utf8))
    BytePath.age(other + Array("/list.plist".utf8))
    // The cache folder's own name is not UTF-8 either.
    let cacheBytes = folder + Array("/x".utf8) + [0xFF] + Array("/names-search".utf8)
    let cache = try #require(PathName(bytes: cacheBytes))
    let list = try #require(PathName(bytes: good + Array("/list.plist".utf8)))

    let first = try CachedCatalogLoader.load(contentsOfFile: list, cacheDirectory: cache)
    #expect(first.origin == .list)
    #expect(first.catalog.titles == ["R"])
    #expect(first.writeCache())
    let second = try CachedCatalogLoader.load(contentsOfFile: list, cacheDirectory: cache)
    #expect(second.origin == .cache)
    #expect(second.catalog.titles == ["R"])
    #expect(second.catalog.nameCount == 1 && second.catalog.names[0] == "Right")
    let sibling = try CachedCatalogLoader.load(
      contentsOfFile: try #require(PathName(bytes: other + Array("/list.plist".utf8))),
      cacheDirectory: cache)
    #expect(sibling.origin == .list)
    #expect(sibling.catalog.titles == ["W"])

    // The folders made are exactly the ones named; the cache file is named after the
    // absolute path's bytes.
    #expect(BytePath.entries(of: folder).contains(Array("x".utf8) + [0xFF]))
    #expect(!BytePath.entries(of: folder).contains(Array("x\u{FFFD}".utf8)))
    let absolute = try #require(
      BytePath.cString(good + Array("/list.plist".utf8)).withUnsafeBufferPointer {
        realpath($0.baseAddress!, nil)
      })
    defer { free(absolute) }
    let absoluteBytes = Array(UnsafeRawBufferPointer(start: absolute, count: strlen(absolute)))
    #expect(
      BytePath.entries(of: cacheBytes).contains(Array((Self.fnv1a(absoluteBytes) + ".idx").utf8)))
  }

  @Test("errors name the file as it is shown: n\\xFF.plist")
  func errorSource() throws {
    let folder = try BytePath.temporaryFolder()
    defer { BytePath.removeTree(folder) }
    let shown = String(decoding: folder, as: UTF8.self)
    let missing = try #require(
      PathName(bytes: folder + Array("/m".utf8) + [0xFF] + Array(".plist".utf8)))
    #expect(
      throws: LoadError(
        source: shown + "/m\\xFF.plist", reason: .unreadable("No such file or directory"))
    ) {
      try CatalogLoader.load(contentsOfFile: missing)
    }
    let empty = folder + Array("/n".utf8) + [0xFF, 0x0A] + Array(".plist".utf8)
    try BytePath.write([], to: empty)
    #expect(throws: LoadError(source: shown + "/n\\xFF\\u{A}.plist", reason: .empty)) {
      try CatalogLoader.load(contentsOfFile: try #require(PathName(bytes: empty)))
    }
    // The text overloads refuse a NUL rather than open a shorter path.
    #expect(throws: LoadError(source: "a\\u{0}b", reason: .unreadable("Invalid argument"))) {
      try CatalogLoader.load(contentsOfFile: "a\u{0}b")
    }
  }
}
