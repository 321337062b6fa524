import Glibc

/// The entries of one folder, read one name at a time (`opendir(3)`, `readdir(3)`), with
/// the calls that act on an entry relative to the open folder (`fstatat(2)`, `unlinkat(2)`),
/// so a name is never resolved through another path. The folder is closed (`closedir(3)`)
/// when the listing is released.
///
/// ```swift
/// if let listing = DirectoryListing(directory) {
///   while let name = listing.nextName() { … listing.status(ofEntry: name) … }
/// }
/// ```
final class DirectoryListing {
  private let stream: OpaquePointer

  /// Opens the folder at `path`; `nil` when it cannot be opened (missing, not a folder,
  /// no permission).
  init?(_ path: PathName) {
    guard let stream = path.withCString({ opendir($0) }) else { return nil }
    self.stream = stream
  }

  deinit {
    closedir(stream)
  }

  /// The next entry's name (`.` and `..` included, in the file system's order), or `nil`
  /// after the last. Names are decoded as UTF-8, invalid bytes repaired (U+FFFD).
  func nextName() -> String? {
    guard let entry = readdir(stream) else { return nil }
    return withUnsafePointer(to: &entry.pointee.d_name) {
      String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
    }
  }

  /// The status of the entry `name` itself, a link not followed (`AT_SYMLINK_NOFOLLOW`),
  /// or `nil` when it is gone.
  func status(ofEntry name: String) -> FileStatus? {
    var info = stat()
    return fstatat(dirfd(stream), name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? FileStatus(info) : nil
  }

  /// Removes the entry `name`, not a folder (`unlinkat` without `AT_REMOVEDIR`).
  ///
  /// - Returns: whether it was removed.
  func removeEntry(_ name: String) -> Bool {
    unlinkat(dirfd(stream), name, 0) == 0
  }
}
