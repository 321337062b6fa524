/// What the live mode does in answer to a key, as the keymap (`Keymap`) names it;
/// `LiveSearchState.handle(_:now:)` carries it out. An action names an intent, not a key:
/// the same action may be bound to several keys (Up and Ctrl-P are both `.moveUp`).
public enum Action: Sendable, Hashable {
  /// Typed text: appended to the term; with the focus on the section index, jumps to the
  /// first section whose title starts with it (folded as names are) instead.
  case insert(String)
  /// Pasted text: one edit of the term whatever has the focus (the focus goes back to the
  /// names); its control characters become spaces, so a line break never chooses.
  case paste(String)
  /// Deletes the term's last character (a grapheme cluster).
  case deleteBackward
  /// Chooses the selected name (after the pending search, if any, has finished).
  case choose
  /// Moves the selection up or down one name, skipping titles; with the focus on the
  /// section index, moves to the previous or next section.
  case moveUp, moveDown
  /// Moves the selection a page (the list's height less one row) up or down; with the
  /// focus on the section index, moves one section.
  case pageUp, pageDown
  /// Moves the focus from the names to the section index, or back.
  case toggleIndexFocus
  /// Clears the term (reset).
  case clearTerm
  /// With the focus on the section index, moves it back to the names; else clears the
  /// term, or, when the term is already empty, leaves without a choice (cancelled).
  case clearOrLeave
  /// Leaves at once without a choice (cancelled), even after a choice is pending.
  case interrupt
  /// Suspends: hands the terminal back until continued; even after a choice is pending.
  case suspend
}
