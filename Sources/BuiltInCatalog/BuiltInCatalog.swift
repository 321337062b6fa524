import NamesSearch

/// The list built into the binary: 2,000 common US given names in sections "A"…"Z", made by
/// `Scripts/make-builtin-list.py` from the US Census 1990 given-name files (public domain)
/// and compiled in from `Resources/sortednames.plist` by the EmbedBuiltInCatalog plugin.
/// No file is read at run time.
public enum BuiltInCatalog {
  /// The source name errors about the built-in list give.
  public static let source = "the built-in list"

  /// The built-in list as a catalog.
  ///
  /// - Throws: `LoadError` `memoryRefused` (source "the built-in list") when the system
  ///   refuses memory for the names or their keys, as a list's loader reports it, for
  ///   instance under `ulimit -v` near the floor the program itself needs.
  /// - Complexity: O(n) in the list's size (about 14 KB of names); folds every name once.
  public static func load() throws(LoadError) -> Catalog {
    var builder = NameStore.Builder(names: 2_000, bytes: 16_384)
    BuiltInCatalogData.names.withUTF8Buffer { all in
      var start = 0
      for (offset, byte) in all.enumerated() where byte == 0x0A {
        builder.append(utf8: UnsafeBufferPointer(rebasing: all[start..<offset]))
        start = offset + 1
      }
    }
    var ranges: [Range<Int>] = []
    var total = 0
    for size in BuiltInCatalogData.sectionSizes {
      ranges.append(total..<total + size)
      total += size
    }
    // The build tool wrote the titles in SectionOrder already: no collation at start-up.
    guard !builder.isOutOfMemory else { throw LoadError.memoryRefused(source: source) }
    let names = builder.build()
    guard let keys = SearchKeys.folding(names, options: .default) else {
      throw LoadError.memoryRefused(source: source)
    }
    return Catalog(
      orderedTitles: BuiltInCatalogData.titles, names: names, sectionRanges: ranges,
      defaultKeys: keys)
  }
}
