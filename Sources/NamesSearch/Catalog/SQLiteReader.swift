/// Reads one table of an SQLite 3 database (`ListFormat.sqlite`) as a flat list of records:
/// each row is a record whose name is one text column.
///
/// - Table: `LoadOptions.table`, needed only when the database holds more than one table
///   (the tables, in the order they were created, leaving out SQLite's own `sqlite_…`
///   ones); none chosen among several is `chooseTable`, an unknown name `noSuchTable`.
/// - Name: the column `RecordFields.name` names (its whole text is the column name), needed
///   only when the table has more than one text column besides those chosen as search keys
///   or section title (`SQLiteAffinity`: the columns of text affinity, or when there are
///   none the columns declared with no type); several is
///   `chooseColumn`, none `recordsNeedKey` (listing every column), an unknown column
///   `noSuchField`. `RecordFields.search` and `RecordFields.section` name further columns.
/// - Rows come in rowid order, a `WITHOUT ROWID` table's in primary-key order: the table's
///   own b-tree is scanned (`NOT INDEXED`), never an index. A row whose name is NULL is
///   skipped; a number is a name as SQLite writes it ("42", "1.5"); a blob is an error
///   naming the row ("item 7", counting every row from 1) and the column. NULL search
///   keys are skipped; a NULL section title is an error.
/// - Each row's record, for `--json`, is a JSON object of every column in table order:
///   text as strings, integers and reals as numbers (SQLite's own text for them; an
///   infinite real, which JSON cannot hold, as null), NULL as null, blobs as base64
///   strings (RFC 4648).
/// - Table and column names are quoted as SQL identifiers (`"…"`, a quote doubled), so no
///   name can run SQL.
///
/// The database is opened read-only and never changed (`SQLiteDatabase` says how, for
/// rollback and WAL databases, and what a locked, encrypted or damaged file gives): one
/// line, and nothing is returned from a read that fails part way.
///
/// Complexity: O(n) in the table's size; each value is read in place with
/// `sqlite3_column_text`, and copied once into the names (and once into its record). When
/// records are not kept (`LoadOptions.keepsRecords`), only the name, search and section
/// columns are selected, and their UTF-8 goes to the builder with no `String` made.
enum SQLiteReader: ListReader {
  static var access: ListAccess { .path }

