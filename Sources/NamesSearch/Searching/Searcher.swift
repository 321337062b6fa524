/// Answers a query over a catalog: catalog + query → a fresh, culled `SearchResult`.
///
/// ```swift
/// let result = Searcher().search(Query(term: "jose"), in: catalog)
/// ```
///
/// Every search starts from the whole catalog, never from an earlier result. Large catalogs
/// are scanned on every core (see `KeyScanner`).
public struct Searcher: Sendable {
  /// Creates a searcher.
  public init() {}

  /// The names of `catalog` that match `query`, in their sections.
  ///
  /// An empty term is a reset: every name, every section.
  ///
  /// - Complexity: O(n) in the folded keys' total length, once per word of the query;
  ///   O(number of names) for a reset.
  public func search(_ query: Query, in catalog: Catalog) -> SearchResult {
    search(query, in: catalog, cancellation: nil)!
  }

  /// Like `search(_:in:)`, but gives up and returns `nil` once `cancellation` is set.
  ///
  /// A term read as words (`QuerySyntax.words`) that is one plain word is searched as that
  /// word; one of several words or operators is answered word by word
  /// (`ExpressionEvaluation`), and its result is made from name indices. A term that does
  /// not read as words is searched as one literal substring (`Query.searchedExpression`).
  public func search(
    _ query: Query, in catalog: Catalog, cancellation: CancellationFlag?
  ) -> SearchResult? {
    let expression = query.searchedExpression
    if expression.clauses.isEmpty {
      return SearchResult.everyName(query: query, catalog: catalog)
    }
    if let word = query.singleExactWord(of: expression) {
      return Self.search(query.literal(word), answering: query, in: catalog, cancellation)
    }
    guard
      let matches = ExpressionEvaluation.names(
        of: expression, query: query, in: catalog, cancellation: cancellation,
        plainNames: {
          Self.search($0, answering: query, in: catalog, cancellation)?.matchedNames
        })
    else { return nil }
    return SearchResult(
      query: query, catalog: catalog, matchedNames: matches.all,
      approximateNames: matches.approximate)
  }

  /// The names of `catalog` whose keys or readings contain the term of `literal` (a
  /// `QuerySyntax.fixedStrings` query), as the result of `query`.
  ///
  /// - Complexity: O(n) in the folded keys' total length (and the readings' when searched).
  static func search(
    _ literal: Query, answering query: Query, in catalog: Catalog,
    _ cancellation: CancellationFlag?
  ) -> SearchResult? {
    let matcher = Matcher(query: literal)
    if matcher.matchesEverything {
      return SearchResult.everyName(query: query, catalog: catalog)
    }
    let keys = catalog.keys(for: literal.options, keepingPunctuation: matcher.keepsPunctuation)
    guard let hits = Self.hits(of: matcher, in: keys, of: catalog, cancellation) else {
      return nil
    }
    var readingNames: [UInt32] = []
    var readingMatcher: ReadingMatcher?
    if let (readings, found) = Self.readingMatcher(for: literal, in: catalog) {
      guard let names = Self.names(readBy: found, in: readings, cancellation) else { return nil }
      readingNames = names
      readingMatcher = found
    }
    return Self.result(
      query, catalog, matchedKeys: hits.matched, in: keys, readingNames: readingNames,
      readingMatcher: readingMatcher)
  }

  /// The keys of `keys` that `matcher` finds: through the catalog's n-gram index when the
  /// keys are its default ones and the index can answer (`TrigramIndex.candidates(for:)`:
  /// its candidates checked as the scan checks every key, so the hits are the scan's),
  /// else by scanning every key.
  ///
  /// - Complexity: O(p + c) in the postings read and the candidates' length, or O(n) in
  ///   the keys' total length.
  static func hits(
    of matcher: Matcher, in keys: SearchKeys, of catalog: Catalog,
    _ cancellation: CancellationFlag?
  ) -> KeyHits? {
    if matcher.foldedTerm.count >= TrigramIndex.gramLength,
      keys.options == catalog.defaultKeys.options,
      keys.dropsPunctuation == catalog.defaultKeys.dropsPunctuation,
      let candidates = catalog.trigramIndex?.candidates(for: matcher.foldedTerm)
    {
      return KeyScanner.scan(keys, for: matcher, candidates: candidates, cancellation: cancellation)
    }
    return KeyScanner.scanAll(keys, for: matcher, cancellation: cancellation)
  }

  /// The catalog's reading keys and the matcher of the query's term over them, when the
  /// query uses readings, the term can be spelled by one and the catalog has any.
  ///
  /// - Complexity: the first time, `Catalog.readingKeys` (made from the names, or checked
  ///   and mapped from the index cache); then O(v · t) in the vocabulary and the term.
  static func readingMatcher(
    for query: Query, in catalog: Catalog
  ) -> (ReadingKeys, ReadingMatcher)? {
    guard query.options.searchesReadings, let term = ReadingMatcher.readingTerm(query.term)
    else { return nil }
    // The keys first: the matcher covers every spelling they hold.
    let readings = catalog.readingKeys
    guard readings.count > 0 else { return nil }
    return (
      readings,
      ReadingMatcher(scalars: term, vocabulary: readings.vocabulary)
    )
  }

  /// The distinct names, ascending, whose reading keys in `readings` `matcher` matches
  /// (`ReadingScanner`); `nil` if `cancellation` was set.
  ///
  /// - Complexity: O(n) in the keys' spelling numbers and the Han names' characters.
  static func names(
    readBy matcher: ReadingMatcher, in readings: ReadingKeys, _ cancellation: CancellationFlag?
  ) -> [UInt32]? {
    guard let matched = ReadingScanner.scan(readings, for: matcher, cancellation: cancellation)
    else { return nil }
    return names(ofReadingKeys: matched, in: readings)
  }

