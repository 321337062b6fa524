/// What a search leaves: a fresh, culled copy of the catalog.
///
/// Names that do not match are culled, then sections left empty. The catalog the result was
/// made from is untouched; searching it again starts from every name.
///
/// ```swift
/// let result = Searcher().search(Query(term: "ann"), in: catalog)
/// result.index   // ["A", "J", …]: the section index of what remains
/// result.total   // the number of matching names
/// ```
public struct SearchResult: Sendable {
  /// One remaining section: which catalog section, and which of `matchedNames` are in it.
  public struct Group: Sendable, Hashable {
    /// The section's position in `catalog.titles`.
    public var section: Int
    /// The positions in `matchedNames` of the section's matching names.
    public var matches: Range<Int>
  }

  /// The query that was answered.
  public let query: Query
  /// The catalog that was searched (unchanged by the search).
  public let catalog: Catalog
  /// Indices into `catalog.names` of the matching names, ascending.
  public let matchedNames: [UInt32]
  /// The remaining sections, in display order; none is empty.
  public let groups: [Group]

  /// Creates a result from matching name indices, grouping them into sections.
  ///
  /// - Precondition: `matchedNames` is ascending and every index is below
  ///   `catalog.nameCount`.
  /// - Complexity: O(s log m) where s is the number of sections and m `matchedNames.count`.
  public init(query: Query, catalog: Catalog, matchedNames: [UInt32]) {
    self.query = query
    self.catalog = catalog
    self.matchedNames = matchedNames
    var groups: [Group] = []
    for (section, range) in catalog.sectionRanges.enumerated() where !range.isEmpty {
      let start = Self.firstPosition(in: matchedNames, notBelow: range.lowerBound)
      let end = Self.firstPosition(in: matchedNames, notBelow: range.upperBound)
      if start < end { groups.append(Group(section: section, matches: start..<end)) }
    }
    self.groups = groups
  }

  /// Binary search: the first position in `sorted` whose value is at least `value`.
  private static func firstPosition(in sorted: [UInt32], notBelow value: Int) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if Int(sorted[middle]) < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The number of matching names.
  public var total: Int { matchedNames.count }

  /// Whether nothing matched.
  public var isEmpty: Bool { matchedNames.isEmpty }

  /// The section index: the titles of the remaining sections, in order.
  public var index: [String] { groups.map { catalog.titles[$0.section] } }

  /// The title of a remaining section.
  public func title(of group: Group) -> String { catalog.titles[group.section] }

  /// The catalog name indices of a remaining section's matches.
  public func nameIndices(of group: Group) -> ArraySlice<UInt32> { matchedNames[group.matches] }

  /// The remaining sections as values.
  ///
  /// - Complexity: O(m) in the number of matching names.
  public var sections: [Section] {
    groups.map { group in
      Section(title: title(of: group), names: nameIndices(of: group).map { catalog.names[Int($0)] })
    }
  }
}
