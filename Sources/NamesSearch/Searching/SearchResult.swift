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
  /// Indices into `catalog.names` of the matching names, in catalog order, except that
  /// within each section the names that matched only with typos (`approximateNames`) come
  /// after the others (each part in catalog order).
  public private(set) var matchedNames: [UInt32]
  /// The remaining sections, in display order; none is empty.
  public let groups: [Group]
  /// For each of `matchedNames`, the first of its keys that matched (an index into `keys`);
  /// empty when the result was not made by scanning keys (a reset).
  public let matchedKeys: [UInt32]
  /// The keys that were scanned, if any.
  public let keys: SearchKeys?
  /// The matcher of the readings that found the names whose entry in `matchedKeys` is
  /// `readingMatch`, if any.
  public let readingMatcher: ReadingMatcher?

  /// The entry of `matchedKeys` for a name found only by a reading (`ReadingMatcher`).
  public static let readingMatch = UInt32.max
  /// The names (ascending) that matched only with typos (`TypoTolerance`); in each
  /// section they follow the names that matched exactly.
  public private(set) var approximateNames: [UInt32]

  /// Creates a result from matching name indices (ascending), the names among them that
  /// matched only with typos (`approximateNames`, ascending) placed after the others in
  /// each section, both parts in catalog order.
  ///
  /// - Complexity: O(s log m + m log a) in the sections, the matches and the approximate
  ///   ones.
  public init(query: Query, catalog: Catalog, matchedNames: [UInt32], approximateNames: [UInt32]) {
    self.init(query: query, catalog: catalog, matchedNames: matchedNames)
    guard !approximateNames.isEmpty else { return }
    var ranked = matchedNames
    for group in groups {
      let names = matchedNames[group.matches]
      let exact = names.filter { !Self.contains(approximateNames, $0) }
      let approximate = names.filter { Self.contains(approximateNames, $0) }
      ranked.replaceSubrange(group.matches, with: exact + approximate)
    }
    self.matchedNames = ranked
    self.approximateNames = approximateNames
  }

  /// Whether `sorted` holds `value`. O(log n).
  private static func contains(_ sorted: [UInt32], _ value: UInt32) -> Bool {
    let position = firstPosition(in: sorted, notBelow: Int(value))
    return position < sorted.count && sorted[position] == value
  }

  /// This result with every section's names in the catalog's order, names matched with
  /// typos among the others (what a list written from it keeps).
  ///
  /// - Complexity: O(1) when no name matched with typos; else O(m log m).
  public var inListOrder: SearchResult {
    guard !approximateNames.isEmpty else { return self }
    var result = self
    result.matchedNames.sort()
    result.approximateNames = []
    return result
  }

  /// Whether `matchedNames[position]` matched only with typos.
  ///
  /// - Complexity: O(log a) in the approximate names.
  public func isApproximate(at position: Int) -> Bool {
    !approximateNames.isEmpty && Self.contains(approximateNames, matchedNames[position])
  }

  /// Creates a result from matching name indices, grouping them into sections.
  ///
  /// - Precondition: `matchedNames` is ascending and every index is below
  ///   `catalog.nameCount`.
  /// - Complexity: O(s log m) where s is the number of sections and m `matchedNames.count`.
  public init(query: Query, catalog: Catalog, matchedNames: [UInt32]) {
    self.init(
      query: query, catalog: catalog, matchedNames: matchedNames, matchedKeys: [], keys: nil)
  }

  /// Creates a result from matching name indices and the key each matched by, grouping them
  /// into sections.
  ///
  /// - Precondition: as for `init(query:catalog:matchedNames:)`; `matchedKeys` is empty or
  ///   has one key of `keys` per name, owned by that name.
  public init(
    query: Query, catalog: Catalog, matchedNames: [UInt32], matchedKeys: [UInt32],
    keys: SearchKeys?, readingMatcher: ReadingMatcher? = nil
  ) {
    precondition(matchedKeys.isEmpty || (keys != nil && matchedKeys.count == matchedNames.count))
    self.query = query
    self.catalog = catalog
    self.matchedNames = matchedNames
    self.matchedKeys = matchedKeys
    self.keys = keys
    self.readingMatcher = readingMatcher
    self.approximateNames = []
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

  /// The result in which every name of `catalog` matches (a reset, or a word that folds
  /// to nothing).
  ///
  /// - Complexity: O(n) in the catalog's names.
  static func everyName(query: Query, catalog: Catalog) -> SearchResult {
    SearchResult(query: query, catalog: catalog, matchedNames: catalog.everyNameIndex)
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

  /// How the key that `matchedNames[position]` matched by leads back to the name's
  /// characters (`SearchKeys.mapping(of:)`); `nil` for a result not made by scanning keys.
  ///
  /// - Complexity: O(1); nothing is copied.
  public func mapping(at position: Int) -> KeyMapping? {
    guard position < matchedKeys.count else { return nil }
    if matchedKeys[position] == Self.readingMatch { return .unmapped }
    return keys?.mapping(of: Int(matchedKeys[position]))
  }

  /// The match of `matchedNames[position]`, with what it takes to show it (`KeyMatch`): the
  /// key it matched by, the term's first acceptable occurrence in that key as `matcher`
  /// (made from `query`) finds it, and the key's map back to the name. `nil` for a result
  /// not made by scanning keys, or when `matcher` finds nothing in the key.
  ///
  /// - Complexity: O(k) in the key's length.
  public func match(at position: Int, matcher: Matcher) -> KeyMatch? {
    guard let keys, position < matchedKeys.count, matchedKeys[position] != Self.readingMatch
    else { return nil }
    let key = Int(matchedKeys[position])
    guard let start = matcher.firstMatch(in: keys.key(key)) else { return nil }
    return KeyMatch(
      name: Int(matchedNames[position]), key: key,
      keyRange: start..<start + matcher.foldedTerm.count, mapping: keys.mapping(of: key),
      keys: keys)
  }

  /// Whether `matchedNames[position]` was found only by a reading.
  public func isReadingMatch(at position: Int) -> Bool {
    position < matchedKeys.count && matchedKeys[position] == Self.readingMatch
  }

  /// The remaining sections as values.
  ///
  /// - Complexity: O(m) in the number of matching names.
  public var sections: [Section] {
    groups.map { group in
      Section(title: title(of: group), names: nameIndices(of: group).map { catalog.names[Int($0)] })
    }
  }
}
