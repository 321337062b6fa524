/// Loads a *sortednames* list into a `Catalog`.
///
/// The list is a dictionary whose keys are section titles and whose values are arrays of
/// names (strings). `FormatSniffer` tells its `ListFormat` from the first bytes and the
/// `ListReader` for that format (`ListReaders.standard`) reads it into sections, its titles
/// checked by `SectionsBuilder`: an XML property list streams through libxml2
/// (`XMLPlistReader`), a binary one is read directly (`BinaryPlistReader`); Foundation's
/// parser is not on this path. For example:
///
/// ```xml
/// <dict><key>A</key><array><string>Aaron</string></array></dict>
/// ```
///
/// Every failure is a `LoadError` naming the source and the place: the section, the item's
/// 1-based position and the type found.
public enum CatalogLoader {
  /// Called as a list loads with the bytes read so far and the file's size when known.
  public typealias Progress = (_ bytesRead: Int, _ totalBytes: Int?) -> Void

  /// Loads the list in the file at `path`.
  ///
  /// XML lists stream through `XMLPlistReader` (libxml2's SAX2 parser) in 1 MiB chunks;
  /// binary lists are read by `BinaryPlistReader`, OpenStep text by `OpenStepPlistReader`
  /// (which refuses a section written twice, where Foundation keeps the last silently).
  ///
  /// - Parameters:
  ///   - path: the file to read.
  ///   - maximumSize: refuse inputs larger than this many bytes.
  ///   - options: the format, table and record fields to read (`LoadOptions`).
  ///   - progress: told after each chunk read.
  /// - Throws: `LoadError` when the file cannot be read or is not a sortednames list, or
  ///   `outOfMemory` when the process's memory limits cannot hold it (`LoadMemory`, or
  ///   the made sections' sort: `SectionMaker.memoryNeeded(for:)`), or `memoryRefused`
  ///   when the system refuses an allocation as it loads.
  /// - Complexity: O(n) in the file's size.
  public static func load(
    contentsOfFile path: PathName, maximumSize: Int = FileReader.defaultMaximumSize,
    options: LoadOptions = .default, progress: Progress? = nil
  ) throws(LoadError) -> Catalog {
    try load(
      from: FileReader(path: path, maximumSize: maximumSize), options: options,
      progress: progress)
  }

  /// `load(contentsOfFile:maximumSize:progress:)` with the path given as text, which names
  /// every path whose bytes are valid UTF-8 (use `PathName` for the others).
  ///
  /// - Throws: `LoadError` as the `PathName` form (`FileReader.init(path:source:maximumSize:)`).
  public static func load(
    contentsOfFile path: String, maximumSize: Int = FileReader.defaultMaximumSize,
    options: LoadOptions = .default, progress: Progress? = nil
  ) throws(LoadError) -> Catalog {
    try load(
      from: FileReader(path: path, maximumSize: maximumSize), options: options,
      progress: progress)
  }

  /// Loads the list that `reader` reads (a file or standard input), detecting its format
  /// unless `options` names one, its records read by `options.fields`.
  ///
  /// - Throws: `LoadError` when the input cannot be read or is not a sortednames list, or
  ///   `outOfMemory` when the process's memory limits cannot hold it (`LoadMemory`, or
  ///   the made sections' sort: `SectionMaker.memoryNeeded(for:)`), or `memoryRefused`
  ///   when the system refuses an allocation as it loads.
  public static func load(
    from reader: FileReader, options: LoadOptions = .default, progress: Progress? = nil
  ) throws(LoadError) -> Catalog {
    try load(from: reader, readers: .standard, options: options, progress: progress).catalog
  }

  /// `load(from:progress:)` with the reader for each format taken from `readers`; also
  /// answers how the reader took its input (a `.path` reader leaves `reader` unread past
  /// the bytes sniffed).
  ///
  /// - Throws: `LoadError` as `load(from:progress:)`, and what the chosen reader throws;
  ///   `notAList` when the format's reader opens files by path and `reader` is a stream.
  static func load(
    from reader: FileReader, readers: ListReaders, options: LoadOptions = .default,
    progress: Progress?
  ) throws(LoadError) -> (catalog: Catalog, access: ListAccess) {
    // Under `ulimit -v`, a list that cannot load is refused before any buffer is taken,
    // and again, more exactly, once its format is known.
    try LoadMemory.check(fileSize: reader.expectedSize ?? 0, format: nil, source: reader.source)
    let sniffed = try sniff(reader, format: options.format, progress: progress)
    try LoadMemory.check(
      fileSize: reader.expectedSize ?? 0, format: sniffed.format, source: reader.source)
    let input = ListInput(
      file: reader, prefix: sniffed.prefix, droppedLines: sniffed.droppedLines,
      droppedColumns: sniffed.droppedColumns,
      options: options, progress: progress)
    guard let listReader = readers[sniffed.format] else {
      throw LoadError(
        source: reader.source,
        reason: .notAList("expected an XML or a binary property list"))
    }
    if options.table != nil && sniffed.format != .sqlite {
      throw LoadError(source: reader.source, reason: .tableNotDatabase(format: sniffed.format))
    }
    if listReader.access == .path { _ = try input.requirePath(format: sniffed.format) }
    let catalog = try catalog(listReader.read(input), source: reader.source)
    return (catalog.reordered(for: options.locale), listReader.access)
  }

