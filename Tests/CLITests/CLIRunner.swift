import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of a program left behind: its exit status and everything it wrote.
struct CLIResult: Sendable {
  /// The exit status (or the signal number, when `signaled` is true).
  var status: Int32
  /// Whether the process was killed by a signal instead of exiting.
  var signaled: Bool
  /// Every byte written to standard output (empty when it was not a pipe).
  var stdout: Data
  /// Every byte written to standard error.
  var stderr: Data

  /// Standard output decoded as UTF-8.
  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard error decoded as UTF-8.
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  /// Standard error split into lines (without the newlines; no empty last element).
  var stderrLines: [String] {
    var lines = stderrText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Why a helper could not do its job; the description says what to do about it.
struct CLITestSetupError: Error, CustomStringConvertible {
  var description: String
}

/// Runs `names-search` (or any program) with pipes on standard input, output and error.
enum CLIRunner {
  /// The fixture list: `<root>/Tests/Fixtures/sortednames.plist` (see its README).
  static let fixtureURL = URL(fileURLWithPath: TestPaths.fixture)

  /// Where the built `names-search` may be, most trusted first.
  static var executableCandidates: [URL] {
    var candidates: [URL] = []
    if let explicit = ProcessInfo.processInfo.environment["NAMES_SEARCH_EXECUTABLE"],
      !explicit.isEmpty
    {
      candidates.append(URL(fileURLWithPath: explicit))
    }
    // The test bundle is built into the same products folder as the executable.
    if let selfPath = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(
        URL(fileURLWithPath: selfPath).deletingLastPathComponent()
          .appendingPathComponent("names-search"))
    }
    if let main = Bundle.main.executableURL {
      candidates.append(
        main.resolvingSymlinksInPath().deletingLastPathComponent()
          .appendingPathComponent("names-search"))
    }
    candidates.append(TestPaths.file(".build/debug/names-search"))
    return candidates
  }

  /// The built `names-search` executable.
  ///
  /// - Throws: `CLITestSetupError` listing the places looked at, when it is not found.
  static func executable() throws -> URL {
    let files = FileManager.default
    for candidate in executableCandidates where files.isExecutableFile(atPath: candidate.path) {
      var isDirectory: ObjCBool = false
      let exists = files.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
      if exists && !isDirectory.boolValue { return candidate }
    }
    throw CLITestSetupError(
      description: "names-search executable not found; looked at: "
        + executableCandidates.map(\.path).joined(separator: ", ")
        + ". Build it with `swift build --build-tests` or set NAMES_SEARCH_EXECUTABLE.")
  }

  /// The fixture list, or a clear error when it is not there.
  static func fixture() throws -> URL {
    guard FileManager.default.isReadableFile(atPath: fixtureURL.path) else {
      throw CLITestSetupError(description: "fixture not found at \(fixtureURL.path)")
    }
    return fixtureURL
  }

  /// The environment the tool runs in by default: this process's, without `NO_COLOR`,
  /// without `XDG_CACHE_HOME` (each run then gets a cache folder of its own), and without
  /// the locale variables (`LC_ALL`, `LC_COLLATE`, `LANG`), so sections are in the root order
  /// whatever locale the tests run under.
  static var defaultEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    environment["XDG_CACHE_HOME"] = nil
    // A user's own defaults (README, "Defaults") must not change what the tests see.
    environment["NAMES_SEARCH_DEFAULT_OPTS"] = nil
    environment["NAMES_SEARCH_FILE"] = nil
    for name in ["LC_ALL", "LC_COLLATE", "LANG"] { environment[name] = nil }
    return environment
  }

  /// Runs `names-search` with `arguments` and waits for it.
  static func run(
    _ arguments: [String],
    stdin: Data? = nil,
    environment: [String: String]? = nil,
    currentDirectory: URL? = nil,
    standardOutput: FileHandle? = nil
  ) throws -> CLIResult {
    try runProgram(
      executable(), arguments, stdin: stdin, environment: environment,
      currentDirectory: currentDirectory, standardOutput: standardOutput)
  }

