extension Catalog {
  /// The same catalog with its sections in `locale`'s title order
  /// (`SectionOrder.areInIncreasingOrder(_:_:locale:)`); names, keys and records are shared,
  /// not copied. Sections keep their titles and names: only their order changes.
  ///
  /// - Complexity: O(s log s) title comparisons for s sections.
  public func reordered(for locale: SectionLocale?) -> Catalog {
    guard let locale else { return self }
    let order = titles.indices.sorted { a, b in
      if SectionOrder.areInIncreasingOrder(titles[a], titles[b], locale: locale) { return true }
      if SectionOrder.areInIncreasingOrder(titles[b], titles[a], locale: locale) { return false }
      return a < b
    }
    var catalog = Catalog(
      orderedTitles: order.map { titles[$0] }, names: names,
      sectionRanges: order.map { sectionRanges[$0] }, defaultKeys: defaultKeys,
      furtherKeys: furtherKeys, records: records)
    catalog.recordsDropped = recordsDropped
    return catalog
  }
}