  /// The distinct names, ascending, that own the reading entries `matched` (strictly
  /// ascending, as `ReadingScanner.scan` gives them): the stored keys' owners merged with
  /// the names read from their text.
  ///
  /// - Complexity: O(m) in the entries, written once each (when no entry is a stored key:
  ///   one subtraction an entry).
  static func names(ofReadingKeys matched: [UInt32], in readings: ReadingKeys) -> [UInt32] {
    // Where the entries of names read from their text start.
    var low = 0
    var high = matched.count
    while low < high {
      let middle = (low + high) / 2
      if Int(matched[middle]) < readings.spelledCount { low = middle + 1 } else { high = middle }
    }
    let split = low
    let spelled = UInt32(truncatingIfNeeded: readings.spelledCount)
    // No entry is a stored key (a list of Han names, or none matched): each entry is one
    // name read from its text, in order.
    if split == 0 {
      return [UInt32](unsafeUninitializedCapacity: matched.count) { names, count in
        matched.withUnsafeBufferPointer { matched in
          for i in matched.indices { names[i] = matched[i] &- spelled }
        }
        count = matched.count
      }
    }
    let owners = readings.owners
    return [UInt32](unsafeUninitializedCapacity: matched.count) { names, count in
      matched.withUnsafeBufferPointer { matched in
        var a = 0
        var b = split
        var last = UInt32.max
        while a < split || b < matched.count {
          let fromKeys = a < split ? owners[Int(matched[a])] : UInt32.max
          let fromText = b < matched.count ? matched[b] &- spelled : UInt32.max
          let next: UInt32
          if fromKeys <= fromText {
            next = fromKeys
            a &+= 1
          } else {
            next = fromText
            b &+= 1
          }
          // Each name once: its entries meet in the merge.
          if next != last {
            names[count] = next
            count &+= 1
            last = next
          }
        }
      }
    }
  }

  /// The result whose matching keys (ascending) are `matchedKeys`: their distinct names,
  /// each with the first of its keys that matched.
  ///
  /// - Complexity: O(m) in the matching keys; nothing is copied when each name has one key.
  static func result(
    _ query: Query, _ catalog: Catalog, matchedKeys: [UInt32], in keys: SearchKeys,
    readingNames: [UInt32] = [], readingMatcher: ReadingMatcher? = nil
  ) -> SearchResult {
    if !readingNames.isEmpty {
      let byKeys = result(query, catalog, matchedKeys: matchedKeys, in: keys)
      // Merge: a name found by a key keeps its key; one found only by a reading gets
      // `SearchResult.readingMatch`.
      let (names, firstKeys) = merged(
        byKeys.matchedNames, firstKeys: byKeys.matchedKeys, readingNames: readingNames)
      return SearchResult(
        query: query, catalog: catalog, matchedNames: names, matchedKeys: firstKeys, keys: keys,
        readingMatcher: readingMatcher)
    }
    guard !keys.owners.isEmpty else {
      return SearchResult(
        query: query, catalog: catalog, matchedNames: matchedKeys, matchedKeys: matchedKeys,
        keys: keys)
    }
    var names: [UInt32] = []
    var firstKeys: [UInt32] = []
    names.reserveCapacity(matchedKeys.count)
    firstKeys.reserveCapacity(matchedKeys.count)
    for k in matchedKeys {
      let owner = UInt32(keys.owner(of: Int(k)))
      if names.last != owner {
        names.append(owner)
        firstKeys.append(k)
      }
    }
    return SearchResult(
      query: query, catalog: catalog, matchedNames: names, matchedKeys: firstKeys, keys: keys)
  }

  /// The names `keyed` (strictly ascending, with their first matching keys `firstKeys`,
  /// one each) and `readingNames` (strictly ascending) merged, each name once: one found by
  /// a key keeps its key, one found only by a reading gets `SearchResult.readingMatch`.
  ///
  /// - Precondition: `firstKeys.count == keyed.count`.
  /// - Complexity: O(k + r), each output written once; without keyed names, `readingNames`
  ///   is shared, not copied.
  static func merged(
    _ keyed: [UInt32], firstKeys: [UInt32], readingNames: [UInt32]
  ) -> (names: [UInt32], firstKeys: [UInt32]) {
    if keyed.isEmpty {
      return (
        readingNames,
        [UInt32](repeating: SearchResult.readingMatch, count: readingNames.count)
      )
    }
    precondition(firstKeys.count == keyed.count, "a first key for each keyed name")
    let capacity = keyed.count + readingNames.count
    var keysOut: [UInt32] = []
    let names = [UInt32](unsafeUninitializedCapacity: capacity) { names, count in
      keysOut = [UInt32](unsafeUninitializedCapacity: capacity) { keysOut, keyCount in
        keyed.withUnsafeBufferPointer { keyed in
          firstKeys.withUnsafeBufferPointer { firstKeys in
            readingNames.withUnsafeBufferPointer { reading in
              var a = 0
              var b = 0
              while a < keyed.count || b < reading.count {
                if b == reading.count || (a < keyed.count && keyed[a] <= reading[b]) {
                  if b < reading.count && keyed[a] == reading[b] { b &+= 1 }
                  names[count] = keyed[a]
                  keysOut[count] = firstKeys[a]
                  a &+= 1
                } else {
                  names[count] = reading[b]
                  keysOut[count] = SearchResult.readingMatch
                  b &+= 1
                }
                count &+= 1
              }
            }
          }
        }
        keyCount = count
      }
    }
    return (names, keysOut)
  }
}
