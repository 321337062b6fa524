/// A key press in the live mode, as the terminal layer decodes it.
public enum KeyEvent: Sendable, Hashable {
  /// Printable text typed (one character, or several that arrived together).
  case text(String)
  /// Text pasted (a bracketed paste, as the terminal sent it, line breaks and all): one
  /// edit of the term; a line break in it never accepts.
  case paste(String)
  /// Backspace: delete the last character of the term.
  case backspace
  /// Enter: accept the selected name.
  case enter
  /// Esc: clear the term, or leave when it is already empty.
  case escape
  /// Tab: move focus between the names and the section index.
  case tab
  /// Up, Down (also Ctrl-P, Ctrl-N), Page Up, Page Down.
  case up, down, pageUp, pageDown
  /// Ctrl-U: clear the term (reset).
  case clearTerm
  /// Ctrl-C: leave at once.
  case interrupt
  /// Ctrl-Z: suspend (stop until the shell's `fg`), as other terminal programs do.
  case suspend
}
