import NamesSearch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The message the crash handler writes: "names-search: internal error (signal " before
/// the number, ") while loading big.plist\n" after it, kept in memory allocated once so the
/// handler only calls `write` and `_exit` (async-signal-safe, POSIX.1-2008 §2.4.3).
nonisolated(unsafe) private var crashPrefix = UnsafeMutableBufferPointer<UInt8>(
  start: nil, count: 0)
/// Two buffers for the text after the number (4 KiB each), written in turn, so that the
/// one the handler may read is never the one being written.
nonisolated(unsafe) private var crashSuffixes = UnsafeMutableBufferPointer<UInt8>(
  start: nil, count: 0)
/// The suffix in use: its length in bytes times 2, plus which buffer (0 or 1) holds it;
/// stored once the buffer is written.
private let crashSuffixInUse = Atomic<Int>(0)
/// The size of each suffix buffer in bytes.
private let crashSuffixCapacity = 4096

/// The thread reporting a crash (`pthread_self()`), or 0 before any: set once, by the
/// first thread to crash.
private let crashReporter = Atomic<UInt>(0)

/// Writes `count` bytes at `base` to standard error (`Descriptor.writeAll`, waiting for
/// room in a full non-blocking one); gives up on any other error.
private func writeToStandardError(_ base: UnsafeRawPointer, _ count: Int) {
  Descriptor.writeAll(
    STDERR_FILENO, UnsafeRawBufferPointer(start: base, count: count), waitingForRoom: true)
}

/// The handler: one line on standard error, exit status 2. The first thread to crash
/// reports; a thread that crashes while it does (two threads reading a file cut short)
/// waits to be ended by its `_exit`, so the line is whole and the status 2. The reporting
/// thread entering it again (`abort()` unblocks SIGABRT) exits 2 at once.
private func reportCrash(_ signal: Int32) {
  let me = UInt(pthread_self())
  let (exchanged, reporter) = crashReporter.compareExchange(
    expected: 0, desired: me, ordering: .acquiringAndReleasing)
  guard exchanged else {
    if reporter == me { _exit(ExitStatus.failure.rawValue) }
    while true { pause() }
  }
  if let base = crashPrefix.baseAddress { writeToStandardError(base, crashPrefix.count) }
  var digits: (UInt8, UInt8, UInt8) = (0, 0, 0)
  var count = 0
  var value = max(0, Int(signal))
  withUnsafeMutableBytes(of: &digits) { bytes in
    repeat {
      bytes[2 - count] = UInt8(ascii: "0") + UInt8(value % 10)
      value /= 10
      count += 1
    } while value > 0 && count < 3
    writeToStandardError(bytes.baseAddress! + (3 - count), count)
  }
  if let base = crashSuffixes.baseAddress {
    let inUse = crashSuffixInUse.load(ordering: .acquiring)
    writeToStandardError(base + (inUse & 1) * crashSuffixCapacity, inUse >> 1)
  }
  _exit(ExitStatus.failure.rawValue)
}

/// The last line of defence: a crash becomes one line on standard error and exit status 2,
/// never a backtrace, and never anything on standard output.
///
/// The Swift runtime's backtracer (`SWIFT_BACKTRACE`, on by default on Linux) handles
/// SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT and SIGQUIT, and prints tens of lines,
/// some of them to standard output ("swift-backtrace: unable to fetch crash info.") after
/// an answer. Handlers installed after start replace the runtime's: the first six write
/// `names-search: internal error (signal 4) while loading big.plist` and exit 2; SIGQUIT
/// (Ctrl-\) gets its default action back. A runtime failure the runtime explains first
/// ("Fatal error: failed to allocate …", then SIGABRT) keeps its own line before ours.
/// Handlers run on an alternate stack, so a stack overflow on the main thread is reported
/// too. While a handler runs, its thread blocks the six signals: one sent to the process
/// goes to another thread, or waits, and a fault inside the handler takes the default
/// action (the kernel's rule for a fault whose signal is blocked; `abort()` unblocks
/// SIGABRT, and the handler then exits 2 at once). Threads that crash while one reports
/// wait for its exit: two threads reading an index cache file cut short under them both
/// fault.
/// The loaders and the search check memory and descriptors first (`LoadMemory`,
/// `SearchMemory`, `ThreadPool`), so under `ulimit` a run ends with a proper message
/// before it gets here.
enum CrashGuard {
  /// The signals a crash raises.
  static let crashSignals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

  /// Installs the handlers; call once, first thing.
  static func install() {
    crashPrefix = copy("names-search: internal error (signal ")
    crashSuffixes = .allocate(capacity: 2 * crashSuffixCapacity)
    setActivity("starting")
    let stackSize = 64 << 10
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
    stack.ss_size = stackSize
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
    _ = crashReporter.load(ordering: .relaxed)  // made now, never first in a handler
    for signal in crashSignals {
      #if canImport(Glibc)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = reportCrash
        sigemptyset(&action.sa_mask)
        for blocked in crashSignals { sigaddset(&action.sa_mask, blocked) }
        // On the alternate stack, the crash signals blocked (above).
        action.sa_flags = Int32(SA_ONSTACK)
        sigaction(signal, &action, nil)
      #else
        _ = Darwin.signal(signal, reportCrash)
      #endif
    }
    signal(SIGQUIT, SIG_DFL)
    // A parent may have started us with some of them blocked (libdispatch's threads block
    // SIGABRT and SIGQUIT, and the mask is inherited across exec); a fault while its
    // signal is blocked kills the process without a word.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in crashSignals + [SIGQUIT] { sigaddset(&unblocked, signal) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// Says what the program is doing, for the message: "loading big.plist". Control and
  /// invisible characters are escaped, as in every message; the text is cut at 4 KiB.
  /// Written into the suffix buffer not in use, then made the one in use, so a crash
  /// at any moment reports a whole line; once a crash is being reported, nothing changes.
  static func setActivity(_ text: String) {
    guard let base = crashSuffixes.baseAddress, crashReporter.load(ordering: .acquiring) == 0
    else { return }
    // Printable ASCII (the tool's own words) needs no escaping; escaping it anyway made the
    // Swift metadata of the escaper's generic code at every start, 0.28M instructions of
    // `--version` (callgrind).
    let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    let shown = plain ? text : VisibleText.escapedLines(text)
    let line = Array(") while \(shown)".utf8.prefix(4000)) + [0x0A]
    let spare = 1 - crashSuffixInUse.load(ordering: .relaxed) & 1
    let buffer = base + spare * crashSuffixCapacity
    for (i, byte) in line.enumerated() { buffer[i] = byte }
    crashSuffixInUse.store(line.count << 1 | spare, ordering: .releasing)
  }

  private static func copy(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }
}
