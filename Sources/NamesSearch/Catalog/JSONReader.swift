/// Reads a list written as JSON (RFC 8259) with this project's own parser (`JSONParser`),
/// several times faster than Foundation's `JSONSerialization` (BENCHMARKS.md), into the
/// same sections a property list gives:
///
/// - an object of section title → array, sections in file order: `{"A": ["Ann"]}`;
/// - an array at the root, a flat list filed into sections by `SectionsBuilder`:
///   `["Ann", "Bob"]`;
/// - items that are strings (names) or objects (records, decoded into `RecordValue` and
///   handed to `SectionsBuilder.appendRecord`, which takes the name at `--key`). When
///   records are not kept (`LoadOptions.keepsRecords`), only the values under the fields'
///   first keys are decoded; the others are checked, with the same errors, and skipped
///   (`JSONParser.record(depth:keeping:allKeys:)`); when the only field is a name one key
///   deep, a name without escapes goes to the builder as UTF-8 straight from the input, no
///   record and no `String` made (`JSONParser.recordName(depth:keeping:)`).
///
/// The input is read whole into memory first (its size is bounded by `FileReader`'s
/// maximum): one contiguous buffer lets the parser scan without chunk boundaries, and hand
/// a name that holds no escape to the builder straight from the input, without a copy.
///
/// Errors: syntax as `LoadError.invalid(format: .json, "line L, column C: …")` (see
/// `JSONParser`); shapes as `rootNotList` (a root that is a string, a number, …),
/// `sectionNotArray`, `nameNotString` (an item of a section that is neither a string nor
/// an object), `itemNotNameOrRecord` (the same in a flat list), and the builder's errors.
/// A title written twice is a syntax error naming both places; syntax errors inside an
/// item are reported before its shape.
enum JSONReader: ListReader {
  static var access: ListAccess { .stream }

