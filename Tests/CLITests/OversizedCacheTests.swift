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
/// run without a cache costs, not memory in proportion to the file. The reviewer's case: a
/// 4 GiB file made a `--count` run take 6.47 s and 4.2 GB.
@Suite("Oversized cache file")
struct OversizedCacheTests {
  /// The size the cache file is grown to: 3 GiB, a sparse tail that costs no disk.
  static let grownSize: off_t = 3 << 30

  /// A run of `names-search` with its standard output and the peak resident memory the
  /// system reports for it alone (`wait4`'s `ru_maxrss`, in KiB on Linux).
  struct MeasuredRun {
    var status: Int32
    var stdout: String
    var peakKiB: Int
  }

  /// Runs `names-search arguments` in an environment of exactly `environment` and waits for
  /// it with `wait4`, which reports the usage of that child only.
  static func run(_ arguments: [String], environment: [String], in folder: String) throws
    -> MeasuredRun
  {
    let program = try CLIRunner.executable().path
    let outFile = folder + "/stdout"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let output = try String(contentsOfFile: outFile, encoding: .utf8)
    return MeasuredRun(status: status, stdout: output, peakKiB: Int(usage.ru_maxrss))
  }

  @Test("a cache file grown to a sparse 3 GiB is ignored and rebuilt, in little memory")
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
    #expect(truncate(indexPath, Self.grownSize) == 0)

    let grown = try Self.run(arguments, environment: environment, in: folder)
    #expect(grown.status == 0)
    #expect(grown.stdout == uncached.stdout)
    // A run on this small list takes tens of MB; mapping the file would take 3 GiB.
    #expect(grown.peakKiB < 100 << 10, "peak \(grown.peakKiB) KiB")
    // The grown file was replaced by a fresh index of the size first written.
    let rebuilt = try FileManager.default.attributesOfItem(atPath: indexPath)[.size] as? Int
    #expect(rebuilt == written)
  }
}
