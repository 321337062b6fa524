/// A key pressed in the live mode: a physical key, as the terminal layer decodes it from
/// the bytes the terminal sends. What a key does is the keymap's business (`Keymap`), not
/// the key's: Ctrl-P is `.control("p")` here and moves up only because the keymap says so.
public enum Key: Sendable, Hashable {
  /// Printable text typed (one character, or several that arrived together).
  case text(String)
  /// Text pasted (a bracketed paste, as the terminal sent it, line breaks and all).
  case paste(String)
  /// Enter (CR or LF; also Ctrl-M and Ctrl-J, which send the same bytes).
  case enter
  /// Tab (also Ctrl-I, which sends the same byte).
  case tab
  /// Esc, on its own (not the start of another key's sequence).
  case escape
  /// Backspace (DEL or BS; also Ctrl-H, which sends BS).
  case backspace
  /// The arrow keys Up and Down (Left and Right are not decoded), Page Up, Page Down.
  case up, down, pageUp, pageDown
  /// Ctrl with a letter, given in lower case, "a" through "z": `.control("c")` is Ctrl-C.
  /// The four Ctrl-letters that send the bytes of other keys (Ctrl-H, Ctrl-I, Ctrl-J,
  /// Ctrl-M) are those keys.
  case control(Character)

  /// The key's name as README and key tables write it: "Enter", "Page Up", "Ctrl-P"; for
  /// text, the text itself.
  public var name: String {
    switch self {
    case .text(let text), .paste(let text): text
    case .enter: "Enter"
    case .tab: "Tab"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .up: "Up"
    case .down: "Down"
    case .pageUp: "Page Up"
    case .pageDown: "Page Down"
    case .control(let letter): "Ctrl-" + letter.uppercased()
    }
  }
}
