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
///
/// The titles are kept in an open-addressing table of their own, probed by `hashValue`
/// (which canonically equivalent strings share), not a `Dictionary`: the first
/// `Dictionary` keyed by `String` makes the runtime look up `String: Hashable` among every
/// conformance in the binary (0.14M instructions, of a cached query's 2.8M).
struct SectionTitles {
  /// Each title seen, in order.
  private var titles: [String] = []
  /// `titles`' positions plus one (0: empty slot), at each title's hash or after it; the
  /// count a power of two, at most half full.
  private var slots: [Int] = []

  /// Records `title`, a title of the list that errors call `source`.
  ///
  /// - Throws: `LoadError` with reason `emptyTitle`, `duplicateTitle` or `equivalentTitles`.
  /// - Complexity: O(n) in the title's length, amortized.
  mutating func insert(_ title: String, source: String) throws(LoadError) {
    guard !title.isEmpty else { throw LoadError(source: source, reason: .emptyTitle) }
    if 2 * (titles.count + 1) > slots.count { grow() }
    let mask = slots.count - 1
    var slot = title.hashValue & mask
    while slots[slot] != 0 {
      let earlier = titles[slots[slot] - 1]
      if earlier == title {
        let same = earlier.unicodeScalars.elementsEqual(title.unicodeScalars)
        throw LoadError(
          source: source,
          reason: same ? .duplicateTitle(title) : .equivalentTitles(earlier, title))
      }
      slot = (slot + 1) & mask
    }
    titles.append(title)
    slots[slot] = titles.count
  }

  /// Doubles the table (16 slots at first) and places every title again.
  private mutating func grow() {
    slots = [Int](repeating: 0, count: max(16, 2 * slots.count))
    let mask = slots.count - 1
    for (position, title) in titles.enumerated() {
      var slot = title.hashValue & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = position + 1
    }
  }
}
