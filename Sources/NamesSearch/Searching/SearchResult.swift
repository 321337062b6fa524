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
  /// Indices into `catalog.names` of the matching names, ascending (section order, then
  /// file order).
  public let matchedNames: [UInt32]
  /// The remaining sections, in order; none is empty.
  public let groups: [Group]

  /// Creates a result from matching name indices, grouping them into sections.
  ///
  /// - Precondition: `matchedNames` is ascending and every index is below
  ///   `catalog.nameCount`.
  /// - Complexity: O(m + s) where m is `matchedNames.count` and s the number of sections.
  public init(query: Query, catalog: Catalog, matchedNames: [UInt32]) {
    self.query = query
    self.catalog = catalog
    self.matchedNames = matchedNames
    var groups: [Group] = []
    var position = 0
    var section = 0
    while position < matchedNames.count {
      let name = Int(matchedNames[position])
      while catalog.sectionEnds[section] <= name { section += 1 }
      let start = position
      let end = catalog.sectionEnds[section]
      while position < matchedNames.count && Int(matchedNames[position]) < end { position += 1 }
      groups.append(Group(section: section, matches: start..<position))
    }
    self.groups = groups
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
