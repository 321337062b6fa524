import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Running the tool again on the same file: whatever it remembers between runs (its index
/// cache in `XDG_CACHE_HOME`), each run must answer for the file as it is now.
@Suite("Repeated runs on the same file")
struct RepeatedRunTests {
  /// An environment whose cache folder is `folder/cache`, shared by the runs of one test.
  static func environment(cacheIn folder: URL) -> [String: String] {
    var environment = CLIRunner.defaultEnvironment
    environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
    return environment
  }

  static func setModificationDate(_ url: URL, secondsAgo: TimeInterval) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: url.path)
  }

  @Test(
    "A second run gives the same output as the first",
    arguments: [
      ["ann"], [""], ["--json", "jo"], ["--index", "ll"], ["--count", "a"],
      ["--case-sensitive", "ann"], ["--color", "always", "ann"],
    ])
  func secondRunSameOutput(arguments: [String]) throws {
    let fixture = try CLIRunner.fixture()
    try TemporaryDirectory.with { folder in
      let copy = folder.appendingPathComponent("names.plist")
      try FileManager.default.copyItem(at: fixture, to: copy)
      try Self.setModificationDate(copy, secondsAgo: 3600)
      let environment = Self.environment(cacheIn: folder)
      let first = try CLIRunner.run(["-f", copy.path] + arguments, environment: environment)
      let second = try CLIRunner.run(["-f", copy.path] + arguments, environment: environment)
      // The reference run gets a cache folder of its own, empty: whatever the machine's
      // own cache holds cannot reach it.
      var fresh = CLIRunner.defaultEnvironment
      fresh["XDG_CACHE_HOME"] = folder.appendingPathComponent("fresh-cache").path
      let uncached = try CLIRunner.run(["-f", fixture.path] + arguments, environment: fresh)
      #expect(first.stdout == uncached.stdout, "first run: \(first.stderrText)")
      #expect(second.stdout == first.stdout, "second run: \(second.stderrText)")
      #expect(second.stderrText == "")
      #expect(second.status == first.status)
    }
  }

  @Test("Names keep their exact bytes on a second run")
  func exactBytesOnSecondRun() throws {
    try TemporaryDirectory.with { folder in
      let environment = Self.environment(cacheIn: folder)
      let file = try PlistFile.write(
        PlistFile.xml([("J", ["Jose\u{301}", "Jos\u{E9}", "Joanna"]), ("S", ["Stra\u{DF}e"])]),
        named: "names.plist", in: folder)
      try Self.setModificationDate(file, secondsAgo: 3600)
      let expected = Data("J\n  Jose\u{301}\n  Jos\u{E9}\n".utf8)
      for _ in 0..<2 {
        let result = try CLIRunner.run(["-f", file.path, "JOSE"], environment: environment)
        #expect(result.stdout == expected)
        #expect(result.stderrText == "")
        let sharpS = try CLIRunner.run(["-f", file.path, "strasse"], environment: environment)
        #expect(sharpS.stdout == Data("S\n  Stra\u{DF}e\n".utf8))
      }
    }
  }

  @Test(
    "A file rewritten with new content of the same size is read again",
    arguments: [0, 3600])
  func rewrittenFile(originalAge: TimeInterval) throws {
    try TemporaryDirectory.with { folder in
      let environment = Self.environment(cacheIn: folder)
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "names.plist", in: folder)
      if originalAge > 0 { try Self.setModificationDate(file, secondsAgo: originalAge) }
      let first = try CLIRunner.run(["-f", file.path], environment: environment)
      #expect(first.stdoutText == "A\n  Ann\n")

      let replacement = PlistFile.xml([("B", ["Bob"])])
      #expect(replacement.count == PlistFile.xml([("A", ["Ann"])]).count)
      let handle = try FileHandle(forWritingTo: file)
      try handle.write(contentsOf: replacement)
      try handle.close()
      let second = try CLIRunner.run(["-f", file.path], environment: environment)
      #expect(second.stdoutText == "B\n  Bob\n", "second run: \(second.stderrText)")
      #expect(second.stderrText == "")
      #expect(second.status == 0)
    }
  }

  @Test("A file deleted after a run: No such file or directory")
  func deletedFile() throws {
    try TemporaryDirectory.with { folder in
      let environment = Self.environment(cacheIn: folder)
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "names.plist", in: folder)
      try Self.setModificationDate(file, secondsAgo: 3600)
      _ = try CLIRunner.run(["-f", file.path], environment: environment)
      try FileManager.default.removeItem(at: file)
      let result = try CLIRunner.run(["-f", file.path], environment: environment)
      #expect(result.stderrText == "names-search: \(file.path): No such file or directory\n")
      #expect(result.stdout.isEmpty)
      #expect(result.status == 2)
    }
  }

  @Test("A file made unreadable after a run: Permission denied")
  func unreadableAfterRun() throws {
    try TemporaryDirectory.with { folder in
      let files = FileManager.default
      let cache = folder.appendingPathComponent("cache")
      try files.createDirectory(at: cache, withIntermediateDirectories: true)
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "names.plist", in: folder)
      try Self.setModificationDate(file, secondsAgo: 3600)
      let environment = Self.environment(cacheIn: folder)

      // As root a mode-000 file is still readable: run a copy of the tool as nobody.
      let run: ([String]) throws -> CLIResult
      if getuid() == 0 {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        try #require(
          files.isExecutableFile(atPath: setpriv.path),
          "running as root: /usr/bin/setpriv is needed to drop privileges")
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try files.setAttributes(
          [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: cache.path)
        let tool = folder.appendingPathComponent("names-search")
        try files.copyItem(at: CLIRunner.executable(), to: tool)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        run = { arguments in
          try CLIRunner.runProgram(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", tool.path] + arguments,
            environment: environment)
        }
      } else {
        run = { arguments in try CLIRunner.run(arguments, environment: environment) }
      }

      let first = try run(["-f", file.path])
      try #require(first.status == 0, "first run: \(first.stderrText)")
      #expect(first.stdoutText == "A\n  Ann\n")
      try files.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
      defer { try? files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path) }
      let second = try run(["-f", file.path])
      #expect(second.stderrText == "names-search: \(file.path): Permission denied\n")
      #expect(second.stdout.isEmpty)
      #expect(second.status == 2)
    }
  }

  @Test("A cache location that cannot be used is not an error")
  func unusableCacheLocation() throws {
    try TemporaryDirectory.with { folder in
      // XDG_CACHE_HOME names a regular file: no cache folder can be made under it.
      let blocker = try PlistFile.write(Data("x".utf8), named: "not-a-folder", in: folder)
      var environment = CLIRunner.defaultEnvironment
      environment["XDG_CACHE_HOME"] = blocker.path
      let file = try PlistFile.write(
        PlistFile.xml([("A", ["Ann"])]), named: "names.plist", in: folder)
      for _ in 0..<2 {
        let result = try CLIRunner.run(["-f", file.path, "an"], environment: environment)
        #expect(result.stdoutText == "A\n  Ann\n")
        #expect(result.stderrText == "")
        #expect(result.status == 0)
      }
    }
  }
}
