import Foundation
import Glibc
import Testing

@testable import NamesSearch

/// Pages a reader is done with, dropped from resident memory (`StorageRegion.releasePages`,
/// `FrozenArray.releasePages`, `NameStore.releasePages`): a file mapping's pages leave the
/// process and read back the same; heap memory and anonymous pages, which hold the only
/// copy of their contents, are never dropped.
@Suite("Released pages")
struct ReleasedPagesTests {
  /// The resident kilobytes of the mapping that holds `address`, as the kernel reports them
  /// in `/proc/self/smaps` (its `Rss:` line), independently of the code under test.
  static func residentKilobytes(ofMappingHolding address: UnsafeRawPointer) throws -> Int {
    // Read to its end (its size says 0).
    let fd = open("/proc/self/smaps", O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      data += chunk[..<count]
    }
    let smaps = String(decoding: data, as: UTF8.self)
    let value = UInt(bitPattern: address)
    var inMapping = false
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
        let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
        inMapping = bounds.count == 2 && bounds[0] <= value && value < bounds[1]
      } else if inMapping, fields.first == "Rss:", fields.count >= 2 {
        return try #require(Int(fields[1]))
      }
    }
    Issue.record("no mapping holds \(address)")
    return -1
  }

  /// How many of the pages wholly inside `bytes` are mapped in this process (present in
  /// its page tables), as the kernel reports them in `/proc/self/pagemap` (bit 63 of each
  /// page's entry), independently of the code under test.
  static func presentPages(in bytes: UnsafeRawBufferPointer) throws -> Int {
    let page = UInt(SystemMemory.pageSize)
    guard let start = bytes.baseAddress else { return 0 }
    let address = UInt(bitPattern: start)
    let first = (address + page - 1) / page
    let last = (address + UInt(bytes.count)) / page
    guard last > first else { return 0 }
    let fd = open("/proc/self/pagemap", O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    var entries = [UInt64](repeating: 0, count: Int(last - first))
    let wanted = entries.count * 8
    let count = entries.withUnsafeMutableBytes {
      pread(fd, $0.baseAddress, wanted, off_t(first * 8))
    }
    #expect(count == wanted)
    return entries.filter { $0 & (1 << 63) != 0 }.count
  }

  /// A file of `pages` pages, page `p` filled with byte `p`, mapped whole and read in.
  static func mappedFile(pages: Int, in folder: String) throws -> (StorageRegion, Int) {
    let page = SystemMemory.pageSize
    var bytes = [UInt8]()
    for p in 0..<pages { bytes += [UInt8](repeating: UInt8(p), count: page) }
    let path = folder + "/pages.bin"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fd = open(path, O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    let base = try #require(SystemMemory.mapFile(fd, bytes: bytes.count, populating: true))
    return (StorageRegion(base: base, byteCount: bytes.count, kind: .file), page)
  }

  func makeFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "released-pages-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("a file mapping's pages wholly inside the range leave memory and read back the same")
  func fileMapping() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (region, page) = try Self.mappedFile(pages: 64, in: folder)
    let array = FrozenArray<UInt8>(region: region, byteOffset: 0, count: 64 * page)
    let base = UnsafeRawPointer(try #require(array.buffer.baseAddress))
    let kilobytes = page / 1_024
    #expect(try Self.residentKilobytes(ofMappingHolding: base) == 64 * kilobytes)
    #expect(try Self.presentPages(in: array.rawBytes) == 64)
    // Bytes from the middle of page 8 to the middle of page 40: pages 9 to 39, 31 pages.
    array.releasePages(of: 8 * page + page / 2..<40 * page + page / 2)
    #expect(try Self.residentKilobytes(ofMappingHolding: base) == (64 - 31) * kilobytes)
    let released = UnsafeRawBufferPointer(rebasing: array.rawBytes[9 * page..<40 * page])
    #expect(try Self.presentPages(in: released) == 0)
    #expect(try Self.presentPages(in: array.rawBytes) == 64 - 31)
    // Past the array's end: clamped, the last pages go.
    array.releasePages(of: 60 * page..<1_000 * page)
    #expect(try Self.residentKilobytes(ofMappingHolding: base) == (64 - 35) * kilobytes)
    // An empty range drops nothing.
    array.releasePages(of: 0..<0)
    #expect(try Self.residentKilobytes(ofMappingHolding: base) == (64 - 35) * kilobytes)
    for p in 0..<64 {
      #expect(array[p * page] == UInt8(p) && array[p * page + page - 1] == UInt8(p), "page \(p)")
    }
    #expect(try Self.residentKilobytes(ofMappingHolding: base) == 64 * kilobytes)
  }

  @Test("names' pages go with their ends; the names read back the same")
  func nameStore() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // 4,096 names of 15 bytes, their ends after them from a page boundary, in one file.
    let count = 4_096
    let names = (0..<count).map { String(format: "name-%010d", $0) }
    var bytes = [UInt8](names.joined().utf8)
    var ends: [UInt32] = []
    for i in 0..<count { ends.append(UInt32(15 * (i + 1))) }
    let pageSize = SystemMemory.pageSize
    let endsOffset = (bytes.count + pageSize - 1) / pageSize * pageSize
    bytes += [UInt8](repeating: 0, count: endsOffset - bytes.count)
    for end in ends { withUnsafeBytes(of: end.littleEndian) { bytes += $0 } }
    let path = folder + "/names.bin"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    let base = try #require(SystemMemory.mapFile(fd, bytes: bytes.count, populating: true))
    let region = StorageRegion(base: base, byteCount: bytes.count, kind: .file)
    let store = NameStore(
      bytes: FrozenArray(region: region, byteOffset: 0, count: 15 * count),
      ends: FrozenArray(region: region, byteOffset: endsOffset, count: count))
    let before = try Self.residentKilobytes(ofMappingHolding: base)
    // All names but the last 100: the pages wholly theirs (15 bytes a name, 4 an end).
    store.releasePages(of: 0..<count - 100)
    let page = SystemMemory.pageSize
    let dropped = (15 * (count - 100)) / page + (4 * (count - 101)) / page
    #expect(before - (try Self.residentKilobytes(ofMappingHolding: base)) == dropped * page / 1_024)
    for i in 0..<count { #expect(store[i] == names[i]) }
    // Out of the store: nothing.
    store.releasePages(of: count - 10..<count + 1)
    #expect(try Self.residentKilobytes(ofMappingHolding: base) == before)
  }

  @Test("ends out of order (unchecked, in a damaged index) release no names and never trap")
  func endsOutOfOrder() throws {
    // Name 1 ends before name 0: a damaged index's ends, which a printer reads to release
    // the names it printed without having checked them.
    let bytes = FrozenArray([UInt8]("abcdefghij".utf8))
    let store = NameStore(bytes: bytes, ends: FrozenArray([UInt32(6), 2, 10]))
    store.releasePages(of: 0..<2)
    store.releasePages(of: 1..<2)
    store.releasePages(of: 1..<3)
    #expect(Array(store.bytes) == Array("abcdefghij".utf8))
  }

  @Test("heap memory and anonymous pages are never dropped")
  func heapAndAnonymous() throws {
    var builder = GrowableArray<UInt8>()
    for k in 0..<200_000 { builder.append(UInt8(truncatingIfNeeded: k &* 7)) }
    let heap = builder.freeze()
    heap.releasePages(of: 0..<heap.count)
    #expect(heap.indices.allSatisfy { heap[$0] == UInt8(truncatingIfNeeded: $0 &* 7) })

    let page = SystemMemory.pageSize
    let bytes = 16 * page
    let pages = try #require(SystemMemory.mapAnonymous(bytes: bytes))
    for k in 0..<bytes {
      pages.storeBytes(of: UInt8(truncatingIfNeeded: k &* 3), toByteOffset: k, as: UInt8.self)
    }
    let region = StorageRegion(base: pages, byteCount: bytes, kind: .anonymous)
    let array = FrozenArray<UInt8>(region: region, byteOffset: 0, count: bytes)
    array.releasePages(of: 0..<bytes)
    #expect(array.indices.allSatisfy { array[$0] == UInt8(truncatingIfNeeded: $0 &* 3) })
  }
}
