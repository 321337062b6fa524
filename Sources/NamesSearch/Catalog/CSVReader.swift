/// Reads a list kept as comma-separated values (RFC 4180, split by `CSVParser`): the first
/// row is the header and names the columns, every other row is a record.
///
/// ```text
/// Full Name,Nickname,Email,Group
/// "Lovelace, Ada",Ada,ada@example.org,Friends
/// ```
///
/// - The name is the column `RecordFields.name` names (its whole text, `description`, is the
///   column's name: a column may be called "e.mail"); a file with one column needs none; with
///   several and none chosen the load fails with `recordsNeedKey`, listing the header.
/// - Further search keys are the columns `RecordFields.search` names (an empty field is no
///   key); the section title is the column `RecordFields.section` names, or else the list
///   gets made sections (`SectionsBuilder`'s `SectionMaker`).
/// - A row whose name field is empty has no name, as a NULL in a database: it is skipped.
///   Rows keep file order; empty lines and lines of only spaces and tabs are skipped.
/// - Each row's record, for `--json`, is a JSON object of column → field text, in header
///   order.
/// - A UTF-8 byte-order mark at the start is dropped; every field must be UTF-8.
///
/// Errors are `LoadError`s naming the 1-based line: `invalid(format: .csv, …)` for broken
/// CSV (`CSVParser`), a row whose number of fields differs from the header's, a field that is
/// not UTF-8, a column named twice in the header, an empty section field; `noSuchField` for
/// a chosen column the header lacks.
enum CSVReader: ListReader {
  static var access: ListAccess { .stream }