  /// Runs `program` with `arguments`, feeding `stdin` (or nothing) and collecting its output.
  ///
  /// Standard output goes to a pipe, unless `standardOutput` names another file handle.
  static func runProgram(
    _ program: URL,
    _ arguments: [String],
    stdin: Data? = nil,
    environment: [String: String]? = nil,
    currentDirectory: URL? = nil,
    standardOutput: FileHandle? = nil
  ) throws -> CLIResult {
    _ = ignoreBrokenPipes
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    let cache = try IsolatedCache(environment ?? defaultEnvironment)
    defer { cache.remove() }
    process.environment = cache.environment
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = standardOutput ?? output
    process.standardError = errors

    try process.run()
    let readers = DispatchGroup()
    let outputBytes = standardOutput == nil ? ByteCollector.reading(output, in: readers) : nil
    let errorBytes = ByteCollector.reading(errors, in: readers)
    feed(input, with: stdin ?? Data(), in: readers)
    readers.wait()
    process.waitUntilExit()
    return CLIResult(
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal,
      stdout: outputBytes?.data ?? Data(),
      stderr: errorBytes.data)
  }

  /// Runs `names-search` with `arguments`, reads standard output only up to its first
  /// newline, then closes the read end, like `names-search … | head -1`.
  ///
  /// - Returns: the result, whose `stdout` is the first line (with its newline).
  static func runReadingFirstLine(_ arguments: [String]) throws -> CLIResult {
    _ = ignoreBrokenPipes
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    let cache = try IsolatedCache(defaultEnvironment)
    defer { cache.remove() }
    process.environment = cache.environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors

    try process.run()
    let readers = DispatchGroup()
    let errorBytes = ByteCollector.reading(errors, in: readers)
    try input.fileHandleForWriting.close()

    var firstLine = Data()
    let reader = output.fileHandleForReading
    while !firstLine.contains(0x0A) {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      firstLine.append(chunk)
    }
    try reader.close()
    if let newline = firstLine.firstIndex(of: 0x0A) {
      firstLine = firstLine[...newline]
    }
    readers.wait()
    process.waitUntilExit()
    return CLIResult(
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal,
      stdout: Data(firstLine),
      stderr: errorBytes.data)
  }

  /// Writes `data` to the child's standard input on another thread, then closes it.
  private static func feed(_ pipe: Pipe, with data: Data, in group: DispatchGroup) {
    let handle = pipe.fileHandleForWriting
    group.enter()
    Thread.detachNewThread {
      // The child may exit without reading; a broken pipe here is not the test's concern.
      if !data.isEmpty { try? handle.write(contentsOf: data) }
      try? handle.close()
      group.leave()
    }
  }

  /// Writing to a pipe whose reader has gone must fail with EPIPE, not kill the tests.
  private static let ignoreBrokenPipes: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
  }()
}

/// Collects everything read from a pipe on a thread of its own.
final class ByteCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var collected = Data()

  /// The bytes read so far (all of them once the group has been waited for).
  var data: Data {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }

  /// Starts reading `pipe` to its end; `group` is left when it is done.
  static func reading(_ pipe: Pipe, in group: DispatchGroup) -> ByteCollector {
    let collector = ByteCollector()
    let handle = pipe.fileHandleForReading
    group.enter()
    Thread.detachNewThread {
      let bytes = handle.readDataToEndOfFile()
      collector.lock.lock()
      collector.collected = bytes
      collector.lock.unlock()
      try? handle.close()
      group.leave()
    }
    return collector
  }
}

/// Keeps each run away from the user's cache: unless the caller chose `XDG_CACHE_HOME`, it
/// points at a fresh folder that is removed after the run.
struct IsolatedCache {
  /// The environment to run with.
  var environment: [String: String]
  /// The folder made for this run, if any.
  private var folder: URL?

  init(_ environment: [String: String]) throws {
    self.environment = environment
    guard environment["XDG_CACHE_HOME"] == nil else { return }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("names-search-cli-cache-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    self.folder = folder
    self.environment["XDG_CACHE_HOME"] = folder.path
  }

  /// Removes the folder made for this run.
  func remove() {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }
}
