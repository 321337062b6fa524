import Foundation

/// Loads a *sortednames* property list into a `Catalog`.
///
/// The list is a dictionary whose keys are section titles and whose values are arrays of
/// names (strings), in XML (streamed through libxml2 by `XMLPlistReader`) or binary
/// (`BinaryPlistReader`) format; `FormatSniffer` tells which from the first bytes:
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
  /// binary lists are read by `BinaryPlistReader`. OpenStep text is refused (Foundation's
  /// parser silently drops duplicate sections); `catalog(fromPropertyList:source:)` still
  /// reads every format through Foundation.
  ///
  /// - Parameters:
  ///   - maximumSize: refuse inputs larger than this many bytes.
  ///   - progress: told after each chunk read.
  /// - Throws: `LoadError` when the file cannot be read or is not a sortednames list, or
  ///   `outOfMemory` when the process's memory limits cannot hold it (`LoadMemory`), or
  ///   `memoryRefused` when the system refuses an allocation as it loads.
  /// - Complexity: O(n) in the file's size.
  public static func load(
    contentsOfFile path: PathName, maximumSize: Int = FileReader.defaultMaximumSize,
    progress: Progress? = nil
  ) throws(LoadError) -> Catalog {
    try load(from: FileReader(path: path, maximumSize: maximumSize), progress: progress)
  }

  /// `load(contentsOfFile:maximumSize:progress:)` with the path given as text, which names
  /// every path whose bytes are valid UTF-8 (use `PathName` for the others).
  ///
  /// - Throws: `LoadError` as the `PathName` form (`FileReader.init(path:source:maximumSize:)`).
  public static func load(
    contentsOfFile path: String, maximumSize: Int = FileReader.defaultMaximumSize,
    progress: Progress? = nil
  ) throws(LoadError) -> Catalog {
    try load(from: FileReader(path: path, maximumSize: maximumSize), progress: progress)
  }

  /// Loads the list that `reader` reads (a file or standard input), detecting its format.
  ///
  /// - Throws: `LoadError` when the input cannot be read or is not a sortednames list, or
  ///   `outOfMemory` when the process's memory limits cannot hold it (`LoadMemory`), or
  ///   `memoryRefused` when the system refuses an allocation as it loads.
  public static func load(from reader: FileReader, progress: Progress? = nil) throws(LoadError)
    -> Catalog
  {
    // Under `ulimit -v`, a list that cannot load is refused before any buffer is taken,
    // and again, more exactly, once its format is known.
    try LoadMemory.check(fileSize: reader.expectedSize ?? 0, format: nil, source: reader.source)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var sniffed = try FormatSniffer.sniff(reader, chunk: &chunk, progress: progress)
    try LoadMemory.check(
      fileSize: reader.expectedSize ?? 0, format: sniffed.format, source: reader.source)
    switch sniffed.format {
    case .binary:
      // The file's bytes are released before the keys are folded.
      let parsed = try readBinary(
        reader, after: sniffed.prefix, chunk: &chunk, progress: progress)
      return try catalog(parsed, source: reader.source)
    case .xml:
      break
    }
    // Put the prolog in the form libxml2 accepts (see `XMLProlog`).
    var lineOffset = sniffed.droppedLines
    while true {
      switch XMLProlog.scan(sniffed.prefix, atEnd: reader.reachedEnd) {
      case .needsMore:
        let count = try reader.read(into: &chunk)
        progress?(reader.bytesRead, reader.expectedSize)
        sniffed.prefix.append(contentsOf: chunk[..<count])
        continue
      case .tooLong:
        throw LoadError(
          source: reader.source,
          reason: .notPropertyList(
            "the XML before the root element (comments, processing instructions, DOCTYPE)"
              + " is longer than \(XMLProlog.maximumLength) bytes"))
      case .rewritten(let bytes, let consumed, let droppedLines):
        if consumed > 0 {
          sniffed.prefix.replaceSubrange(0..<consumed, with: bytes)
          lineOffset += droppedLines
        }
      }
      break
    }
    let parsed = try XMLPlistReader(
      source: reader.source, expectedSize: reader.expectedSize, maximumSize: reader.maximumSize,
      lineOffset: lineOffset
    ).read(firstChunk: sniffed.prefix[...]) { (buffer) throws(LoadError) -> Int in
      let count = try reader.read(into: &buffer)
      progress?(reader.bytesRead, reader.expectedSize)
      return count
    }
    return try catalog(parsed, source: reader.source)
  }

  /// Reads the rest of a binary list into one buffer (its size reserved once for a file)
  /// and parses it.
  private static func readBinary(
    _ reader: FileReader, after prefix: [UInt8], chunk: inout [UInt8], progress: Progress?
  ) throws(LoadError) -> (titles: [String], names: NameStore, ranges: [Range<Int>]) {
    var bytes = GrowableArray<UInt8>(
      capacity: max(reader.expectedSize ?? 0, prefix.count), failsSoftly: true)
    prefix.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    while true {
      let count = try reader.read(into: &chunk)
      progress?(reader.bytesRead, reader.expectedSize)
      if count == 0 { break }
      chunk.withUnsafeBufferPointer {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
      }
      if bytes.isOutOfMemory { throw LoadError.memoryRefused(source: reader.source) }
    }
    var binary = BinaryPlistReader(
      bytes: bytes.freeze(), source: reader.source, maximumSize: reader.maximumSize)
    return try binary.read()
  }

  /// The catalog of a parsed list, its keys folded for the default options.
  ///
  /// - Throws: `LoadError` `memoryRefused` when the system refuses memory for the keys.
  private static func catalog(
    _ parsed: (titles: [String], names: NameStore, ranges: [Range<Int>]), source: String
  ) throws(LoadError) -> Catalog {
    guard let keys = SearchKeys.folding(parsed.names, options: .default) else {
      throw LoadError.memoryRefused(source: source)
    }
    return Catalog(
      titles: parsed.titles, names: parsed.names, sectionRanges: parsed.ranges, defaultKeys: keys)
  }

  /// Parses `data` as a sortednames property list; `source` names it in errors.
  ///
  /// - Throws: `LoadError` when `data` is empty, not a property list, or not a dictionary of
  ///   arrays of strings.
  public static func catalog(fromPropertyList data: Data, source: String) throws(LoadError)
    -> Catalog
  {
    guard !data.isEmpty else { throw LoadError(source: source, reason: .empty) }
    guard data.contains(where: { ![0x09, 0x0A, 0x0D, 0x20].contains($0) }) else {
      throw LoadError(source: source, reason: .blank)
    }
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      // Foundation reports a damaged binary list with the text parser's last complaint
      // ("unexpected character b at line 1"): say what it is instead.
      let why =
        PropertyListFormat.detect(data.prefix(8)) == .binary
        ? "damaged binary property list (bad offsets, object references or counts)"
        : parserMessage(of: error)
      throw LoadError(source: source, reason: .notPropertyList(why))
    }
    return try catalog(fromObject: root, source: source)
  }

  /// Checks and converts a decoded property-list object.
  static func catalog(fromObject root: Any, source: String) throws(LoadError) -> Catalog {
    guard let dictionary = root as? [AnyHashable: Any] else {
      throw LoadError(source: source, reason: .rootNotDictionary(found: describeType(of: root)))
    }
    var sections: [Section] = []
    sections.reserveCapacity(dictionary.count)
    // Check sections in title order so the first error reported does not depend on hashing.
    let entries = try dictionary.map { (key, value) throws(LoadError) -> (String, Any) in
      guard let title = key.base as? String else {
        throw LoadError(source: source, reason: .titleNotString(found: describeType(of: key.base)))
      }
      return (title, value)
    }.sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
    var seen = SectionTitles()
    for (title, value) in entries {
      try seen.insert(title, source: source)
      guard let items = value as? [Any] else {
        throw LoadError(
          source: source, reason: .sectionNotArray(title: title, found: describeType(of: value)))
      }
      var names: [String] = []
      names.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        guard let name = item as? String else {
          throw LoadError(
            source: source,
            reason: .nameNotString(
              title: title, position: index + 1, found: describeType(of: item)))
        }
        names.append(name)
      }
      sections.append(Section(title: title, names: names))
    }
    return Catalog(sections: sections)
  }

  /// "a string", "a number", "a boolean", "a date", "data", "an array", "a dictionary".
  static func describeType(of value: Any) -> String {
    switch value {
    case is String: "a string"
    case is [Any]: "an array"
    case is [AnyHashable: Any]: "a dictionary"
    case is Date: "a date"
    case is Data: "data"
    case _ where type(of: value) == Bool.self: "a boolean"
    case is NSNumber: "a number"
    default: "a value of type \(type(of: value))"
    }
  }

  /// Foundation's own words for a parse failure ("Unexpected character h at line 1"),
  /// first letter lowercased.
  static func parserMessage(of error: Error) -> String {
    let nsError = error as NSError
    let text =
      (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    let line = text.split(whereSeparator: \.isNewline).joined(separator: "; ")
    guard let first = line.first else { return "unreadable data" }
    return first.lowercased() + line.dropFirst()
  }
}
