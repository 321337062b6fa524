import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `names-search` with arguments, environment and working folder given as bytes
/// (`posix_spawn`): Foundation's `Process` takes text, so it cannot pass `-f n\xFF.plist`.
/// Standard input is `/dev/null`; standard output and error go to files read back after.
/// With a working folder, `/bin/sh` changes to it first and then `exec`s the tool.
enum ByteCommand {
  /// Runs `names-search` with `arguments` in an environment of exactly `environment`
  /// (`NAME=value` entries; no cache unless one names it), in `currentDirectory` if given.
  static func run(
    _ arguments: [[UInt8]], environment: [[UInt8]] = [], currentDirectory: [UInt8]? = nil
  ) throws -> CLIResult {
    let program = try CLIRunner.executable().path
    let outputs = try BytePath.temporaryFolder()
    defer { BytePath.removeTree(outputs) }
    let outFile = BytePath.cString(outputs + Array("/stdout".utf8))
    let errFile = BytePath.cString(outputs + Array("/stderr".utf8))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // posix_spawn_file_actions_addchdir_np is not imported into Swift: a shell changes
    // folder, then becomes the tool (it passes every byte through).
    var command = [Array(program.utf8)] + arguments
    if let currentDirectory {
      command =
        [
          Array("/bin/sh".utf8), Array("-c".utf8), Array(#"cd -- "$1" && shift && exec "$@""#.utf8),
          Array("sh".utf8), currentDirectory,
        ] + command
    }
    let argv = cStrings(command)
    // The sanitizers' settings pass through, so a sanitizer run configures the child too.
    let sanitizerSettings = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "SWIFT_BACKTRACE"]
      .compactMap { name in
        ProcessInfo.processInfo.environment[name].map { Array("\(name)=\($0)".utf8) }
      }
    let envp = cStrings(environment + sanitizerSettings)
    defer { for pointer in argv + envp { pointer?.deallocate() } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, argv[0]!, &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return CLIResult(
      status: signal == 0 ? (status >> 8) & 0xFF : signal,
      signaled: signal != 0,
      stdout: try Data(
        contentsOf: URL(fileURLWithPath: String(decoding: outputs, as: UTF8.self) + "/stdout")),
      stderr: try Data(
        contentsOf: URL(fileURLWithPath: String(decoding: outputs, as: UTF8.self) + "/stderr")))
  }

  /// Each of `strings` as a newly allocated C string, then a `nil` (an `argv` or `envp`).
  private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { bytes in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      pointer.initialize(from: BytePath.cString(bytes), count: bytes.count + 1)
      return pointer
    } + [nil]
  }
}
