import Foundation
import Testing

@testable import NamesSearch

/// The library's platform layer (`SystemMemory`, `RawBytes`, `Descriptor`, `FileStatus`,
/// `FileSystem`, `DirectoryListing`), checked against another method: Swift's own
/// collection algorithms, Foundation's file manager, and answers worked out by hand.
@Suite("Platform calls")
struct PlatformCallTests {
  /// A fresh folder under the temporary directory, removed by the caller.
  private func makeFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "names-search-platform-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("RawBytes.first and equal agree with firstIndex(of:) and elementsEqual on every byte")
  func rawBytesAgreeWithSwift() {
    var generator = SystemRandomNumberGenerator()
    // Few distinct values, so both hits and misses are common.
    let haystack = (0..<4_096).map { _ in UInt8.random(in: 0...15, using: &generator) }
    let copy = haystack.map { $0 }  // a second buffer (a plain copy would share it)
    haystack.withUnsafeBytes { bytes in
      let base = bytes.baseAddress!
      for start in stride(from: 0, to: haystack.count, by: 97) {
        let count = min(300, haystack.count - start)
        let window = haystack[start..<start + count]
        for byte in UInt8(0)...16 {
          let expected = window.firstIndex(of: byte)
          let found = RawBytes.first(byte, in: base + start, count: count)
          #expect(found.map { base.distance(to: $0) } == expected)
        }
        // The same bytes at another address, and the bytes one further on.
        copy.withUnsafeBytes { copied in
          #expect(RawBytes.equal(base + start, copied.baseAddress! + start, count: count))
        }
        let shifted = start + 1 + count <= haystack.count
        if shifted {
          let same = haystack[start + 1..<start + 1 + count].elementsEqual(window)
          #expect(RawBytes.equal(base + start, base + start + 1, count: count) == same)
        }
      }
      #expect(RawBytes.first(haystack[0], in: base, count: 0) == nil)
      #expect(RawBytes.equal(base, base + 1, count: 0))
    }
    // By hand: the sought byte only at the last place, or one place past the end.
    let bytes: [UInt8] = [1, 2, 3, 4, 9]
    bytes.withUnsafeBytes { bytes in
      let base = bytes.baseAddress!
      #expect(RawBytes.first(4, in: base, count: 4).map { base.distance(to: $0) } == 3)
      #expect(RawBytes.first(9, in: base, count: 4) == nil)
      #expect(RawBytes.first(2, in: base + 1, count: 3).map { base.distance(to: $0) } == 1)
      let same: [UInt8] = [1, 2, 3, 4, 0]
      let other: [UInt8] = [1, 2, 3, 5, 9]
      #expect(RawBytes.equal(base, same, count: 4))
      #expect(!RawBytes.equal(base, other, count: 4))
    }
  }

  @Test("SystemMemory maps whole, writable pages and keeps a heap block's bytes as it grows")
  func systemMemory() throws {
    let page = SystemMemory.pageSize
    // A power of two of at least 4 KiB on every Linux port.
    #expect(page >= 4_096 && page & (page - 1) == 0)
    let bytes = 3 * page
    let mapped = try #require(SystemMemory.mapAnonymous(bytes: bytes))
    #expect(Int(bitPattern: mapped) % page == 0)
    // Reserved without backing, but every page is readable (zero) and writable.
    for offset in stride(from: 0, to: bytes, by: page) {
      #expect(mapped.load(fromByteOffset: offset, as: UInt8.self) == 0)
      mapped.storeBytes(of: UInt8(offset / page + 1), toByteOffset: offset, as: UInt8.self)
    }
    #expect(mapped.load(fromByteOffset: 2 * page, as: UInt8.self) == 3)
    SystemMemory.unmap(mapped + 2 * page, bytes: page)
    #expect(mapped.load(fromByteOffset: page, as: UInt8.self) == 2)
    SystemMemory.unmap(mapped, bytes: 2 * page)
    // 2^62 bytes: more than any address space holds.
    #expect(SystemMemory.mapAnonymous(bytes: 1 << 62) == nil)

    let block = try #require(SystemMemory.reallocate(nil, bytes: 16))
    for i in 0..<16 { block.storeBytes(of: UInt8(i * 3), toByteOffset: i, as: UInt8.self) }
    let grown = try #require(SystemMemory.reallocate(block, bytes: 1 << 16))
    let kept = (0..<16).map { grown.load(fromByteOffset: $0, as: UInt8.self) }
    #expect(kept == (0..<16).map { UInt8($0 * 3) })
    #expect(SystemMemory.reallocate(grown, bytes: 1 << 62) == nil)
    SystemMemory.releaseHeap(grown)
    SystemMemory.releaseHeap(nil)
  }

  @Test("Descriptor reads a file as Foundation wrote it, in chunks, and stats it")
  func descriptorReading() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/list.bin"
    let written = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try written.write(to: URL(fileURLWithPath: file))

