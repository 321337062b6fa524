/// The compact binary index of a list, written after the first load and mapped with `mmap`
/// on later runs, so a query on a million names reads no XML and folds nothing.
///
/// One file per list and set of load options, `<directory>/<FNV-1a-64 of the absolute
/// path's bytes>.idx` (the bytes `realpath` gives, whatever their encoding; see `PathName`),
/// followed, for options other than the defaults, by a zero byte and the options' bytes
/// (`CacheIdentity.optionsBytes`), laid out as a 184-byte header (`CacheHeader`, its fields
/// by name) then 8-byte-aligned arrays (all little-endian):
///
/// | part | contents |
/// | --- | --- |
/// | header | magic `NSIDX\0\0\u{1}`, `version(unicode:)`, the list's `SourceStamp` (size, times, inode, device) and content hash (`FastHash`), counts (titles, names, keys, owners, further keys, records), checksum (`IndexChecksum`), the load options' hash and the `-wal` file's stamp (`CacheIdentity`) |
/// | path | the list's absolute path, byte for byte |
/// | titles | end offsets (`UInt32`) then UTF-8, in display order |
/// | sections | `(lower, upper)` name ranges (`UInt32` pairs), in display order |
/// | names | end offsets then UTF-8, exactly as in the list |
/// | keys | end offsets then the folded UTF-8 (`MatchOptions.default`), one or more per name; not stored when every name is its own one key (`CacheHeader.keysAreNames`: the names are the keys) |
/// | owners | the name of each key (`UInt32`, ascending), or nothing when key k is name k's |
/// | further keys | end offsets then UTF-8, unfolded (`Catalog.furtherKeys`; their owners are those of each name's keys after its first) |
/// | records | end offsets then each name's record as JSON text (`Catalog.records`), or nothing; checked apart (below) |
/// | block digests | XXH3-64 of each 1 KiB block of the body up to the records (`BlockChecksums`) |
///
/// A cache file is used only if everything checks: magic, version (format, folding rule and
/// the standard library's Unicode version), path, the list's size, modification and
/// status-change times, inode and device, the load options and the `-wal` file's stamp, the
/// checksum (XXH3-64 of the header and the block digests) and every block's digest, and
/// the structure (offsets in bounds and ascending, ranges covering every name, owners
/// ascending and naming names), and what a list reader checks of the titles (not empty, no
/// two alike or canonically equivalent: `SectionTitles`) and that they are stored in
/// `SectionOrder`, so a file forged with a recomputed checksum (XXH3 is no MAC) can never
/// show sections or titles the list could not, nor read out of bounds or crash (names that
/// are not UTF-8 show U+FFFD, and are read by reading as such: `UTF8Decoding`). What such a
/// file cannot be kept from is keys that are not its names' folds (or, with
/// `CacheHeader.keysAreNames`, names that are not their own folds): it may then find other
/// names than the list would, as it always could. The file's size is checked first, from `stat` and the
/// header alone: within `IndexSizeLimit` of the list's size (the limit the writer keeps)
/// and exactly what the header describes; only then is the file mapped. A file of another format (3 and before: one key per name,
/// no owners) is refused by its version and rebuilt. When the
/// list's modification time is within two seconds of the cache's own (an edit the clock may
/// not show), the list's content hash is compared as well. Anything else is ignored, and the
/// caller rebuilds and replaces it.
///
/// The records (the JSON text only `--json` prints) are the largest part of a list of
/// records and most queries never show them, so they have their own digest in the header
/// (`CacheHeader.recordsChecksum`) and are checked, offsets and digest, only when the load
/// wants them (`LoadOptions.keepsRecords`); a query that does not want them reads an index
/// of records at the cost of one of names. A list loaded without its records stores an index
/// that says so (`CacheHeader.recordsDropped`); a load that wants them reads the list again.
///
/// A one-word query (`IndexedQuery`) reads the file another way: the header, the block
/// digests (against the checksum), the path, titles and sections as above, then only the
/// blocks it touches, each checked against its digest when first read, and the offsets of
/// each key and name it reads checked to lie in order within their part.
///
/// The reading keys a run makes (`ReadingKeys`, for searches by reading) are kept in a file
/// of their own beside the index, `<the same 16 hex digits>.rdg`, bound to the index's
/// checksum (`ReadingCache`): made once, mapped by later runs; so are the sounds-like index
/// (`.snd`, `PhoneticCache`) and the n-gram index (`.tri`, `TrigramCache`).
///
/// Writing never changes the caller's outcome: the file is streamed from the catalog's own
/// buffers (no copy of the index in memory) to a temporary file in the same folder, flushed
/// and renamed into place (`AtomicFile`), so a crash never leaves a partial index; any
/// failure (a full disk, `EFBIG` past the file-size limit, an allocation refused, a stop
/// requested) removes the temporary file and means "no cache". Temporary files that killed
/// runs left behind are swept on the next write.
package enum IndexCache {
  /// The layout's version, raised whenever the layout or the checksum changes (4: the key
  /// count and the keys' owners, so a name may have several keys; 5: the load options, the
  /// `-wal` file's stamp, further keys and records; 6: the records checked apart, only when
  /// wanted, and whether they were left out; 7: keys that are the names, byte for byte,
  /// not stored twice; 8: a digest for each 4 KiB block, so a query checks what it reads;
  /// 9: made sections ordered by the system ICU's root collation, `RootCollation`, where
  /// Foundation's had ordered them; 10: blocks of 1 KiB, `BlockChecksums.blockSize`).
  static let formatVersion: UInt32 = 10
  /// The header's size in bytes (`CacheHeader.size`).
  static let headerSize = CacheHeader.size
  /// Where the header keeps the checksum (8 bytes).
  static let checksumOffset = CacheHeader.checksumOffset
  /// How old a temporary file must be before a later write removes it as left by a killed
  /// run: one hour (a write takes seconds).
  static let staleTemporaryAge = 3_600

  /// The version a cache file records and must match: the layout's version (bits 24–31),
  /// `TextFolder.ruleVersion` (bits 16–23), and the Unicode version of the character data
  /// the keys were folded with (major in bits 8–15, minor in bits 0–7), so that an index
  /// folded by other rules or under other Unicode tables is never used.
  static func version(unicode: UnicodeVersion) -> UInt32 {
    formatVersion << 24 | (TextFolder.ruleVersion & 0xFF) << 16 | UInt32(unicode.major) << 8
      | UInt32(unicode.minor)
  }

  /// The cache folder: `$XDG_CACHE_HOME/names-search`, else `$HOME/.cache/names-search`,
  /// or `nil` when neither variable is set to an absolute path. The variables' values are
  /// taken byte for byte (read them with `getenv`, not `ProcessInfo.environment`, which
  /// replaces bytes that are not UTF-8), so the folder made is the one they name.
  ///
  /// - Parameters:
  ///   - cacheHome: `XDG_CACHE_HOME` (XDG Base Directory Specification 0.8), if set.
  ///   - home: `HOME`, if set.
  package static func defaultDirectory(cacheHome: PathName?, home: PathName?) -> PathName? {
    if let cacheHome, cacheHome.isAbsolute { return cacheHome.appending("names-search") }
    if let home, home.isAbsolute { return home.appending(".cache/names-search") }
    return nil
  }

  /// The cache file for the list at `absolutePath` read with `options`:
  /// `<directory>/<16 hex digits>.idx`, the digits those of the FNV-1a-64 hash of the path's
  /// bytes, followed for options other than the defaults by a zero byte (which no path
  /// holds) and the options' bytes (`CacheIdentity.optionsBytes`).
  package static func file(
    for absolutePath: PathName, options: LoadOptions = .default, in directory: PathName
  ) -> PathName {
    directory.appending(fileName(for: absolutePath.bytes, options: options))
  }

  /// `file(for:options:in:)` with paths given as text (their UTF-8 bytes).
  package static func file(
    for absolutePath: String, options: LoadOptions = .default, in directory: String
  ) -> String {
    directory + "/" + fileName(for: Array(absolutePath.utf8), options: options)
  }

  /// `fileName(for:)` of the path's bytes and, for options other than the defaults, a zero
  /// byte and the options' bytes.
  static func fileName(for pathBytes: [UInt8], options: LoadOptions) -> String {
    let optionsBytes = CacheIdentity(options: options, companionStamp: 0).optionsBytes
    return fileName(for: optionsBytes.isEmpty ? pathBytes : pathBytes + [0] + optionsBytes)
  }

  /// `<FNV-1a-64 of pathBytes, 16 lower-case hex digits>.idx`.
  static func fileName(for pathBytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in pathBytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + ".idx"
  }

  // MARK: - Reading

  /// The catalog stored for the list at `absolutePath` with stamp `stamp`, or `nil` if
  /// there is no usable cache file. `unicodeVersion` is the Unicode version the keys must
  /// have been folded under: by default the running standard library's
  /// (`ToolchainUnicodeVersion`, remembered in `directory`).
  ///
  /// - Complexity: O(n) in the cache file's size (checksum and structure checks), O(1) for
  ///   a file whose size or header is wrong (nothing is mapped).
  package static func read(
    for absolutePath: PathName, stamp: SourceStamp, identity: CacheIdentity = .default,
    in directory: PathName, unicodeVersion: UnicodeVersion? = nil
  ) -> Catalog? {
    read(for: absolutePath, stamp: stamp, identity: identity, in: directory) {
      unicodeVersion ?? ToolchainUnicodeVersion.current(rememberedIn: directory)
    }
  }

  /// `read(for:stamp:in:unicodeVersion:)` with paths given as text (valid UTF-8 paths only;
  /// `nil` for one holding U+0000).
  package static func read(
    for absolutePath: String, stamp: SourceStamp, identity: CacheIdentity = .default,
    in directory: String, unicodeVersion: UnicodeVersion? = nil
  ) -> Catalog? {
    guard let path = PathName(absolutePath), let folder = PathName(directory) else { return nil }
    return read(
      for: path, stamp: stamp, identity: identity, in: folder, unicodeVersion: unicodeVersion)
  }

  /// `read(for:stamp:in:unicodeVersion:)`, asking `unicodeVersion` only once a cache file
  /// is there to check.
  static func read(
    for absolutePath: PathName, stamp: SourceStamp, identity: CacheIdentity = .default,
    in directory: PathName, unicodeVersion: () -> UnicodeVersion
  ) -> Catalog? {
    guard
      let file = mapped(
        for: absolutePath, stamp: stamp, identity: identity, in: directory,
        unicodeVersion: unicodeVersion, populating: true)
    else { return nil }
    var reader = CacheReader(bytes: file.bytes)
    var catalog = reader.catalog(
      region: file.region, absolutePath: absolutePath, stamp: stamp, identity: identity,
      version: file.version)
    catalog?.bind(companionsOf: file)
    return catalog
  }

  /// A cache file mapped for reading, its header checked against the list (not yet its
  /// contents): where it is, its bytes, its version and its header's checksum.
  struct MappedFile {
    let path: PathName
    let directory: PathName
    let region: StorageRegion
    let bytes: UnsafeRawBufferPointer
    let version: UInt32
    let checksum: UInt64
    let listSize: UInt64

    /// Where the file named with `suffix` beside this one is kept, bound to this file.
    func companion(_ suffix: String) -> CompanionFile.Location? {
      CompanionFile.path(besideIndex: path, suffix: suffix).map {
        CompanionFile.Location(
          path: $0, directory: directory, version: version, indexChecksum: checksum,
          listSize: listSize)
      }
    }
  }

  /// The cache file of the list at `absolutePath` in `directory`, mapped (its pages read at
  /// once when `populating`), if it is a regular file within `IndexSizeLimit` whose header
  /// describes exactly it and records `stamp` and `identity`; `nil` otherwise.
  ///
  /// - Complexity: O(1), or O(n) in the file's size when populating.
  static func mapped(
    for absolutePath: PathName, stamp: SourceStamp, identity: CacheIdentity,
    in directory: PathName, unicodeVersion: () -> UnicodeVersion, populating: Bool
  ) -> MappedFile? {
    let path = file(for: absolutePath, options: identity.options, in: directory)
    // Never block on a FIFO or follow a link planted where the cache file should be.
    guard let fd = Descriptor.openForReading(path, nonBlocking: true, followsLastLink: false)
    else { return nil }
    defer { Descriptor.closeAfterReading(fd) }
    // A file past the writer's limit, or whose header does not describe exactly it, is
    // refused from a `stat` and its first bytes, before a page of it is mapped.
    guard let info = Descriptor.status(of: fd), info.kind == .regular, info.size >= headerSize,
      IndexSizeLimit.allows(Int(clamping: info.size), listSize: stamp.size)
    else { return nil }
    let unicode = unicodeVersion()
    let size = Int(info.size)
    guard let header = readHeader(fd),
      let fields = try? header.withUnsafeBytes({ (raw) throws(CacheHeader.Refusal) in
        try CacheHeader.decode(raw, fileSize: size, version: version(unicode: unicode))
      }),
      fields.stamp == stamp, fields.optionsHash == identity.optionsHash,
      fields.companionStamp == identity.companionStamp
    else { return nil }
    guard let mapped = SystemMemory.mapFile(fd, bytes: size, populating: populating) else {
      return nil
    }
    return MappedFile(
      path: path, directory: directory,
      region: StorageRegion(base: mapped, byteCount: size, kind: .file),
      bytes: UnsafeRawBufferPointer(start: mapped, count: size),
      version: version(unicode: unicode), checksum: fields.checksum, listSize: stamp.size)
  }

  /// The first `count` bytes of the file open as `fd` (read from its start, where a fresh
  /// descriptor is), or `nil` when it cannot be read or is shorter.
  static func readHeader(_ fd: Int32, count: Int = headerSize) -> [UInt8]? {
    var header = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let count = header.withUnsafeMutableBytes {
        Descriptor.readSome(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
      }
      guard let count, count > 0 else { return nil }
      filled += count
    }
    return header
  }

  // MARK: - Writing

  /// Writes the index of `catalog`, loaded from the list at `absolutePath` whose stamp and
  /// content hash were `stamp` and `sourceHash`, atomically (temporary file, `fsync`,
  /// `rename`), its keys recorded as folded under `unicodeVersion` (by default the running
  /// standard library's). Creates the folder (mode 0700) if needed, and first removes
  /// temporary files of this cache older than `staleTemporaryAge` seconds.
  ///
  /// `shouldStop` is asked between chunks of a few MiB: when it answers true the write is
  /// abandoned and its temporary file removed (the command line stops on a pending SIGINT or
  /// SIGTERM this way).
  ///
  /// - Returns: whether the file was written; a cache that cannot be written is not an error,
  ///   and neither is one that would exceed `IndexSizeLimit` for a list of `stamp.size`
  ///   bytes (the reader would refuse it): none is written.
  ///   Nothing of the size of the index is allocated: the body is streamed from the
  ///   catalog's buffers.
  @discardableResult
  package static func write(
    _ catalog: Catalog, for absolutePath: PathName, stamp: SourceStamp, sourceHash: UInt64,
    identity: CacheIdentity = .default, in directory: PathName,
    unicodeVersion: UnicodeVersion? = nil, shouldStop: () -> Bool = { false }
  ) -> Bool {
    writeIndex(
      catalog, for: absolutePath, stamp: stamp, sourceHash: sourceHash, identity: identity,
      in: directory, unicodeVersion: unicodeVersion, shouldStop: shouldStop) != nil
  }

  /// `write(_:for:stamp:sourceHash:identity:in:unicodeVersion:shouldStop:)`, then the
  /// catalog's reading keys (`ReadingCache`) and sounds-like index (`PhoneticCache`)
  /// beside the index, each when it made it.
  ///
  /// - Returns: whether the index was written (the reading keys may not have been).
  static func writeWithReadings(
    _ catalog: Catalog, for absolutePath: PathName, stamp: SourceStamp, sourceHash: UInt64,
    identity: CacheIdentity, in directory: PathName, unicodeVersion: UnicodeVersion,
    shouldStop: () -> Bool
  ) -> Bool {
    guard
      let checksum = writeIndex(
        catalog, for: absolutePath, stamp: stamp, sourceHash: sourceHash, identity: identity,
        in: directory, unicodeVersion: unicodeVersion, shouldStop: shouldStop)
    else { return false }
    let indexPath = file(for: absolutePath, options: identity.options, in: directory)
    func location(_ path: PathName?) -> CompanionFile.Location? {
      path.map {
        CompanionFile.Location(
          path: $0, directory: directory, version: version(unicode: unicodeVersion),
          indexChecksum: checksum, listSize: stamp.size)
      }
    }
    if let keys = catalog.madeReadingKeys,
      let location = location(ReadingCache.path(besideIndex: indexPath))
    {
      ReadingCache.write(keys, to: location, shouldStop: shouldStop)
    }
    if let index = catalog.madePhoneticIndex,
      let location = location(PhoneticCache.path(besideIndex: indexPath))
    {
      PhoneticCache.write(
        index, nameCount: catalog.nameCount, to: location, shouldStop: shouldStop)
    }
    return true
  }

  /// Makes the n-gram index of `catalog`'s default keys (`TrigramIndex`) and writes it to
  /// `location` (`TrigramCache`); returns whether it was written. Lists smaller than
  /// `TrigramCache.smallestIndexedKeys` bytes of keys get none: a scan of them is as fast.
  ///
  /// - Complexity: O(n) in the keys' total length.
  @discardableResult
  static func writeTrigramIndex(
    of catalog: Catalog, to location: CompanionFile.Location, shouldStop: () -> Bool
  ) -> Bool {
    guard catalog.defaultKeys.bytes.count >= TrigramCache.smallestIndexedKeys, !shouldStop(),
      let index = TrigramIndex(keys: catalog.defaultKeys)
    else { return false }
    return TrigramCache.write(index, to: location, shouldStop: shouldStop)
  }

  /// Writes the index as `write(_:for:stamp:sourceHash:identity:in:unicodeVersion:shouldStop:)`
  /// does; returns its checksum (`CacheHeader.checksum`), or `nil` when none was written.
  static func writeIndex(
    _ catalog: Catalog, for absolutePath: PathName, stamp: SourceStamp, sourceHash: UInt64,
    identity: CacheIdentity = .default, in directory: PathName,
    unicodeVersion: UnicodeVersion? = nil, shouldStop: () -> Bool = { false }
  ) -> UInt64? {
    makeDirectory(directory)
    // A folder that cannot take the file costs nothing more (not the Unicode version).
    guard FileSystem.allowsNewEntries(in: directory) else { return nil }
    sweepStaleTemporaries(in: directory)
    let unicode = unicodeVersion ?? ToolchainUnicodeVersion.current(rememberedIn: directory)
    let pathBytes = absolutePath.bytes
    let titleBytes = catalog.titles.map { Array($0.utf8) }
    var titleEnds: [UInt32] = []
    var titleTotal = 0
    for title in titleBytes {
      titleTotal += title.count
      guard let end = UInt32(exactly: titleTotal) else { return nil }
      titleEnds.append(end)
    }
    var ranges: [UInt32] = []
    for range in catalog.sectionRanges {
      guard let lower = UInt32(exactly: range.lowerBound),
        let upper = UInt32(exactly: range.upperBound)
      else { return nil }
      ranges += [lower, upper]
    }
    let names = catalog.names
    let keys = catalog.defaultKeys
    let further = catalog.furtherKeys?.texts ?? NameStore([String]())
    let records = catalog.records ?? NameStore([String]())
    guard let furtherCount = UInt32(exactly: further.count),
      let furtherBytes = UInt32(exactly: further.bytes.count),
      let recordCount = UInt32(exactly: records.count),
      let recordBytes = UInt32(exactly: records.bytes.count),
      let nameCount = UInt32(exactly: catalog.nameCount),
      let nameBytes = UInt32(exactly: names.bytes.count),
      let keyCount = UInt32(exactly: keys.count),
      let keyBytes = UInt32(exactly: keys.bytes.count),
      let ownerCount = UInt32(exactly: keys.owners.count),
      let titleCount = UInt32(exactly: catalog.titles.count),
      let pathLength = UInt32(exactly: pathBytes.count)
    else { return nil }

    // Names that folding leaves as they are (Han, katakana) are their own keys: when
    // every name is its one key, the keys are not written again (`CacheHeader.keysAreNames`).
    let keysAreNames =
      keys.owners.isEmpty && further.count == 0 && keys.count == names.count
      && keys.ends.buffer.elementsEqual(names.ends.buffer)
      && keys.bytes.count == names.bytes.count
      && (keys.bytes.isEmpty
        || RawBytes.equal(
          keys.bytes.rawBytes.baseAddress!, names.bytes.rawBytes.baseAddress!,
          count: keys.bytes.count))
    var fields = CacheHeader(
      version: version(unicode: unicode), stamp: stamp, created: Descriptor.secondsSinceEpoch(),
      sourceHash: sourceHash, bodySize: 0, titleCount: titleCount, nameCount: nameCount,
      titleBytes: UInt32(titleTotal), nameBytes: nameBytes, keyCount: keyCount,
      keyBytes: keyBytes, ownerCount: ownerCount, pathLength: pathLength,
      optionsHash: identity.optionsHash, companionStamp: identity.companionStamp,
      furtherCount: furtherCount, furtherBytes: furtherBytes, recordCount: recordCount,
      recordBytes: recordBytes, recordsDropped: catalog.recordsDropped && records.count == 0,
      keysAreNames: keysAreNames)
    let bodySize = fields.layout.end - headerSize
    let indexBodySize = fields.layout.indexEnd - headerSize
    // The reader refuses a file past the limit: never write one.
    guard IndexSizeLimit.allows(headerSize + bodySize, listSize: stamp.size) else { return nil }
    fields.bodySize = UInt64(bodySize)
    // The checksums are filled in once the body is written.
    let header = fields.encode()

    let target = file(for: absolutePath, options: identity.options, in: directory)
    var checksum: UInt64?
    let written = AtomicFile.write(to: target, size: headerSize + bodySize) { (fd) -> Bool in
      guard var body = StreamingBodyWriter(descriptor: fd, indexBodySize: indexBodySize),
        header.withUnsafeBytes({ Descriptor.writeAll(fd, $0) == nil })
      else { return false }
      guard body.append(bytes: pathBytes, shouldStop: shouldStop),
        body.append(words: titleEnds, shouldStop: shouldStop),
        body.append(bytes: titleBytes.flatMap { $0 }, shouldStop: shouldStop),
        body.append(words: ranges, shouldStop: shouldStop),
        body.append(words: names.ends.buffer, shouldStop: shouldStop),
        body.append(bytes: names.bytes.buffer, shouldStop: shouldStop),
        keysAreNames ? true : body.append(words: keys.ends.buffer, shouldStop: shouldStop),
        keysAreNames ? true : body.append(bytes: keys.bytes.buffer, shouldStop: shouldStop),
        body.append(words: keys.owners.buffer, shouldStop: shouldStop),
        body.append(words: further.ends.buffer, shouldStop: shouldStop),
        body.append(bytes: further.bytes.buffer, shouldStop: shouldStop),
        body.append(words: records.ends.buffer, shouldStop: shouldStop),
        body.append(bytes: records.bytes.buffer, shouldStop: shouldStop),
        let digested = body.finish()
      else { return false }
      let (digests, recordsDigest) = digested
      let table = digests.map(\.littleEndian)
      guard table.count == fields.layout.blockCount,
        table.withUnsafeBytes({ Descriptor.writeAll(fd, $0) == nil })
      else { return false }
      var finished = fields
      finished.recordsChecksum = recordsDigest
      var bytes = finished.encode()
      finished.checksum = bytes.withUnsafeBytes { header in
        table.withUnsafeBytes {
          BlockChecksums.checksum(header: header, checksumOffset: checksumOffset, digests: $0)
        }
      }
      bytes = finished.encode()
      checksum = finished.checksum
      return bytes.withUnsafeBytes { Descriptor.overwrite(fd, at: 0, with: $0) }
    }
    return written ? checksum : nil
  }

  /// Makes the block digests and the checksum of a whole index file held in memory right
  /// for its bytes, as the writer (which streams them) would have: for the tools and tests
  /// that make or forge files. Returns false, changing nothing, when the header does not
  /// describe the file (`CacheHeader.decode`, with the version the file records).
  ///
  /// - Complexity: O(n) in the file's size.
  @discardableResult
  static func seal(_ file: UnsafeMutableRawBufferPointer) -> Bool {
    let bytes = UnsafeRawBufferPointer(file)
    guard file.count >= headerSize,
      let header = try? CacheHeader.decode(
        bytes,
        version: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
    else { return false }
    let layout = header.layout
    let digests = BlockChecksums.digests(of: [
      UnsafeRawBufferPointer(rebasing: bytes[headerSize..<layout.indexEnd])
    ])
    for (i, digest) in digests.enumerated() {
      file.storeBytes(
        of: digest.littleEndian, toByteOffset: layout.digests + 8 * i, as: UInt64.self)
    }
    let checksum = BlockChecksums.checksum(
      header: UnsafeRawBufferPointer(rebasing: bytes[..<headerSize]),
      checksumOffset: checksumOffset,
      digests: UnsafeRawBufferPointer(rebasing: bytes[layout.digests..<layout.end]))
    file.storeBytes(of: checksum.littleEndian, toByteOffset: checksumOffset, as: UInt64.self)
    return true
  }

  /// `write(_:for:stamp:sourceHash:in:unicodeVersion:shouldStop:)` with paths given as
  /// text (valid UTF-8 paths only; `false` for one holding U+0000).
  @discardableResult
  package static func write(
    _ catalog: Catalog, for absolutePath: String, stamp: SourceStamp, sourceHash: UInt64,
    identity: CacheIdentity = .default, in directory: String,
    unicodeVersion: UnicodeVersion? = nil, shouldStop: () -> Bool = { false }
  ) -> Bool {
    guard let path = PathName(absolutePath), let folder = PathName(directory) else {
      return false
    }
    return write(
      catalog, for: path, stamp: stamp, sourceHash: sourceHash, identity: identity, in: folder,
      unicodeVersion: unicodeVersion, shouldStop: shouldStop)
  }

  /// Creates the absolute folder `directory` and its missing parents, mode 0700, on bytes.
  static func makeDirectory(_ directory: PathName) {
    var path: [UInt8] = []
    for part in directory.bytes.split(separator: 0x2F) {
      path += [0x2F] + part
      if let prefix = PathName(bytes: path) { FileSystem.makeDirectory(prefix, mode: 0o700) }
    }
  }

  // MARK: - Stale temporary files

  /// Removes what killed runs left in `directory`: regular files owned by this user, named
  /// as `AtomicFile` names the temporary files of a cache file or of the Unicode version
  /// memo (`<16 hex digits>.idx.tmp-XXXXXX`, `<16 hex digits>.rdg.tmp-XXXXXX` for the
  /// reading keys beside an index, `.snd.tmp-XXXXXX` for its sounds-like index and
  /// `.tri.tmp-XXXXXX` for its n-gram index,
  /// `unicode-version.tmp-XXXXXX`), and last
  /// modified more than `olderThan` seconds ago. Anything else is left alone.
  ///
  /// - Returns: the number of files removed.
  @discardableResult
  static func sweepStaleTemporaries(
    in directory: PathName, olderThan age: Int = staleTemporaryAge
  ) -> Int {
    guard let folder = DirectoryListing(directory) else { return 0 }
    let now = Descriptor.secondsSinceEpoch()
    var removed = 0
    while let name = folder.nextName() {
      guard isTemporaryName(name), let info = folder.status(ofEntry: name),
        info.kind == .regular, info.isOwnedByCurrentUser
      else { continue }
      if info.modified.seconds < now - Int64(age) && folder.removeEntry(name) {
        removed += 1
      }
    }
    return removed
  }

  /// Whether `name` is that of a temporary file of this cache (see `sweepStaleTemporaries`).
  static func isTemporaryName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    // mkstemp's six characters: ASCII letters and digits.
    func endsWithSix(from start: Int) -> Bool {
      bytes.count == start + 6
        && bytes[start...].allSatisfy {
          (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        }
    }
    let memo = Array((ToolchainUnicodeVersion.fileName + ".tmp-").utf8)
    if bytes.starts(with: memo) { return endsWithSix(from: memo.count) }
    // An index file's, or the reading keys' or sounds-like index's beside it
    // (`ReadingCache`, `PhoneticCache`, `TrigramCache`).
    let kinds = [".idx.tmp-", ".rdg.tmp-", ".snd.tmp-", ".tri.tmp-"].map { Array($0.utf8) }
    guard bytes.count > 16,
      bytes[..<16].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
      let kind = kinds.first(where: { bytes[16...].starts(with: $0) })
    else { return false }
    return endsWithSix(from: 16 + kind.count)
  }
}

/// The body of a cache file being written, up to its block digests: each part is written
/// straight from where it lies, padded to 8 bytes, and fed on the way to the index part's
/// block digests (its first `indexBodySize` bytes) or to the records part's digest (the rest).
private struct StreamingBodyWriter: ~Copyable {
  /// The most bytes written between two calls of `shouldStop`.
  static let chunk = 4 << 20
  private let descriptor: Int32
  private var hasher = BlockChecksums.Hasher()
  private var records: StreamingDigest
  /// Bytes of the index part still to come.
  private var indexLeft: Int

  /// A writer to `descriptor` of a body whose index part is `indexBodySize` bytes; `nil` if
  /// a checksum's state cannot be allocated.
  init?(descriptor: Int32, indexBodySize: Int) {
    guard let records = StreamingDigest() else { return nil }
    self.descriptor = descriptor
    self.records = records
    self.indexLeft = indexBodySize
  }

  mutating func append(bytes: [UInt8], shouldStop: () -> Bool) -> Bool {
    bytes.withUnsafeBufferPointer { append(bytes: $0, shouldStop: shouldStop) }
  }

  mutating func append(bytes: UnsafeBufferPointer<UInt8>, shouldStop: () -> Bool) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    var offset = 0
    while offset < raw.count {
      if shouldStop() { return false }
      let part = UnsafeRawBufferPointer(
        rebasing: raw[offset..<min(raw.count, offset + Self.chunk)])
      guard put(part) else { return false }
      offset += part.count
    }
    return pad(after: raw.count)
  }

  mutating func append(words: [UInt32], shouldStop: () -> Bool) -> Bool {
    words.withUnsafeBufferPointer { append(words: $0, shouldStop: shouldStop) }
  }

  /// Appends `words` little-endian.
  mutating func append(words: UnsafeBufferPointer<UInt32>, shouldStop: () -> Bool) -> Bool {
    #if _endian(little)
      return append(
        bytes: UnsafeRawBufferPointer(words).assumingMemoryBound(to: UInt8.self),
        shouldStop: shouldStop)
    #else
      var converted = [UInt32](repeating: 0, count: min(words.count, Self.chunk / 4))
      var offset = 0
      while offset < words.count {
        if shouldStop() { return false }
        let count = min(converted.count, words.count - offset)
        for i in 0..<count { converted[i] = words[offset + i].littleEndian }
        guard
          converted.withUnsafeBytes({ put(UnsafeRawBufferPointer(rebasing: $0[..<(4 * count)])) })
        else { return false }
        offset += count
      }
      return pad(after: 4 * words.count)
    #endif
  }

  /// Writes the zeros that bring a part of `count` bytes to a multiple of 8.
  private mutating func pad(after count: Int) -> Bool {
    let zeros: UInt64 = 0
    return withUnsafeBytes(of: zeros) {
      put(UnsafeRawBufferPointer(rebasing: $0[..<((8 - count % 8) % 8)]))
    }
  }

  private mutating func put(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard !bytes.isEmpty else { return true }
    let split = min(indexLeft, bytes.count)
    hasher.update(UnsafeRawBufferPointer(rebasing: bytes[..<split]))
    records.update(UnsafeRawBufferPointer(rebasing: bytes[split...]))
    indexLeft -= split
    return Descriptor.writeAll(descriptor, bytes) == nil
  }

  /// The index part's block digests and the records part's digest, once the body up to
  /// the block digests is written; `nil` if the index part was not `indexBodySize` bytes.
  mutating func finish() -> ([UInt64], UInt64)? {
    guard indexLeft == 0 else { return nil }
    return (hasher.finish(), records.digest())
  }
}
