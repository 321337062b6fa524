/// How many terminal columns text takes, and how to cut it to fit.
///
/// Rules (after Unicode UAX #11 East Asian Width and common `wcwidth` practice): combining
/// marks, format characters and zero-width joiners take 0 columns; East Asian Wide and
/// Fullwidth characters (CJK, Hangul syllables, kana, fullwidth forms) and emoji with emoji
/// presentation take 2; everything else 1. Width is measured per user-perceived character
/// (grapheme cluster): its first scalar decides, and a cluster never takes more than 2.
/// A cluster of several scalars with an emoji-presentation scalar or U+FE0F takes 2: so an
/// emoji sequence that `VisibleText` shows as it is (a subdivision flag such as England's,
/// a ZWJ sequence, a keycap, a flag of regional indicators) is measured as the one glyph it
/// is, and the live mode does not cut it short.
public enum DisplayWidth {
  /// The columns `character` takes.
  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.count > 1,
      character.unicodeScalars.contains(where: {
        $0.properties.isEmojiPresentation || $0.value == 0xFE0F
      })
    {
      return 2
    }
    return of(first)
  }

  /// The columns `scalar` takes alone.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x7F { return v < 0x20 ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    for range in wideRanges where range.contains(v) { return 2 }
    return 1
  }

  /// The columns `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// `text` cut to at most `columns` columns, ending with "…" when cut; never splits a
  /// character.
  public static func truncate(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    if of(text) <= columns { return text }
    var out = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > columns - 1 { break }
      out.append(character)
      used += width
    }
    return out + "…"
  }

  /// East Asian Wide (W) and Fullwidth (F) blocks, abridged from EastAsianWidth.txt.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
    0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
    0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
