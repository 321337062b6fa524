import CICUCollation

/// ICU's root collation (the Unicode Collation Algorithm, UTS #10, with CLDR's root
/// order), from the system ICU (Debian libicu-dev 72) through `cicu_root_compare`: letters
/// first, then accents, then case, so `a < A < Å < ä < Ä < b`.
///
/// The order every root-locale comparison of the package uses (`SectionOrder`,
/// `FirstLetterSections`, `RootPrimaryWeights`, `CharacterRanks`). Foundation's
/// `compare(_:options:range:locale:)` on Linux is not used: for texts of about 65
/// characters or more that differ only by an accent, it can answer "before" for both
/// orders of the same pair, which leaves a sort's result to the order it compares in.
enum RootCollation {
  /// -1, 0 or 1 as `a` sorts before, equal to or after `b`. Thread-safe.
  ///
  /// - Complexity: O(n) in the length of the shorter text; the first call opens ICU's
  ///   root collator (once per process).
  static func compare(_ a: String, _ b: String) -> Int {
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
  }

  /// -1, 0 or 1 as the UTF-8 text `a` sorts before, equal to or after `b`. Thread-safe.
  ///
  /// - Precondition: both are valid UTF-8.
  /// - Complexity: O(n) in the length of the shorter text.
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    a.withMemoryRebound(to: CChar.self) { x in
      b.withMemoryRebound(to: CChar.self) { y in
        Int(
          cicu_root_compare(
            x.baseAddress, Int32(clamping: x.count), y.baseAddress, Int32(clamping: y.count)))
      }
    }
  }
}
