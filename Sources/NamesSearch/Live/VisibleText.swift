/// Makes text safe to show on a terminal: characters that could change the terminal's
/// state or hide text are replaced by visible escapes, so a name can never move the cursor,
/// set a title, write the clipboard (OSC 52) or reorder text (Trojan Source,
/// CVE-2021-42574).
///
/// | character | shown as |
/// | --- | --- |
/// | ESC (U+001B) | `\e` |
/// | other C0 controls, DEL, C1 controls (U+0080–U+009F) | `\u{7F}` … |
/// | bidirectional overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069), LRM, RLM, ALM | `\u{202E}` … |
/// | zero-width and invisible format characters (U+200B–U+200F, U+2060–U+2064, U+FEFF, U+00AD) | `\u{200B}` … |
/// | a backslash | itself (so `\e` in a name and an escaped ESC can be told apart only by context; JSON keeps exact text) |
///
/// The zero width joiner (U+200D) is never escaped: emoji sequences need it.
public enum VisibleText {
  /// Whether `scalar` is shown escaped.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    switch v {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x200B, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069,
      0x061C, 0xFEFF, 0x00AD:
      return true
    default: return false
    }
  }

  /// `text` with every character that `needsEscape` replaced by its escape.
  ///
  /// - Complexity: O(n); returns `text` itself when nothing needs escaping.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value == 0x1B {
        out += "\\e"
      } else if needsEscape(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
