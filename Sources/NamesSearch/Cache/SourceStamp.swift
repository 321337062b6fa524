/// What identifies a version of a list file without reading it: its size, modification
/// and status-change times (to the nanosecond), inode and device, as `stat(2)` reports them.
///
/// The status-change time (`st_ctime`) moves on every write and cannot be set back by
/// `touch` or `cp -p`, so an edit that keeps the size and restores the modification time
/// still changes the stamp.
package struct SourceStamp: Sendable, Hashable {
  /// Size in bytes.
  package var size: UInt64
  /// Modification time: seconds since 1970 and nanoseconds.
  package var modifiedSeconds: Int64, modifiedNanoseconds: Int64
  /// Status-change time: seconds since 1970 and nanoseconds.
  package var changedSeconds: Int64, changedNanoseconds: Int64
  /// Inode and device numbers.
  package var inode: UInt64, device: UInt64

  /// The stamp of a regular file from its status, or `nil` for anything else.
  package init?(_ info: FileStatus) {
    guard info.kind == .regular else { return nil }
    size = UInt64(info.size)
    modifiedSeconds = info.modified.seconds
    modifiedNanoseconds = info.modified.nanoseconds
    changedSeconds = info.changed.seconds
    changedNanoseconds = info.changed.nanoseconds
    inode = info.inode
    device = info.device
  }

  /// The stamp of the regular file at `path`, or `nil` if it cannot be opened for reading
  /// (so a list made unreadable is never answered from its cache) or is not a regular file.
  package init?(path: PathName) {
    guard let fd = Descriptor.openForReading(path, nonBlocking: true) else { return nil }
    defer { Descriptor.closeAfterReading(fd) }
    guard let info = Descriptor.status(of: fd) else { return nil }
    self.init(info)
  }

  /// `init(path:)` with the path given as text (valid UTF-8 paths only; `nil` for one
  /// holding U+0000).
  package init?(path: String) {
    guard let name = PathName(path) else { return nil }
    self.init(path: name)
  }

  /// Creates a stamp from its parts.
  package init(
    size: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, changedSeconds: Int64 = 0,
    changedNanoseconds: Int64 = 0, inode: UInt64, device: UInt64
  ) {
    self.size = size
    self.modifiedSeconds = modifiedSeconds
    self.modifiedNanoseconds = modifiedNanoseconds
    self.changedSeconds = changedSeconds
    self.changedNanoseconds = changedNanoseconds
    self.inode = inode
    self.device = device
  }
}
