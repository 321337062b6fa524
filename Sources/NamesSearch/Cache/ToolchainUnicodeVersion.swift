/// The Unicode version of the running standard library (`UnicodeVersion.ofStandardLibrary()`),
/// remembered in the cache folder so that a cached query does not pay its 50 ms scan.
///
/// The file `<directory>/unicode-version` holds three lines: `names-search unicode-version 1`,
/// the identity of the file the standard library was loaded from, and the version ("17.0").
/// The identity is the file's path, device and inode as `/proc/self/maps` shows the mapping
/// that holds the library's own type metadata, then its size and modification and
/// status-change times (to the nanosecond) from `stat(2)`, whose inode must match the
/// mapping's. The remembered version is used only while the identity is the same; otherwise
/// it is computed again and the file replaced atomically. Where the library's file cannot be
/// identified (no `/proc`, a deleted or replaced file) it is computed on every call.
enum ToolchainUnicodeVersion {
  /// The memo's file name in the cache folder.
  static let fileName = "unicode-version"
  static let formatLine = "names-search unicode-version 1"

  /// The standard library's Unicode version, from the memo in `directory` when it is current
  /// (else computed, and the memo rewritten). `identity` is the library file's identity, or
  /// `nil` if unknown; `compute` derives the version (both replaceable for tests).
  ///
  /// - Complexity: one small file read when remembered; else about 50 ms.
  static func current(
    rememberedIn directory: PathName,
    identity: String? = libraryIdentity(),
    compute: () -> UnicodeVersion = UnicodeVersion.ofStandardLibrary
  ) -> UnicodeVersion {
    guard let identity else { return compute() }
    let path = directory.appending(fileName)
    if let text = readSmallFile(path) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.count == 4, lines[0] == formatLine, lines[1] == identity, lines[3].isEmpty,
        let version = UnicodeVersion(lines[2])
      {
        return version
      }
    }
    let version = compute()
    var text = formatLine + "\n" + identity + "\n" + version.description + "\n"
    IndexCache.makeDirectory(directory)
    _ = AtomicFile.write(to: path) { fd in
      text.withUTF8 { Descriptor.writeAll(fd, UnsafeRawBufferPointer($0)) == nil }
    }
    return version
  }

  /// The identity of the file the standard library's type metadata were loaded from (see
  /// above), or `nil` when it cannot be told.
  static func libraryIdentity() -> String? {
    #if os(Linux)
      let address = UInt(
        bitPattern: unsafeBitCast(
          Unicode.Scalar.Properties.self as Any.Type, to: UnsafeRawPointer.self))
      guard let maps = readSmallFile(PathName("/proc/self/maps")!, limit: 1 << 22) else {
        return nil
      }
      return identity(ofMappingContaining: address, maps: maps) {
        Descriptor.status(atPath: $0)
      }
    #else
      return nil
    #endif
  }

  /// The identity of the file mapped at `address` according to `maps` (the format of
  /// `/proc/self/maps`: `start-end perms offset major:minor inode path`), with `status`
  /// giving the file's current status (`stat(2)`). `nil` for an anonymous or deleted mapping, or when
  /// the file at the path is no longer the one mapped (another inode).
  static func identity(
    ofMappingContaining address: UInt, maps: String, status: (String) -> FileStatus?
  ) -> String? {
    // Only the line whose range holds the address is split into fields: its bounds are
    // read from the bytes first, line by line in the contiguous UTF-8 (splitting the whole
    // text into lines through `String.UTF8View` took 0.3M instructions, a tenth of a
    // cached query that matches nothing).
    func hex(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to stop: UInt8, before end: Int)
      -> (value: UInt, end: Int)?
    {
      var value: UInt = 0
      var i = start
      while i < end, bytes[i] != stop {
        let byte = bytes[i]
        let digit: UInt
        switch byte {
        case 0x30...0x39: digit = UInt(byte - 0x30)
        case 0x61...0x66: digit = UInt(byte - 0x61 + 10)
        case 0x41...0x46: digit = UInt(byte - 0x41 + 10)
        default: return nil
        }
        guard i - start < UInt.bitWidth / 4 else { return nil }
        value = value << 4 | digit
        i += 1
      }
      guard i > start, i < end else { return nil }
      return (value, i + 1)
    }
    var maps = maps
    let holding: String? = maps.withUTF8 { bytes in
      var lineStart = 0
      while lineStart < bytes.count {
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        if let (start, afterStart) = hex(bytes, from: lineStart, to: 0x2D, before: lineEnd),
          let (end, _) = hex(bytes, from: afterStart, to: 0x20, before: lineEnd),
          start <= address, address < end
        {
          return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
        }
        lineStart = lineEnd + 1
      }
      return nil
    }
    // Mappings do not overlap: no other line holds the address.
    guard let line = holding else { return nil }
    let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
    guard fields.count == 6 else { return nil }
    let bounds = fields[0].split(separator: "-")
    guard bounds.count == 2, let start = UInt(bounds[0], radix: 16),
      let end = UInt(bounds[1], radix: 16), start <= address, address < end
    else { return nil }
    let path = String(fields[5].drop(while: { $0 == " " }))
    guard path.hasPrefix("/"), !path.hasSuffix(" (deleted)"), let inode = UInt64(fields[4]),
      let info = status(path), info.inode == inode
    else { return nil }
    func time(_ t: FileStatus.Time) -> String {
      let nanoseconds = String(t.nanoseconds)
      return "\(t.seconds)." + String(repeating: "0", count: max(0, 9 - nanoseconds.count))
        + nanoseconds
    }
    return
      "\(path) \(fields[3]) \(inode) \(info.size) \(time(info.modified)) \(time(info.changed))"
  }

  /// The contents of a regular file of at most `limit` bytes as UTF-8, or `nil`.
  private static func readSmallFile(_ path: PathName, limit: Int = 1 << 16) -> String? {
    guard let fd = Descriptor.openForReading(path, nonBlocking: true, followsLastLink: false)
    else { return nil }
    defer { Descriptor.closeAfterReading(fd) }
    guard let info = Descriptor.status(of: fd), info.kind == .regular else {
      return nil
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 14)
    while bytes.count <= limit {
      guard let count = chunk.withUnsafeMutableBytes({ Descriptor.readSome(fd, into: $0) })
      else { return nil }
      if count == 0 { return String(validating: bytes, as: UTF8.self) }
      bytes += chunk[..<count]
    }
    return nil
  }
}
