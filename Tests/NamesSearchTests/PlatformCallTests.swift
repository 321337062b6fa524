import Foundation
import Testing

@testable import NamesSearch

/// The library's platform layer (`SystemMemory`, `RawBytes`, `Descriptor`'s reading calls),
/// checked against another method: Swift's own collection algorithms, Foundation's file
/// manager, and answers worked out by hand.
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
    #expect(Int(info.st_size) == (attributes[.size] as? NSNumber)?.intValue)
    #expect(UInt64(info.st_ino) == (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    #expect(Descriptor.status(atPath: file).map { UInt64($0.st_ino) } == UInt64(info.st_ino))

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
}
