import Foundation
import Testing

@testable import NamesSearch

#if canImport(Glibc)
  import Glibc
#endif

/// The Unicode version in the index cache's version, and its memo.
@Suite("UnicodeVersion")
struct UnicodeVersionTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "unicode-version-\(UUID().uuidString)"
  ).path

  func makeList(_ object: [String: [String]]) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/list.plist"
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: path))
    // Old, so the cache trusts its stamp.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    return path
  }

  @Test("versions parse, print and order as major.minor")
  func parsing() {
    #expect(UnicodeVersion("17.0") == UnicodeVersion(major: 17, minor: 0))
    #expect(UnicodeVersion("15.1")?.description == "15.1")
    for bad in ["", "17", "17.", ".0", "17.0.1", "a.b", "+1.0", "256.0", "1.-1", "١٧.٠"] {
      #expect(UnicodeVersion(Substring(bad)) == nil, "\(bad)")
    }
    #expect(UnicodeVersion(major: 15, minor: 1) < UnicodeVersion(major: 16, minor: 0))
    #expect(UnicodeVersion(major: 16, minor: 0) < UnicodeVersion(major: 16, minor: 1))
  }

  @Test("the standard library's version is at least that of its known scalars")
  func standardLibrary() {
    let version = UnicodeVersion.ofStandardLibrary()
    // Swift has shipped Unicode 15.0 since 5.9; U+1FAE8 SHAKING FACE is 15.0 in DerivedAge.txt.
    #expect(version >= UnicodeVersion(major: 15, minor: 0))
    let age = Unicode.Scalar(0x1FAE8)!.properties.age!
    #expect(age.major == 15 && age.minor == 0)
  }

  @Test("the cache version holds the layout, the folding rule and the Unicode version")
  func versionBits() {
    let version = IndexCache.version(unicode: UnicodeVersion(major: 17, minor: 1))
    #expect(version == 10 << 24 | TextFolder.ruleVersion << 16 | 17 << 8 | 1)
    #expect(
      IndexCache.version(unicode: UnicodeVersion(major: 16, minor: 0))
        != IndexCache.version(unicode: UnicodeVersion(major: 17, minor: 0)))
  }

  @Test("a cache file written under another Unicode version is not used")
  func otherUnicodeVersion() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann", "Åsa"]])
    let cache = folder + "/cache"
    let reader = try FileReader(path: path)
    let stamp = try #require(reader.stamp)
    let catalog = try CatalogLoader.load(from: reader)
    let old = UnicodeVersion(major: 16, minor: 0)
    let new = UnicodeVersion(major: 17, minor: 0)
    #expect(
      IndexCache.write(
        catalog, for: path, stamp: stamp, sourceHash: 0, in: cache, unicodeVersion: old))
    #expect(IndexCache.read(for: path, stamp: stamp, in: cache, unicodeVersion: old) != nil)
    #expect(IndexCache.read(for: path, stamp: stamp, in: cache, unicodeVersion: new) == nil)
  }

  @Test("changing the remembered Unicode version invalidates a cache file")
  func memoChangesInvalidate() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try makeList(["A": ["Ann", "Mu\u{308}ller"], "B": ["Bob"]])
    let cache = folder + "/cache"
    func load() throws -> CachedCatalogLoader {
      try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: cache)
    }
    #expect(try load().writeCache())
    #expect(try load().origin == .cache)
    let identity = try #require(ToolchainUnicodeVersion.libraryIdentity())
    let memo = cache + "/" + ToolchainUnicodeVersion.fileName
    let real = try String(contentsOfFile: memo, encoding: .utf8)
    #expect(
      real == "names-search unicode-version 1\n\(identity)\n\(UnicodeVersion.ofStandardLibrary())\n"
    )

    // The same toolchain file, but its data said to be Unicode 1.1: the index is stale.
    try "names-search unicode-version 1\n\(identity)\n1.1\n".write(
      toFile: memo, atomically: true, encoding: .utf8)
    let stale = try load()
    #expect(stale.origin == .list)
    #expect(stale.writeCache())
    #expect(try load().origin == .cache)

    // Back to the real version: the index written under "1.1" is stale in turn.
    try real.write(toFile: memo, atomically: true, encoding: .utf8)
    #expect(try load().origin == .list)
  }

  @Test("the version is remembered per library identity and computed again otherwise")
  func memo() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var computed = 0
    func version(_ identity: String?, _ answer: UnicodeVersion) -> UnicodeVersion {
      ToolchainUnicodeVersion.current(rememberedIn: PathName(folder)!, identity: identity) {
        computed += 1
        return answer
      }
    }
    let a = UnicodeVersion(major: 16, minor: 0)
    let b = UnicodeVersion(major: 17, minor: 0)
    #expect(version("/lib/one 1:2 3 4 5.6 7.8", a) == a)
    #expect(computed == 1)
    #expect(version("/lib/one 1:2 3 4 5.6 7.8", b) == a)  // remembered
    #expect(computed == 1)
    #expect(version("/lib/one 1:2 3 4 5.6 7.9", b) == b)  // another file: computed
    #expect(computed == 2)
    #expect(version("/lib/one 1:2 3 4 5.6 7.9", a) == b)
    #expect(computed == 2)
    let memo = folder + "/" + ToolchainUnicodeVersion.fileName
    for damaged in [
      "", "names-search unicode-version 1\n/lib/one 1:2 3 4 5.6 7.9\n17\n",
      "names-search unicode-version 2\n/lib/one 1:2 3 4 5.6 7.9\n17.0\n",
      "names-search unicode-version 1\n/lib/one 1:2 3 4 5.6 7.9\n17.0",
    ] {
      try damaged.write(toFile: memo, atomically: true, encoding: .utf8)
      #expect(version("/lib/one 1:2 3 4 5.6 7.9", a) == a)
    }
    #expect(computed == 6)
    // No identity: nothing is remembered.
    #expect(version(nil, a) == a)
    #expect(version(nil, b) == b)
    #expect(computed == 8)
  }

  @Test("the library's file is found in /proc/self/maps and must still be the one mapped")
  func identityFromMaps() {
    let maps = """
      55d0c0000000-55d0c0001000 r--p 00000000 fe:00 1234                       /usr/bin/tool
      7f0000000000-7f0000100000 r-xp 00000000 fe:00 2268                       /opt/lib/libswiftCore.so
      7f0000100000-7f0000200000 r--p 00100000 fe:00 2268                       /opt/lib/libswiftCore.so
      7f0000200000-7f0000300000 rw-p 00000000 00:00 0
      7f0000300000-7f0000400000 r--p 00000000 fe:00 77                         /opt/lib/with space.so (deleted)
      """
    /// The identity `ToolchainUnicodeVersion` gives the mapping at `address` in `maps`,
    /// with the file now at its path having inode `inode`.
    func identity(_ address: UInt, in maps: String, inode: UInt64) -> String? {
      ToolchainUnicodeVersion.identity(ofMappingContaining: address, maps: maps) { _ in
        FileStatus(
          kind: .regular, size: 9_942_728,
          modified: FileStatus.Time(seconds: 1_776_137_934, nanoseconds: 5),
          changed: FileStatus.Time(seconds: 1_776_137_935, nanoseconds: 6), inode: inode,
          device: 0xfe00)
      }
    }
    let core =
      "/opt/lib/libswiftCore.so fe:00 2268 9942728 1776137934.000000005 1776137935.000000006"
    #expect(identity(0x7f00_0010_0008, in: maps, inode: 2268) == core)
    // Replaced since it was loaded (another inode), anonymous, deleted, or not mapped at all.
    #expect(identity(0x7f00_0010_0008, in: maps, inode: 9) == nil)
    for address: UInt in [0x7f00_0020_0010, 0x7f00_0030_0010, 0x1000] {
      #expect(identity(address, in: maps, inode: 77) == nil)
    }
    // Lines that are not mappings are passed over; the last line needs no line end; bounds
    // of more than 16 hex digits name no mapping.
    let odd = """
      not a mapping
      10000000000000000-20000000000000000 r--p 00000000 fe:00 5 /too/wide.so

      7f0000000000-7f0000100000 r-xp 00000000 fe:00 2268   /opt/lib/libswiftCore.so
      """
    #expect(identity(0x7f00_0000_0000, in: odd, inode: 2268) == core)
    #expect(identity(0x7f00_0010_0000, in: odd, inode: 2268) == nil)
  }

  @Test("the running standard library is identified by its own file")
  func runningLibrary() throws {
    let identity = try #require(ToolchainUnicodeVersion.libraryIdentity())
    let path = String(identity.split(separator: " ")[0])
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(identity.contains(" \(info.st_ino) \(info.st_size) "))
  }
}
