/// Builds a list's sections as a reader reads them, in file order, and owns the checks every
/// reader makes the same way: each title is checked as its section begins (`SectionTitles`:
/// not empty, not a duplicate, not canonically equivalent to an earlier one), and each title
/// and name is counted against the list's `ExpansionLimit` when one is given.
///
/// ```swift
/// var builder = SectionsBuilder(source: "list.plist", expansion: nil)
/// try builder.beginSection("A")
/// try builder.appendName("Ann")
/// builder.endSection()
/// let sections = try builder.finish()   // titles ["A"], one name, ranges [0..<1]
/// ```
///
/// A name may also arrive in parts (`appendPart(utf8:)`, then `endName()`), as a streaming
/// parser hands text over. When the system refuses memory for the names, the rest are
/// dropped and `endSection()`'s caller or `finish()` reports `memoryRefused`.
///
/// Items may be records instead of names: a reader hands over a decoded record
/// (`appendRecord(_:)`, plist and JSON) or a row whose fields it resolved itself
/// (`appendRow(name:searchKeys:title:record:)`, CSV and SQLite); the builder keeps each
/// record's further search keys and its JSON text. A list whose items come before any
/// section begins is flat: `finish()` files it into sections by `RecordFields.section` (an
/// empty value refused, canonically equivalent values in the section of the one met first),
/// or else with the `SectionMaker`. A section field also re-files a sectioned list's records.
struct SectionsBuilder: ~Copyable {
  private let source: String
  /// Which fields of records are what.
  let fields: RecordFields
  /// The field a string item is refused for, when one was chosen (found once, not for
  /// each name).
  private let fieldForRecords: RecordKeyPath?
  private let maker: any SectionMaker
  private var names: NameStore.Builder
  /// The further search keys' texts and owners, and the records' JSON texts.
  private var keyTexts = NameStore.Builder(names: 0, bytes: 0)
  private var keyOwners: [UInt32] = []
  private var records = NameStore.Builder(names: 0, bytes: 0)
  private var hasRecords = false
  /// Whether records are kept (`LoadOptions.keepsRecords`); a reader that makes a record's
  /// text itself skips making it when they are not, and calls `dropRecord()` instead.
  let keepsRecords: Bool
  /// Whether the next record handed to `appendRecord(_:)` must hold all its keys, not only
  /// those of the fields: the first record's keys name what a misspelt search field could
  /// have been, and without a name field the error lists a record's keys.
  var needsAllRecordKeys: Bool { firstRecordKeys == nil || fields.name == nil }
  /// Whether a record was left out because records are not kept.
  private var recordsDropped = false
  /// For re-filed items (flat input with a section field, or any input with one): each
  /// item's title, as an index into `fieldTitles`.
  private var itemTitles: [UInt32] = []
  private var fieldTitles: [String] = []
  /// Each field title's index in `fieldTitles`, keyed by `String`, whose equality is
  /// canonical equivalence: records whose titles are spelled two equivalent ways share the
  /// section of the spelling met first (README, "Section order"), where a list's own titles
  /// spelled so are refused.
  private var fieldTitleIndex: [String: UInt32] = [:]
  /// For each search field, whether a decoded record held it; and the first record's keys.
  private var searchFieldsFound: [Bool] = []
  private var firstRecordKeys: [String]?
  /// The UTF-8 spellings of `fieldTitles` seen so far, for rows handed over as bytes.
  private var fieldTitleSpellings = TitleSpellings()
  /// The position of the next item in its section (or in the flat list), 1-based.
  private var position = 1
  /// Whether a section began: the list is sectioned, not flat.
  private var isSectioned = false
  private var titles: [String] = []
  private var ranges: [Range<Int>] = []
  private var seenTitles = SectionTitles()
  private var expansion: ExpansionLimit?
  /// The open section's title and the index of its first name.
  private var open: (title: String, start: Int)?
  /// The byte offset where the name being appended in parts starts.
  private var nameStart = 0
  /// Whether `maker.prepare()` was called.
  private var isMakerPrepared = false

