/// How the first bytes of a list tell OpenStep property-list text from JSON, CSV and plain
/// text, for `FormatSniffer`:
///
/// | first bytes | OpenStep? |
/// | --- | --- |
/// | `(` | yes: an array at the root |
/// | `//` or `/*` | yes: a comment (JSON, CSV and a list of names have none) |
/// | `{` then a quoted key followed by `=` or `;` | yes (JSON's key is followed by `:`) |
/// | `{` then `'`, `/` or an unquoted string | yes (JSON's keys are quoted with `"`) |
/// | `{}`, `{"key":` | no: JSON |
/// | a string, then `=` (then `(` for an unquoted one) | yes: a list without braces, as a `.strings` file is written |
///
/// White space here is OpenStep's (U+0009–U+000D, U+0020, U+2028, U+2029), and comments
/// may stand around the `=` after the first string (`"A" /* c */ = (x);`), as Foundation
/// reads them. Anything else is not OpenStep text. A list of names whose first
/// name is `(Ann)` or starts with `//` needs its format named (`--format text`).
enum OpenStepText {
  /// Whether `bytes`, from the first significant byte of a list, start OpenStep text; `nil`
  /// when they end before that shows.
  ///
  /// - Complexity: O(n) in the first string's length.
  static func isOpenStep(_ bytes: ArraySlice<UInt8>) -> Bool? {
    var i = bytes.startIndex
    let end = bytes.endIndex
    /// Skips OpenStep white space (and comments, when `comments`); `false` when the bytes
    /// end inside what it skips (a comment, or a U+2028 cut short).
    func skipSpace(comments: Bool = true) -> Bool {
      while i < end {
        switch bytes[i] {
        case 0x09...0x0D, 0x20:
          i += 1
        case 0xE2:
          guard i + 2 < end else { return false }
          guard bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 else {
            return true
          }
          i += 3
        case UInt8(ascii: "/") where comments:
          guard i + 1 < end else { return false }
          if bytes[i + 1] == UInt8(ascii: "/") {
            i += 2
            while i < end, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            guard i < end else { return false }
          } else if bytes[i + 1] == UInt8(ascii: "*") {
            i += 2
            while i + 1 < end, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/"))
            {
              i += 1
            }
            guard i + 1 < end else { return false }
            i += 2
          } else {
            return true
          }
        default:
          return true
        }
      }
      return true
    }
    // A comment at the start tells OpenStep text by itself.
    guard skipSpace(comments: false), i < end else { return nil }
    /// Skips the quoted string at `i`; `false` when it does not end in `bytes`.
    func skipQuoted() -> Bool {
      let quote = bytes[i]
      i += 1
      while i < end {
        if bytes[i] == UInt8(ascii: "\\") {
          i += 2
          continue
        }
        if bytes[i] == quote {
          i += 1
          return true
        }
        i += 1
      }
      return false
    }
    switch bytes[i] {
    case UInt8(ascii: "("):
      return true
    case UInt8(ascii: "/"):
      guard i + 1 < end else { return nil }
      return bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*")
    case UInt8(ascii: "{"):
      i += 1
      // A comment here tells OpenStep text by itself (`/` below).
      guard skipSpace(comments: false), i < end else { return nil }
      switch bytes[i] {
      case UInt8(ascii: "\""):
        guard skipQuoted(), skipSpace(), i < end else { return nil }
        return bytes[i] == UInt8(ascii: "=") || bytes[i] == UInt8(ascii: ";")
      case UInt8(ascii: "}"):
        return false
      case UInt8(ascii: "'"), UInt8(ascii: "/"):
        return true
      default:
        return OpenStepScanner.isUnquoted(bytes[i])
      }
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      guard skipQuoted(), skipSpace(), i < end else { return nil }
      return bytes[i] == UInt8(ascii: "=")
    case let first where OpenStepScanner.isUnquoted(first):
      while i < end && OpenStepScanner.isUnquoted(bytes[i]) { i += 1 }
      guard skipSpace(), i < end else { return nil }
      guard bytes[i] == UInt8(ascii: "=") else { return false }
      i += 1
      guard skipSpace(), i < end else { return nil }
      return bytes[i] == UInt8(ascii: "(")
    default:
      return false
    }
  }
}
