/// One query answered from a list's index file, reading and checking only what it touches:
/// the header, titles and sections; the postings of the term's trigrams (`TrigramCache`);
/// the keys those name; when readings apply, the reading keys' own file (`ReadingCache`),
/// checked and scanned whole; the names it matches. A query that finds a few names in a
/// million hashes a few hundred 4 KiB blocks of the index, not the 38 MB, and maps no page
/// of it that it does not read.
///
/// Every part is checked before it is read: its blocks against the index's block digests
/// (`BlockChecksums`, vouched for by the header's checksum), and each key's or name's
/// offsets to lie in order within their part. Any check that fails, a query this path does
/// not answer (more than one word, typos, sounds-like, a term shorter than a trigram,
/// options other than the index's keys'), or a file it needs that is not there (the
/// reading keys' file, when readings apply) gives `nil`: the caller then loads the list
/// through `CachedCatalogLoader`, which checks the whole index (and rebuilds a damaged one),
/// so the answer never depends on the path taken.
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
  ///   postings read, and the candidates' and matches' bytes; plus O(r) in the reading
  ///   keys' file when readings apply.
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
    options: LoadOptions, maximumSize: Int
  ) throws(LoadError) -> (result: SearchResult, blocks: BlockChecksums)? {
    let expression = query.searchedExpression
    guard !options.keepsRecords, !expression.clauses.isEmpty,
      let word = query.singleExactWord(of: expression)
    else { return nil }
    let literal = query.literal(word)
    let matcher = Matcher(query: literal)
    // The index's keys are folded for `MatchOptions.default`, punctuation dropped.
    guard matcher.foldedTerm.count >= TrigramIndex.gramLength,
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
    guard let index = catalog.trigramIndex,
      let candidates = index.candidates(for: matcher.foldedTerm)
    else { return nil }
    let keys = catalog.defaultKeys
    guard
      itemsHold(
        candidates, ends: layout.keyEnds, bytes: layout.keys, total: keys.bytes.count,
        in: file.bytes, blocks: blocks),
      let hits = KeyScanner.scan(keys, for: matcher, candidates: candidates, cancellation: nil)
    else { return nil }
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
      itemsHold(
        result.matchedNames, ends: layout.nameEnds, bytes: layout.names,
        total: catalog.names.bytes.count, in: file.bytes, blocks: blocks)
    else { return nil }
    return (result, blocks)
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
