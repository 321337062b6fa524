/// Answers a query over a catalog: catalog + query → a fresh, culled `SearchResult`.
///
/// ```swift
/// let result = Searcher().search(Query(term: "jose"), in: catalog)
/// ```
///
/// Every search starts from the whole catalog, never from an earlier result.
public struct Searcher: Sendable {
  /// Creates a searcher.
  public init() {}

  /// The names of `catalog` that match `query`, in their sections.
  ///
  /// An empty term is a reset: every name, every section.
  ///
  /// - Complexity: O(n) in the folded keys' total length; O(number of names) for a reset.
  public func search(_ query: Query, in catalog: Catalog) -> SearchResult {
    let matcher = Matcher(query: query)
    if matcher.matchesEverything {
      return SearchResult(
        query: query, catalog: catalog, matchedNames: (0..<catalog.nameCount).map { UInt32($0) })
    }
    let keys = catalog.keys(for: query.options)
    var matched: [UInt32] = []
    keys.bytes.withUnsafeBytes { all in
      var lastOwner = -1
      for k in 0..<keys.count {
        let owner = keys.owner(of: k)
        guard owner != lastOwner else { continue }
        if matcher.matches(UnsafeRawBufferPointer(rebasing: all[keys.byteRange(of: k)])) {
          matched.append(UInt32(owner))
          lastOwner = owner
        }
      }
    }
    return SearchResult(query: query, catalog: catalog, matchedNames: matched)
  }
}
