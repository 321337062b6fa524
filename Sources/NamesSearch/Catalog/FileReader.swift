import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file into memory with plain POSIX calls, so every failure has the system's
/// own words: "No such file or directory", "Permission denied", "Is a directory".
public enum FileReader {
  /// The default size limit: 2 GiB.
  public static let defaultMaximumSize = 2 << 30

  /// The bytes of the file at `path`.
  ///
  /// - Parameter maximumSize: refuse files (or streams) larger than this many bytes.
  /// - Throws: `LoadError` (`unreadable`, `isDirectory`, `empty`, `tooLarge`) naming `path`.
  /// - Complexity: O(n) in the file's size.
  public static func contents(
    ofFile path: String, maximumSize: Int = defaultMaximumSize
  ) throws(LoadError) -> Data {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw LoadError(source: path, reason: .unreadable(errorText())) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw LoadError(source: path, reason: .unreadable(errorText()))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw LoadError(source: path, reason: .isDirectory) }
    return try contents(ofDescriptor: fd, source: path, maximumSize: maximumSize)
  }

  /// The bytes read from `fd` until end of file.
  ///
  /// - Throws: `LoadError` naming `source` when reading fails, nothing is read, or more than
  ///   `maximumSize` bytes arrive.
  public static func contents(
    ofDescriptor fd: Int32, source: String, maximumSize: Int = defaultMaximumSize
  ) throws(LoadError) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw LoadError(source: source, reason: .unreadable(errorText()))
      }
      if count == 0 { break }
      guard data.count + count <= maximumSize else {
        throw LoadError(source: source, reason: .tooLarge(limit: maximumSize))
      }
      data.append(contentsOf: chunk[..<count])
    }
    guard !data.isEmpty else { throw LoadError(source: source, reason: .empty) }
    return data
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
