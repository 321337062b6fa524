/// The section titles a reader has seen, checked as each one arrives: a title must not be
/// empty, and no two titles may be the same to a reader.
///
/// ```swift
/// var titles = SectionTitles()
/// try titles.insert("É", source: "list.plist")          // U+00C9
/// try titles.insert("E\u{301}", source: "list.plist")   // throws: .equivalentTitles
/// ```
///
/// Two titles are the same when they are canonically equivalent (Unicode UAX #15: Swift's
/// `String` equality), so "É" written precomposed (U+00C9) and decomposed (U+0045 U+0301)
/// can never show as two sections that no reader can tell apart. Byte-identical titles are
/// reported as `duplicateTitle`, other equivalent spellings as `equivalentTitles`, naming
/// both.
struct SectionTitles {
  /// Each title seen, keyed by its canonical equivalence class.
  private var seen: [String: String] = [:]

  /// Records `title`, a title of the list that errors call `source`.
  ///
  /// - Throws: `LoadError` with reason `emptyTitle`, `duplicateTitle` or `equivalentTitles`.
  /// - Complexity: O(n) in the title's length, amortized.
  mutating func insert(_ title: String, source: String) throws(LoadError) {
    guard !title.isEmpty else { throw LoadError(source: source, reason: .emptyTitle) }
    if let earlier = seen[title] {
      let same = earlier.unicodeScalars.elementsEqual(title.unicodeScalars)
      throw LoadError(
        source: source, reason: same ? .duplicateTitle(title) : .equivalentTitles(earlier, title))
    }
    seen[title] = title
  }
}
