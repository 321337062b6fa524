/// The loaded list: an immutable, ordered array of sections, each a title and its names.
///
/// ```swift
/// let catalog = Catalog(sections: [
///   Section(title: "B", names: ["Bob"]),
///   Section(title: "A", names: ["Ann", "Abby"]),
/// ])
/// catalog.titles   // ["A", "B"]  (see `SectionOrder`)
/// ```
///
/// Names are kept in one contiguous UTF-8 buffer (`NameStore`) in section order, and folded
/// once, at creation, into search keys for the default match options. A catalog is a value:
/// searching never changes it, and copies share storage.
public struct Catalog: Sendable {
  /// The section titles in display order (`SectionOrder`).
  public let titles: [String]
  /// The names of every section back to back, in section order, then file order.
  public let names: NameStore
  /// `sectionEnds[s]` is one past the index of the last name of section `s`.
  public let sectionEnds: [Int]
  /// The names folded for `MatchOptions.default`.
  public let defaultKeys: SearchKeys

  /// Creates a catalog; sections are put in `SectionOrder`, names keep their order.
  ///
  /// - Complexity: O(n) in the names' total UTF-8 length, plus sorting the titles.
  public init(sections: [Section]) {
    let ordered = sections.enumerated().sorted { a, b in
      if SectionOrder.areInIncreasingOrder(a.element.title, b.element.title) { return true }
      if SectionOrder.areInIncreasingOrder(b.element.title, a.element.title) { return false }
      return a.offset < b.offset
    }.map(\.element)
    var store = NameStore()
    let byteCount = ordered.reduce(0) { sum, section in
      section.names.reduce(sum) { $0 + $1.utf8.count }
    }
    store.reserveCapacity(names: ordered.reduce(0) { $0 + $1.names.count }, bytes: byteCount)
    var ends: [Int] = []
    for section in ordered {
      for name in section.names { store.append(name) }
      ends.append(store.count)
    }
    self.init(titles: ordered.map(\.title), names: store, sectionEnds: ends)
  }

  /// Creates a catalog from storage that is already in `SectionOrder`.
  ///
  /// - Precondition: `sectionEnds` is non-decreasing, has one entry per title, and ends at
  ///   `names.count`.
  public init(titles: [String], names: NameStore, sectionEnds: [Int]) {
    precondition(titles.count == sectionEnds.count && (sectionEnds.last ?? 0) == names.count)
    self.titles = titles
    self.names = names
    self.sectionEnds = sectionEnds
    self.defaultKeys = SearchKeys(names: names, options: .default)
  }

  /// The number of sections.
  public var sectionCount: Int { titles.count }

  /// The number of names in all sections.
  public var nameCount: Int { names.count }

  /// The indices (into `names`) of the names of section `s`.
  public func nameRange(ofSection s: Int) -> Range<Int> {
    (s == 0 ? 0 : sectionEnds[s - 1])..<sectionEnds[s]
  }

  /// The sections as values: titles and names as `String`s.
  ///
  /// - Complexity: O(n) in the number of names.
  public var sections: [Section] {
    titles.indices.map { s in
      Section(title: titles[s], names: nameRange(ofSection: s).map { names[$0] })
    }
  }

  /// The search keys for `options`: the stored ones for the default options, otherwise
  /// folded now.
  ///
  /// - Complexity: O(1) for `.default`, else O(n) in the names' total UTF-8 length.
  public func keys(for options: MatchOptions) -> SearchKeys {
    options == defaultKeys.options ? defaultKeys : SearchKeys(names: names, options: options)
  }
}
