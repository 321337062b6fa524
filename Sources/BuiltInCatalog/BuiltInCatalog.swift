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
  /// The names and their keys under the default options were laid out at build time
  /// (`embed-catalog`): they are copied, not folded (issue 14).
  ///
  /// - Throws: `LoadError` `memoryRefused` (source "the built-in list") when the system
  ///   refuses memory for the names or their keys, as a list's loader reports it, for
  ///   instance under `ulimit -v` near the floor the program itself needs.
  /// - Complexity: O(n) in the list's size (about 14 KB of names and as much of keys).
  public static func load() throws(LoadError) -> Catalog {
    let names = NameStore(
      bytes: try copy(bytesOf: BuiltInCatalogData.names),
      ends: try BuiltInCatalogData.nameEnds.withUnsafeBufferPointer { (ends) throws(LoadError) in
        try copy(ends)
      })
    let keys = SearchKeys(
      options: .default, bytes: try copy(bytesOf: BuiltInCatalogData.keys),
      ends: try BuiltInCatalogData.keyEnds.withUnsafeBufferPointer { (ends) throws(LoadError) in
        try copy(ends)
      })
    var ranges: [Range<Int>] = []
    var total = 0
    for size in BuiltInCatalogData.sectionSizes {
      ranges.append(total..<total + size)
      total += size
    }
    // The build tool wrote the titles in SectionOrder already: no collation at start-up.
    return Catalog(
      orderedTitles: BuiltInCatalogData.titles, names: names, sectionRanges: ranges,
      defaultKeys: keys)
  }

  /// A copy of `text`'s UTF-8 bytes.
  private static func copy(bytesOf text: StaticString) throws(LoadError) -> FrozenArray<UInt8> {
    try copy(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A copy of `buffer`, or `memoryRefused` when the system refuses the memory.
  private static func copy<Element: BitwiseCopyable>(_ buffer: UnsafeBufferPointer<Element>)
    throws(LoadError) -> FrozenArray<Element>
  {
    var array = GrowableArray<Element>(capacity: Swift.max(buffer.count, 1), failsSoftly: true)
    array.append(contentsOf: buffer)
    guard !array.isOutOfMemory else { throw LoadError.memoryRefused(source: source) }
    return array.freeze()
  }
}