  /// A builder for the list that errors call `source`, counting its loaded size against
  /// `expansion` (`nil`: no limit), with room reserved for `names` names of `bytes` bytes.
  ///
  /// `fields` says which fields of records are what; `maker` files a flat list's names.
  init(
    source: String, expansion: ExpansionLimit?, names: Int = 1024, bytes: Int = 1 << 16,
    fields: RecordFields = .none, keepsRecords: Bool = true,
    maker: any SectionMaker = FirstLetterSections()
  ) {
    self.source = source
    self.keepsRecords = keepsRecords
    self.expansion = expansion
    self.fields = fields
    fieldForRecords = fields.name ?? fields.search.first ?? fields.section
    self.maker = maker
    self.names = NameStore.Builder(names: names, bytes: bytes)
  }

  /// A builder for the list `input` reads: its names counted against the file's size limit
  /// (`ExpansionLimit`), its fields, records and section maker those of `input.options`,
  /// with room reserved for one name per `bytesPerName` bytes of the file and `bytesShare`
  /// of its size in names' bytes (the share of the file that is names, at most 1).
  init(for input: ListInput, bytesPerName: Int, bytesShare: Double = 1) {
    let file = input.file
    let size = min(file.expectedSize ?? 0, FileReader.defaultMaximumSize)
    self.init(
      source: input.source,
      expansion: ExpansionLimit(
        inputSize: file.expectedSize ?? Int.max, maximumSize: file.maximumSize,
        source: input.source),
      names: max(size / bytesPerName, 1024), bytes: max(Int(Double(size) * bytesShare), 1 << 16),
      fields: input.options.fields, keepsRecords: input.options.keepsRecords,
      maker: input.options.sectionMaker)
  }

  /// The title of the open section, or `nil` in a flat list, for messages.
  private var placeTitle: String? { isSectioned ? title : nil }

  /// Whether items are re-filed by title: a flat list, or a section field chosen.
  private var refiles: Bool { !isSectioned || fields.section != nil }

  /// The title of the open section ("" before the first).
  var title: String { open?.title ?? "" }

  /// The names in the open section so far.
  var namesInSection: Int { names.count - (open?.start ?? names.count) }

  /// The 1-based position the next item takes in its section, or in a flat list.
  var itemPosition: Int { position }

  /// Whether the system refused memory for a name (the names are then incomplete).
  var isOutOfMemory: Bool { names.isOutOfMemory }

  /// Begins the section titled `title`, after any open one ends.
  ///
  /// - Throws: `LoadError` `emptyTitle`, `duplicateTitle` or `equivalentTitles`; or
  ///   `namesTooLarge`, `expandsTooMuch` from the `ExpansionLimit`.
  /// - Complexity: O(n) in the title's length, amortized.
  mutating func beginSection(_ title: String) throws(LoadError) {
    try seenTitles.insert(title, source: source)
    try expansion?.addSection(titleByteCount: title.utf8.count)
    if open != nil { endSection() }
    isSectioned = true
    open = (title, names.count)
    nameStart = names.byteCount
    position = 1
  }

