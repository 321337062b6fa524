/// One query answered from a list's index file, reading and checking only what it touches:
/// the header, titles and sections; the postings of the term's trigrams (`TrigramCache`);
/// the keys those name (every key, a window at a time, for a term shorter than a trigram
/// or too common for the n-gram index, but for the groups of keys that lack a byte of a
/// short term, `KeyByteSets`); when readings apply, the reading keys' own file
/// (`ReadingCache`), checked and scanned whole; the names it matches. A query that finds a
/// few names in a million hashes a few hundred 1 KiB blocks of the index, not the 38 MB,
/// and maps no page of it that it does not read; one that reads much of it releases the
/// pages it has done with (`FrozenArray.releasePages`).
///
/// Every part is checked before it is read: its blocks against the index's block digests
/// (`BlockChecksums`, vouched for by the header's checksum), and each key's or name's
/// offsets to lie in order within their part. Any check that fails, a query this path does
/// not answer (more than one word, typos, sounds-like, an empty folded term, options other
/// than the index's keys', a term of three bytes or more before the n-gram index is
/// written, which lists under 256 KiB of keys never get), or a file it needs that is not there (the reading keys' file, when readings
/// apply) gives `nil`: the caller then loads the list through `CachedCatalogLoader`, which
/// checks the whole index (and rebuilds a damaged one), so the answer never depends on
/// the path taken.
///
/// The result's catalog has only those parts checked: print the result (names, section
/// titles, counts, the index strip), and load the list through `CachedCatalogLoader` for
/// anything else.
package enum IndexedQuery {
  /// The answer to `query` over the list at `path`, from its index in `cacheDirectory`
  /// (made with load options `options`), or `nil` when this path does not answer it.
  ///
  /// - Throws: `LoadError` when the index holds more than `maximumSize` allows for the
  ///   list's size, as a load from the list would (`ExpansionLimit`); a list larger than
  ///   `maximumSize` itself is left to the full load, which refuses it as `FileReader` does.
  /// - Complexity: O(b + p + m) in the index's blocks (8 bytes each, read once), the
  ///   postings read, and the candidates' (all the keys', for a term scanned) and
  ///   matches' bytes; plus O(r) in the reading keys' file when readings apply.
  package static func answer(
    _ query: Query, contentsOfFile path: PathName, cacheDirectory: PathName,
    options: LoadOptions, maximumSize: Int = FileReader.defaultMaximumSize
  ) throws(LoadError) -> SearchResult? {
    try answering(
      query, contentsOfFile: path, cacheDirectory: cacheDirectory, options: options,
      maximumSize: maximumSize)?.result
  }

  /// `answer(_:contentsOfFile:cacheDirectory:options:maximumSize:)`, with the index's block
  /// checksums, which tell how much of it was checked.
  static func answering(
    _ query: Query, contentsOfFile path: PathName, cacheDirectory: PathName,
    options: LoadOptions, maximumSize: Int, keysPerWindow: Int = defaultWindowKeys
  ) throws(LoadError) -> (result: SearchResult, blocks: BlockChecksums)? {
    let expression = query.searchedExpression
    guard !options.keepsRecords, !expression.clauses.isEmpty,
      let word = query.singleExactWord(of: expression)
    else { return nil }
    let literal = query.literal(word)
    let matcher = Matcher(query: literal)
    // The index's keys are folded for `MatchOptions.default`, punctuation dropped.
    guard !matcher.foldedTerm.isEmpty,
      literal.options.keyOptions == MatchOptions.default.keyOptions,
      !(matcher.keepsPunctuation && literal.options.foldsAll),
      let absolute = FileSystem.resolvedPath(path), let stamp = SourceStamp(path: absolute),
      // A list over `maximumSize` is refused by the full load, from its size (`FileReader`).
      stamp.size <= UInt64(clamping: maximumSize)
    else { return nil }
    let identity = CacheIdentity(absolutePath: absolute, options: options)
    guard
      let file = IndexCache.mapped(
        for: absolute, stamp: stamp, identity: identity, in: cacheDirectory,
        unicodeVersion: { ToolchainUnicodeVersion.current(rememberedIn: cacheDirectory) },
        populating: false)
    else { return nil }
    var reader = CacheReader(bytes: file.bytes)
    guard
      let lazy = reader.lazyCatalog(
        region: file.region, absolutePath: absolute, stamp: stamp, identity: identity,
        version: file.version)
    else { return nil }
    var catalog = lazy.catalog
    let (blocks, layout) = (lazy.blocks, lazy.layout)
    var expansion = ExpansionLimit(
      inputSize: Int(stamp.size), maximumSize: maximumSize, source: path.description)
    try expansion.add(catalog)
    catalog.bind(companionsOf: file)
    let keys = catalog.defaultKeys
    let hits: KeyHits?
    if matcher.foldedTerm.count >= TrigramIndex.gramLength {
      // Without its n-gram index yet, the full load answers (and writes it).
      guard let index = catalog.trigramIndex else { return nil }
      if let candidates = index.candidates(for: matcher.foldedTerm) {
        hits = checkedHits(
          of: matcher, candidates: candidates, keys: keys, names: catalog.names, layout: layout,
          file: file.bytes, blocks: blocks, keysPerWindow: keysPerWindow)
      } else {
        // A damaged n-gram index is made again by the full load; a term too common for it
        // is scanned.
        guard !index.isDamaged else { return nil }
        hits = scannedHits(
          of: matcher, keys: keys, names: catalog.names, layout: layout, file: file.bytes,
          blocks: blocks, keysPerWindow: keysPerWindow)
      }
    } else {
      // Shorter than an n-gram: every key is scanned, but for the groups of keys that lack
      // one of its bytes, when the n-gram index is there to say which.
      hits = scannedHits(
        of: matcher, keys: keys, names: catalog.names, layout: layout, file: file.bytes,
        blocks: blocks, keysPerWindow: keysPerWindow,
        byteSets: catalog.trigramIndex?.checkedByteSets)
    }
    guard let hits else { return nil }
    // Readings (after the n-gram hits, so that a query the n-gram index cannot answer does
    // not read them for nothing): read from their own file (`ReadingCache`, checked whole
    // against its checksum, which is bound to the index's), never made from the names,
    // which are not checked; without that file, the full load makes them.
    var readingNames: [UInt32] = []
    var readingMatcher: ReadingMatcher?
    if literal.options.searchesReadings, let term = ReadingMatcher.readingTerm(literal.term) {
      guard let location = catalog.readingLocation,
        let readings = ReadingCache.read(at: location, names: catalog.names)
      else { return nil }
      if readings.count > 0 {
        let found = ReadingMatcher(scalars: term, vocabulary: readings.vocabulary)
        guard let names = Searcher.names(readBy: found, in: readings, nil) else { return nil }
        readingNames = names
        readingMatcher = found
      }
    }
    let result = Searcher.result(
      query, catalog, matchedKeys: hits.matched, in: keys, readingNames: readingNames,
      readingMatcher: readingMatcher)
    guard
      namesHold(
        result.matchedNames, in: catalog.names, layout: layout, file: file.bytes, blocks: blocks)
    else { return nil }
    return (result, blocks)
  }

  /// The hits of `matcher` among all the keys, found a window of `keysPerWindow` keys at a
  /// time: the window's end offsets checked against `blocks` and found ascending, from the
  /// end of the key before and within the keys (`CacheReader.wordsAscend`), its bytes
  /// checked, the window scanned (`KeyScanner.scan(_:for:in:into:cancellation:)`, on every
  /// core for a large window), then the pages of the keys and their ends behind it
  /// released, as in `checkedHits`. A term shorter than an n-gram, or too common for the
  /// n-gram index, thus reads each block of the keys once and keeps about a window of them
  /// in memory (all it read, when the keys are the names, which are printed next). With
  /// `byteSets` (the n-gram index's, `KeyByteSets`), the groups of keys that lack a byte of
  /// the term are passed over, neither checked nor read: a window is then the keys from
  /// one group that may hold the term up to the next that cannot, at most `keysPerWindow`.
  /// `nil` if a check fails.
  ///
  /// - Complexity: O(n) in the total length of the keys read, divided across cores, plus
  ///   the blocks first checked and O(g) in the groups.
  static func scannedHits(
    of matcher: Matcher, keys: SearchKeys, names: NameStore, layout: CacheHeader.Layout,
    file: UnsafeRawBufferPointer, blocks: BlockChecksums, keysPerWindow: Int,
    byteSets: KeyByteSets? = nil
  ) -> KeyHits? {
    precondition(keysPerWindow > 0, "a window holds keys")
    let base = IndexCache.headerSize
    let total = keys.bytes.count
    // Keys that are the names (`CacheHeader.keysAreNames`) are printed next: kept.
    let releases = keys.bytes.buffer.baseAddress != names.bytes.buffer.baseAddress
    // Room for every key to be a hit, reserved (address space; pages are touched as hits
    // fill them): grown by doubling instead, a one-letter term's hits were copied into
    // fresh pages that the kernel cleared (15% of cached `a`'s time, `perf record`).
    var hits = KeyHits(raw: [], rejected: [])
    hits.raw.reserveCapacity(keys.count)
    let needed = KeyByteSets.set(of: matcher.foldedTerm)
    let group = KeyByteSets.groupSize
    func mayHold(_ key: Int) -> Bool {
      byteSets?.mayHold(group: key / group, needed) ?? true
    }
    var lower = 0
    while lower < keys.count {
      guard mayHold(lower) else {
        lower = (lower / group + 1) * group
        continue
      }
      // To the end of the window, or of the last group that may hold the term.
      let limit = min(lower + keysPerWindow, keys.count)
      var upper = min((lower / group + 1) * group, limit)
      while upper < limit && mayHold(upper) { upper = min(upper + group, limit) }
      // The ends read: the window's, and the one before it (where key `lower` starts).
      let first = max(lower - 1, 0)
      let ends = layout.keyEnds + 4 * first
      guard blocks.holds(ends - base..<layout.keyEnds + 4 * upper - base),
        CacheReader.wordsAscend(file, at: ends, count: upper - first, below: total + 1)
      else { return nil }
      let start = lower == 0 ? 0 : Int(UInt32(littleEndian: keys.ends[lower - 1]))
      let stop = Int(UInt32(littleEndian: keys.ends[upper - 1]))
      guard blocks.holds(layout.keys + start - base..<layout.keys + stop - base),
        KeyScanner.scan(
          keys, for: matcher, in: lower..<upper, into: &hits, cancellation: nil)
      else { return nil }
      if releases {
        // The next window reads the end before it (`upper - 1`), and the bytes from it.
        keys.ends.releasePages(of: lower..<upper - 1)
        keys.bytes.releasePages(of: start..<stop)
      }
      lower = upper
    }
    return hits
  }

  /// Whether the names `names` of `store` (the index's names) check (`itemsHold`, or
  /// `spanHolds` for names close together), checked
  /// 4,096 at a time, the pages of the names checked (and of their ends) released behind
  /// them while they ascend (`NameStore.releasePages`, `releaseLag` names at a time, as
  /// many behind the last checked): a printer reads them again, and
  /// releases them behind it, so that names spread over the whole index are never all
  /// resident at once.
  ///
  /// - Complexity: O(n) in the names and their bytes, plus the blocks first checked.
  static func namesHold(
    _ names: [UInt32], in store: NameStore, layout: CacheHeader.Layout,
    file: UnsafeRawBufferPointer, blocks: BlockChecksums
  ) -> Bool {
    var released = 0
    var start = 0
    while start < names.count {
      let end = min(start + 4_096, names.count)
      let (first, last) = (Int(names[start]), Int(names[end - 1]))
      if last - first < 2 * (end - start) {
        // Names close together (a common term): the span from the first to the last checked
        // whole, its ends ascending, as cheap as each name's and reading few more bytes.
        guard spanHolds(first..<last + 1, of: store, layout: layout, file: file, blocks: blocks)
        else { return false }
      } else {
        guard
          itemsHold(
            Array(names[start..<end]), ends: layout.nameEnds, bytes: layout.names,
            total: store.bytes.count, in: file, blocks: blocks)
        else { return false }
      }
      let behind = Int(names[end - 1]) - NameStore.releaseLag
      if behind >= released + NameStore.releaseLag {
        store.releasePages(of: released..<behind)
        released = behind
      }
      start = end
    }
    return true
  }

  /// The keys checked and scanned at a time by `checkedHits` and `scannedHits`: 2¹⁸ keys,
  /// about 4 MiB of keys and 1 MiB of their ends for names of 16 bytes.
  static let defaultWindowKeys = 1 << 18

  /// The hits among `candidates` (ascending keys) of `matcher`, found a window of
  /// `keysPerWindow` keys at a time: the window's candidates checked (`itemsHold`, against
  /// `blocks`) and scanned (`KeyScanner`), then the pages of the keys and of their ends
  /// that lie wholly before the window's last candidate's end released
  /// (`FrozenArray.releasePages`), as no later window reads them (unless the keys are
  /// `names`, which are read again to be printed). A term common enough to
  /// read every page of the keys (`ann` on a million names) thus keeps about one window
  /// of them in memory, not all of them (20 MB at a million names) beside the names it
  /// prints; a rare one releases what little it read. `nil` if a check fails.
  ///
  /// - Complexity: O(n) in the candidates and their keys' bytes, plus the blocks first
  ///   checked.
  static func checkedHits(
    of matcher: Matcher, candidates: [UInt32], keys: SearchKeys, names: NameStore,
    layout: CacheHeader.Layout,
    file: UnsafeRawBufferPointer, blocks: BlockChecksums, keysPerWindow: Int
  ) -> KeyHits? {
    precondition(keysPerWindow > 0, "a window holds keys")
    // At most every candidate a hit: reserved once (see `scannedHits`).
    var hits = KeyHits(raw: [], rejected: [])
    hits.raw.reserveCapacity(candidates.count)
    var (releasedEnds, releasedBytes) = (0, 0)
    var start = 0
    while start < candidates.count {
      let window = Int(candidates[start]) / keysPerWindow
      var end = start + 1
      while end < candidates.count && Int(candidates[end]) / keysPerWindow == window { end += 1 }
      let part = Array(candidates[start..<end])
      guard
        itemsHold(
          part, ends: layout.keyEnds, bytes: layout.keys, total: keys.bytes.count, in: file,
          blocks: blocks),
        KeyScanner.scan(
          keys, for: matcher, candidates: part, into: &hits, cancellation: nil)
      else { return nil }
      // Checked by `itemsHold`: the last candidate's end lies within the keys.
      // Keys that are the names (`CacheHeader.keysAreNames`) are printed next: kept.
      guard keys.bytes.buffer.baseAddress != names.bytes.buffer.baseAddress else {
        start = end
        continue
      }
      let last = Int(part[part.count - 1])
      let lastEnd = Int(UInt32(littleEndian: keys.ends[last]))
      // Candidates ascend; the ends between them are not checked, and a forged one may lie
      // below the last released: then nothing more is released.
      if last > releasedEnds { keys.ends.releasePages(of: releasedEnds..<last) }
      if lastEnd > releasedBytes { keys.bytes.releasePages(of: releasedBytes..<lastEnd) }
      (releasedEnds, releasedBytes) = (max(releasedEnds, last), max(releasedBytes, lastEnd))
      start = end
    }
    return hits
  }

  /// Whether the names `span` of `store` (the index's names) check: their end offsets and
  /// the one before them against `blocks`, ascending and within the names
  /// (`CacheReader.wordsAscend`), then their bytes. What `itemsHold` checks of each of them.
  ///
  /// - Complexity: O(n) in the span's names and bytes, plus the blocks first checked.
  static func spanHolds(
    _ span: Range<Int>, of store: NameStore, layout: CacheHeader.Layout,
    file: UnsafeRawBufferPointer, blocks: BlockChecksums
  ) -> Bool {
    let base = IndexCache.headerSize
    let from = span.lowerBound == 0 ? span.lowerBound : span.lowerBound - 1
    let ends = layout.nameEnds + 4 * from
    guard blocks.holds(ends - base..<layout.nameEnds + 4 * span.upperBound - base),
      CacheReader.wordsAscend(
        file, at: ends, count: span.upperBound - from, below: store.bytes.count + 1)
    else { return false }
    let bytes =
      store.byteRange(of: span.lowerBound)
      .lowerBound..<store.byteRange(
        of: span.upperBound - 1
      ).upperBound
    return blocks.holds(
      layout.names + bytes.lowerBound - base..<layout.names + bytes.upperBound - base)
  }

  /// Whether the offsets of items `items` (ascending indices into a part of `file`: end
  /// offsets at `ends`, bytes at `bytes`, `total` bytes in all), and their bytes, check
  /// against `blocks` (whose body starts after the header), and each item's offsets lie
  /// in order within the part.
  ///
  /// - Complexity: O(n) in the items, plus the blocks first checked.
  static func itemsHold(
    _ items: [UInt32], ends: Int, bytes: Int, total: Int, in file: UnsafeRawBufferPointer,
    blocks: BlockChecksums
  ) -> Bool {
    let base = IndexCache.headerSize
    let words = file.baseAddress! + ends
    func end(_ i: Int) -> Int {
      Int(UInt32(littleEndian: words.loadUnaligned(fromByteOffset: 4 &* i, as: UInt32.self)))
    }
    return blocks.checking { checker in
      for item in items {
        let i = Int(item)
        let first = i == 0 ? ends : ends &+ 4 &* (i &- 1)
        guard checker.holds(from: first &- base, to: ends &+ 4 &* (i &+ 1) &- base) else {
          return false
        }
        let start = i == 0 ? 0 : end(i &- 1)
        let stop = end(i)
        guard stop <= total,
          checker.holds(from: bytes &+ start &- base, to: bytes &+ stop &- base)
        else { return false }
      }
      return true
    }
  }
}
