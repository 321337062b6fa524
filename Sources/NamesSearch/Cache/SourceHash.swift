#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `FastHash` of a list file's contents, which a cache file records.
enum SourceHash {
  /// The hash of the file at `path`, read in 1 MiB chunks, or `nil` if it cannot be read.
  static func ofFile(atPath path: PathName) -> UInt64? {
    let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var hash = FastHash()
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return hash.finalize() }
      chunk.withUnsafeBytes { hash.combine(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
  }
}
