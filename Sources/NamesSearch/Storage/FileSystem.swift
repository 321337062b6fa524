import Glibc

/// The calls the library makes on paths rather than open files: making a folder
/// (`mkdir(2)`), asking whether one can take new files (`access(2)`), and resolving a path
/// (`realpath(3)`). All work on a path's bytes (`PathName`), whatever their encoding.
enum FileSystem {
  /// Creates the folder `path` with permission bits `mode` (less the umask).
  ///
  /// - Returns: whether it was created (false when it exists already, or on any error).
  @discardableResult
  static func makeDirectory(_ path: PathName, mode: UInt32) -> Bool {
    path.withCString { mkdir($0, mode_t(mode)) } == 0
  }

  /// Whether the process may create and remove entries in the folder `path` (`access` with
  /// `W_OK | X_OK`, by the real user id).
  static func allowsNewEntries(in path: PathName) -> Bool {
    path.withCString { access($0, W_OK | X_OK) } == 0
  }

  /// `path` made absolute with every link resolved (`realpath(3)`), or `nil` when some part
  /// is missing or cannot be searched.
  static func resolvedPath(_ path: PathName) -> PathName? {
    guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return PathName(cString: resolved)
  }
}