  /// Reads the whole list from `input`, in 1 MiB chunks after the sniffed prefix.
  ///
  /// - Throws: `LoadError` as listed above, title errors from `SectionsBuilder`,
  ///   `memoryRefused`, or what reading throws.
  /// - Complexity: O(n) in the input's size, plus the made sections' sort.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    try read(input, chunkSize: 1 << 20)
  }

  /// `read(_:)` reading `chunkSize` bytes at a time (tests cut the input small), the
  /// sniffed prefix cut the same way.
  static func read(_ input: ListInput, chunkSize: Int) throws(LoadError) -> SectionedNames {
    var rows = Rows(
      builder: SectionsBuilder(for: input, bytesPerName: 24, bytesShare: 0.5),
      fields: input.options.fields, source: input.source)
    var parser = CSVParser(source: input.source, firstLine: input.droppedLines + 1)
    var start = 0
    if input.droppedLines == 0 && input.prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    try input.prefix.withUnsafeBufferPointer { (bytes) throws(LoadError) in
      for cut in stride(from: start, to: bytes.count, by: chunkSize) {
        let piece = bytes[cut..<min(cut + chunkSize, bytes.count)]
        try parser.parse(UnsafeBufferPointer(rebasing: piece)) { (row) throws(LoadError) in
          try rows.take(row)
        }
      }
    }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = try input.read(into: &chunk)
      if count == 0 { break }
      try chunk.withUnsafeBufferPointer { (bytes) throws(LoadError) in
        try parser.parse(UnsafeBufferPointer(rebasing: bytes[..<count])) {
          (row) throws(LoadError) in try rows.take(row)
        }
      }
    }
    try parser.finish { (row) throws(LoadError) in try rows.take(row) }
    return try rows.finish()
  }

  /// The non-empty fields of a row in the chosen search-key columns, in the order chosen:
  /// a sequence holding no reference (`columns` is valid only during the call it is made
  /// for), so none is counted per row.
  private struct SearchFields: Sequence, IteratorProtocol {
    let row: CSVParser.Row
    let columns: UnsafeBufferPointer<Int>
    var index = 0

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
      while index < columns.count {
        let field = row[columns[index]]
        index += 1
        if !field.isEmpty { return field }
      }
      return nil
    }
  }

  /// The rows after the header, turned into names, keys, titles and records, handed to the
  /// builder as UTF-8 straight from the parser's buffers (no `String` per row).
  private struct Rows: ~Copyable {
    private var builder: SectionsBuilder
    private let fields: RecordFields
    private let source: String
    /// The columns' names, once the header is read, and how many there are (0 before).
    private var header: [String] = []
    private var columnCount = 0
    private var nameColumn = 0
    private var searchColumns: [Int] = []
    private var sectionColumn: Int?
    /// Each column's name as a JSON string followed by ":", for the records.
    private var jsonKeys: [[UInt8]] = []
    private var json: [UInt8] = []

    init(builder: consuming SectionsBuilder, fields: RecordFields, source: String) {
      self.builder = builder
      self.fields = fields
      self.source = source
    }

    /// Takes one row: the header first, then records.
    ///
    /// No allocation or reference count per record (rows read in place come and go by the
    /// million): the column count is kept apart from the header's names, and the search
    /// keys go to the builder as a `SearchFields` over the row, not a closure capturing it.
    mutating func take(_ row: CSVParser.Row) throws(LoadError) {
      guard columnCount > 0 else { return try readHeader(row) }
      guard row.count == columnCount else {
        throw invalid(
          line: row.line,
          "\(Plural.counted(row.count, "field")), but the header has \(columnCount)")
      }
      if !row.isValidUTF8 { try validate(row) }
      let nameBytes = row[nameColumn]
      if nameBytes.isEmpty { return }
      var title: UnsafeBufferPointer<UInt8>? = nil
      if let sectionColumn {
        guard !row[sectionColumn].isEmpty else {
          throw invalid(
            line: row.line,
            "the section field \(LoadError.quoted(header[sectionColumn])) is empty")
        }
        title = row[sectionColumn]
      }
      guard builder.keepsRecords else {
        builder.dropRecord()
        return try append(row, name: nameBytes, title: title, record: nil)
      }
      json.removeAll(keepingCapacity: true)
      json.append(UInt8(ascii: "{"))
      for i in 0..<row.count {
        if i > 0 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: jsonKeys[i])
        RecordValue.appendJSONString(utf8: row[i], to: &json)
      }
      json.append(UInt8(ascii: "}"))
      var record: [UInt8] = []
      swap(&record, &json)
      defer { swap(&record, &json) }
      try record.withUnsafeBufferPointer { (record) throws(LoadError) in
        try append(row, name: nameBytes, title: title, record: record)
      }
    }

    /// Hands `row`'s name, search keys (its non-empty fields in the chosen columns), title
    /// and record to the builder.
    private mutating func append(
      _ row: CSVParser.Row, name: UnsafeBufferPointer<UInt8>,
      title: UnsafeBufferPointer<UInt8>?, record: UnsafeBufferPointer<UInt8>?
    ) throws(LoadError) {
      if searchColumns.isEmpty {
        return try builder.appendRow(
          utf8: name, searchKeys: EmptyCollection(), title: title, record: record)
      }
      let columns = searchColumns
      try columns.withUnsafeBufferPointer { (columns) throws(LoadError) in
        try builder.appendRow(
          utf8: name, searchKeys: SearchFields(row: row, columns: columns), title: title,
          record: record)
      }
    }

    /// Checks that every field of `row` is UTF-8, field by field (not needed when the
    /// parser found the row so: a plain row, checked with its chunk).
    ///
    /// - Throws: `notUTF8` for the first bad byte, in the first field that has one.
    private func validate(_ row: CSVParser.Row) throws(LoadError) {
      for i in 0..<row.count {
        if let bad = UTF8Validation.firstInvalid(in: row[i]) {
          throw notUTF8(row, field: i, offset: bad)
        }
      }
    }

    /// Reads the header: the columns' names, and which of them are the chosen fields.
    private mutating func readHeader(_ row: CSVParser.Row) throws(LoadError) {
      var names: [String] = []
      var seen: Set<String> = []
      for i in 0..<row.count {
        if let bad = UTF8Validation.firstInvalid(in: row[i]) {
          throw notUTF8(row, field: i, offset: bad)
        }
        let name = String(decoding: row[i], as: UTF8.self)
        guard seen.insert(name).inserted else {
          throw invalid(
            line: row.line, "the header names the column \(LoadError.quoted(name)) twice")
        }
        names.append(name)
      }
      func column(_ path: RecordKeyPath) throws(LoadError) -> Int {
        guard let index = names.firstIndex(of: path.description) else {
          throw LoadError(
            source: source, reason: .noSuchField(path.description, available: names))
        }
        return index
      }
      if let name = fields.name {
        nameColumn = try column(name)
      } else if names.count != 1 {
        throw LoadError(source: source, reason: .recordsNeedKey(fields: names))
      }
      for path in fields.search { searchColumns.append(try column(path)) }
      if let section = fields.section { sectionColumn = try column(section) }
      jsonKeys = names.map { name in
        var key: [UInt8] = []
        RecordValue.appendJSONString(utf8: name.utf8, to: &key)
        key.append(UInt8(ascii: ":"))
        return key
      }
      header = names
      columnCount = names.count
    }

    consuming func finish() throws(LoadError) -> SectionedNames {
      try builder.finish()
    }

    private func invalid(line: Int, _ what: String) -> LoadError {
      LoadError(source: source, reason: .invalid(format: .csv, "line \(line): \(what)"))
    }

    /// "line N: not valid UTF-8 …", N the line of the bad byte (a quoted field may span
    /// lines).
    private func notUTF8(_ row: CSVParser.Row, field: Int, offset: Int) -> LoadError {
      let start = row.start(of: field)
      let before = row.bytes[..<(start + offset)]
      let line = row.line + before.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      let bad = row[field][offset...].prefix(4).map { "0x" + hex($0) }.joined(separator: " ")
      return invalid(line: line, "not valid UTF-8 (bytes \(bad))")
    }

    private func hex(_ byte: UInt8) -> String {
      let digits = String(byte, radix: 16, uppercase: true)
      return byte < 0x10 ? "0" + digits : digits
    }
  }
}