  /// The format and first bytes of the list `reader` reads, its 1 MiB read buffer released
  /// before a reader takes its own.
  private static func sniff(_ reader: FileReader, format: ListFormat?, progress: Progress?)
    throws(LoadError) -> FormatSniffer.Sniffed
  {
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    if format != .sqlite && format != .binaryPropertyList {
      try decodeWideText(reader, chunk: &chunk)
    }
    let sniffed = try FormatSniffer.sniff(reader, chunk: &chunk, format: format, progress: progress)
    if let encoding = reader.decodedEncoding,
      sniffed.format != .xmlPropertyList && sniffed.format != .openStepPropertyList
    {
      throw LoadError(
        source: reader.source,
        reason: .notAList(
          "\(encoding.name) text is read only as a property list (XML or OpenStep);"
            + " \(sniffed.format.name) must be UTF-8"))
    }
    return sniffed
  }

  /// Starts decoding UTF-16 or UTF-32 text told by its byte-order mark to UTF-8
  /// (`WideText`, `FileReader.decode(from:after:)`), which the readers read: OpenStep text
  /// and UTF-32 XML. UTF-16 XML (its first character `<`) is left to libxml2, which reads it
  /// as it is, and so is UTF-16 text too short to show its first character; anything else is
  /// given back to be read as it is.
  ///
  /// - Throws: `LoadError` as `FileReader.read(into:)`, and `notAList` for text that is not
  ///   valid in its encoding.
  private static func decodeWideText(_ reader: FileReader, chunk: inout [UInt8])
    throws(LoadError)
  {
    var head: [UInt8] = []
    func readMore() throws(LoadError) -> Bool {
      let count = try reader.read(into: &chunk)
      head.append(contentsOf: chunk[..<count])
      return count > 0
    }
    while head.count < 4, try readMore() {}
    guard let encoding = WideText.Encoding.marked(head) else {
      reader.unread(head[...])
      return
    }
    if encoding.unitSize == 2 {
      while encoding.firstSignificantUnit(head) == nil && head.count < 1 << 16, try readMore() {}
      // XML, or too little to tell (white space only, or cut inside the first character):
      // as it is, for libxml2 and the sniffer to say what it is.
      let first = encoding.firstSignificantUnit(head)
      if first == nil || first == UInt32(UInt8(ascii: "<")) {
        reader.unread(head[...])
        return
      }
    }
    try reader.decode(from: encoding, after: head[encoding.unitSize...])
  }

  /// The catalog of the sections a reader read, its names and their further keys folded
  /// for the default options, its records kept.
  ///
  /// - Throws: `LoadError` `memoryRefused` when the system refuses memory for the keys.
  static func catalog(_ sections: SectionedNames, source: String) throws(LoadError)
    -> Catalog
  {
    let further = sections.searchKeys.map {
      FurtherKeys(texts: $0.texts, owners: FrozenArray($0.owners))
    }
    guard let keys = SearchKeys.folding(sections.names, further: further, options: .default)
    else {
      throw LoadError.memoryRefused(source: source)
    }
    var catalog = Catalog(
      titles: sections.titles, names: sections.names, sectionRanges: sections.ranges,
      defaultKeys: keys, furtherKeys: further, records: sections.records)
    catalog.recordsDropped = sections.recordsDropped
    return catalog
  }

  /// A catalog of sections given as titles and names (decoded elsewhere: by Foundation's
  /// `PropertyListSerialization`, say), in the order given; titles and names take the
  /// checks every reader's take (`SectionsBuilder`).
  ///
  /// - Throws: `LoadError` `emptyTitle`, `duplicateTitle` or `equivalentTitles`, or
  ///   `memoryRefused`.
  /// - Complexity: O(n) in the names' total length, plus the titles' checks.
  public static func catalog(
    fromSections sections: [(title: String, names: [String])], source: String
  ) throws(LoadError) -> Catalog {
    var builder = SectionsBuilder(source: source, expansion: nil)
    for (title, names) in sections {
      try builder.beginSection(title)
      for name in names { try builder.appendName(name) }
      builder.endSection()
    }
    return try catalog(builder.finish(), source: source)
  }
}
