/// What a `ListReader` reads: the section titles in file order, every name in one
/// `NameStore`, and each section's range of names. A `Catalog` is made from it
/// (`CatalogLoader`), its titles already checked by `SectionsBuilder`: none empty, no two
/// canonically equivalent.
struct SectionedNames {
  /// The titles, in file order.
  var titles: [String]
  /// The names of every section, each section's adjacent and in file order.
  var names: NameStore
  /// For each title, the indices of its names in `names`: disjoint, covering every name.
  var ranges: [Range<Int>]
}
