/// Makes text safe to show on a terminal: characters that could change the terminal's
/// state or hide text are replaced by visible escapes, so a name can never move the cursor,
/// set a title, write the clipboard (OSC 52) or reorder text (Trojan Source,
/// CVE-2021-42574).
///
/// | character | shown as |
/// | --- | --- |
/// | ESC (U+001B) | `\e` |
/// | other controls (general category Cc: C0, DEL, C1) | `\u{7F}` … |
/// | format characters (Cf: bidirectional overrides, embeddings, isolates and marks, zero-width space and joiners, soft hyphen, U+FEFF, tag characters, …) except ZERO WIDTH JOINER | `\u{202E}` … |
/// | line and paragraph separators (U+2028, U+2029) | `\u{2028}` … |
/// | invisible letters and fillers: U+034F, U+115F, U+1160, U+180E, U+2800, U+3164, U+FFA0 | `\u{3164}` … |
///
/// The zero width joiner (U+200D) is kept: emoji sequences need it. A backslash is shown
/// as itself; `--json` keeps the exact text.
public enum VisibleText {
  /// Whether `scalar` is shown escaped.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }
    if v == 0x200D { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: break
    }
    switch v {
    case 0x034F, 0x115F, 0x1160, 0x180E, 0x2800, 0x3164, 0xFFA0: return true
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

  /// Each line of `text` escaped, line breaks kept (for multi-line messages).
  public static func escapedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
      .joined(separator: "\n")
  }
}
