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
struct SectionsBuilder: ~Copyable {
  private let source: String
  private var names: NameStore.Builder
  private var titles: [String] = []
  private var ranges: [Range<Int>] = []
  private var seenTitles = SectionTitles()
  private var expansion: ExpansionLimit?
  /// The open section's title and the index of its first name.
  private var open: (title: String, start: Int)?
  /// The byte offset where the name being appended in parts starts.
  private var nameStart = 0

  /// A builder for the list that errors call `source`, counting its loaded size against
  /// `expansion` (`nil`: no limit), with room reserved for `names` names of `bytes` bytes.
  init(source: String, expansion: ExpansionLimit?, names: Int = 1024, bytes: Int = 1 << 16) {
    self.source = source
    self.expansion = expansion
    self.names = NameStore.Builder(names: names, bytes: bytes)
  }

  /// The title of the open section ("" before the first).
  var title: String { open?.title ?? "" }

  /// The names in the open section so far.
  var namesInSection: Int { names.count - (open?.start ?? names.count) }

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
    open = (title, names.count)
    nameStart = names.byteCount
  }

  /// Appends a whole name, given as UTF-8, to the open section.
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`, before the name is stored.
  mutating func appendName(utf8: UnsafeBufferPointer<UInt8>) throws(LoadError) {
    try expansion?.addName(byteCount: utf8.count)
    names.append(utf8: utf8)
    nameStart = names.byteCount
  }

  /// Appends a whole name to the open section.
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`, before the name is stored.
  mutating func appendName(_ name: String) throws(LoadError) {
    try expansion?.addName(byteCount: name.utf8.count)
    names.append(name)
    nameStart = names.byteCount
  }

  /// Appends part of the name being read; `endName()` ends it.
  mutating func appendPart(utf8: UnsafeBufferPointer<UInt8>) {
    names.appendPart(utf8: utf8)
  }

  /// Ends the name whose parts were appended since the last name ended.
  ///
  /// - Throws: `LoadError` from the `ExpansionLimit`.
  mutating func endName() throws(LoadError) {
    try expansion?.addName(byteCount: names.byteCount - nameStart)
    names.endName()
    nameStart = names.byteCount
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
  /// - Throws: `LoadError` `memoryRefused` when the system refused memory for a name.
  consuming func finish() throws(LoadError) -> SectionedNames {
    endSection()
    guard !names.isOutOfMemory else { throw LoadError.memoryRefused(source: source) }
    let titles = titles
    let ranges = ranges
    var finished = NameStore.Builder(names: 0, bytes: 0)
    swap(&finished, &names)
    return SectionedNames(titles: titles, names: finished.build(), ranges: ranges)
  }
}
