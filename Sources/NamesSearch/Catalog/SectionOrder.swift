/// The order of section titles in a catalog, like a contacts index that keeps "#" last.
///
/// 1. Titles whose first character is a letter (`Character.isLetter`) come first, ordered
///    by the Unicode Collation Algorithm with ICU's root collation (`RootCollation`, the
///    system ICU's): letters first, then
///    accents, then case, so `a < A < Å < ä < Ä < b`. Titles the collation finds equal are
///    ordered by their Unicode scalar values.
/// 2. Every other title ("#", "0", "…", "") follows, ordered by Unicode scalar values.
///
/// Titles are never folded or merged: "A", "Å" and "Ä" stay three sections.
public enum SectionOrder {
  /// Whether `a` sorts before `b` under the rule above.
  ///
  /// - Complexity: O(n) in the length of the shorter title.
  public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    let aIsLetter = a.first?.isLetter ?? false
    let bIsLetter = b.first?.isLetter ?? false
    if aIsLetter != bIsLetter { return aIsLetter }
    if aIsLetter {
      let order = RootCollation.compare(a, b)
      if order != 0 { return order < 0 }
    }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  /// `titles` sorted under the rule above.
  ///
  /// - Complexity: O(n log n) comparisons where n is `titles.count`.
  public static func sorted(_ titles: [String]) -> [String] {
    titles.sorted(by: areInIncreasingOrder)
  }
}
