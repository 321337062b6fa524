import Synchronization

/// Search as you type: answers a stream of terms over one catalog, reusing earlier work.
///
/// ```swift
/// let session = SearchSession(catalog: catalog)
/// session.search("a")      // scans every name
/// session.search("an")     // extends "a": scans only the names that contained "a"
/// session.search("a")      // backspace: answered from the cache
/// ```
///
/// - When the new folded term contains an earlier one (typing), only that term's raw hits
///   are scanned (raw hits only shrink as a term grows; see `KeyHits`).
/// - Otherwise (an edit) the whole catalog is scanned again, unless the term is among the
///   last `cacheLimit` terms, whose hits are kept.
/// - Each call carries a sequence number (given, or the next one): a call cancels the scan
///   of any older call still running on another thread, and a call older than one already
///   started returns `nil` at once, so the newest term always gets its answer and a stale
///   answer can never be shown after a newer one.
///
/// Thread-safe: call `search` from any thread.
public final class SearchSession: Sendable {
  /// The catalog searched.
  public let catalog: Catalog
  /// The match options of every search.
  public let options: MatchOptions
  /// How every term is read.
  public let syntax: QuerySyntax
  /// How many typos each word may have.
  public let typos: TypoTolerance
  /// Whether every word also matches name words that sound like it (`Query.soundsLike`).
  public let soundsLike: Bool
  private let keys: SearchKeys
  private let cacheLimit: Int
  private let state = Mutex(State())

  private struct Entry {
    var term: [UInt8]
    /// Whether the term kept punctuation: its hits index the keys that keep it.
    var keepsPunctuation: Bool
    var hits: KeyHits
  }

  private struct State {
    /// The highest sequence number seen.
    var latest = 0
    var running: CancellationFlag?
    /// Most recent last.
    var entries: [Entry] = []
    /// The reading keys (`ReadingKeys`) that earlier reading terms matched, most recent last.
    var readingEntries: [(term: [UInt32], matched: [UInt32])] = []

    /// Starts call `sequence` (or the next number): `false`, with nothing changed, when a
    /// newer call has already started; else cancels the scan running for an older call and
    /// records `scan` (`nil`: nothing to cancel) as the one running now.
    mutating func start(_ sequence: Int?, scan: CancellationFlag?) -> Bool {
      let number = sequence ?? latest + 1
      guard number >= latest else { return false }
      latest = number
      running?.cancel()
      running = scan
      return true
    }
  }

  /// Creates a session over `catalog`, its terms read as `syntax` says (words with the
  /// typos `typos` allows, and matched by sound too with `soundsLike`), remembering the
  /// hits of the last `cacheLimit` terms (each word of a query of several is a term).
  ///
  /// When `options` search readings, the catalog's reading keys (`Catalog.readingKeys`,
  /// tens of milliseconds for a million names in several scripts) start being made on
  /// another core at once, so that they are ready by the time a person types; a search
  /// that comes first waits for them. With `soundsLike`, the sounds-like index
  /// (`Catalog.phoneticIndex`) is started the same way.
  public init(
    catalog: Catalog, options: MatchOptions = .default, syntax: QuerySyntax = .words,
    typos: TypoTolerance = .default, soundsLike: Bool = false, cacheLimit: Int = 32
  ) {
    self.catalog = catalog
    self.options = options
    self.syntax = syntax
    self.typos = typos
    self.soundsLike = soundsLike
    self.keys = catalog.keys(for: options)
    self.cacheLimit = cacheLimit
    if options.searchesReadings { ThreadPool.run { _ = catalog.readingKeys } }
    if soundsLike { ThreadPool.run { _ = catalog.phoneticIndex } }
  }

  /// The result for `term` (read as `syntax` says), or `nil` if a newer call (a higher
  /// `sequence`) cancelled or overtook this one. Without `sequence`, calls are numbered in
  /// the order they start. A query of several words or operators is answered word by word
  /// (`ExpressionEvaluation`), each plain word from this session's cache as a term of its
  /// own, so typing the last word narrows that word alone.
  ///
  /// - Complexity: O(n) in the keys' total length for a new term; O(k) in the length of the
  ///   candidates' keys when narrowing; O(m) in the matches for a cached term; each word of
  ///   a query of several words as one term.
  public func search(_ term: String, sequence: Int? = nil) -> SearchResult? {
    let query = Query(
      term: term, options: options, syntax: syntax, typos: typos, soundsLike: soundsLike)
    let expression = query.searchedExpression
    if expression.clauses.isEmpty {
      let current = state.withLock { $0.start(sequence, scan: nil) }
      return current ? Searcher().search(query, in: catalog) : nil
    }
    let flag = CancellationFlag()
    guard state.withLock({ $0.start(sequence, scan: flag) }) else { return nil }
    if let word = query.singleExactWord(of: expression) {
      return search(query.literal(word), answering: query, flag)
    }
    guard
      let matches = ExpressionEvaluation.names(
        of: expression, query: query, in: catalog, cancellation: flag,
        plainNames: { self.search($0, answering: query, flag)?.matchedNames }),
      !flag.isCancelled
    else { return nil }
    return SearchResult(
      query: query, catalog: catalog, matchedNames: matches.all,
      approximateNames: matches.approximate)
  }

