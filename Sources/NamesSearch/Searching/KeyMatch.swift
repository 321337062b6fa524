/// One matching name of a search, with what it takes to show the match: the key that was
/// hit, where in that key, and how that key leads back to the name's characters.
///
/// Made on demand by `SearchResult.match(at:matcher:)`, only for names that are shown: a
/// search records only which key each name matched by.
///
/// ```swift
/// let result = Searcher().search(Query(term: "jose"), in: catalog)
/// let matcher = Matcher(query: result.query)
/// if let match = result.match(at: 0, matcher: matcher) {
///   MatchHighlighter(matcher: matcher).matchedRanges(of: match, in: result.catalog.names[match.name])
/// }
/// ```
public struct KeyMatch: Sendable {
  /// The name's index in the catalog's names.
  public var name: Int
  /// The key's index in `keys`.
  public var key: Int
  /// The byte range, within the key's folded UTF-8, of the term's first acceptable
  /// occurrence (see `Matcher`).
  public var keyRange: Range<Int>
  /// How the key leads back to the name's characters.
  public var mapping: KeyMapping
  /// The keys searched, which hold the key.
  public let keys: SearchKeys

  /// Creates a match; `mapping` need not be the one `keys` gives (a caller that made a
  /// reading key supplies its map).
  ///
  /// - Precondition: `key < keys.count` and `keyRange` lies within the key.
  public init(name: Int, key: Int, keyRange: Range<Int>, mapping: KeyMapping, keys: SearchKeys) {
    precondition(key < keys.count && keyRange.upperBound <= keys.byteRange(of: key).count)
    self.name = name
    self.key = key
    self.keyRange = keyRange
    self.mapping = mapping
    self.keys = keys
  }

  /// The folded UTF-8 of the key that was hit.
  public var keyBytes: UnsafeRawBufferPointer { keys.key(key) }
}
