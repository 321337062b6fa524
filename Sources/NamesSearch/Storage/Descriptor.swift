#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plain POSIX helpers shared by the cache writer, the command line and the terminal layer.
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
}
