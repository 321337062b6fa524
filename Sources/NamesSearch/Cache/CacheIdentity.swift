/// What an index depends on besides its list's path and `SourceStamp`: the `LoadOptions`
/// the list was read with (a different `--key` reads other names from the same file, a
/// different `--locale` files and orders them otherwise) and
/// the stamp of the list's `-wal` file (SQLite's write-ahead log: committed rows there change
/// the answer without touching the main file).
///
/// The options are part of the cache file's name (`IndexCache.file(for:options:in:)`), so
/// each set of options keeps its own index, and both are recorded in the header and checked
/// on every read.
package struct CacheIdentity: Sendable, Equatable {
  /// The options the list is read with.
  package var options: LoadOptions
  /// `companionStamp(of:)` of the list's `-wal` file.
  package var companionStamp: UInt64

  /// The identity of the list at `absolutePath` read with `options`, its `-wal` file
  /// stamped now.
  package init(absolutePath: PathName, options: LoadOptions) {
    self.options = options
    self.companionStamp = Self.companionStamp(of: absolutePath)
  }

  /// An identity from its parts.
  package init(options: LoadOptions, companionStamp: UInt64) {
    self.options = options
    self.companionStamp = companionStamp
  }

  /// The default options and no `-wal` file.
  package static let `default` = CacheIdentity(options: .default, companionStamp: 0)

  /// The options as bytes, one field after another, each a tag, a 32-bit little-endian
  /// length and its UTF-8 (key paths as `RecordKeyPath.description`), so that two
  /// different sets of options never encode alike. Empty for the default options.
  ///
  /// - Complexity: O(n) in the options' total length.
  package var optionsBytes: [UInt8] {
    guard options != .default else { return [] }
    var bytes: [UInt8] = []
    func put(_ tag: Character, _ text: String?) {
      guard let text else { return }
      bytes.append(UInt8(ascii: tag.unicodeScalars.first!))
      let count = UInt32(truncatingIfNeeded: text.utf8.count)
      for shift in stride(from: 0, to: 32, by: 8) {
        bytes.append(UInt8(truncatingIfNeeded: count >> shift))
      }
      bytes.append(contentsOf: text.utf8)
    }
    put("f", options.format?.identifier)
    put("t", options.table)
    put("k", options.fields.name?.description)
    for key in options.fields.search { put("s", key.description) }
    put("c", options.fields.section?.description)
    put("l", options.locale?.identifier)
    return bytes
  }

  /// XXH64 of `optionsBytes`, as the header records it; 0 for the default options.
  package var optionsHash: UInt64 {
    let bytes = optionsBytes
    return bytes.isEmpty ? 0 : bytes.withUnsafeBytes { FastHash.hash($0) }
  }

  /// A hash of the status (size, times, inode, device) of the file `<absolutePath>-wal`, or
  /// 0 when there is none (or it is not a regular file it can read).
  ///
  /// - Complexity: O(1): one `open` and `fstat`.
  package static func companionStamp(of absolutePath: PathName) -> UInt64 {
    guard let wal = PathName(bytes: absolutePath.bytes + Array("-wal".utf8)),
      let stamp = SourceStamp(path: wal)
    else { return 0 }
    let words: [UInt64] = [
      stamp.size, UInt64(bitPattern: stamp.modifiedSeconds),
      UInt64(bitPattern: stamp.modifiedNanoseconds), UInt64(bitPattern: stamp.changedSeconds),
      UInt64(bitPattern: stamp.changedNanoseconds), stamp.inode, stamp.device,
    ].map(\.littleEndian)
    // Never 0, which means "no -wal file".
    return max(1, words.withUnsafeBytes { FastHash.hash($0) })
  }
}
