/// The `FastHash` of a list file's contents, which a cache file records.
enum SourceHash {
  /// The hash of the file at `path`, read in 1 MiB chunks, or `nil` if it cannot be read.
  static func ofFile(atPath path: PathName) -> UInt64? {
    guard let fd = Descriptor.openForReading(path) else { return nil }
    defer { Descriptor.closeAfterReading(fd) }
    var hash = FastHash()
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      guard let count = chunk.withUnsafeMutableBytes({ Descriptor.readSome(fd, into: $0) })
      else { return nil }
      if count == 0 { return hash.finalize() }
      chunk.withUnsafeBytes { hash.combine(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
  }
}
