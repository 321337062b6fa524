import Glibc

/// Plain POSIX helpers shared by the cache writer, the command line and the terminal layer,
/// and the library's calls that open, read, `stat` and close files (the list, cache stamps,
/// the index cache, the remembered Unicode version), with the system's words for errors and
/// the clocks.
package enum Descriptor {
  /// Writes all of `bytes` to `fd`, finishing short writes and retrying `EINTR`; with
  /// `waitingForRoom`, a non-blocking descriptor that is full (`EAGAIN`) is waited on
  /// (`poll`) instead of failing. Calls only `write`, `poll` and `errno`: safe in a signal
  /// handler (the crash guard's).
  ///
  /// - Returns: `nil` on success, else the `errno` of the failed write.
  @discardableResult
  package static func writeAll(
    _ fd: Int32, _ bytes: UnsafeRawBufferPointer, waitingForRoom: Bool = false
  ) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = write(fd, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        if waitingForRoom && (errno == EAGAIN || errno == EWOULDBLOCK) {
          var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        return errno
      }
      offset += written
    }
    return nil
  }

  /// Seconds on the monotonic clock (`CLOCK_MONOTONIC`), for timing and deadlines.
  package static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Opens `path` for reading (`open(2)` with `O_RDONLY | O_CLOEXEC`; `nonBlocking` adds
  /// `O_NONBLOCK`, so that opening a FIFO does not wait for a writer; `followsLastLink`
  /// false adds `O_NOFOLLOW`, so that a symbolic link is refused).
  ///
  /// - Returns: the descriptor, or `nil` when the file cannot be opened.
  static func openForReading(
    _ path: PathName, nonBlocking: Bool = false, followsLastLink: Bool = true
  ) -> Int32? {
    var flags = O_RDONLY | O_CLOEXEC
    if nonBlocking { flags |= O_NONBLOCK }
    if !followsLastLink { flags |= O_NOFOLLOW }
    let fd = path.withCString { open($0, flags) }
    return fd >= 0 ? fd : nil
  }

  /// Reads up to `buffer.count` bytes of `fd` into `buffer` (`read(2)`), retrying `EINTR`.
  ///
  /// - Returns: the number of bytes read, 0 at the end of the file; `nil` on an error.
  static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    while true {
      let count = read(fd, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { return nil }
    }
  }

  /// Closes `fd` (`close(2)`) after reading, where a failure changes nothing.
  static func closeAfterReading(_ fd: Int32) {
    close(fd)
  }

  /// What `fstat(2)` reports of the open file `fd`, or `nil` when the call fails.
  static func status(of fd: Int32) -> FileStatus? {
    var info = stat()
    return fstat(fd, &info) == 0 ? FileStatus(info) : nil
  }

  /// What `stat(2)` reports of the file at `path` (links followed), or `nil` when the call
  /// fails.
  static func status(atPath path: String) -> FileStatus? {
    var info = stat()
    return stat(path, &info) == 0 ? FileStatus(info) : nil
  }

  /// Writes all of `bytes` at byte `offset` of `fd` in one `pwrite(2)`, leaving the file
  /// offset where it was.
  ///
  /// - Returns: whether every byte was written.
  static func overwrite(_ fd: Int32, at offset: Int, with bytes: UnsafeRawBufferPointer) -> Bool {
    pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset)) == bytes.count
  }

  /// Whole seconds since 1970-01-01 UTC on the wall clock (`CLOCK_REALTIME`), for file ages.
  static func secondsSinceEpoch() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec)
  }

  /// The system's words for the calling thread's last error (`strerror(errno)`), such as
  /// "No such file or directory". Call it straight after the failed call, before any other
  /// that may set `errno`.
  static func lastErrorText() -> String {
    errorText(errno)
  }

  /// The system's words for the error number `code` (`strerror(3)`; Linux `errno(3)`
  /// numbers).
  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// `EINVAL`, "Invalid argument": what the system answers for a path holding a NUL byte.
  static let invalidArgument = EINVAL
}