  /// Reads the whole list from `input`.
  ///
  /// - Throws: `LoadError` as the type's documentation says, `memoryRefused`, or what
  ///   reading throws.
  /// - Complexity: O(n) in the input's size.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    let file = input.file
    var bytes = try input.readAll(extra: 1)
    bytes.append(0)
    if bytes.isOutOfMemory { throw LoadError.memoryRefused(source: file.source) }
    let frozen = bytes.freeze()
    let sections = try read(
      frozen.buffer, source: file.source, firstLine: input.droppedLines + 1,
      firstColumn: input.droppedColumns, fields: input.options.fields,
      keepsRecords: input.options.keepsRecords, maximumSize: file.maximumSize,
      maker: input.options.sectionMaker)
    withExtendedLifetime(frozen) {}
    return sections
  }

  /// Reads the list in `buffer`, the document followed by one zero byte (the parser's
  /// sentinel), for the list `source` whose first byte is on line `firstLine` after
  /// `firstColumn` columns.
  ///
  /// - Throws: `LoadError` as `read(_:)`.
  static func read(
    _ buffer: UnsafeBufferPointer<UInt8>, source: String, firstLine: Int = 1,
    firstColumn: Int = 0, fields: RecordFields = .none, keepsRecords: Bool = true,
    maximumSize: Int = FileReader.defaultMaximumSize,
    maker: any SectionMaker = FirstLetterSections()
  ) throws(LoadError) -> SectionedNames {
    // Records nest up to `JSONParser.maximumDepth` deep, each level a few frames: on a
    // stack of its own, so the depth a list may have does not depend on `ulimit -s`.
    try DeepStack.run { () throws(LoadError) -> SectionedNames in
      try readList(
        buffer, source: source, firstLine: firstLine, firstColumn: firstColumn, fields: fields,
        keepsRecords: keepsRecords, maximumSize: maximumSize, maker: maker)
    }
  }

  /// `read(_:source:…)` on the calling thread's stack.
  private static func readList(
    _ buffer: UnsafeBufferPointer<UInt8>, source: String, firstLine: Int, firstColumn: Int,
    fields: RecordFields, keepsRecords: Bool, maximumSize: Int, maker: any SectionMaker
  ) throws(LoadError) -> SectionedNames {
    var parser = JSONParser(
      buffer: buffer, source: source, firstLine: firstLine, firstColumn: firstColumn)
    var builder = SectionsBuilder(
      source: source,
      expansion: ExpansionLimit(inputSize: parser.end, maximumSize: maximumSize, source: source),
      names: max(1024, parser.end / 16), bytes: parser.end, fields: fields,
      keepsRecords: keepsRecords, maker: maker)
    parser.skipByteOrderMark()
    parser.skipSpace()
    switch parser.current {
    case UInt8(ascii: "{"): try readSections(&parser, into: &builder, source: source)
    case UInt8(ascii: "["):
      parser.offset += 1
      try readItems(&parser, into: &builder, source: source, title: nil)
    default:
      // A syntax error in the root is reported first, then its shape.
      let found = parser.kind()
      _ = try parser.value(depth: 1)
      try parser.expectEnd()
      throw LoadError(source: source, reason: .rootNotList(found: found ?? "nothing"))
    }
    try parser.expectEnd()
    return try builder.finish()
  }

  /// Reads the root object at `parser.offset`: each key a section's title, each value its
  /// array of items.
  private static func readSections(
    _ parser: inout JSONParser, into builder: inout SectionsBuilder, source: String
  ) throws(LoadError) {
    parser.offset += 1
    parser.skipSpace()
    if parser.current == UInt8(ascii: "}") {
      parser.offset += 1
      return
    }
    var titles = JSONKeys()
    while true {
      let title = try parser.key(&titles)
      parser.skipSpace()
      guard parser.current == UInt8(ascii: "[") else {
        let found = parser.kind()
        _ = try parser.value(depth: 2)
        throw LoadError(
          source: source, reason: .sectionNotArray(title: title, found: found ?? "nothing"))
      }
      try builder.beginSection(title)
      parser.offset += 1
      try readItems(&parser, into: &builder, source: source, title: title)
      if builder.isOutOfMemory { throw LoadError.memoryRefused(source: source) }
      builder.endSection()
      if try !parser.nextItem(closer: UInt8(ascii: "}")) { return }
    }
  }

  /// Reads the items of the array whose `[` was just read (at depth 2 in a sectioned list,
  /// 1 in a flat one), up to its `]`: strings as names, objects as records.
  private static func readItems(
    _ parser: inout JSONParser, into builder: inout SectionsBuilder, source: String,
    title: String?
  ) throws(LoadError) {
    let depth = title == nil ? 1 : 2
    let filter = builder.keepsRecords ? nil : RecordKeyFilter(builder.fields)
    let fields = builder.fields
    // Only a name one key deep: a record's name goes to the builder as UTF-8 when it can.
    let namesOnly =
      filter != nil && fields.name?.keys.count == 1 && fields.search.isEmpty
      && fields.section == nil
    // Unwrapped once, not for each record (which would retain its arrays).
    let namesFilter = filter ?? RecordKeyFilter(.none)
    parser.skipSpace()
    if parser.current == UInt8(ascii: "]") {
      parser.offset += 1
      return
    }
    var position = 1
    while true {
      parser.skipSpace()
      switch parser.current {
      case UInt8(ascii: "\""):
        try parser.string { (utf8) throws(LoadError) in try builder.appendName(utf8: utf8) }
      case UInt8(ascii: "{"):
        if namesOnly, !builder.needsAllRecordKeys,
          let name = try parser.recordName(depth: depth + 1, keeping: namesFilter)
        {
          builder.dropRecord()
          try builder.appendRow(
            utf8: name, searchKeys: EmptyCollection(), title: nil, record: nil)
        } else if let filter {
          // Only the fields' first keys are decoded; the rest is checked and skipped.
          try builder.appendRecord(
            parser.record(
              depth: depth + 1, keeping: filter, allKeys: builder.needsAllRecordKeys))
        } else {
          try builder.appendRecord(parser.value(depth: depth + 1))
        }
      default:
        let found = parser.kind()
        _ = try parser.value(depth: depth + 1)
        let kind = found ?? "nothing"
        if let title {
          throw LoadError(
            source: source, reason: .nameNotString(title: title, position: position, found: kind))
        }
        throw LoadError(
          source: source, reason: .itemNotNameOrRecord(position: position, found: kind))
      }
      position += 1
      if try !parser.nextItem(closer: UInt8(ascii: "]")) { return }
    }
  }

  /// The whole document in `bytes` (without a sentinel) as one value, syntax checked as a
  /// list is: what the conformance tests compare with Python's `json` module.
  ///
  /// - Throws: `LoadError.invalid` for any syntax error.
  static func value(of bytes: [UInt8], source: String) throws(LoadError) -> RecordValue {
    let padded = bytes + [0]
    return try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
      try DeepStack.run { () throws(LoadError) -> RecordValue in
        var parser = JSONParser(buffer: buffer, source: source, firstLine: 1)
        parser.skipByteOrderMark()
        let value = try parser.value(depth: 1)
        try parser.expectEnd()
        return value
      }
    }
  }
}
