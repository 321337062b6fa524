/// How a marked part of a name matched its word (`MatchHighlighter.forEachMatch`), so a
/// printer can show the kinds apart (`TextStyle.approximateStart`,
/// `TextStyle.soundsLikeStart`).
public enum MatchKind: Sendable, Hashable {
  /// The word itself (folded), or its reading.
  case exact
  /// A word of the name within the word's typos (`TypoTolerance`), not the word itself.
  case approximate
  /// A word of the name that sounds like the word (`Query.soundCodes`), neither the word
  /// itself nor within its typos.
  case soundsLike
}
