#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The compact binary index of a list, written after the first load and mapped with `mmap`
/// on later runs, so a query on a million names reads no XML and folds nothing.
///
/// One file per list, `<directory>/<FNV-1a-64 of the absolute path>.idx`, laid out as a
/// 128-byte header then 8-byte-aligned arrays (all little-endian):
///
/// | part | contents |
/// | --- | --- |
/// | header | magic `NSIDX\0\0\u{1}`, format version, the list's `SourceStamp` (size, times, inode, device) and content hash, counts, body checksum |
/// | path | the list's absolute path |
/// | titles | end offsets (`UInt32`) then UTF-8, in display order |
/// | sections | `(lower, upper)` name ranges (`UInt32` pairs), in display order |
/// | names | end offsets then UTF-8, exactly as in the list |
/// | keys | end offsets then the folded UTF-8 (`MatchOptions.default`) |
///
/// A cache file is used only if everything checks: magic, version, path, the list's size,
/// modification time, inode and device, the body's `FastHash` checksum, and the structure
/// (offsets in bounds and ascending, ranges covering every name). When the list's
/// modification time is within two seconds of the cache's own (an edit the clock may not
/// show), the list's content hash is compared as well. Anything else is ignored, and the
/// caller rebuilds and replaces it. Files are written to a temporary file in the same
/// folder, flushed and renamed into place, so a crash never leaves a partial index.
public enum IndexCache {
  static let magic: UInt64 = 0x0100_0058_4449_534E  // "NSIDX\0\0\u{1}" little-endian
  /// The format version, raised whenever the layout or `TextFolder.ruleVersion` changes, so
  /// an index folded by older rules is never used.
  static let version: UInt32 = 2 << 16 | TextFolder.ruleVersion
  static let headerSize = 128

