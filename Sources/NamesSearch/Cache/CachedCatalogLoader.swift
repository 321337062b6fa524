/// Loads a list through its `IndexCache` file: maps the index when it is current, else
/// reads the list and hands back a writer for a fresh index.
///
/// ```swift
/// let loaded = try CachedCatalogLoader.load(contentsOfFile: "big.plist", cacheDirectory: dir)
/// print(loaded.catalog.nameCount)
/// loaded.writeCache()   // after the answer is out: no-op on a cache hit
/// ```
public struct CachedCatalogLoader {
  /// Where the catalog came from.
  public enum Origin: Sendable, Equatable {
    /// Mapped from a current cache file; `writeCache()` stores the reading keys the run
    /// made, if it made some.
    case cache
    /// Read from the list; `writeCache()` stores its index.
    case list
    /// Read from the list; no cache is used for it (no folder, not a regular file).
    case uncached
  }

  /// The catalog.
  public let catalog: Catalog
  /// Where it came from.
  public let origin: Origin
  private let store: ((() -> Bool) -> Bool)?

  /// Loads the list at `path`, through the cache in `cacheDirectory` when given. Both are
  /// used byte for byte: the cache file is named after the bytes of `path`'s absolute form
  /// (`realpath`), so two paths that differ only in bytes that are not UTF-8 never share
  /// one. Errors name the file as `path.description` shows it.
  ///
  /// The list is read with `options`, which are part of the index's identity: each set of
  /// options keeps its own cache file, and the index of one is never used for another
  /// (`CacheIdentity`). Every format is cached whose file has a stamp; the stamp of the
  /// list's `-wal` file (an SQLite database's write-ahead log) is checked too.
  ///
  /// - Throws: `LoadError` as `CatalogLoader.load(contentsOfFile:maximumSize:options:progress:)`.
  public static func load(
    contentsOfFile path: PathName, cacheDirectory: PathName?,
    maximumSize: Int = FileReader.defaultMaximumSize, options: LoadOptions = .default,
    progress: CatalogLoader.Progress? = nil
  ) throws(LoadError) -> CachedCatalogLoader {
    try load(
      contentsOfFile: path, cacheDirectory: cacheDirectory, maximumSize: maximumSize,
      options: options, readers: .standard, progress: progress)
  }

  /// `load(contentsOfFile:cacheDirectory:maximumSize:progress:)` with the reader for each
  /// format taken from `readers`.
  ///
  /// A reader that opens its file by path (`ListAccess.path`) is given the resolved path
  /// that was opened and stamped once; the rest of the file is then read through that same
  /// open file for the content hash the index records, and an index is stored only if the
  /// path still names a file with that stamp, so the index describes the file that was read.
  ///
  /// - Throws: `LoadError` as `CatalogLoader.load(from:readers:progress:)`.
  static func load(
    contentsOfFile path: PathName, cacheDirectory: PathName?, maximumSize: Int,
    options: LoadOptions = .default, readers: ListReaders, progress: CatalogLoader.Progress?
  ) throws(LoadError) -> CachedCatalogLoader {
    // One open of the resolved path gives both the stamp the cache is checked against and
    // the bytes that are read, so the two always describe the same file.
    guard let directory = cacheDirectory, let absolute = absolutePath(of: path) else {
      let reader = try FileReader(path: path, maximumSize: maximumSize)
      let catalog = try CatalogLoader.load(
        from: reader, readers: readers, options: options, progress: progress
      )
      .catalog
      return CachedCatalogLoader(catalog: catalog, origin: .uncached, store: nil)
    }
    let source = path.description
    let reader = try FileReader(path: absolute, source: source, maximumSize: maximumSize)
    guard let stamp = reader.stamp else {
      let catalog = try CatalogLoader.load(
        from: reader, readers: readers, options: options, progress: progress
      )
      .catalog
      return CachedCatalogLoader(catalog: catalog, origin: .uncached, store: nil)
    }
    // The `-wal` file is stamped before the list is read, and again before the index is
    // stored: an index is kept only of what one state of both gave.
    let identity = CacheIdentity(absolutePath: absolute, options: options)
    // The Unicode version is worked out once, and only when a cache file is read or written.
    let unicode = UnicodeVersionOnce(directory: directory)
    if let cached = IndexCache.read(
      for: absolute, stamp: stamp, identity: identity, in: directory,
      unicodeVersion: { unicode.value })
    {
      // The same limits as a load from the list: the answer never depends on the cache.
      var expansion = ExpansionLimit(
        inputSize: Int(stamp.size), maximumSize: maximumSize, source: source)
      try expansion.add(cached)
      // Reading keys and a sounds-like index this run makes are kept beside the index
      // (`ReadingCache`, `PhoneticCache`).
      let store = { (shouldStop: () -> Bool) -> Bool in
        var wrote = false
        if let location = cached.readingLocation, let keys = cached.madeReadingKeys {
          wrote = ReadingCache.write(keys, to: location, shouldStop: shouldStop)
        }
        if let location = cached.phoneticLocation, let index = cached.madePhoneticIndex {
          wrote =
            PhoneticCache.write(
              index, nameCount: cached.nameCount, to: location, shouldStop: shouldStop) || wrote
        }
        // An index written before its n-gram index was, or whose n-gram file was lost.
        if let location = cached.trigramLocation, cached.lacksTrigramIndex {
          wrote =
            IndexCache.writeTrigramIndex(of: cached, to: location, shouldStop: shouldStop)
            || wrote
        }
        return wrote
      }
      return CachedCatalogLoader(catalog: cached, origin: .cache, store: store)
    }
    let (catalog, access) = try CatalogLoader.load(
      from: reader, readers: readers, options: options, progress: progress)
    var pathUnchanged = true
    if access == .path {
      // The reader opened the path itself: hash the open file's bytes, and check that the
      // path still names the file that was stamped.
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      while let count = try? reader.read(into: &chunk), count > 0 {}
      pathUnchanged = SourceStamp(path: absolute) == stamp
    }
    // Store an index only of what was read whole, from a list that did not change meanwhile.
    let complete =
      pathUnchanged && reader.reachedEnd && UInt64(reader.bytesRead) == stamp.size
    let sourceHash = reader.contentHash.finalize()
    let store = { (shouldStop: () -> Bool) -> Bool in
      guard complete, reader.currentStamp == stamp,
        CacheIdentity.companionStamp(of: absolute) == identity.companionStamp,
        Self.indexSizeIsReasonable(for: catalog, listSize: Int(stamp.size))
      else { return false }
      return IndexCache.writeWithReadings(
        catalog, for: absolute, stamp: stamp, sourceHash: sourceHash, identity: identity,
        in: directory, unicodeVersion: unicode.value, shouldStop: shouldStop)
    }
    return CachedCatalogLoader(catalog: catalog, origin: .list, store: store)
  }