  /// Reads the chosen table of the database `input` names by its path.
  ///
  /// - Throws: `LoadError` as the type's summary says; `notAList` for a stream, which has
  ///   no path to open; or what `SectionsBuilder` throws.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    try read(input, minimumRowsToSplit: 200_000)
  }

  /// `read(_:)`, a table of names only read in two halves at once (`SplitRead`) when its
  /// rowids span at least `minimumRowsToSplit` (tests make it small).
  static func read(_ input: ListInput, minimumRowsToSplit: Int64) throws(LoadError)
    -> SectionedNames
  {
    let path = try input.requirePath(format: .sqlite)
    let source = input.source
    let options = input.options
    let database = try SQLiteDatabase(path: path, source: source)
    defer { database.close() }

    let table = try chooseTable(database, options.table, source: source)
    let statement = try database.prepare("SELECT * FROM \(quoted(table)) NOT INDEXED")
    let columns = (0..<statement.columnCount).map { statement.name($0) }
    var columnNames = columns
    func column(_ field: RecordKeyPath) throws(LoadError) -> Int {
      guard let index = columns.firstIndex(of: field.description) else {
        throw LoadError(
          source: source, reason: .noSuchField(field.description, available: columns))
      }
      return index
    }
    var searchColumns: [Int] = []
    for field in options.fields.search { searchColumns.append(try column(field)) }
    let sectionColumn = try options.fields.section.map { (field) throws(LoadError) in
      try column(field)
    }
    let nameColumn: Int
    if let field = options.fields.name {
      nameColumn = try column(field)
    } else {
      // The candidates: text columns not chosen for something else.
      let chosen = Set(searchColumns + (sectionColumn.map { [$0] } ?? []))
      let types = (0..<columns.count).map { statement.declaredType($0) }
      let free = columns.indices.filter { !chosen.contains($0) }
      var candidates = free.filter { SQLiteAffinity(declaredType: types[$0]) == .text }
      if candidates.isEmpty { candidates = free.filter { (types[$0] ?? "").isEmpty } }
      guard candidates.count == 1 else {
        throw LoadError(
          source: source,
          reason: candidates.isEmpty
            ? .recordsNeedKey(fields: columns)
            : .chooseColumn(available: candidates.map { columns[$0] }))
      }
      nameColumn = candidates[0]
    }

    // Without records only the name, search and section columns are read: a narrower
    // statement over the same table, its columns named as the table spells them.
    var reading = statement
    var nameAt = nameColumn
    var searchAt = searchColumns
    var sectionAt = sectionColumn
    if !options.keepsRecords {
      var chosen: [Int] = []
      func place(_ index: Int) -> Int {
        if let at = chosen.firstIndex(of: index) { return at }
        chosen.append(index)
        return chosen.count - 1
      }
      nameAt = place(nameColumn)
      searchAt = searchColumns.map(place)
      sectionAt = sectionColumn.map(place)
      let list = chosen.map { quoted(columns[$0]) }.joined(separator: ", ")
      reading = try database.prepare("SELECT \(list) FROM \(quoted(table)) NOT INDEXED")
      // Errors name the table's columns.
      columnNames = chosen.map { columns[$0] }
    }

    let file = input.file
    // Room for as many names as a text list of the file's size could hold, as the text
    // reader reserves it (the names' bytes are fewer than the file's), rather than growing
    // by half again from 64 KiB: 14 moves for 1M rows. Room not written is never touched.
    let size = min(file.expectedSize ?? 0, FileReader.defaultMaximumSize)
    var builder = SectionsBuilder(
      source: source,
      expansion: ExpansionLimit(
        inputSize: file.expectedSize ?? Int.max, maximumSize: file.maximumSize, source: source),
      names: max(size / 12, 1024), bytes: max(size, 1 << 16), fields: options.fields,
      keepsRecords: options.keepsRecords, maker: options.sectionMaker)
    let keys = JSONKeys(columns)
    var record: [UInt8] = []
    var row = 0
    func notString(_ index: Int, _ found: String) -> LoadError {
      LoadError(
        source: source,
        reason: .fieldNotString(
          title: nil, position: row, field: columnNames[index], found: found))
    }
    func string(_ index: Int) throws(LoadError) -> String? {
      switch reading.kind(index) {
      case .null: return nil
      case .blob: throw notString(index, "a blob")
      default: return reading.text(index)
      }
    }
    // A large table of names only: its second half read on another core meanwhile.
    var split: SplitRead? = nil
    if !options.keepsRecords && searchAt.isEmpty && sectionAt == nil {
      split = SplitRead.start(
        database, path: path, source: source, table: table, columns: columns,
        name: columns[nameColumn], minimumRows: minimumRowsToSplit)
      if let split { reading = split.firstHalf }
    }
    var parts = 1
    var part = 0
    while part < parts {
      part += 1
      if part > 1 { reading = split!.secondHalf }
      rows: while true {
        do {
          guard try reading.step() else { break rows }
        } catch {
          throw database.error(error.code)
        }
        row += 1
        if !builder.keepsRecords {
          let outcome = try appendRow(
            reading, name: nameAt, search: searchAt, section: sectionAt, to: &builder,
            notString: notString)
          if outcome == .skipped { continue }
          builder.dropRecord()
          if outcome == .appended { continue }
        }
        guard let name = try string(nameAt) else { continue }
        var searchKeys: [String] = []
        for index in searchAt {
          if let key = try string(index) { searchKeys.append(key) }
        }
        var title: String? = nil
        if let index = sectionAt {
          guard let text = try string(index) else { throw notString(index, "null") }
          title = text
        }
        guard builder.keepsRecords else {
          try builder.appendRow(name: name, searchKeys: searchKeys, title: title, record: nil)
          continue
        }
        record.removeAll(keepingCapacity: true)
        appendRecord(statement, keys: keys, to: &record)
        try builder.appendRow(name: name, searchKeys: searchKeys, title: title, record: record)
      }
      guard part == 1, let split else { continue }
      let second = split.wait()
      guard split.stamp == SQLiteDatabase.stamp(of: path) else {
        // A commit came between the halves: read again, all at once.
        return try read(input, minimumRowsToSplit: .max)
      }
      guard second.isComplete else {
        // Something the fast path does not take (a blob, bytes that are not UTF-8, an
        // error): the second half is read here, as any table is.
        parts = 2
        continue
      }
      try second.bytes.withUnsafeBufferPointer { (bytes) throws(LoadError) in
        var start = 0
        for end in second.ends {
          try builder.appendRow(
            utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]), searchKeys: [],
            title: nil, record: nil)
          builder.dropRecord()
          start = end
        }
      }
      row += second.rows
    }
    try database.checkUnchanged()
    return try builder.finish()
  }

  /// Appends the current row of `statement` to `builder` as SQLite's own UTF-8 bytes, with
  /// no `String` made: the name in column `name`, the search keys in `search`, the title in
  /// `section`. Answers `.skipped` for a row whose name is NULL, `.appended`, or
  /// `.notUTF8` (nothing appended) when a text is not well-formed UTF-8: the caller then
  /// reads the row as `String`s, which repair it (U+FFFD) as `SQLiteStatement.text` does.
  ///
  /// Each text stays valid until the next step: every column is read once, as text, so
  /// SQLite converts none twice (sqlite.org/c3ref/column_blob.html).
  ///
  /// - Throws: `notString(column, found)` for a blob, or a NULL title; what the builder
  ///   throws.
  /// - Complexity: O(n) in the row's size.
  private static func appendRow(
    _ statement: SQLiteStatement, name: Int, search: [Int], section: Int?,
    to builder: inout SectionsBuilder, notString: (Int, String) -> LoadError
  ) throws(LoadError) -> RowOutcome {
    var wellFormed = true
    func text(_ index: Int) throws(LoadError) -> UnsafeBufferPointer<UInt8>? {
      switch statement.kind(index) {
      case .null: return nil
      case .blob: throw notString(index, "a blob")
      default:
        let bytes = statement.withText(index) { $0 }
        if !UTF8Validation.isValid(bytes) { wellFormed = false }
        return bytes
      }
    }
    guard let nameText = try text(name) else { return .skipped }
    var keys: [UnsafeBufferPointer<UInt8>] = []
    for index in search {
      if let key = try text(index) { keys.append(key) }
    }
    var title: UnsafeBufferPointer<UInt8>? = nil
    if let index = section {
      guard let text = try text(index) else { throw notString(index, "null") }
      title = text
    }
    guard wellFormed else { return .notUTF8 }
    try builder.appendRow(utf8: nameText, searchKeys: keys, title: title, record: nil)
    return .appended
  }

  /// What `appendRow(_:name:search:section:to:notString:)` did with a row.
  private enum RowOutcome {
    case appended, skipped, notUTF8
  }

  /// The table to read: `chosen`, or the only one.
  private static func chooseTable(
    _ database: SQLiteDatabase, _ chosen: String?, source: String
  ) throws(LoadError) -> String {
    let statement = try database.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table'"
        + " AND name NOT LIKE 'sqlite!_%' ESCAPE '!' ORDER BY rowid")
    var tables: [String] = []
    while true {
      do {
        guard try statement.step() else { break }
      } catch {
        throw database.error(error.code)
      }
      tables.append(statement.text(0))
    }
    if let chosen {
      guard tables.contains(chosen) else {
        throw LoadError(source: source, reason: .noSuchTable(chosen, available: tables))
      }
      return chosen
    }
    guard tables.count == 1 else {
      throw LoadError(
        source: source,
        reason: tables.isEmpty
          ? .invalid(format: .sqlite, "it holds no tables") : .chooseTable(available: tables))
    }
    return tables[0]
  }

  /// `name` quoted as an SQL identifier: in double quotes, each double quote doubled
  /// (sqlite.org/lang_keywords.html).
  static func quoted(_ name: String) -> String {
    var text = "\""
    for character in name.unicodeScalars {
      if character == "\"" { text += "\"" }
      text.unicodeScalars.append(character)
    }
    return text + "\""
  }

  /// Each column's name as a JSON string with its colon, made once: `"name":`.
  private struct JSONKeys {
    var keys: [[UInt8]]

    init(_ columns: [String]) {
      keys = columns.map { column in
        var key: [UInt8] = []
        RecordValue.appendJSONString(column, to: &key)
        key.append(UInt8(ascii: ":"))
        return key
      }
    }
  }

  /// Appends the current row of `statement` to `json` as a JSON object.
  private static func appendRecord(
    _ statement: SQLiteStatement, keys: JSONKeys, to json: inout [UInt8]
  ) {
    json.append(UInt8(ascii: "{"))
    for (index, key) in keys.keys.enumerated() {
      if index > 0 { json.append(UInt8(ascii: ",")) }
      json.append(contentsOf: key)
      switch statement.kind(index) {
      case .null:
        json.append(contentsOf: "null".utf8)
      case .integer:
        statement.withText(index) { json.append(contentsOf: $0) }
      case .real:
        // The shortest text that reads back as the same double (Swift's description, as
        // Python's repr), not SQLite's 15 digits, which lose bits (0.1 + 0.2 was "0.3", the
        // largest double a number past it); an infinity, which JSON cannot hold, is null.
        let value = statement.double(index)
        json.append(contentsOf: value.isFinite ? value.description.utf8 : "null".utf8)
      case .text:
        RecordValue.appendJSONString(statement.text(index), to: &json)
      case .blob:
        let bytes = statement.withBlob(index) { Array($0) }
        RecordValue.appendJSONString(RecordValue.base64(bytes), to: &json)
      }
    }
    json.append(UInt8(ascii: "}"))
  }
}
