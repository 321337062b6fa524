/// How a live search ended, as `LiveSearchState` reports it (`Effect.finish`). The library
/// says what happened; the command line decides what that means to the shell (README's
/// exit statuses: 0, 1 and 130).
public enum LiveOutcome: Sendable, Hashable {
  /// A name was chosen (`.choose` with a name selected): the name, as the catalog holds it.
  case chosen(String)
  /// `.choose` with nothing selected (nothing matched the term).
  case nothingChosen
  /// Left without choosing (`.interrupt`, or `.clearOrLeave` on an empty term).
  case cancelled
}
