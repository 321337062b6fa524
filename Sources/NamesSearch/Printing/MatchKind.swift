/// How a marked part of a name matched its word (`MatchHighlighter.forEachMatch`), so a
/// printer can show the two apart (`TextStyle.approximateStart`).
public enum MatchKind: Sendable, Hashable {
  /// The word itself (folded), or its reading.
  case exact
  /// A word of the name within the word's typos (`TypoTolerance`), not the word itself.
  case approximate
}
