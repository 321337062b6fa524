/// The order of section titles in a catalog, like a contacts index that keeps "#" last.
///
/// 1. Titles whose first character is a letter (`isLetter(_:)`) come first, ordered
///    by the Unicode Collation Algorithm with ICU's root collation (`RootCollation`, the
///    system ICU's): letters first, then accents, then case, so `a < A < Å < ä < Ä < b`.
///    Titles the collation finds equal are ordered by their Unicode scalar values. Two
///    titles of one ASCII letter each (a list's usual "A" … "Z") are ordered without
///    opening the collator, as it orders them (UTS #10, DUCET: the primary weights of a…z
///    ascend; a lowercase letter's tertiary weight is below its uppercase's).
/// 2. Every other title ("#", "0", "…", "") follows, ordered by Unicode scalar values.
///
/// Titles are never folded or merged: "A", "Å" and "Ä" stay three sections.
public enum SectionOrder {
  /// Whether `a` sorts before `b` under the rule above.
  ///
  /// - Complexity: O(n) in the length of the shorter title.
  public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    let aIsLetter = a.first.map(isLetter) ?? false
    let bIsLetter = b.first.map(isLetter) ?? false
    if aIsLetter != bIsLetter { return aIsLetter }
    if aIsLetter {
      if let x = asciiLetter(a), let y = asciiLetter(b) {
        // Compared as lowercase letters, then lowercase (0x20 set) first.
        if x | 0x20 != y | 0x20 { return x | 0x20 < y | 0x20 }
        return x > y
      }
      let order = RootCollation.compare(a, b)
      if order != 0 { return order < 0 }
    }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  /// Whether `character` is a letter: `Character.isLetter` of its canonical decomposition
  /// (NFD, Unicode UAX #15), so that characters `Character`'s equality takes as one (U+0345
  /// U+0327 and U+0327 U+0345, whose first scalars differ) are classed alike. Canonical
  /// reordering moves only marks (combining class not 0): a character that starts with
  /// any other scalar keeps it first, and that scalar's decomposition starts with a
  /// letter exactly when it is one (Å, Ω, 가), so it is asked directly.
  ///
  /// - Complexity: O(1) unless the character starts with a mark: one decomposition then.
  public static func isLetter(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    // An ASCII character, alone or with marks after it.
    if first.isASCII { return isASCIILetter(UInt8(first.value)) }
    if first.properties.canonicalCombiningClass == .notReordered { return character.isLetter }
    guard let base = UnicodeMappings.canonicalDecomposition(of: String(character)).first else {
      return false
    }
    return Character(base).isLetter
  }

  /// The byte of `title` when it is one ASCII letter and nothing else.
  @inline(__always)
  private static func asciiLetter(_ title: String) -> UInt8? {
    var utf8 = title.utf8.makeIterator()
    guard let byte = utf8.next(), utf8.next() == nil, isASCIILetter(byte) else { return nil }
    return byte
  }

  /// Whether `byte` is an ASCII letter, A–Z or a–z.
  @inline(__always)
  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte & 0xDF)  // Uppercased.
  }

  /// `titles` sorted under the rule above.
  ///
  /// - Complexity: O(n log n) comparisons where n is `titles.count`.
  public static func sorted(_ titles: [String]) -> [String] {
    titles.sorted(by: areInIncreasingOrder)
  }
}
