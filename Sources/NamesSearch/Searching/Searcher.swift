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
  /// - Complexity: O(n) in the folded keys' total length; O(number of names) for a reset.
  public func search(_ query: Query, in catalog: Catalog) -> SearchResult {
    search(query, in: catalog, cancellation: nil)!
  }

  /// Like `search(_:in:)`, but gives up and returns `nil` once `cancellation` is set.
  public func search(
    _ query: Query, in catalog: Catalog, cancellation: CancellationFlag?
  ) -> SearchResult? {
    let matcher = Matcher(query: query)
    if matcher.matchesEverything {
      return SearchResult(
        query: query, catalog: catalog, matchedNames: (0..<catalog.nameCount).map { UInt32($0) })
    }
    let keys = catalog.keys(for: query.options, keepingPunctuation: matcher.keepsPunctuation)
    guard let hits = KeyScanner.scanAll(keys, for: matcher, cancellation: cancellation) else {
      return nil
    }
    return Self.result(query, catalog, matchedKeys: hits.matched, in: keys)
  }

  /// The result whose matching keys (ascending) are `matchedKeys`: their distinct names,
  /// each with the first of its keys that matched.
  ///
  /// - Complexity: O(m) in the matching keys; nothing is copied when each name has one key.
  static func result(
    _ query: Query, _ catalog: Catalog, matchedKeys: [UInt32], in keys: SearchKeys
  ) -> SearchResult {
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
}