  /// Appends an item that is a record: its name is the string at `fields.name`, its
  /// further search keys the strings (or numbers) at `fields.search`, its title (when
  /// re-filed) the string at `fields.section`; the record is kept as JSON text.
  ///
  /// - Throws: `LoadError` `recordsNeedKey` (no name field chosen: the record's fields
  ///   listed), `fieldMissing` or `fieldNotString` for the name or section field, naming
  ///   the section and the item; or what the `ExpansionLimit` throws.
  /// - Complexity: O(n) in the record's size.
  mutating func appendRecord(_ record: RecordValue) throws(LoadError) {
    guard let nameField = fields.name else {
      throw LoadError(source: source, reason: .recordsNeedKey(fields: record.keys))
    }
    let name = try string(at: nameField, of: record)
    if firstRecordKeys == nil {
      firstRecordKeys = record.keys
      searchFieldsFound = Array(repeating: false, count: fields.search.count)
    }
    var keys: [String] = []
    for (index, path) in fields.search.enumerated() {
      let value = record.value(at: path)
      if value != nil { searchFieldsFound[index] = true }
      switch value {
      case nil, .null?: continue
      case .string(let text)?, .number(let text)?: keys.append(text)
      case .array(let items)?:
        for case .string(let text) in items { keys.append(text) }
      case let other?:
        throw LoadError(
          source: source,
          reason: .fieldNotString(
            title: placeTitle, position: position, field: path.description,
            found: other.typeDescription))
      }
    }
    var title: String? = nil
    if let path = fields.section { title = try string(at: path, of: record) }
    guard keepsRecords else {
      dropRecord()
      return try appendRow(name: name, searchKeys: keys, title: title, record: nil)
    }
    var json: [UInt8] = []
    record.appendJSON(to: &json)
    try appendRow(name: name, searchKeys: keys, title: title, record: json)
  }

  /// The string at `path` in `record`, or an error naming the item and the field.
  private func string(at path: RecordKeyPath, of record: RecordValue) throws(LoadError)
    -> String
  {
    switch record.value(at: path) {
    case .string(let text)?: return text
    case nil:
      throw LoadError(
        source: source,
        reason: .fieldMissing(title: placeTitle, position: position, field: path.description))
    case let other?:
      throw LoadError(
        source: source,
        reason: .fieldNotString(
          title: placeTitle, position: position, field: path.description,
          found: other.typeDescription))
    }
  }

  /// Appends a record whose fields the reader resolved itself (a CSV or SQLite row): its
  /// name, further search keys, section title (used when the list is re-filed; `nil`
  /// otherwise) and JSON text (`nil` for none).
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`, or `emptyTitle` for an empty title
  ///   (a title canonically equivalent to an earlier one joins its section).
  mutating func appendRow(
    name: String, searchKeys: [String], title: String?, record: [UInt8]?
  ) throws(LoadError) {
    try expansion?.addName(byteCount: name.utf8.count)
    let owner = UInt32(truncatingIfNeeded: names.count)
    for key in searchKeys {
      try expansion?.addName(byteCount: key.utf8.count)
      keyTexts.append(key)
      keyOwners.append(owner)
    }
    if let record {
      try record.withUnsafeBufferPointer { (bytes) throws(LoadError) in
        try appendRecordText(bytes)
      }
    }
    names.append(name)
    nameStart = names.byteCount
    try noteItem(title: title)
  }

  /// `appendRow(name:searchKeys:title:record:)` with each text given as UTF-8 (valid:
  /// the reader checked it), so a row costs no `String`: the title is found by its bytes
  /// when the same spelling came before (`TitleSpellings`), and only a new spelling is
  /// made a `String` and checked as `appendRow(name:…)` checks it.
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`, or `emptyTitle` for an empty title
  ///   (a title canonically equivalent to an earlier one joins its section).
  /// - Complexity: O(n) in the row's size, amortized.
  mutating func appendRow(
    utf8 name: UnsafeBufferPointer<UInt8>,
    searchKeys: some Sequence<UnsafeBufferPointer<UInt8>>,
    title: UnsafeBufferPointer<UInt8>?, record: UnsafeBufferPointer<UInt8>?
  ) throws(LoadError) {
    try expansion?.addName(byteCount: name.count)
    let owner = UInt32(truncatingIfNeeded: names.count)
    for key in searchKeys {
      try expansion?.addName(byteCount: key.count)
      keyTexts.append(utf8: key)
      keyOwners.append(owner)
    }
    if let record { try appendRecordText(record) }
    names.append(utf8: name)
    nameStart = names.byteCount
    guard let title, fields.section != nil else { return try noteItem(title: nil) }
    if let index = fieldTitleSpellings.index(of: title) {
      try noteItem(title: nil)
      itemTitles.append(index)
      return
    }
    try noteItem(title: String(decoding: title, as: UTF8.self))
    fieldTitleSpellings.insert(title, index: itemTitles[itemTitles.count - 1])
  }