  /// The result of `literal` (one word, `QuerySyntax.fixedStrings`) as that of `query`,
  /// from the cache of earlier terms where it can; `nil` once `flag` is set.
  private func search(
    _ literal: Query, answering query: Query, _ flag: CancellationFlag
  ) -> SearchResult? {
    let matcher = Matcher(query: literal)
    if matcher.matchesEverything {
      return SearchResult.everyName(query: query, catalog: catalog)
    }
    let folded = matcher.foldedTerm
    let punctuated = matcher.keepsPunctuation
    let keys = punctuated ? catalog.keys(for: options, keepingPunctuation: true) : self.keys
    let (cached, base) = state.withLock { state -> (KeyHits?, [UInt32]?) in
      if let index = state.entries.lastIndex(where: {
        $0.term == folded && $0.keepsPunctuation == punctuated
      }) {
        let entry = state.entries.remove(at: index)
        state.entries.append(entry)
        return (entry.hits, nil)
      }
      // The narrowest earlier term that the new one contains.
      let bases = state.entries.filter {
        $0.keepsPunctuation == punctuated && $0.term.count < folded.count
          && folded.contains($0.term)
      }
      return (nil, bases.min { $0.hits.raw.count < $1.hits.raw.count }?.hits.raw)
    }
    let hits: KeyHits
    if let cached {
      hits = cached
    } else {
      let scanned =
        if let base {
          KeyScanner.scan(keys, for: matcher, candidates: base, cancellation: flag)
        } else {
          KeyScanner.scanAll(keys, for: matcher, cancellation: flag)
        }
      guard let scanned else { return nil }
      hits = scanned
      state.withLock { state in
        state.entries.append(Entry(term: folded, keepsPunctuation: punctuated, hits: hits))
        if state.entries.count > cacheLimit { state.entries.removeFirst() }
      }
    }
    var readingNames: [UInt32] = []
    var readingMatcher: ReadingMatcher?
    if let (readings, found) = Searcher.readingMatcher(for: literal, in: catalog) {
      guard let matched = readingMatches(of: found, in: readings, cancellation: flag) else {
        return nil
      }
      readingNames = Searcher.names(ofReadingKeys: matched, in: readings)
      readingMatcher = found
    }
    guard !flag.isCancelled else { return nil }
    return Searcher.result(
      query, catalog, matchedKeys: hits.matched, in: keys, readingNames: readingNames,
      readingMatcher: readingMatcher)
  }

  /// The reading keys that `matcher` matches: remembered for the same term, else scanned
  /// among those of the longest earlier term it extends (a reading matched by a term is
  /// matched by every prefix of it: its last unit is then unfinished), else all.
  private func readingMatches(
    of matcher: ReadingMatcher, in readings: ReadingKeys, cancellation: CancellationFlag
  ) -> [UInt32]? {
    let term = matcher.term
    let (cached, base) = state.withLock { state -> ([UInt32]?, [UInt32]?) in
      if let index = state.readingEntries.lastIndex(where: { $0.term == term }) {
        let entry = state.readingEntries.remove(at: index)
        state.readingEntries.append(entry)
        return (entry.matched, nil)
      }
      let bases = state.readingEntries.filter {
        $0.term.count < term.count && term.starts(with: $0.term)
      }
      return (nil, bases.max { $0.term.count < $1.term.count }?.matched)
    }
    if let cached { return cached }
    guard
      let matched = ReadingScanner.scan(
        readings, for: matcher, candidates: base, cancellation: cancellation)
    else { return nil }
    state.withLock { state in
      state.readingEntries.append((term, matched))
      if state.readingEntries.count > cacheLimit { state.readingEntries.removeFirst() }
    }
    return matched
  }

  /// Stops the scan in progress, if any; its `search` call returns `nil`.
  public func cancelRunning() {
    state.withLock { state in
      state.running?.cancel()
      state.running = nil
    }
  }
}

extension Array where Element == UInt8 {
  /// Whether `other` occurs in this array as a contiguous run of bytes.
  fileprivate func contains(_ other: [UInt8]) -> Bool {
    guard !other.isEmpty else { return true }
    return withUnsafeBytes { haystack in
      other.withUnsafeBytes { SubstringSearch.firstOccurrence(of: $0, in: haystack, from: 0) }
    } != nil
  }
}
