#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plain POSIX helpers shared by the cache writer, the command line and the terminal layer,
/// and the library's calls that open, read and `stat` files (cache stamps, the list's hash,
/// the remembered Unicode version).
package enum Descriptor {
  /// Writes all of `bytes` to `fd`, finishing short writes and retrying `EINTR`.
  ///
  /// - Returns: `nil` on success, else the `errno` of the failed write.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = write(fd, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
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

  /// The `fstat(2)` record of the open file `fd`, or `nil` when the call fails.
  static func status(of fd: Int32) -> stat? {
    var info = stat()
    return fstat(fd, &info) == 0 ? info : nil
  }

  /// The `stat(2)` record of the file at `path` (links followed), or `nil` when the call
  /// fails.
  static func status(atPath path: String) -> stat? {
    var info = stat()
    return stat(path, &info) == 0 ? info : nil
  }
}
