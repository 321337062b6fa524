import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A cache file grown past what the writer ever writes (damage, or a sparse file made on
/// purpose) is refused from its size and header, before it is mapped: the run costs what a
/// run without a cache costs, not time and memory in proportion to the file. The reviewer's
/// case: a 4 GiB file made a `--count` run take 6.47 s and 4.2 GB, as the whole file was
/// mapped and read in (`MAP_POPULATE`) before its first bytes were checked.
///
/// What the run read of the file is measured from the file's pages in memory (`mincore`
/// through a hard link kept to it): mapping it with `MAP_POPULATE` brings in every page of
/// its 3 GiB, reading the header only the first few (and the kernel's read-ahead). The
/// child's `ru_maxrss` cannot tell: on Linux a child spawned from this process inherits the
/// test process's own peak at `exec`.
@Suite("Oversized cache file")
struct OversizedCacheTests {
  /// The size the cache file is grown to: 3 GiB, a sparse tail that costs no disk.
  static let grownSize = 3 << 30

  /// Runs `names-search arguments` in an environment of exactly `environment` (through
  /// `ByteCommand`, which also passes a sanitizer run's settings on); its exit status and
  /// standard output.
  static func run(_ arguments: [String], environment: [String], in folder: String) throws
    -> (status: Int32, stdout: String)
  {
    let result = try ByteCommand.run(
      arguments.map { Array($0.utf8) }, environment: environment.map { Array($0.utf8) },
      currentDirectory: Array(folder.utf8))
    return (result.signaled ? 128 + result.status : result.status, result.stdoutText)
  }

  /// How many bytes of the file at `path` (of `size` bytes) are in memory: its pages that
  /// `mincore` reports resident, times the page size.
  static func residentBytes(of path: String, size: Int) throws -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    // Mapping without MAP_POPULATE reads nothing: it only names the pages.
    guard let base = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), base != MAP_FAILED else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    defer { munmap(base, size) }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    var vector = [UInt8](repeating: 0, count: (size + page - 1) / page)
    guard mincore(base, size, &vector) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    return vector.reduce(0) { $0 + Int($1 & 1) } * page
  }

  @Test("a cache file grown to a sparse 3 GiB is ignored and rebuilt without being read in")
  func sparseGrownFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "oversized-cache-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let list = folder + "/list.plist"
    try FileManager.default.copyItem(atPath: TestPaths.fixture, toPath: list)
    let arguments = ["--count", "-f", list, "a"]
    // The answer without any cache (no XDG_CACHE_HOME, no HOME): the reference.
    let uncached = try Self.run(arguments, environment: [], in: folder)
    #expect(uncached.status == 0)
    #expect(!uncached.stdout.isEmpty)

    let environment = ["XDG_CACHE_HOME=\(folder)/cache"]
    let first = try Self.run(arguments, environment: environment, in: folder)
    #expect(first.status == 0 && first.stdout == uncached.stdout)
    let cacheFolder = folder + "/cache/names-search"
    let index = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cacheFolder)
        .first { $0.hasSuffix(".idx") })
    let indexPath = cacheFolder + "/" + index
    let written = try #require(
      try FileManager.default.attributesOfItem(atPath: indexPath)[.size] as? Int)
    #expect(truncate(indexPath, off_t(Self.grownSize)) == 0)
    // A second name for the grown file, which the rebuilt index replaces under the first.
    let grownPath = folder + "/grown.idx"
    #expect(link(indexPath, grownPath) == 0)
    // Growing a file reads none of it in (only what the first run wrote may be resident).
    #expect(try Self.residentBytes(of: grownPath, size: Self.grownSize) < 16 << 20)

    let grown = try Self.run(arguments, environment: environment, in: folder)
    #expect(grown.status == 0)
    #expect(grown.stdout == uncached.stdout)
    // The header and the kernel's read-ahead (128 KiB by default) at most, not 3 GiB.
    let resident = try Self.residentBytes(of: grownPath, size: Self.grownSize)
    #expect(resident < 16 << 20, "\(resident) bytes of the grown file were read in")
    // The grown file was replaced by a fresh index of the size first written.
    let rebuilt = try FileManager.default.attributesOfItem(atPath: indexPath)[.size] as? Int
    #expect(rebuilt == written)
  }
}
