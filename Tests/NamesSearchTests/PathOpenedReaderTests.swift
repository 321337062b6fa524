import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// A reader that opens its list by path, as an SQLite reader will (`ListAccess.path`): it
/// never reads `ListInput`'s stream, but the file at `ListInput.path`, with Foundation
/// (`Data(contentsOf:)`, then `FoundationReference`), into a `SectionsBuilder`.
enum PathOpenedReader: ListReader {
  static var access: ListAccess { .path }

  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    let path = try input.requirePath(format: .binaryPropertyList)
    let text = path.withCString { String(cString: $0) }
    guard let data = FileManager.default.contents(atPath: text) else {
      throw LoadError(source: input.source, reason: .unreadable("cannot open by path"))
    }
    let catalog = try FoundationReference.catalog(fromPropertyList: data, source: input.source)
    var builder = SectionsBuilder(source: input.source, expansion: nil)
    for section in catalog.sections {
      try builder.beginSection(section.title)
      for name in section.names { try builder.appendName(name) }
    }
    return try builder.finish()
  }
}

/// The seam for readers that open their list by path, in `CatalogLoader` and
/// `CachedCatalogLoader`, tested with `PathOpenedReader` in the binary format's place.
@Suite("Path-opened readers")
struct PathOpenedReaderTests {
  static var readers: ListReaders {
    var readers = ListReaders.standard
    readers[.binaryPropertyList] = PathOpenedReader.self
    return readers
  }

  /// A binary list of `count` names over 1 MiB (more than the format sniffer reads), its
  /// sections written out by hand: "A" holds `A0`, `A1`, …, "B" holds "Bob".
  static func list(count: Int, tag: String) throws -> (bytes: [UInt8], sections: [Section]) {
    let names = (0..<count).map { "A\($0) \(tag) " + String(repeating: "n", count: 20) }
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["A": names, "B": ["Bob"]], format: .binary, options: 0)
    return (Array(data), [Section(title: "A", names: names), Section(title: "B", names: ["Bob"])])
  }

  @Test("the loader hands the path to a path reader, which reads the file itself")
  func loads() throws {
    let folder = try BytePath.temporaryFolder()
    defer { BytePath.removeTree(folder) }
    let file = folder + Array("/list.plist".utf8)
    let (bytes, sections) = try Self.list(count: 40_000, tag: "x")
    #expect(bytes.count > 1 << 20)
    try BytePath.write(bytes, to: file)
    let reader = try FileReader(path: try #require(PathName(bytes: file)), source: "list.plist")
    let (catalog, access) = try CatalogLoader.load(
      from: reader, readers: Self.readers, progress: nil)
    #expect(access == .path)
    #expect(catalog.sections == sections)
    // Only the bytes the format sniffer needed came through the stream.
    #expect(reader.bytesRead < bytes.count)
  }

  @Test("a path reader refuses a stream, which has no path")
  func refusesStreams() throws {
    let (bytes, _) = try Self.list(count: 3, tag: "x")
    #expect(
      throws: LoadError(
        source: "<stdin>",
        reason: .unreadable(
          "a binary property list can only be read from a regular file, not from a stream"))
    ) {
      try CatalogLoader.load(
        from: FileReader(bytes: bytes, source: "<stdin>"), readers: Self.readers, progress: nil)
    }
  }

  @Test("the cache stores what a path reader read, and serves it until the file changes")
  func caches() throws {
    let folder = try BytePath.temporaryFolder()
    defer { BytePath.removeTree(folder) }
    let file = folder + Array("/list.plist".utf8)
    let path = try #require(PathName(bytes: file))
    let cache = try #require(PathName(bytes: folder + Array("/cache".utf8)))
    func load() throws -> CachedCatalogLoader {
      try CachedCatalogLoader.load(
        contentsOfFile: path, cacheDirectory: cache, maximumSize: FileReader.defaultMaximumSize,
        readers: Self.readers, progress: nil)
    }
    let (first, firstSections) = try Self.list(count: 40_000, tag: "x")
    try BytePath.write(first, to: file)
    BytePath.age(file)
    let read = try load()
    #expect(read.origin == .list)
    #expect(read.catalog.sections == firstSections)
    #expect(read.writeCache())
    let mapped = try load()
    #expect(mapped.origin == .cache)
    #expect(mapped.catalog.sections == firstSections)

    // A new list at the same path is read again, by the path reader.
    let (second, secondSections) = try Self.list(count: 40_001, tag: "y")
    try BytePath.write(second, to: file)
    let reread = try load()
    #expect(reread.origin == .list)
    #expect(reread.catalog.sections == secondSections)
  }
}
