/// Makes text safe to show on a terminal: characters that could change the terminal's
/// state or hide text are replaced by visible escapes, so a name can never move the cursor,
/// set a title, write the clipboard (OSC 52), reorder text (Trojan Source, CVE-2021-42574)
/// or carry invisible characters where no script uses them; sequences that Unicode defines
/// (emoji flags and ZWJ sequences, variation sequences, joiners in Arabic or Indic words)
/// are shown as they are.
///
/// The rule, for each Unicode scalar, judged with its neighbours:
///
/// 1. Always escaped: controls (General_Category Cc: C0, DEL, C1), line and paragraph
///    separators (Zl, Zp: U+2028, U+2029) and bidirectional controls (Bidi_Control:
///    U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
/// 2. Default-ignorable code points (Default_Ignorable_Code_Point: zero width space, soft
///    hyphen, U+FEFF, word joiner, Hangul fillers, Khmer U+17B4 and U+17B5, joiners,
///    variation selectors, tag characters, …) are escaped, except in these sequences:
///    - an emoji subdivision flag (Unicode UTS #51 ED-14a, in the one form its Annex C
///      calls valid): U+1F3F4, then a subdivision code in tag characters (a region of two
///      tag letters or three tag digits, then one to four tag letters or digits), then
///      CANCEL TAG U+E007F; the flags of England, Scotland and Wales are such;
///    - an emoji ZWJ sequence (UTS #51 ED-16): U+200D between two emoji (Emoji=Yes, not
///      ASCII), the first one possibly followed by an emoji modifier and/or U+FE0F;
///    - an emoji variation sequence: U+FE0E or U+FE0F right after an emoji (Emoji=Yes,
///      which includes the keycap bases `#`, `*`, `0`–`9`);
///    - a standardized variation sequence: VS1–VS14 (U+FE00–U+FE0D) right after a base
///      that StandardizedVariants.txt lists with it;
///    - an ideographic variation sequence (UTS #37): VS17–VS256 (U+E0100–U+E01EF) right
///      after a unified ideograph (Unified_Ideograph);
///    - Mongolian: a free variation selector (U+180B–U+180D, U+180F) right after a
///      Mongolian letter, the vowel separator U+180E between two Mongolian letters;
///    - ZERO WIDTH NON-JOINER U+200C or ZERO WIDTH JOINER U+200D right after a virama
///      (Canonical_Combining_Class 9, as RFC 5892 A.1 and A.2 allow them), or between two
///      letters of one joiner script: a script that joins cursively (a letter of
///      Joining_Type D, L or R: Arabic, so Persian, Syriac, N'Ko, Mongolian, …) or that
///      has a virama (Devanagari, Malayalam, Sinhala, …); combining marks may stand
///      between a letter and the joiner.
///
///    Anywhere else (at the start, doubled, between Latin letters, a tag character outside
///    a flag, a variation selector on its own) they are escaped.
/// 3. Everything else is shown as it is.
///
/// Properties come from the Swift standard library (`Unicode.Scalar.Properties`); the
/// joiner scripts' letters and the standardized variation sequences from the Unicode
/// Character Database 15.0 (`VisibleTextData`, made by `Scripts/make-visible-text-data.py`).
/// Looking around a scalar is bounded: at most 30 combining marks (the stream-safe limit
/// of Unicode UAX #15) and at most 7 tag characters, so judging a scalar is O(1).
///
/// | escaped character | shown as |
/// | --- | --- |
/// | ESC (U+001B) | `\e` |
/// | any other | `\u{` hex digits in upper case `}`: `\u{7F}`, `\u{200B}`, `\u{E0041}` |
///
/// A backslash is shown as itself; `--json` keeps the exact text.
public enum VisibleText {
  /// `text` with every character that the rule escapes replaced by its escape.
  ///
  /// - Complexity: O(n) in the scalars of `text`; returns `text` itself when nothing
  ///   could need escaping.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: mayBeEscaped) else { return text }
    return escaped(text[...])
  }

  /// `text` escaped, with the scalars at its edges judged in the string it is cut from
  /// (`text.base`): a piece of a name (one character, a highlighted match) is shown as it
  /// is within the whole name.
  ///
  /// - Complexity: O(n) in the scalars of `text`.
  public static func escaped(_ text: Substring) -> String {
    guard text.unicodeScalars.contains(where: mayBeEscaped) else { return String(text) }
    var out = ""
    forEachScalar(in: text) { scalar, escape in append(scalar, escaped: escape, to: &out) }
    return out
  }

  /// Each line of `text` escaped, line breaks kept (for multi-line messages).
  public static func escapedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped($0) }
      .joined(separator: "\n")
  }

  /// `text` in double quotes for a one-line message: `"` and `\` are preceded by a
  /// backslash, everything else is shown as `escaped` shows it (a line break as `\u{A}`).
  ///
  /// - Complexity: O(n) in the scalars of `text`.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    forEachScalar(in: text[...]) { scalar, escape in
      if scalar == "\"" || scalar == "\\" { out += "\\" }
      append(scalar, escaped: escape, to: &out)
    }
    return out + "\""
  }

  /// `bytes` taken as UTF-8, for text that may not be UTF-8 (a path, a command-line
  /// argument): each byte that is not part of a well-formed UTF-8 sequence shown as `\x`
  /// and two upper-case hex digits (`\xFF`), the well-formed text between such bytes as
  /// `escaped(_:)` shows it. Ill-formed bytes are cut into "maximal subparts" as Unicode
  /// recommends for U+FFFD substitution (The Unicode Standard, §3.9, U+FFFD Substitution of
  /// Maximal Subparts): `E2 82` before `A` is one subpart, `C0 80` two; each byte of one is
  /// shown.
  ///
  /// - Complexity: O(n) in `bytes`.
  public static func escaped(utf8 bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    if let text = String(validating: bytes, as: UTF8.self) { return escaped(text) }
    var out = ""
    var run = ""
    var offset = 0
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        run.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        out += escaped(run)
        run = ""
        for byte in bytes[offset..<offset + length] {
          out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        offset += length
      case .emptyInput:
        return out + escaped(run)
      }
    }
  }

  /// Calls `body` with each scalar of `text` in order and whether the rule escapes it,
  /// judging each scalar with its neighbours in `text.base`.
  ///
  /// - Complexity: O(n) in the scalars of `text`.
  public static func forEachScalar(
    in text: Substring, _ body: (Unicode.Scalar, _ escaped: Bool) throws -> Void
  ) rethrows {
    let all = text.base.unicodeScalars
    let scalars = text.unicodeScalars
    var i = scalars.startIndex
    while i < scalars.endIndex {
      let scalar = scalars[i]
      try body(scalar, mayBeEscaped(scalar) && isEscaped(at: i, in: all))
      i = scalars.index(after: i)
    }
  }

  /// Whether the rule may escape `scalar` in some place: a control, a line or paragraph
  /// separator, a bidirectional control or a default-ignorable code point. The other
  /// scalars are shown as they are wherever they stand.
  ///
  /// One property lookup: every control is below U+00A0, U+2028 and U+2029 are the only
  /// line and paragraph separators, and every bidirectional control is default-ignorable
  /// (Unicode Character Database; `VisibleTextTests` checks all three over every scalar).
  public static func mayBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }
    if v < 0xA0 || v == 0x2028 || v == 0x2029 { return true }
    return scalar.properties.isDefaultIgnorableCodePoint
  }

  /// Whether `scalar` is escaped wherever it stands: Cc, Zl, Zp or Bidi_Control.
  static func isAlwaysEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    default: return scalar.properties.isBidiControl
    }
  }

  /// Whether the scalar at `index` of `scalars` is escaped, judged with its neighbours.
  static func isEscaped(at index: String.Index, in scalars: String.UnicodeScalarView) -> Bool {
    let scalar = scalars[index]
    if isAlwaysEscaped(scalar) { return true }
    guard scalar.properties.isDefaultIgnorableCodePoint else { return false }
    return !isInSequence(at: index, in: scalars)
  }

  // MARK: - Sequences

  /// Whether the default-ignorable scalar at `index` is part of a sequence that shows it.
  private static func isInSequence(at index: String.Index, in scalars: String.UnicodeScalarView)
    -> Bool
  {
    let value = scalars[index].value
    let before = index > scalars.startIndex ? scalars[scalars.index(before: index)] : nil
    switch value {
    case 0xFE0E, 0xFE0F:
      return before?.properties.isEmoji ?? false
    case 0xFE00...0xFE0D:
      return before.map { isStandardizedVariant(base: $0, selector: value) } ?? false
    case 0xE0100...0xE01EF:
      return before?.properties.isUnifiedIdeograph ?? false
    case 0x180B...0x180D, 0x180F:
      return before.flatMap(joinerScript) == VisibleTextData.mongolian
    case 0x180E:
      let after = scalars.index(after: index)
      return before.flatMap(joinerScript) == VisibleTextData.mongolian
        && after < scalars.endIndex
        && joinerScript(of: scalars[after]) == VisibleTextData.mongolian
    case 0x200C, 0x200D:
      return isJoinerShown(at: index, in: scalars)
    case 0xE0020...0xE007F:
      return isInSubdivisionFlag(at: index, in: scalars)
    default:
      return false
    }
  }

  /// ZWNJ or ZWJ: after a virama, between two emoji (ZWJ only), or between two letters of
  /// one joiner script.
  private static func isJoinerShown(at index: String.Index, in scalars: String.UnicodeScalarView)
    -> Bool
  {
    guard index > scalars.startIndex else { return false }
    let before = scalars[scalars.index(before: index)]
    if before.properties.canonicalCombiningClass == .virama { return true }
    if scalars[index].value == 0x200D && isEmojiJoiner(at: index, in: scalars) { return true }
    guard let left = letterScript(before: index, in: scalars),
      let right = letterScript(after: index, in: scalars)
    else { return false }
    return left == right
  }

  /// Whether the ZWJ at `index` stands between two emoji (UTS #51 ED-16).
  private static func isEmojiJoiner(at index: String.Index, in scalars: String.UnicodeScalarView)
    -> Bool
  {
    let after = scalars.index(after: index)
    guard after < scalars.endIndex, isEmojiElement(scalars[after]) else { return false }
    var i = scalars.index(before: index)
    if scalars[i].value == 0xFE0F && i > scalars.startIndex { i = scalars.index(before: i) }
    if scalars[i].properties.isEmojiModifier && i > scalars.startIndex {
      i = scalars.index(before: i)
    }
    return isEmojiElement(scalars[i])
  }

  private static func isEmojiElement(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x80 && scalar.properties.isEmoji
  }

  /// The most combining marks looked past to find a letter (Unicode UAX #15 stream-safe).
  private static let markLimit = 30

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return !scalar.properties.isDefaultIgnorableCodePoint
    default: return false
    }
  }

  /// The joiner script of the letter before `index`, past combining marks.
  private static func letterScript(before index: String.Index, in scalars: String.UnicodeScalarView)
    -> UInt8?
  {
    var i = index
    for _ in 0...markLimit {
      guard i > scalars.startIndex else { return nil }
      i = scalars.index(before: i)
      if !isMark(scalars[i]) { return joinerScript(of: scalars[i]) }
    }
    return nil
  }

  /// The joiner script of the letter after `index`, past combining marks.
  private static func letterScript(after index: String.Index, in scalars: String.UnicodeScalarView)
    -> UInt8?
  {
    var i = scalars.index(after: index)
    for _ in 0...markLimit {
      guard i < scalars.endIndex else { return nil }
      if !isMark(scalars[i]) { return joinerScript(of: scalars[i]) }
      i = scalars.index(after: i)
    }
    return nil
  }

  /// The script number (`VisibleTextData.scriptNames`) of `scalar` if it is a letter of a
  /// joiner script.
  static func joinerScript(of scalar: Unicode.Scalar) -> UInt8? {
    let v = scalar.value
    let starts = VisibleTextData.letterStarts
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] <= v { low = mid + 1 } else { high = mid }
    }
    guard low > 0, v <= VisibleTextData.letterEnds[low - 1] else { return nil }
    return VisibleTextData.letterScripts[low - 1]
  }

  static func isStandardizedVariant(base: Unicode.Scalar, selector: UInt32) -> Bool {
    let key = base.value << 4 | (selector - 0xFE00)
    let variants = VisibleTextData.standardizedVariants
    var low = 0
    var high = variants.count
    while low < high {
      let mid = (low + high) / 2
      if variants[mid] < key { low = mid + 1 } else { high = mid }
    }
    return low < variants.count && variants[low] == key
  }

  /// Whether the tag character at `index` belongs to a well-formed emoji subdivision flag:
  /// U+1F3F4, a subdivision code in tag characters, U+E007F (UTS #51 ED-14a, Annex C).
  private static func isInSubdivisionFlag(
    at index: String.Index, in scalars: String.UnicodeScalarView
  ) -> Bool {
    let isSpec = { (s: Unicode.Scalar) in (0xE0020...0xE007E).contains(s.value) }
    // Back to the first tag character of the run.
    var start = index
    if scalars[index].value == 0xE007F {
      guard index > scalars.startIndex else { return false }
      start = scalars.index(before: index)
      guard isSpec(scalars[start]) else { return false }
    }
    for _ in 0...7 {
      guard start > scalars.startIndex else { return false }
      let previous = scalars.index(before: start)
      if !isSpec(scalars[previous]) {
        guard scalars[previous].value == 0x1F3F4 else { return false }
        return isSubdivisionCode(from: start, in: scalars)
      }
      start = previous
    }
    return false
  }

  /// Whether the tag characters from `start` spell a subdivision code (a region of two
  /// letters or three digits, then one to four letters or digits: CLDR's
  /// unicode_subdivision_id in lower case) followed by CANCEL TAG.
  private static func isSubdivisionCode(
    from start: String.Index, in scalars: String.UnicodeScalarView
  ) -> Bool {
    var code: [UInt8] = []
    var i = start
    while i < scalars.endIndex, code.count <= 7,
      (0xE0020...0xE007E).contains(scalars[i].value)
    {
      code.append(UInt8(scalars[i].value - 0xE0000))
      i = scalars.index(after: i)
    }
    guard i < scalars.endIndex, scalars[i].value == 0xE007F else { return false }
    let isLetter = { (c: UInt8) in c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") }
    let isDigit = { (c: UInt8) in c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    let region: Int
    if code.count >= 2 && code.prefix(2).allSatisfy(isLetter) {
      region = 2
    } else if code.count >= 3 && code.prefix(3).allSatisfy(isDigit) {
      region = 3
    } else {
      return false
    }
    let suffix = code.dropFirst(region)
    return (1...4).contains(suffix.count) && suffix.allSatisfy { isLetter($0) || isDigit($0) }
  }

  // MARK: - Escapes

  private static func append(_ scalar: Unicode.Scalar, escaped: Bool, to out: inout String) {
    if !escaped {
      out.unicodeScalars.append(scalar)
    } else if scalar.value == 0x1B {
      out += "\\e"
    } else {
      out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }
}
