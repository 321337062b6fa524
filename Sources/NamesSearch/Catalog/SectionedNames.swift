/// What a `ListReader` reads: the section titles, every name in one `NameStore`, each
/// section's range of names, and, for records, their further search keys and the records
/// themselves. A `Catalog` is made from it (`CatalogLoader`), its titles already checked by
/// `SectionsBuilder`: none empty, no two canonically equivalent.
struct SectionedNames {
  /// The titles, in file order (or, for made sections, in any order).
  var titles: [String]
  /// The names of every section, each section's adjacent.
  var names: NameStore
  /// For each title, the indices of its names in `names`: disjoint, covering every name.
  var ranges: [Range<Int>]
  /// The further search keys of records (`RecordFields.search`), unfolded: `texts[k]`
  /// belongs to name `owners[k]`; owners are non-decreasing. `nil` when there are none.
  var searchKeys: (texts: NameStore, owners: [UInt32])? = nil
  /// Each name's record as compact JSON text, index for index with `names`; `nil` when the
  /// items are names, not records.
  var records: NameStore? = nil
  /// Whether the items were records whose text was not kept (`LoadOptions.keepsRecords`).
  var recordsDropped = false
}
