import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files and folders whose names are bytes, made, listed and removed with POSIX calls
/// (Foundation's `URL` and `FileManager` take text, so they cannot name `n\xFF.plist`).
/// Independent of `PathName`, which the tests check.
public enum BytePath {
  /// A fresh folder (`mkdtemp`), as bytes; removed with `removeTree`.
  public static func temporaryFolder() throws -> [UInt8] {
    var template = Array((NSTemporaryDirectory() + "/names-search-bytes-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    return Array(UnsafeRawBufferPointer(start: made, count: strlen(made)))
  }

  /// `path` as a NUL-terminated C string.
  public static func cString(_ path: [UInt8]) -> [CChar] {
    path.map { CChar(bitPattern: $0) } + [0]
  }

  /// Makes the folder `path` (mode 0700).
  public static func makeFolder(_ path: [UInt8]) throws {
    guard mkdir(cString(path), 0o700) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
  }

  /// Writes `data` to a new file at `path`.
  public static func write(_ data: some Collection<UInt8>, to path: [UInt8]) throws {
    let fd = open(cString(path), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    let bytes = Array(data)
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw POSIXError(.EIO) }
  }

  /// The names in the folder `path` (without `.` and `..`), byte for byte (`readdir`).
  public static func entries(of path: [UInt8]) -> Set<[UInt8]> {
    guard let folder = opendir(cString(path)) else { return [] }
    defer { closedir(folder) }
    var names: Set<[UInt8]> = []
    while let entry = readdir(folder) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { pointer in
          Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
      }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.insert(name) }
    }
    return names
  }

  /// Removes `path` and, for a folder, everything in it (`lstat`, `unlink`, `rmdir`).
  public static func removeTree(_ path: [UInt8]) {
    var info = stat()
    guard lstat(cString(path), &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      for name in entries(of: path) { removeTree(path + [0x2F] + name) }
      rmdir(cString(path))
    } else {
      unlink(cString(path))
    }
  }

  /// Sets the modification time of `path` to an hour ago, so a cache trusts its stamp.
  public static func age(_ path: [UInt8]) {
    var times = [timespec(), timespec()]
    clock_gettime(CLOCK_REALTIME, &times[0])
    times[0].tv_sec -= 3_600
    times[1] = times[0]
    utimensat(AT_FDCWD, cString(path), times, 0)
  }
}