    let path = try #require(PathName(file))
    let fd = try #require(Descriptor.openForReading(path))
    defer { Descriptor.closeAfterReading(fd) }
    let info = try #require(Descriptor.status(of: fd))
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    #expect(Int(info.size) == (attributes[.size] as? NSNumber)?.intValue)
    #expect(info.inode == (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    #expect(Descriptor.status(atPath: file) == info)

    var read: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    var counts: [Int] = []
    while let count = chunk.withUnsafeMutableBytes({ Descriptor.readSome(fd, into: $0) }),
      count > 0
    {
      counts.append(count)
      read += chunk[..<count]
    }
    #expect(read == [UInt8](written))
    // A regular file fills each chunk until its end: 4096 + 4096 + 1808 = 10,000.
    #expect(counts == [4_096, 4_096, 1_808])
  }

  @Test("Descriptor refuses what cannot be opened, and a last link when told to")
  func descriptorRefusals() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/target"
    let link = folder + "/link"
    try Data("x".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let linkPath = try #require(PathName(link))

    let missing = try #require(PathName(folder + "/missing"))
    #expect(Descriptor.openForReading(missing) == nil)
    #expect(Descriptor.status(atPath: folder + "/missing") == nil)
    #expect(Descriptor.openForReading(linkPath, followsLastLink: false) == nil)
    let followed = try #require(Descriptor.openForReading(linkPath, nonBlocking: true))
    defer { Descriptor.closeAfterReading(followed) }
    var byte = [UInt8](repeating: 0, count: 4)
    let count = byte.withUnsafeMutableBytes { Descriptor.readSome(followed, into: $0) }
    #expect(count == 1 && byte[0] == UInt8(ascii: "x"))
    // A descriptor that is not open: the calls fail instead of answering.
    #expect(Descriptor.status(of: -1) == nil)
    let failed = byte.withUnsafeMutableBytes { Descriptor.readSome(-1, into: $0) }
    #expect(failed == nil)
  }

  @Test("FileStatus agrees with Foundation's attributes for a file, a folder and a link")
  func fileStatusAgreesWithFoundation() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/list.txt"
    try Data(repeating: 0x61, count: 1_234).write(to: URL(fileURLWithPath: file))
    // 1_000_000_000.5 s after 1970: 2001-09-09 01:46:40.5 UTC, a half exactly in binary.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000.5)], ofItemAtPath: file)

    let info = try #require(Descriptor.status(atPath: file))
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    #expect(info.kind == .regular)
    #expect(info.size == 1_234)
    #expect(info.modified == FileStatus.Time(seconds: 1_000_000_000, nanoseconds: 500_000_000))
    #expect(info.inode == (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    #expect(info.device == (attributes[.systemNumber] as? NSNumber)?.uint64Value)
    #expect(info.owner == (attributes[.ownerAccountID] as? NSNumber)?.uint32Value)
    #expect(info.isOwnedByCurrentUser)
    // The status change is now (this run set the time), to the second of Foundation's clock.
    let changed = Double(info.changed.seconds) + Double(info.changed.nanoseconds) / 1e9
    #expect(abs(changed - Date().timeIntervalSince1970) < 60)
    #expect((0..<1_000_000_000).contains(info.changed.nanoseconds))

    let directory = try #require(Descriptor.status(atPath: folder))
    #expect(directory.kind == .directory)
    #expect(
      directory.inode
        == (try FileManager.default.attributesOfItem(atPath: folder)[.systemFileNumber]
        as? NSNumber)?.uint64Value)
    // A status is a plain value: the same file's status from its path and its descriptor.
    let name = try #require(PathName(file))
    let fd = try #require(Descriptor.openForReading(name))
    defer { Descriptor.closeAfterReading(fd) }
    #expect(Descriptor.status(of: fd) == info)
    #expect(SourceStamp(info)?.size == 1_234)
    #expect(SourceStamp(directory) == nil)
  }

  @Test("DirectoryListing lists what Foundation made, stats entries unfollowed, removes files")
  func directoryListing() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let manager = FileManager.default
    try Data("abc".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
    try manager.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
    try manager.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/file")

    let folderName = try #require(PathName(folder))
    let listing = try #require(DirectoryListing(folderName))
    var names: [String] = []
    while let name = listing.nextName() { names.append(name) }
    // readdir also gives "." and "..", which Foundation leaves out.
    #expect(
      names.sorted() == ([".", ".."] + (try manager.contentsOfDirectory(atPath: folder))).sorted())
    #expect(listing.nextName() == nil)

    #expect(listing.status(ofEntry: "file")?.kind == .regular)
    #expect(listing.status(ofEntry: "file")?.size == 3)
    #expect(listing.status(ofEntry: "sub")?.kind == .directory)
    // The link itself, not the file it names.
    let link = try #require(listing.status(ofEntry: "link"))
    #expect(link.kind == .other)
    #expect(
      link.inode
        != (try manager.attributesOfItem(atPath: folder + "/file")[.systemFileNumber]
        as? NSNumber)?.uint64Value)
    #expect(listing.status(ofEntry: "missing") == nil)

    #expect(listing.removeEntry("link"))
    #expect(!manager.fileExists(atPath: folder + "/link"))
    #expect(manager.fileExists(atPath: folder + "/file"))
    #expect(!listing.removeEntry("sub"))  // a folder is not removed
    #expect(manager.fileExists(atPath: folder + "/sub"))
    #expect(!listing.removeEntry("missing"))

    #expect(DirectoryListing(try #require(PathName(folder + "/missing"))) == nil)
    #expect(DirectoryListing(try #require(PathName(folder + "/file"))) == nil)
  }

  @Test("FileSystem makes folders, tells a writable one, and resolves links as Foundation does")
  func fileSystem() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let manager = FileManager.default
    let made = try #require(PathName(folder + "/made"))
    #expect(FileSystem.makeDirectory(made, mode: 0o700))
    #expect(!FileSystem.makeDirectory(made, mode: 0o700))  // already there
    var isDirectory: ObjCBool = false
    #expect(manager.fileExists(atPath: folder + "/made", isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
    // 0o700 less the umask, which never takes the owner's bits in practice.
    let permissions = try manager.attributesOfItem(atPath: folder + "/made")[.posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o700)
    #expect(!FileSystem.makeDirectory(try #require(PathName(folder + "/no/such")), mode: 0o700))

    #expect(FileSystem.allowsNewEntries(in: made))
    #expect(!FileSystem.allowsNewEntries(in: try #require(PathName(folder + "/missing"))))
    if getuid() != 0 {  // root may write anywhere
      try manager.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder + "/made")
      #expect(!FileSystem.allowsNewEntries(in: made))
      try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder + "/made")
    }

    try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/made/target"))
    try manager.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "made")
    let expected = URL(fileURLWithPath: folder + "/made/target").resolvingSymlinksInPath().path
    let resolved = FileSystem.resolvedPath(
      try #require(PathName(folder + "/link/../made/./target")))
    #expect(resolved?.string == expected)
    #expect(FileSystem.resolvedPath(try #require(PathName(folder + "/link/missing"))) == nil)
  }

  @Test("SystemMemory maps a file's bytes as Foundation wrote them")
  func fileMapping() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/index"
    // More than a page, not a whole number of pages.
    let written = Data((0..<10_001).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    try written.write(to: URL(fileURLWithPath: file))
    let name = try #require(PathName(file))
    let fd = try #require(Descriptor.openForReading(name))
    defer { Descriptor.closeAfterReading(fd) }
    let mapped = try #require(SystemMemory.mapFile(fd, bytes: written.count))
    #expect(Int(bitPattern: mapped) % SystemMemory.pageSize == 0)
    #expect(Data(UnsafeRawBufferPointer(start: mapped, count: written.count)) == written)
    SystemMemory.unmap(mapped, bytes: written.count)
    #expect(SystemMemory.mapFile(-1, bytes: 16) == nil)
    #expect(SystemMemory.mapFile(fd, bytes: 0) == nil)  // EINVAL
  }

  @Test("Descriptor.overwrite replaces bytes in place and leaves the file offset alone")
  func overwrite() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/file"
    try Data("0123456789".utf8).write(to: URL(fileURLWithPath: file))
    let fd = open(file, O_RDWR)
    #expect(fd >= 0)
    defer { close(fd) }
    let done = Array("abcd".utf8).withUnsafeBytes { Descriptor.overwrite(fd, at: 3, with: $0) }
    #expect(done)
    var chunk = [UInt8](repeating: 0, count: 16)
    let count = chunk.withUnsafeMutableBytes { Descriptor.readSome(fd, into: $0) }
    #expect(count == 10 && String(decoding: chunk[..<10], as: UTF8.self) == "012abcd789")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("012abcd789".utf8))
    let failed = Array("x".utf8).withUnsafeBytes { Descriptor.overwrite(-1, at: 0, with: $0) }
    #expect(!failed)
  }

  @Test("RawBytes.cStringLength counts UTF-8 bytes up to the NUL, as String does")
  func cStringLength() {
    for text in ["", "a", "abc", "é", "名前", "tab\there", String(repeating: "x", count: 4_097)] {
      text.withCString { #expect(RawBytes.cStringLength($0) == text.utf8.count) }
    }
    // By hand: the count stops at the first NUL.
    let bytes: [UInt8] = [0x41, 0x42, 0, 0x43, 0]
    bytes.withUnsafeBytes { #expect(RawBytes.cStringLength($0.baseAddress!) == 2) }
  }

  @Test("Descriptor's clocks and error words")
  func clocksAndErrors() throws {
    let wall = Descriptor.secondsSinceEpoch()
    #expect(abs(Double(wall) - Date().timeIntervalSince1970) < 2)
    let start = Descriptor.now()
    #expect(Descriptor.now() >= start)
    // glibc's words, as errno(3) lists them.
    #expect(Descriptor.errorText(Descriptor.invalidArgument) == "Invalid argument")
    #expect(Descriptor.errorText(2) == "No such file or directory")
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(Descriptor.openForReading(try #require(PathName(folder + "/missing"))) == nil)
    #expect(Descriptor.lastErrorText() == "No such file or directory")
  }
}
