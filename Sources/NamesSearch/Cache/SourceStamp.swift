#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies a version of a list file without reading it: its size, modification time
/// (to the nanosecond), inode and device, as `stat(2)` reports them.
public struct SourceStamp: Sendable, Hashable {
  /// Size in bytes.
  public var size: UInt64
  /// Modification time: seconds since 1970 and nanoseconds.
  public var modifiedSeconds: Int64, modifiedNanoseconds: Int64
  /// Inode and device numbers.
  public var inode: UInt64, device: UInt64

  /// The stamp of the regular file at `path`, or `nil` if it cannot be opened for reading
  /// (so a list made unreadable is never answered from its cache) or is not a regular file.
  public init?(path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    size = UInt64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int64(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
    inode = UInt64(info.st_ino)
    device = UInt64(info.st_dev)
  }

  /// Creates a stamp from its parts.
  public init(
    size: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, inode: UInt64,
    device: UInt64
  ) {
    self.size = size
    self.modifiedSeconds = modifiedSeconds
    self.modifiedNanoseconds = modifiedNanoseconds
    self.inode = inode
    self.device = device
  }
}
