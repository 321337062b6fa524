/// What a list may cost once loaded, checked as it loads and again when its index is read
/// from the cache, so a small file cannot expand without bound and the answer is the same
/// with or without the cache.
///
/// A list's *loaded size* is the UTF-8 bytes of its names and titles plus
/// `bytesPerName` for each name (its offsets in the name store and the key store) and
/// `bytesPerSection` for each section. It may be at most:
///
/// - the size limit (`--max-size`, default 1 GiB): the most memory a list may take, and
/// - `ratio` times the file's size plus `allowance` (64 × size + 64 MiB): a binary list
///   can reference one string many times (a 74 KB file naming one 20,000-byte string
///   53,687 times would load 1 GB of names); XML cannot (its entities are refused), so
///   this bound only ever stops binary lists that reference the same strings over and
///   over.
///
/// - Complexity: O(1) per name.
struct ExpansionLimit {
  /// The bytes counted for each name besides its text: two 8-byte offsets.
  static let bytesPerName = 16
  /// The bytes counted for each section besides its title.
  static let bytesPerSection = 64
  /// How many times its size a file may expand to, at most…
  static let ratio = 64
  /// …plus this many bytes (64 MiB), so small lists never meet the ratio.
  static let allowance = 64 << 20

  /// The file's size in bytes.
  let inputSize: Int
  /// The size limit in bytes.
  let maximumSize: Int
  private let source: String
  /// The loaded size counted so far.
  private(set) var loadedSize = 0

  /// A limit for the list that errors call `source`, `inputSize` bytes long.
  init(inputSize: Int, maximumSize: Int, source: String) {
    self.inputSize = inputSize
    self.maximumSize = maximumSize
    self.source = source
  }

  /// The lower of the two bounds, in bytes.
  var limit: Int {
    let (scaled, overflow) = inputSize.multipliedReportingOverflow(by: Self.ratio)
    return overflow
      ? maximumSize : min(maximumSize, scaled.addingReportingOverflow(Self.allowance).partialValue)
  }

  /// Counts a name of `byteCount` UTF-8 bytes.
  ///
  /// - Throws: `LoadError` with `namesTooLarge` (over the size limit) or `expandsTooMuch`
  ///   (over the ratio).
  mutating func addName(byteCount: Int) throws(LoadError) {
    try add(byteCount + Self.bytesPerName)
  }

  /// Counts a section whose title has `byteCount` UTF-8 bytes.
  mutating func addSection(titleByteCount: Int) throws(LoadError) {
    try add(titleByteCount + Self.bytesPerSection)
  }

  /// Checks a whole catalog at once (an index read from the cache).
  mutating func add(_ catalog: Catalog) throws(LoadError) {
    try add(catalog.names.bytes.count + catalog.names.count * Self.bytesPerName)
    for title in catalog.titles { try addSection(titleByteCount: title.utf8.count) }
  }

  private mutating func add(_ bytes: Int) throws(LoadError) {
    loadedSize += bytes
    guard loadedSize > limit else { return }
    if limit == maximumSize {
      throw LoadError(source: source, reason: .namesTooLarge(limit: maximumSize))
    }
    throw LoadError(source: source, reason: .expandsTooMuch(size: inputSize, limit: limit))
  }
}
