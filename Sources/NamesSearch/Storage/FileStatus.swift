import Glibc

/// What `stat(2)` reports of a file, as plain Swift values, so that the library's other files
/// need no system module: its kind, size in bytes, modification and status-change times
/// (seconds since 1970 and nanoseconds), inode, device and owner.
///
/// Made by `Descriptor.status(of:)`, `Descriptor.status(atPath:)` and
/// `DirectoryListing.status(ofEntry:)`, or from its parts (for tests).
package struct FileStatus: Sendable, Equatable {
  /// What a file is, from `st_mode & S_IFMT` (POSIX `<sys/stat.h>`).
  package enum Kind: Sendable, Equatable {
    /// `S_IFREG`.
    case regular
    /// `S_IFDIR`.
    case directory
    /// Anything else: a link (when not followed), FIFO, socket or device.
    case other
  }

  /// A time as `stat` gives it: whole seconds since 1970-01-01 UTC, and nanoseconds
  /// (0 ..< 1_000_000_000) past them.
  package struct Time: Sendable, Equatable {
    package var seconds: Int64
    package var nanoseconds: Int64

    package init(seconds: Int64, nanoseconds: Int64) {
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }
  }

  package var kind: Kind
  /// Size in bytes (`st_size`).
  package var size: Int64
  /// Last modification (`st_mtim`).
  package var modified: Time
  /// Last status change (`st_ctim`), which `touch` and `cp -p` cannot set back.
  package var changed: Time
  /// Inode and device numbers (`st_ino`, `st_dev`).
  package var inode: UInt64, device: UInt64
  /// The owner's user id (`st_uid`).
  package var owner: UInt32

  /// Creates a status from its parts.
  package init(
    kind: Kind, size: Int64, modified: Time, changed: Time, inode: UInt64, device: UInt64,
    owner: UInt32 = 0
  ) {
    self.kind = kind
    self.size = size
    self.modified = modified
    self.changed = changed
    self.inode = inode
    self.device = device
    self.owner = owner
  }

  /// The status in a `stat` record (Linux's `struct stat`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    default: kind = .other
    }
    size = Int64(info.st_size)
    modified = Time(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    changed = Time(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
    inode = UInt64(info.st_ino)
    device = UInt64(info.st_dev)
    owner = UInt32(info.st_uid)
  }

  /// Whether the file belongs to the process's effective user (`geteuid(2)`).
  package var isOwnedByCurrentUser: Bool { owner == geteuid() }
}
