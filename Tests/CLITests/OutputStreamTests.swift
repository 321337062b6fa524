import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What happens when standard output goes away or fills up.
@Suite("Output stream failures")
struct OutputStreamTests {
  /// An XML list of `count` names in one section "A", far more output than a pipe buffers.
  static func bigList(count: Int) -> Data {
    var body = "<dict>\n<key>A</key>\n<array>\n"
    body.reserveCapacity(count * 32)
    for i in 0..<count {
      body += "<string>Name\(i)</string>\n"
    }
    body += "</array>\n</dict>"
    return PlistFile.xml(body: body)
  }

  @Test(
    "names-search … | head -1 ends quietly with exit 0",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)),
    arguments: [
      (["a"], "A\n"), ([""], "A\n"), (["--color", "always", "name"], "\u{1B}[1mA\u{1B}[0m\n"),
    ])
  func brokenPipe(arguments: [String], firstLine: String) throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Self.bigList(count: 200_000), named: "big.plist", in: folder)
      let result = try CLIRunner.runReadingFirstLine(["-f", file.path] + arguments)
      #expect(result.stdoutText == firstLine)
      #expect(!result.signaled, "not killed by SIGPIPE")
      #expect(result.status == 0)
      #expect(result.stderrText == "")
    }
  }

  @Test("The big list really is bigger than a pipe buffer")
  func bigListIsBig() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Self.bigList(count: 200_000), named: "big.plist", in: folder)
      let result = try CLIRunner.run(["-f", file.path, "--count", "a"])
      #expect(result.stdoutText == "200000\n")
      let full = try CLIRunner.run(["-f", file.path, "a"])
      #expect(full.stdout.count > 1 << 20)
    }
  }

  /// Standard output a pipe whose `O_NONBLOCK` flag is set (its file description is shared
  /// with whoever made it: a parent that reads it without blocking), full until its reader
  /// wakes up: writes that fail with `EAGAIN` wait for room, and the output is whole.
  @Test(
    "a full, non-blocking standard output is waited on, not an error",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func nonBlockingStandardOutput() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Self.bigList(count: 20_000), named: "big.plist", in: folder)
      let blocking = try CLIRunner.run(["-f", file.path, "name"])
      #expect(blocking.status == 0 && blocking.stdout.count > 1 << 17)
      let process = Process()
      process.executableURL = try CLIRunner.executable()
      process.arguments = ["-f", file.path, "name"]
      process.environment = CLIRunner.defaultEnvironment
      let output = Pipe()
      let errors = Pipe()
      let writeEnd = output.fileHandleForWriting.fileDescriptor
      _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      // The pipe (16 pages) fills long before the reader starts.
      Thread.sleep(forTimeInterval: 0.3)
      let out = output.fileHandleForReading.readDataToEndOfFile()
      let err = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(String(decoding: err, as: UTF8.self) == "")
      #expect(process.terminationStatus == 0)
      #expect(out == blocking.stdout)
      #expect(out.split(separator: UInt8(ascii: "\n")).count == 20_001)
    }
  }

  @Test(
    "Writing to /dev/full: write error, exit 2",
    arguments: [["a"], ["--json", "a"], ["--count", "a"], ["--index", "a"], ["--version"]])
  func deviceFull(arguments: [String]) throws {
    let full = try #require(
      FileHandle(forWritingAtPath: "/dev/full"), "/dev/full is needed for this test")
    defer { try? full.close() }
    let result = try CLIRunner.run(arguments, standardOutput: full)
    #expect(result.stderrText == "names-search: write error: No space left on device\n")
    #expect(result.status == 2)
  }
}