  /// Whether the index of `catalog` (names, folded keys, further keys, records and their
  /// offsets, about all their bytes + 12 bytes a name; an upper bound, as keys that are their
  /// names are stored once) stays within `IndexSizeLimit` of the list's size: an
  /// early refusal before anything is written (`IndexCache.write` checks the exact size of
  /// the file against the same limit). A binary list that references the same strings over
  /// and over can load within `ExpansionLimit` yet make an index a hundred times its size;
  /// such a list is searched without writing one, so no list can fill the cache folder.
  static func indexSizeIsReasonable(for catalog: Catalog, listSize: Int) -> Bool {
    indexSizeIsReasonable(
      nameBytes: catalog.names.bytes.count,
      keyBytes: catalog.defaultKeys.bytes.count + (catalog.furtherKeys?.texts.bytes.count ?? 0)
        + (catalog.records?.bytes.count ?? 0),
      names: catalog.names.count, listSize: listSize)
  }

  /// `indexSizeIsReasonable(for:listSize:)` from the counts: bytes of names and keys, names.
  static func indexSizeIsReasonable(nameBytes: Int, keyBytes: Int, names: Int, listSize: Int)
    -> Bool
  {
    let estimate = nameBytes + keyBytes + 12 * names
    return IndexSizeLimit.allows(estimate, listSize: UInt64(clamping: listSize))
  }

  /// `load(contentsOfFile:cacheDirectory:maximumSize:progress:)` with the paths given as
  /// text, which names every path whose bytes are valid UTF-8 (use `PathName` for the
  /// others). A cache folder holding U+0000 means no cache.
  ///
  /// - Throws: `LoadError` as the `PathName` form; `unreadable("Invalid argument")` when
  ///   `path` holds U+0000.
  public static func load(
    contentsOfFile path: String, cacheDirectory: String?,
    maximumSize: Int = FileReader.defaultMaximumSize, options: LoadOptions = .default,
    progress: CatalogLoader.Progress? = nil
  ) throws(LoadError) -> CachedCatalogLoader {
    guard let name = PathName(path) else { throw FileReader.nulInPath(path, source: nil) }
    return try load(
      contentsOfFile: name, cacheDirectory: cacheDirectory.flatMap(PathName.init),
      maximumSize: maximumSize, options: options, progress: progress)
  }

  /// Writes the index if the catalog was read from the list, and the reading keys beside it
  /// (`ReadingCache`) if this run made them; returns whether the index was written (from a
  /// list) or the reading keys were (from the cache). Any failure means no cache, never an
  /// error (see `IndexCache.write`); when `shouldStop` answers true between chunks, the
  /// write is abandoned and leaves nothing.
  @discardableResult
  public func writeCache(shouldStop: () -> Bool = { false }) -> Bool {
    store?(shouldStop) ?? false
  }

  /// `path` made absolute with links resolved (`realpath(3)`), on bytes.
  private static func absolutePath(of path: PathName) -> PathName? {
    FileSystem.resolvedPath(path)
  }
}

/// The running standard library's Unicode version for one cache folder, worked out on first
/// use (`ToolchainUnicodeVersion`).
private final class UnicodeVersionOnce {
  private let directory: PathName
  private lazy var version = ToolchainUnicodeVersion.current(rememberedIn: directory)

  init(directory: PathName) { self.directory = directory }

  var value: UnicodeVersion { version }
}