  /// The cache folder: `$XDG_CACHE_HOME/names-search`, else `~/.cache/names-search`, or
  /// `nil` when neither variable is set to an absolute path.
  public static func defaultDirectory(environment: [String: String]) -> String? {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return base + "/names-search"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.cache/names-search"
    }
    return nil
  }

  /// The cache file for the list at `absolutePath`.
  public static func file(for absolutePath: String, in directory: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in absolutePath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".idx"
  }

  // MARK: - Reading

  /// The catalog stored for the list at `absolutePath` with stamp `stamp`, or `nil` if
  /// there is no usable cache file.
  ///
  /// - Complexity: O(n) in the cache file's size (checksum and structure checks).
  public static func read(for absolutePath: String, stamp: SourceStamp, in directory: String)
    -> Catalog?
  {
    let path = file(for: absolutePath, in: directory)
    // Never block on a FIFO or follow a link planted where the cache file should be.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= headerSize
    else { return nil }
    let size = Int(info.st_size)
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0),
      mapped != MAP_FAILED
    else { return nil }
    let region = StorageRegion(base: mapped, byteCount: size, kind: .mapped)
    var reader = CacheReader(bytes: UnsafeRawBufferPointer(start: mapped, count: size))
    return reader.catalog(region: region, absolutePath: absolutePath, stamp: stamp)
  }

  // MARK: - Writing

  /// Writes the index of `catalog`, loaded from the list at `absolutePath` whose stamp and
  /// content hash were `stamp` and `sourceHash`, atomically (temporary file, `fsync`,
  /// `rename`). Creates the folder (mode 0700) if needed.
  ///
  /// - Returns: whether the file was written; a cache that cannot be written is not an error.
  @discardableResult
  public static func write(
    _ catalog: Catalog, for absolutePath: String, stamp: SourceStamp, sourceHash: UInt64,
    in directory: String
  ) -> Bool {
    makeDirectory(directory)
    var body = CacheWriter()
    body.reserve(
      catalog.names.bytes.count + catalog.defaultKeys.bytes.count + 8 * catalog.nameCount + 4096)
    body.append(bytes: Array(absolutePath.utf8))
    let titleBytes = catalog.titles.map { Array($0.utf8) }
    var titleEnds: [UInt32] = []
    var total: UInt32 = 0
    for title in titleBytes {
      total += UInt32(title.count)
      titleEnds.append(total)
    }
    body.append(words: titleEnds)
    body.append(bytes: titleBytes.flatMap { $0 })
    body.append(
      words: catalog.sectionRanges.flatMap { [UInt32($0.lowerBound), UInt32($0.upperBound)] })
    body.append(words: catalog.names.ends.buffer)
    body.append(bytes: catalog.names.bytes.buffer)
    body.append(words: catalog.defaultKeys.ends.buffer)
    body.append(bytes: catalog.defaultKeys.bytes.buffer)

    var header = [UInt8](repeating: 0, count: headerSize)
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    header.withUnsafeMutableBytes { h in
      h.storeBytes(of: magic.littleEndian, toByteOffset: 0, as: UInt64.self)
      h.storeBytes(of: version.littleEndian, toByteOffset: 8, as: UInt32.self)
      h.storeBytes(of: UInt32(headerSize).littleEndian, toByteOffset: 12, as: UInt32.self)
      h.storeBytes(of: stamp.size.littleEndian, toByteOffset: 16, as: UInt64.self)
      h.storeBytes(of: stamp.modifiedSeconds.littleEndian, toByteOffset: 24, as: Int64.self)
      h.storeBytes(of: stamp.modifiedNanoseconds.littleEndian, toByteOffset: 32, as: Int64.self)
      h.storeBytes(of: stamp.inode.littleEndian, toByteOffset: 40, as: UInt64.self)
      h.storeBytes(of: stamp.device.littleEndian, toByteOffset: 48, as: UInt64.self)
      h.storeBytes(of: Int64(now.tv_sec).littleEndian, toByteOffset: 56, as: Int64.self)
      h.storeBytes(of: sourceHash.littleEndian, toByteOffset: 64, as: UInt64.self)
      h.storeBytes(of: body.checksum().littleEndian, toByteOffset: 72, as: UInt64.self)
      h.storeBytes(of: UInt64(body.count).littleEndian, toByteOffset: 80, as: UInt64.self)
      h.storeBytes(of: UInt32(catalog.titles.count).littleEndian, toByteOffset: 88, as: UInt32.self)
      h.storeBytes(of: UInt32(catalog.nameCount).littleEndian, toByteOffset: 92, as: UInt32.self)
      h.storeBytes(of: UInt32(total).littleEndian, toByteOffset: 96, as: UInt32.self)
      h.storeBytes(
        of: UInt32(catalog.names.bytes.count).littleEndian, toByteOffset: 100, as: UInt32.self)
      h.storeBytes(
        of: UInt32(catalog.defaultKeys.bytes.count).littleEndian, toByteOffset: 104,
        as: UInt32.self)
      h.storeBytes(
        of: UInt32(absolutePath.utf8.count).littleEndian, toByteOffset: 108, as: UInt32.self)
      h.storeBytes(of: stamp.changedSeconds.littleEndian, toByteOffset: 112, as: Int64.self)
      h.storeBytes(of: stamp.changedNanoseconds.littleEndian, toByteOffset: 120, as: Int64.self)
    }
    return AtomicFile.write(to: file(for: absolutePath, in: directory)) { (fd) -> Bool in
      header.withUnsafeBytes { Descriptor.writeAll(fd, $0) == nil } && body.write(to: fd)
    }
  }

  private static func makeDirectory(_ directory: String) {
    var path = ""
    for part in directory.split(separator: "/") {
      path += "/" + part
      mkdir(path, 0o700)
    }
  }
}

/// The body of a cache file being written, in one buffer of 8-byte-aligned parts.
private struct CacheWriter: ~Copyable {
  private var buffer = GrowableArray<UInt8>(capacity: 1 << 16)

  var count: Int { buffer.count }

  mutating func reserve(_ total: Int) { buffer.reserveCapacity(total) }

  mutating func append(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append(bytes: $0) }
  }

  mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
    buffer.append(contentsOf: bytes)
    while buffer.count % 8 != 0 { buffer.append(0) }
  }

  mutating func append(words: [UInt32]) {
    words.withUnsafeBufferPointer { append(words: $0) }
  }

  mutating func append(words: UnsafeBufferPointer<UInt32>) {
    for word in words {
      withUnsafeBytes(of: word.littleEndian) {
        buffer.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self))
      }
    }
    while buffer.count % 8 != 0 { buffer.append(0) }
  }

  func checksum() -> UInt64 {
    FastHash.piecewiseHash(UnsafeRawBufferPointer(buffer.buffer))
  }

  func write(to fd: Int32) -> Bool {
    Descriptor.writeAll(fd, UnsafeRawBufferPointer(buffer.buffer)) == nil
  }
}
