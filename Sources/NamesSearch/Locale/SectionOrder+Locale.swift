/// The order of section titles for a locale (`--locale`), like a contacts index in that
/// language:
///
/// 1. The labels of the locale's alphabetic index and titles whose first character is a
///    letter (`Character.isLetter`), ordered by the index bucket they fall in (a label's
///    own bucket: Traditional Chinese's stroke counts "4劃" … "20劃" keep the index's
///    order), then by the locale's collation (ICU, Unicode CLDR's tailoring: Swedish … Z Å
///    Ä Ö, German Ä with A, Spanish Ñ after N), then by Unicode scalar values. Buckets
///    follow the collation, so letter titles are simply in collation order.
/// 2. Every other title but "#" ("0", "…", ""), ordered by Unicode scalar values.
/// 3. "#", the section of names no letter takes, last.
///
/// Without a locale (`nil`) the order is `SectionOrder`'s root order, unchanged.
extension SectionOrder {
  /// Whether `a` sorts before `b` for `locale` (the root order when `nil`).
  ///
  /// - Complexity: O(n) in the length of the shorter title.
  public static func areInIncreasingOrder(
    _ a: String, _ b: String, locale: SectionLocale?
  ) -> Bool {
    guard let locale else { return areInIncreasingOrder(a, b) }
    let aRank = locale.rank(ofTitle: a)
    let bRank = locale.rank(ofTitle: b)
    if (aRank == nil) != (bRank == nil) { return aRank != nil }
    if let aRank, let bRank {
      if aRank != bRank { return aRank < bRank }
      let order = locale.index.compare(a, b)
      if order != 0 { return order < 0 }
    } else if (a == "#") != (b == "#") {
      return b == "#"
    }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  /// `titles` sorted for `locale` (the root order when `nil`).
  ///
  /// - Complexity: O(n log n) comparisons where n is `titles.count`.
  public static func sorted(_ titles: [String], locale: SectionLocale?) -> [String] {
    titles.sorted { areInIncreasingOrder($0, $1, locale: locale) }
  }
}
