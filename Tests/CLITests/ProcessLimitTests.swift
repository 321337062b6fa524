import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Under the limits a shell sets (`ulimit -n`, `ulimit -v`) a run gives the answer, the
/// same as without them, or one line on standard error and exit 2; nothing else ever
/// reaches standard output. A crash is one line too, never a backtrace.
@Suite(
  "Process limits",
  .disabled(
    if: ProcessInfo.processInfo.environment["NAMES_SEARCH_SANITIZER"] != nil,
    "ulimit -v and -n cannot apply to a binary under AddressSanitizer (set by .ci/run)"))
struct ProcessLimitTests {
  /// 26 sections of 4,000 names: 104,000 names, past the sizes at which loading and
  /// searching split their work across the thread pool (50,000 and 100,000 names).
  static let sections: [ReferenceSection] = (0..<26).map { s in
    let title = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(s)))
    return ReferenceSection(title: title, names: (0..<4_000).map { "\(title)\($0) N\u{E4}me" })
  }

  /// The list as XML (about 3 MB).
  static let xml = PlistFile.xml(sections.map { ($0.title, $0.names) })

  /// The list as a binary property list, written by Foundation.
  static func binary() throws -> Data {
    var root: [String: [String]] = [:]
    for section in sections { root[section.title] = section.names }
    return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
  }

  /// The plain output for `term`, from the reference model (Foundation's `range(of:)`).
  static func expected(_ term: String) -> String {
    FixtureReference.plainOutput(FixtureReference.search(term, in: sections))
  }

  /// Runs `names-search arguments` from `sh -c` after `ulimit <limit>`.
  static func run(
    limit: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> CLIResult {
    try CLIRunner.runProgram(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "ulimit \(limit) || exit 99; exec \"$0\" \"$@\"", try CLIRunner.executable().path]
        + arguments,
      environment: environment)
  }

  // MARK: - Descriptors

  @Test(
    "with 4 or 5 descriptors, the work runs on one thread and the answer is the same",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)), arguments: [4, 5])
  func fewDescriptors(limit: Int) throws {
    let matching = FixtureReference.search("7 n", in: Self.sections)
    let count = "\(matching.reduce(0) { $0 + $1.names.count })\n"
    try TemporaryDirectory.with { folder in
      let files = [
        try PlistFile.write(Self.xml, named: "large.plist", in: folder),
        try PlistFile.write(try Self.binary(), named: "large.bplist", in: folder),
      ]
      var environment = CLIRunner.defaultEnvironment
      environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
      for file in files {
        let result = try Self.run(limit: "-n \(limit)", ["--no-cache", "-f", file.path, "e12"])
        #expect(result.stdoutText == Self.expected("e12"), "\(file.lastPathComponent)")
        #expect(result.stderrText == "")
        #expect(result.status == 0 && !result.signaled)
        // Twice through the index cache: writing it (if a descriptor is left), reading it.
        for _ in 0..<2 {
          let counted = try Self.run(
            limit: "-n \(limit)", ["-f", file.path, "--count", "-F", "7 n"],
            environment: environment)
          #expect(counted.stdoutText == count, "\(file.lastPathComponent)")
          #expect(counted.stderrText == "")
          #expect(counted.status == 0 && !counted.signaled)
        }
      }
    }
  }

  @Test(
    "a soft descriptor limit is raised to the hard one",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func softDescriptorLimit() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Self.xml, named: "large.plist", in: folder)
      let result = try Self.run(limit: "-Sn 4", ["--no-cache", "-f", file.path, "e12"])
      #expect(result.stdoutText == Self.expected("e12"))
      #expect(result.stderrText == "")
      #expect(result.status == 0)
    }
  }

  @Test("the live mode searches inline when the thread pool cannot start")
  func liveModeWithFewDescriptors() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(Self.xml, named: "large.plist", in: folder)
      let expected = FixtureReference.search("q3999", in: Self.sections)
      // Standard streams and the list while it loads, then the terminal and the loop's
      // pipe: no room for the pool's three descriptors.
      let run = try LiveRun(
        ["-i", "--no-cache", "--debounce", "20", "-f", file.path], limits: "-n 6")
      #expect(run.terminal.read(timeout: 60) { $0.contains("104000 of 104000 names") })
      run.terminal.type("q3999")
      #expect(
        run.terminal.read(timeout: 60) { $0.contains("1 of 104000 names") },
        "\(run.terminal.visibleText.suffix(400))")
      run.terminal.type("\r")
      let finished = try #require(run.finish(timeout: 60))
      #expect(finished.status == 0)
      #expect(finished.stdout == expected[0].names[0] + "\n")
    }
  }

  // MARK: - Stack

  /// A list whose one record holds `depth` levels of records under the field `r` (the
  /// root, the section's array and the record are three more), as JSON or OpenStep.
  static func deepRecords(_ depth: Int, openStep: Bool) -> String {
    openStep
      ? "{ A = ( { name = x; r = " + String(repeating: "{ n = ", count: depth) + "1"
        + String(repeating: "; }", count: depth) + "; } ); }"
      : "{\"A\": [{\"name\": \"x\", \"r\": " + String(repeating: "{\"n\": ", count: depth)
        + "1" + String(repeating: "}", count: depth) + "}]}"
  }

  @Test(
    "with a 256 KiB stack (ulimit -s 256), records nested to the limit load and past it are refused in one line",
    arguments: [false, true])
  func smallStack(openStep: Bool) throws {
    try TemporaryDirectory.with { folder in
      let kind = openStep ? "openstep" : "json"
      // 509 levels inside the record make depth 512, the readers' limit; 600 pass it.
      let within = folder.appendingPathComponent("within.\(kind)")
      try Data(Self.deepRecords(509, openStep: openStep).utf8).write(to: within)
      let loaded = try Self.run(
        limit: "-s 256", ["--no-cache", "-f", within.path, "--key", "name", "x"])
      #expect(loaded.stdoutText == "A\n  x\n", "\(kind): \(loaded.stderrText)")
      #expect(loaded.status == 0 && !loaded.signaled)
      let past = folder.appendingPathComponent("past.\(kind)")
      try Data(Self.deepRecords(600, openStep: openStep).utf8).write(to: past)
      let refused = try Self.run(
        limit: "-s 256", ["--no-cache", "-f", past.path, "--key", "name", "x"])
      #expect(refused.stdoutText == "")
      #expect(refused.status == 2 && !refused.signaled, "\(kind): \(refused.stderrText)")
      #expect(refused.stderrText.hasPrefix("names-search: \(past.path): "))
      #expect(refused.stderrText.contains("nesting deeper than 512 arrays and"))
      #expect(refused.stderrText.filter { $0 == "\n" }.count == 1, "\(refused.stderrText)")
    }
  }

  // MARK: - Memory

  /// `memoryFloor()`, worked out once.
  static let floor = Result { try memoryFloor() }

  /// The lowest `ulimit -v` (KiB) at which the fixture list is searched, to 1 MiB; this
  /// build's own floor (its libraries, the Swift runtime).
  static func memoryFloor() throws -> Int {
    let fixture = try CLIRunner.fixture().path
    return try lowestLimit(to: 1 << 10, doing: "run") { kib in
      let result = try run(limit: "-v \(kib)", ["--no-cache", "-f", fixture, "--count", "ann"])
      return result.status == 0 && result.stderrText.isEmpty
    }
  }

  /// The lowest `ulimit -v` (KiB, to `precision` KiB, between 16 MiB and 4 GiB) under which
  /// `works` holds, by bisection; `what` names the work for the error when 4 GiB is too low.
  static func lowestLimit(to precision: Int, doing what: String, _ works: (Int) throws -> Bool)
    throws -> Int
  {
    var low = 16 << 10
    var high = 4 << 20
    guard try works(high) else {
      throw CLITestSetupError(description: "names-search does not \(what) under ulimit -v \(high)")
    }
    while high - low > precision {
      let middle = (low + high) / 2
      if try works(middle) { high = middle } else { low = middle }
    }
    return high
  }

  /// Expects `result`, a run under `ulimit -v` described by `context`, to be the answer
  /// `answer` (exit 0, nothing on standard error) or one line `names-search: <source>: out of
  /// memory (…)` and exit 2 with nothing on standard output; whether it answered.
  static func expectAnswerOrRefusal(
    _ result: CLIResult, answer: Data, source: String, context: String
  ) -> Bool {
    #expect(!result.signaled, "\(context)")
    if result.status == 0 {
      #expect(result.stdout == answer, "\(context)")
      #expect(result.stderrText == "", "\(context)")
      return true
    }
    #expect(result.status == 2, "\(context)")
    #expect(result.stdout.isEmpty, "\(context)")
    #expect(result.stderrLines.count == 1, "\(context)")
    #expect(result.stderrText.hasPrefix("names-search: \(source): out of memory ("), "\(context)")
    return false
  }

  /// Runs `arguments` under each `ulimit -v` of `limits` (KiB), expecting the answer or one
  /// line (`expectAnswerOrRefusal`); how many runs answered and how many were refused.
  static func sweep(
    _ limits: some Sequence<Int>, _ arguments: [String], answer: Data, source: String,
    context: String
  ) throws -> (answered: Int, refused: Int) {
    var answered = 0
    var refused = 0
    for limit in limits {
      let result = try run(limit: "-v \(limit)", arguments)
      if expectAnswerOrRefusal(
        result, answer: answer, source: source,
        context: "ulimit -v \(limit) (\(context)): \(result.stderrText)")
      {
        answered += 1
      } else {
        refused += 1
      }
    }
    return (answered, refused)
  }

  @Test(
    "under ulimit -v, the answer or one line 'out of memory' and exit 2",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)), arguments: ["xml", "binary"])
  func memoryLimit(format: String) throws {
    let floor = try Self.floor.get()
    try TemporaryDirectory.with { folder in
      let file =
        format == "xml"
        ? try PlistFile.write(Self.xml, named: "large.plist", in: folder)
        : try PlistFile.write(try Self.binary(), named: "large.bplist", in: folder)
      let expected = Self.expected("e12")
      // From the floor up in steps of 3 MiB, past what the list needs (a few times its
      // size, and 8 MiB kept for allocations that cannot fail softly), then with room for
      // the thread pool too.
      let limits = (0..<8).map { floor + $0 * (3 << 10) } + [floor + (256 << 10), 4 << 20]
      var answered = 0
      var refused = 0
      for limit in limits {
        // XML through the index cache (read, then written after the answer); binary not,
        // and case-sensitive, so its keys are folded again for the search ("E12" finds
        // what "e12" does in this list: only names of section E hold either).
        let arguments =
          format == "xml"
          ? ["-f", file.path, "e12"] : ["--no-cache", "--case-sensitive", "-f", file.path, "E12"]
        let result = try Self.run(limit: "-v \(limit)", arguments)
        if Self.expectAnswerOrRefusal(
          result, answer: Data(expected.utf8), source: file.path,
          context: "ulimit -v \(limit) (floor \(floor)): \(result.stderrText)")
        {
          answered += 1
        } else {
          refused += 1
        }
      }
      #expect(refused > 0, "no limit was too low: the sweep misses the failures")
      #expect(answered >= 2, "the list was never answered under a limit")
    }
  }

  @Test(
    "a flat list whose sections are made and sorted: the answer or one line, never a crash",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func madeSectionsMemoryLimit() throws {
    let floor = try Self.floor.get()
    // 150,000 names in no order, so that every section is sorted (a sorted file is not).
    var random = SeededGenerator(seed: 14)
    let syllables = ["an", "be", "ci", "do", "el", "fa", "gu", "ha", "is", "jo", "ka", "lu"]
    var text = ""
    for _ in 0..<150_000 {
      var name = ""
      for _ in 0..<Int.random(in: 2...5, using: &random) {
        name += syllables.randomElement(using: &random)!
      }
      text +=
        name.prefix(1).uppercased() + name.dropFirst() + " "
        + syllables.randomElement(using: &random)! + "\n"
    }
    try TemporaryDirectory.with { folder in
      let file = folder.appendingPathComponent("flat.txt")
      try Data(text.utf8).write(to: file)
      let arguments = ["--no-cache", "-f", file.path, "--index", "jojojo"]
      let unlimited = try CLIRunner.run(arguments)
      #expect(unlimited.status == 0 && !unlimited.stdout.isEmpty)
      // From the floor up in steps of 2 MiB, past what the sort needs (its keys and items,
      // about 60 bytes a name and 72 a name of the largest section, and 8 MiB kept for
      // allocations that cannot fail softly).
      let (answered, refused) = try Self.sweep(
        stride(from: floor, through: floor + (64 << 10), by: 2 << 10), arguments,
        answer: unlimited.stdout, source: file.path, context: "floor \(floor)")
      #expect(refused > 0, "no limit was too low: the sweep misses the failures")
      #expect(answered > 0, "the list was never answered under a limit")
    }
  }

  /// The lowest `ulimit -v` (KiB, to 256 KiB) under which `names-search --version` prints
  /// its version: below it the dynamic loader or the Swift runtime cannot start the program.
  static func startFloor() throws -> Int {
    try lowestLimit(to: 256, doing: "start") { kib in
      let result = try run(limit: "-v \(kib)", ["--version"])
      return result.status == 0 && !result.stdout.isEmpty
    }
  }

  @Test(
    "the built-in list from the lowest limit the program starts under: the answer or one line",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func builtInListMemoryLimit() throws {
    let unlimited = try CLIRunner.run(["ann"])
    #expect(unlimited.status == 0 && !unlimited.stdout.isEmpty)
    let floor = try Self.startFloor()
    // Up from where the program starts, in steps of 512 KiB, past where it answers (the
    // keys of 2,000 names and the thread pool's room, a few MiB).
    let (answered, refused) = try Self.sweep(
      stride(from: floor, through: floor + (32 << 10), by: 512), ["ann"],
      answer: unlimited.stdout, source: "the built-in list", context: "starts at \(floor)")
    #expect(refused > 0, "no limit was too low: the sweep misses the failures")
    #expect(answered > 0, "the built-in list was never answered under a limit")
  }

  // MARK: - Crashes

  /// Whether process `pid` came to be blocked (within 20 s) in a system call whose
  /// `/proc/<pid>/syscall` line (the call's number, then its arguments) starts with one of
  /// `prefixes`.
  static func waitForSystemCall(_ pid: Int32, _ prefixes: [String]) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
      if prefixes.contains(where: { call.hasPrefix($0) }) { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// Starts `names-search -f -` reading a pipe that stays open, waits until it blocks in
  /// `read(0, …)` (read is 0 on x86-64 and 63 on arm64, on descriptor 0), sends `signal`,
  /// and returns what it left. With a `second` signal, or `nonBlocking`, its standard error
  /// is a pipe filled beforehand, and what is left after the filler is returned: once the
  /// handler blocks writing its line (write is 1 on x86-64 and 64 on arm64, on descriptor
  /// 2), `second` is sent; `nonBlocking` leaves the pipe's `O_NONBLOCK` set, so the
  /// handler's writes fail with `EAGAIN` until it is drained. Either way standard error is
  /// drained after a pause.
  static func signaledWhileLoading(
    _ signal: Int32, then second: Int32? = nil, nonBlocking: Bool = false
  ) throws -> CLIResult {
    let process = Process()
    process.executableURL = try CLIRunner.executable()
    process.arguments = ["-f", "-"]
    process.environment = CLIRunner.defaultEnvironment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    var filler = 0
    let fillsStandardError = second != nil || nonBlocking
    if fillsStandardError {
      // Written without blocking, then made blocking again unless `nonBlocking`: the
      // program's descriptor shares the flag. The pipe holds 16 pages: full.
      let writeEnd = errors.fileHandleForWriting.fileDescriptor
      let flags = fcntl(writeEnd, F_GETFL)
      _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
      let chunk = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
      while true {
        let written = chunk.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        if written <= 0 { break }
        filler += written
      }
      if !nonBlocking { _ = fcntl(writeEnd, F_SETFL, flags) }
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let pid = process.processIdentifier
    try #require(waitForSystemCall(pid, ["0 0x0 ", "63 0x0 "]) && process.isRunning)
    kill(pid, signal)
    if let second {
      try #require(waitForSystemCall(pid, ["1 0x2 ", "64 0x2 "]) && process.isRunning)
      kill(pid, second)
    }
    if fillsStandardError {
      // Time for a second signal to be handled, were it not blocked, or for writes that
      // fail to give up.
      Thread.sleep(forTimeInterval: 0.2)
    }
    try input.fileHandleForWriting.close()
    // Standard error first: a handler waiting for room in it has not exited.
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIResult(
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal, stdout: out,
      stderr: err.count >= filler ? err.dropFirst(filler) : err)
  }

  @Test(
    "a crash is one line on standard error and exit 2, nothing on standard output",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)),
    arguments: [SIGSEGV, SIGILL, SIGBUS, SIGABRT, SIGTRAP, SIGFPE])
  func crash(signal: Int32) throws {
    let result = try Self.signaledWhileLoading(signal)
    #expect(!result.signaled)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrText == "names-search: internal error (signal \(signal)) while loading <stdin>\n"
    )
  }

  /// A second signal sent to the process while the first is reported: it waits. Two threads
  /// faulting at once, which the handler's other branch serves, cannot be made to happen on
  /// demand (cutting an index cache file short under a cached query does, now and then).
  @Test(
    "a second crash signal while the first is reported leaves the first one's line whole",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)),
    arguments: [(SIGSEGV, SIGBUS), (SIGBUS, SIGBUS), (SIGABRT, SIGSEGV)])
  func crashWhileReporting(signals: (Int32, Int32)) throws {
    let result = try Self.signaledWhileLoading(signals.0, then: signals.1)
    #expect(!result.signaled)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrText
        == "names-search: internal error (signal \(signals.0)) while loading <stdin>\n")
  }

  @Test(
    "a crash reported to a full, non-blocking standard error waits for room",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func crashToNonBlockingStandardError() throws {
    let result = try Self.signaledWhileLoading(SIGSEGV, nonBlocking: true)
    #expect(!result.signaled)
    #expect(result.status == 2)
    #expect(
      result.stderrText
        == "names-search: internal error (signal \(SIGSEGV)) while loading <stdin>\n")
  }

  @Test(
    "SIGQUIT takes its default action, without a backtrace",
    .timeLimit(.minutes(TestTimeLimit.hangMinutes)))
  func quit() throws {
    let result = try Self.signaledWhileLoading(SIGQUIT)
    #expect(result.signaled)
    #expect(result.status == SIGQUIT)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
  }
}