  /// Notes that the item about to be appended is a record whose text is not kept
  /// (`keepsRecords` is false), so that the catalog says its records were left out.
  mutating func dropRecord() { recordsDropped = true }

  /// Keeps the JSON text of the item being appended, counted against the `ExpansionLimit`;
  /// only notes it when records are not kept.
  private mutating func appendRecordText(_ json: UnsafeBufferPointer<UInt8>) throws(LoadError) {
    guard keepsRecords else { return dropRecord() }
    try expansion?.addName(byteCount: json.count)
    if !hasRecords {
      hasRecords = true
      // Names before the first record have none: "null".
      for _ in 0..<names.count { records.append("null") }
    }
    records.append(utf8: json)
  }

  /// Records the title of the item just appended, when items are re-filed, and counts it.
  private mutating func noteItem(title: String?) throws(LoadError) {
    position += 1
    if !isMakerPrepared && !isSectioned && fields.section == nil {
      // The first item of a flat list: its sections will be made.
      isMakerPrepared = true
      maker.prepare()
    }
    if hasRecords && records.count < names.count { records.append("null") }
    // Without a section field a flat list is filed by the `SectionMaker` at the end.
    guard let title, fields.section != nil else { return }
    if let index = fieldTitleIndex[title] {
      itemTitles.append(index)
      return
    }
    guard !title.isEmpty else { throw LoadError(source: source, reason: .emptyTitle) }
    let index = UInt32(fieldTitles.count)
    fieldTitles.append(title)
    fieldTitleIndex[title] = index
    itemTitles.append(index)
  }

  /// Appends a whole name, given as UTF-8, to the open section.
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`, before the name is stored.
  mutating func appendName(utf8: UnsafeBufferPointer<UInt8>) throws(LoadError) {
    try requireNoFields()
    try expansion?.addName(byteCount: utf8.count)
    names.append(utf8: utf8)
    nameStart = names.byteCount
    try noteItem(title: nil)
  }

  /// Appends a whole name to the open section.
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`, before the name is stored.
  mutating func appendName(_ name: String) throws(LoadError) {
    try requireNoFields()
    try expansion?.addName(byteCount: name.utf8.count)
    names.append(name)
    nameStart = names.byteCount
    try noteItem(title: nil)
  }

  /// Refuses a name (a string item) when a field was chosen: the item is not a record.
  private func requireNoFields() throws(LoadError) {
    guard let field = fieldForRecords else { return }
    throw LoadError(
      source: source,
      reason: .itemNotRecord(
        title: placeTitle, position: position, field: field.description, found: "a string"))
  }

  /// Appends part of the name being read; `endName()` ends it.
  mutating func appendPart(utf8: UnsafeBufferPointer<UInt8>) {
    names.appendPart(utf8: utf8)
  }

