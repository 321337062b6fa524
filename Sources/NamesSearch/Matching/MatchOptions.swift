/// Which differences a match ignores, like NSPredicate's `[c]` and `[d]` flags.
///
/// The default ignores both, as `CONTAINS[cd]` does: "jose" finds "José".
public struct MatchOptions: Sendable, Hashable {
  /// Ignore case: compare under Unicode full case folding (CaseFolding.txt, status C and F),
  /// so "ANN" finds "Ann" and "strasse" finds "Straße".
  public var ignoresCase: Bool
  /// Ignore diacritics: drop the combining marks of Latin, Greek and Cyrillic letters after
  /// canonical decomposition, so "jose" finds "José".
  public var ignoresDiacritics: Bool

  /// Creates match options; both differences are ignored unless told otherwise.
  public init(ignoresCase: Bool = true, ignoresDiacritics: Bool = true) {
    self.ignoresCase = ignoresCase
    self.ignoresDiacritics = ignoresDiacritics
  }

  /// `CONTAINS[cd]`: ignore case and diacritics.
  public static let `default` = MatchOptions()
}
