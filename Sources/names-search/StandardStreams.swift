import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed write to standard output; `code` is the `errno`.
struct WriteError: Error {
  var code: Int32

  /// Whether the reader went away (`names-search a | head -1`): a clean end, not an error.
  var isBrokenPipe: Bool { code == EPIPE }

  /// The system's words for it ("No space left on device").
  var reason: String { String(cString: strerror(code)) }
}

/// Raw writes to the standard streams, with `EINTR` retried, partial writes finished, and
/// a full non-blocking descriptor waited on.
enum StandardStreams {
  /// Writes all of `bytes` to `fd`. A descriptor left non-blocking by whoever shares it (a
  /// parent that reads the pipe without blocking) is waited on when full (`EAGAIN`), as a
  /// blocking one would be, rather than failing mid-output.
  ///
  /// - Throws: `WriteError` with the `errno` of the failed write.
  static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws(WriteError) {
    if let code = Descriptor.writeAll(fd, bytes, waitingForRoom: true) {
      throw WriteError(code: code)
    }
  }

  /// Writes `text` to standard error, each line with control and invisible characters
  /// escaped (a path or an option may hold anything), ignoring failures (there is nowhere
  /// left to report).
  static func writeError(_ text: String) {
    var text = VisibleText.escapedLines(text)
    text.withUTF8 { try? write(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
  }

  /// Writes `text` to standard error as it is (the progress line's own escape sequences).
  static func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { try? write(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
  }

  /// Whether `fd` is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
