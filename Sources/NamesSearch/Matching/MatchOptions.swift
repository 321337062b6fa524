/// Which differences a match ignores, like NSPredicate's `[c]` and `[d]` flags.
///
/// The default ignores both, as `CONTAINS[cd]` does: "jose" finds "José".
public struct MatchOptions: Sendable, Hashable {
  /// Ignore case: compare under Unicode full case folding (CaseFolding.txt, status C and F),
  /// so "ANN" finds "Ann" and "strasse" finds "Straße".
  public var ignoresCase: Bool
  /// Ignore diacritics: after canonical decomposition, drop every Grapheme_Extend scalar
  /// (combining marks, variation selectors, ZERO WIDTH NON-JOINER) on any script, except a
  /// mark that canonical composition merges into a letter at or above U+0510; so "jose"
  /// finds "José" and "محمد" finds "مُحَمَّد", but "か" does not find "が". The exact rule
  /// is `TextFolder`'s step 2.
  public var ignoresDiacritics: Bool

  /// Creates match options; both differences are ignored unless told otherwise.
  public init(ignoresCase: Bool = true, ignoresDiacritics: Bool = true) {
    self.ignoresCase = ignoresCase
    self.ignoresDiacritics = ignoresDiacritics
  }

  /// `CONTAINS[cd]`: ignore case and diacritics.
  public static let `default` = MatchOptions()
}