  /// Ends the name whose parts were appended since the last name ended.
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`.
  mutating func endName() throws(LoadError) {
    try requireNoFields()
    try expansion?.addName(byteCount: names.byteCount - nameStart)
    names.endName()
    nameStart = names.byteCount
    try noteItem(title: nil)
  }

  /// Ends the open section: its title and range of names are recorded.
  mutating func endSection() {
    guard let (title, start) = open else { return }
    titles.append(title)
    ranges.append(start..<names.count)
    open = nil
  }

  /// The sections read, any open one ended.
  ///
  /// - Throws: `LoadError` `memoryRefused` when the system refused memory for a name;
  ///   `outOfMemory` when sections are to be made and the process's limits leave less than
  ///   the maker's `memoryNeeded(for:)` (and `AddressSpace.reserve`); `noSuchField` for a
  ///   search field that no decoded record holds (a misspelt field
  ///   would otherwise find nothing, silently).
  consuming func finish() throws(LoadError) -> SectionedNames {
    endSection()
    if let keys = firstRecordKeys, let missing = searchFieldsFound.firstIndex(of: false) {
      throw LoadError(
        source: source,
        reason: .noSuchField(fields.search[missing].description, available: keys))
    }
    guard !names.isOutOfMemory, !keyTexts.isOutOfMemory, !records.isOutOfMemory else {
      throw LoadError.memoryRefused(source: source)
    }
    var finished = NameStore.Builder(names: 0, bytes: 0)
    swap(&finished, &names)
    var keys = NameStore.Builder(names: 0, bytes: 0)
    swap(&keys, &keyTexts)
    var recordTexts = NameStore.Builder(names: 0, bytes: 0)
    swap(&recordTexts, &records)
    var sections = SectionedNames(
      titles: titles, names: finished.build(), ranges: ranges,
      searchKeys: keyOwners.isEmpty ? nil : (keys.build(), keyOwners),
      records: hasRecords ? recordTexts.build() : nil, recordsDropped: recordsDropped)
    guard refiles, sections.names.count > 0 else { return sections }
    let groups: [(title: String, members: [Int])]
    if fields.section == nil {
      let needed = maker.memoryNeeded(for: sections.names)
      if !AddressSpace.allows(needed), let available = AddressSpace.headroom() {
        throw LoadError(
          source: source,
          reason: .outOfMemory(needed: needed + AddressSpace.reserve, available: available))
      }
      groups = maker.sections(of: sections.names)
    } else {
      var members = [[Int]](repeating: [], count: fieldTitles.count)
      for (item, title) in itemTitles.enumerated() { members[Int(title)].append(item) }
      groups = zip(fieldTitles, members).filter { !$0.1.isEmpty }.map { ($0, $1) }
    }
    sections.refile(groups)
    return sections
  }
}

extension SectionedNames {
  /// Puts the names (with their keys and records) in the order of `groups`, each group a
  /// section.
  ///
  /// - Precondition: every name index appears in exactly one group.
  /// - Complexity: O(n) in the names' total size.
  fileprivate mutating func refile(_ groups: [(title: String, members: [Int])]) {
    var order: [Int] = []
    order.reserveCapacity(names.count)
    var newRanges: [Range<Int>] = []
    for group in groups {
      newRanges.append(order.count..<order.count + group.members.count)
      order.append(contentsOf: group.members)
    }
    precondition(order.count == names.count, "every name in one section")
    titles = groups.map(\.title)
    ranges = newRanges
    names = Self.permuted(names, order)
    records = records.map { Self.permuted($0, order) }
    if let (texts, owners) = searchKeys {
      // The keys of each name, found by its first key.
      var first = [Int](repeating: 0, count: names.count + 1)
      for owner in owners { first[Int(owner) + 1] += 1 }
      for i in 0..<names.count { first[i + 1] += first[i] }
      var builder = NameStore.Builder(names: texts.count, bytes: texts.bytes.count)
      var newOwners: [UInt32] = []
      newOwners.reserveCapacity(owners.count)
      for (newIndex, oldIndex) in order.enumerated() {
        for k in first[oldIndex]..<first[oldIndex + 1] {
          builder.append(utf8: texts.utf8(of: k))
          newOwners.append(UInt32(newIndex))
        }
      }
      searchKeys = (builder.build(), newOwners)
    }
  }

  private static func permuted(_ store: NameStore, _ order: [Int]) -> NameStore {
    var builder = NameStore.Builder(names: store.count, bytes: store.bytes.count)
    for i in order { builder.append(utf8: store.utf8(of: i)) }
    return builder.build()
  }
}
