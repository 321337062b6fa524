import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair (`posix_openpt`) for running the live mode as a person would:
/// the program gets the slave side as its controlling terminal (through util-linux's
/// `setsid --ctty`), the test types on the master side and reads what is painted.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32
  private(set) var output = Data()

  /// Linux's `TIOCSPTLCK` and `TIOCGPTN` ioctls (asm-generic/ioctls.h): Glibc's
  /// `posix_openpt`, `unlockpt` and `ptsname` are not visible to Swift.
  private static let unlockRequest: UInt = 0x4004_5431
  private static let numberRequest: UInt = 0x8004_5430

  init(rows: Int, columns: Int) throws {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0,
      ioctl(master, Self.numberRequest, &number) == 0
    else {
      throw CLITestSetupError(
        description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw CLITestSetupError(description: "cannot open the pty slave") }
    resize(rows: rows, columns: columns)
  }

  deinit {
    close(master)
    close(slave)
  }

  /// Sets the window size; the kernel sends SIGWINCH to the program.
  func resize(rows: Int, columns: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// The window size the slave side reports.
  var windowSize: (Int, Int) {
    var size = winsize()
    _ = ioctl(slave, UInt(TIOCGWINSZ), &size)
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// Types `text`.
  func type(_ text: String) {
    type(bytes: Array(text.utf8))
  }

  /// Sends `bytes` as they are, in one write.
  func type(bytes: [UInt8]) {
    var bytes = bytes
    _ = write(master, &bytes, bytes.count)
  }

  /// Sends each of `pieces` in its own write, `delay` seconds apart, so that the program
  /// reads them separately (a slow link, ssh, a paste split by the kernel).
  func type(pieces: [[UInt8]], delay: Double) {
    for (n, piece) in pieces.enumerated() {
      if n > 0 { Thread.sleep(forTimeInterval: delay) }
      type(bytes: piece)
    }
  }

  /// Reads what the program paints until `done` holds for the text seen so far (escape
  /// sequences removed) or `timeout` seconds pass; returns whether `done` held.
  @discardableResult
  func read(timeout: Double = 10, until done: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if done(visibleText) { return true }
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = Glibc.read(master, &buffer, buffer.count)
      if count <= 0 { break }
      output.append(contentsOf: buffer[..<count])
    }
    return done(visibleText)
  }

  /// Everything painted so far with escape sequences removed.
  var visibleText: String {
    let text = String(decoding: output, as: UTF8.self)
    return text.replacingOccurrences(
      of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "\n", options: .regularExpression)
  }

  /// Everything painted so far, escape sequences included.
  var rawText: String { String(decoding: output, as: UTF8.self) }

  /// The slave side's terminal settings.
  var settings: termios {
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return settings
  }
}

/// `names-search -i` running in a `PseudoTerminal`.
final class LiveRun {
  let terminal: PseudoTerminal
  let process = Process()
  let standardOutput = Pipe()

  /// Starts `names-search <arguments>` on a new pseudo-terminal, standard output to a pipe
  /// (or to `output`).
  ///
  /// With `jobControl`, the program runs under a job-control shell (`sh -m`) so that it can
  /// be stopped, as from an interactive shell: when it stops, the shell prints
  /// "stopped <status>" on the terminal and reads a line, then continues it with `fg`.
  /// With `limits` ("-n 7"), it runs under `sh -c 'ulimit <limits>; exec …'`.
  init(
    _ arguments: [String], rows: Int = 24, columns: Int = 80, output: FileHandle? = nil,
    jobControl: Bool = false, limits: String? = nil
  ) throws {
    terminal = try PseudoTerminal(rows: rows, columns: columns)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    let program = try CLIRunner.executable().path
    process.arguments =
      jobControl
      ? [
        "--ctty", "--wait", "/bin/sh", "-mc",
        #""$0" "$@"; echo "stopped $?" >&2; read line; fg >&2"#, program,
      ] + arguments
      : limits.map {
        ["--ctty", "--wait", "/bin/sh", "-c", "ulimit \($0) && exec \"$0\" \"$@\"", program]
          + arguments
      } ?? ["--ctty", "--wait", program] + arguments
    let tty = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
    process.standardInput = tty
    process.standardError = tty
    process.standardOutput = output ?? standardOutput
    var environment = CLIRunner.defaultEnvironment
    environment["TERM"] = "xterm-256color"
    environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "live-\(UUID().uuidString)"
    process.environment = environment
    try process.run()
  }

  /// The process ID of `names-search` itself: setsid's own when it did not fork, else the
  /// descendant of setsid that runs it (from /proc).
  var programIdentifier: pid_t? {
    var queue = [process.processIdentifier]
    while !queue.isEmpty {
      let pid = queue.removeFirst()
      let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
      if command.hasPrefix("names-search") { return pid }
      let children =
        (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))
        ?? ""
      queue += children.split(separator: " ").compactMap { pid_t($0) }
    }
    return nil
  }

  /// The state letter of `pid` in /proc ("T" when stopped), or `nil` when it is gone.
  static func state(of pid: pid_t) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[close...].split(separator: " ").dropFirst().first.map(String.init)
  }

  /// Waits for the program to end; returns its status and what it printed on stdout.
  func finish(timeout: Double = 10) -> (status: Int32, stdout: String)? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
      terminal.read(timeout: 0.05) { _ in false }
    }
    guard !process.isRunning else {
      process.terminate()
      return nil
    }
    // What it wrote last (restoring the terminal) may still wait in the pty.
    terminal.read(timeout: 0.2) { _ in false }
    guard process.standardOutput is Pipe else { return (process.terminationStatus, "") }
    let data = standardOutput.fileHandleForReading.readDataToEndOfFile()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
