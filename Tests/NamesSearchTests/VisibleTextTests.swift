import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// What a terminal is shown. The boundary cases are worked out by hand from the rule in
/// `VisibleText`'s documentation; the tests over every scalar and every recommended emoji
/// read tables made from the Unicode Character Database 15.0 by
/// `Scripts/make-escape-reference.py` (`Tests/Fixtures/unicode`).
@Suite("VisibleText")
struct VisibleTextTests {
  /// (input, shown on a terminal), by hand.
  static let cases: [(String, String)] = [
    // Emoji subdivision flags: the flags of England, Scotland, Wales are shown as they are.
    (
      "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
      "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
    ),
    (
      "Scot 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}!",
      "Scot 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}!"
    ),
    (
      "🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
      "🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
    ),
    // A three-digit region and a four-character suffix: the longest well-formed code.
    (
      "🏴\u{E0031}\u{E0032}\u{E0033}\u{E0061}\u{E0062}\u{E0063}\u{E0064}\u{E007F}",
      "🏴\u{E0031}\u{E0032}\u{E0033}\u{E0061}\u{E0062}\u{E0063}\u{E0064}\u{E007F}"
    ),
    // Not a flag: no cancel tag, upper-case tags, another base, a code too long or too
    // short, a cancel tag alone, text hidden in tags.
    ("🏴\u{E0067}\u{E0062}", "🏴\\u{E0067}\\u{E0062}"),
    (
      "🏴\u{E0047}\u{E0042}\u{E0045}\u{E004E}\u{E0047}\u{E007F}",
      "🏴\\u{E0047}\\u{E0042}\\u{E0045}\\u{E004E}\\u{E0047}\\u{E007F}"
    ),
    (
      "😀\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
      "😀\\u{E0067}\\u{E0062}\\u{E0065}\\u{E006E}\\u{E0067}\\u{E007F}"
    ),
    (
      "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E006C}\u{E0061}\u{E006E}\u{E007F}",
      "🏴\\u{E0067}\\u{E0062}\\u{E0065}\\u{E006E}\\u{E0067}\\u{E006C}\\u{E0061}\\u{E006E}\\u{E007F}"
    ),
    ("🏴\u{E0067}\u{E0062}\u{E007F}", "🏴\\u{E0067}\\u{E0062}\\u{E007F}"),
    ("🏴\u{E007F}", "🏴\\u{E007F}"),
    ("a\u{E0041}b", "a\\u{E0041}b"),
    ("\u{E0001}\u{E0065}\u{E006E}Ann", "\\u{E0001}\\u{E0065}\\u{E006E}Ann"),
    // Emoji ZWJ sequences: rainbow flag, family, a modifier before the joiner.
    ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"),
    ("👨\u{200D}👩\u{200D}👧\u{200D}👦", "👨\u{200D}👩\u{200D}👧\u{200D}👦"),
    ("🧑🏽\u{200D}💻", "🧑🏽\u{200D}💻"),
    ("👨\u{200D}", "👨\\u{200D}"),
    ("👨\u{200D}a", "👨\\u{200D}a"),
    ("👨\u{200D}\u{200D}👩", "👨\\u{200D}\\u{200D}👩"),
    ("1\u{200D}2", "1\\u{200D}2"),
    // Variation selectors after a base they can follow; on their own or doubled, escaped.
    ("\u{2764}\u{FE0F}", "\u{2764}\u{FE0F}"),
    ("\u{2764}\u{FE0E}", "\u{2764}\u{FE0E}"),
    ("1\u{FE0F}\u{20E3}", "1\u{FE0F}\u{20E3}"),
    ("\u{FE0F}", "\\u{FE0F}"),
    ("\u{FE0F}Ann", "\\u{FE0F}Ann"),
    ("a\u{FE0F}b", "a\\u{FE0F}b"),
    ("\u{2764}\u{FE0F}\u{FE0F}", "\u{2764}\u{FE0F}\\u{FE0F}"),
    ("\u{2229}\u{FE00}", "\u{2229}\u{FE00}"),
    ("0\u{FE00}", "0\u{FE00}"),
    ("\u{349E}\u{FE00}", "\u{349E}\u{FE00}"),
    ("a\u{FE00}", "a\\u{FE00}"),
    ("\u{2229}\u{FE01}", "\u{2229}\\u{FE01}"),
    ("葛\u{E0100}", "葛\u{E0100}"),
    ("a\u{E0100}", "a\\u{E0100}"),
    // Mongolian variation selectors and vowel separator.
    ("\u{1820}\u{180B}", "\u{1820}\u{180B}"),
    ("\u{1820}\u{180F}", "\u{1820}\u{180F}"),
    ("a\u{180B}", "a\\u{180B}"),
    ("\u{182C}\u{1820}\u{1833}\u{180E}\u{1820}", "\u{182C}\u{1820}\u{1833}\u{180E}\u{1820}"),
    ("a\u{180E}b", "a\\u{180E}b"),
    // Persian names with ZERO WIDTH NON-JOINER: Ali-Akbar, Rezaei-Nejad, Mohammad-Hossein.
    ("علی\u{200C}اکبر", "علی\u{200C}اکبر"),
    ("رضایی\u{200C}نژاد", "رضایی\u{200C}نژاد"),
    ("محمد\u{200C}حسین", "محمد\u{200C}حسین"),
    // A mark between the letter and the joiner; the joiner at the edges or doubled.
    ("بَ\u{200C}ب", "بَ\u{200C}ب"),
    ("\u{200C}علی", "\\u{200C}علی"),
    ("علی\u{200C}", "علی\\u{200C}"),
    ("علی\u{200C}\u{200C}اکبر", "علی\\u{200C}\\u{200C}اکبر"),
    // Different scripts either side: Arabic and Devanagari.
    ("ب\u{200C}क", "ب\\u{200C}क"),
    // Hindi: a half form (virama + ZWJ), an explicit virama (virama + ZWNJ), ZWJ between
    // letters; Sinhala "Sri" with the rakaaraansaya (virama + ZWJ).
    ("क्\u{200D}ष", "क्\u{200D}ष"),
    ("क्\u{200C}ष", "क्\u{200C}ष"),
    ("क\u{200D}ष", "क\u{200D}ष"),
    ("ශ්\u{200D}රී", "ශ්\u{200D}රී"),
    // Malayalam: old-style chillu (virama + ZWJ) at the end of a name; ZWNJ between letters.
    ("ഗോപാലന്\u{200D}", "ഗോപാലന്\u{200D}"),
    ("ക\u{200C}ക", "ക\u{200C}ക"),
    // Latin and other scripts that give the joiners no role.
    ("Auf\u{200C}lage", "Auf\\u{200C}lage"),
    ("\u{200C}Ann", "\\u{200C}Ann"),
    ("An\u{200D}n", "An\\u{200D}n"),
    ("Ж\u{200C}Ж", "Ж\\u{200C}Ж"),
    ("张\u{200D}伟", "张\\u{200D}伟"),
    // Khmer invisible vowels, Hangul fillers, soft hyphen, combining grapheme joiner.
    ("ក\u{17B4}", "ក\\u{17B4}"),
    ("\u{17B5}ក", "\\u{17B5}ក"),
    ("김\u{3164}", "김\\u{3164}"),
    ("\u{FFA0}", "\\u{FFA0}"),
    ("\u{115F}\u{1161}", "\\u{115F}\u{1161}"),
    ("\u{1100}\u{1160}", "\u{1100}\\u{1160}"),
    ("Ann\u{AD}a", "Ann\\u{AD}a"),
    ("a\u{34F}b", "a\\u{34F}b"),
    // Zero width space, word joiner, byte order mark, shorthand format control.
    ("a\u{200B}b", "a\\u{200B}b"),
    ("a\u{2060}b", "a\\u{2060}b"),
    ("\u{FEFF}Ann", "\\u{FEFF}Ann"),
    ("a\u{1BCA0}b", "a\\u{1BCA0}b"),
    // Bidirectional controls: escaped everywhere, between Arabic letters too.
    ("x\u{202E}y", "x\\u{202E}y"),
    ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
    ("ب\u{200F}ب", "ب\\u{200F}ب"),
    ("ب\u{61C}ب", "ب\\u{61C}ب"),
    ("a\u{200E}", "a\\u{200E}"),
    // Controls and separators.
    ("a\u{1B}[2Jb", "a\\e[2Jb"),
    ("\u{7F}\u{9B}\u{0}", "\\u{7F}\\u{9B}\\u{0}"),
    ("a\nb\tc", "a\\u{A}b\\u{9}c"),
    ("a\u{2028}b\u{2029}", "a\\u{2028}b\\u{2029}"),
    // Shown as they are: letters, marks, spaces, emoji, a backslash.
    ("José Zoë 张伟 😀", "José Zoë 张伟 😀"),
    ("e\u{301}\u{A0}\u{3000}\u{2800}", "e\u{301}\u{A0}\u{3000}\u{2800}"),
    ("a\\u{41}", "a\\u{41}"),
  ]

  @Test("boundary cases, worked out by hand")
  func boundaryCases() {
    for (input, shown) in Self.cases {
      #expect(VisibleText.escaped(input) == shown, "\(Self.hex(input))")
    }
  }

  @Test("a piece of a name is judged within the whole name")
  func pieces() {
    for (input, shown) in Self.cases {
      // One character at a time (the live mode), and cut at every character (the printer's
      // highlighted matches): the pieces put together are the whole name escaped.
      let characters = input.indices.map { VisibleText.escaped(input[$0...$0]) }
      #expect(characters.joined() == shown, "\(Self.hex(input))")
      for cut in input.indices {
        let joined = VisibleText.escaped(input[..<cut]) + VisibleText.escaped(input[cut...])
        #expect(joined == shown, "\(Self.hex(input))")
      }
    }
    // A joiner at the end of a piece whose next letter is in the next piece.
    let name = "علی\u{200C}اکبر"
    let cut = name.firstIndex(of: "ا")!
    #expect(VisibleText.escaped(name[..<cut]) == "علی\u{200C}")
    #expect(VisibleText.escaped(String(name[..<cut])) == "علی\\u{200C}")
  }

  @Test("quoted: quotes and backslashes get a backslash, the rest is escaped as on a terminal")
  func quoted() {
    #expect(VisibleText.quoted("a\"b\\c") == #""a\"b\\c""#)
    #expect(VisibleText.quoted("a\u{1B}[1m\n") == #""a\e[1m\u{A}""#)
    #expect(VisibleText.quoted("علی\u{200C}اکبر") == "\"علی\u{200C}اکبر\"")
    #expect(VisibleText.quoted("\"\u{200C}\"") == #""\"\u{200C}\"""#)
  }

  @Test("escapedLines keeps line breaks and escapes each line")
  func lines() {
    #expect(VisibleText.escapedLines("a\u{1B}\nb\u{200B}\n") == "a\\e\nb\\u{200B}\n")
  }

  /// The ranges of `Tests/Fixtures/unicode/escaped-alone.txt`.
  static func escapedAlone() throws -> [ClosedRange<UInt32>] {
    let url = TestPaths.packageRoot.appendingPathComponent(
      "Tests/Fixtures/unicode/escaped-alone.txt")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
      .map { line in
        let bounds = line.split(separator: ".", omittingEmptySubsequences: true)
        return UInt32(bounds[0], radix: 16)!...UInt32(bounds[1], radix: 16)!
      }
  }

  @Test(
    "every scalar alone between two ASCII letters: escaped iff Cc, Zl, Zp, Bidi_Control or Default_Ignorable (UCD 15.0)"
  )
  func everyScalarAlone() throws {
    let reference = try Self.escapedAlone()
    #expect(reference.count == 19)
    var wrong: [String] = []
    var escapedCount = 0
    var next = 0  // the first reference range that does not end below `value`
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      while next < reference.count && reference[next].upperBound < value { next += 1 }
      let expected = next < reference.count && reference[next].lowerBound <= value
      if expected { escapedCount += 1 }
      // `escaped` returns its input at once when no scalar may be escaped: only those
      // that may be need the whole text built and judged. `mayBeEscaped` looks up one
      // property; with Swift's own properties, it must hold for every control, separator
      // and bidirectional control.
      let may = VisibleText.mayBeEscaped(scalar)
      if VisibleText.isAlwaysEscaped(scalar) && !may { wrong.append(String(value, radix: 16)) }
      guard may else {
        if expected { wrong.append(String(value, radix: 16)) }
        continue
      }
      var text = "a"
      text.unicodeScalars.append(scalar)
      text += "b"
      let escape = value == 0x1B ? "\\e" : "\\u{\(String(value, radix: 16, uppercase: true))}"
      if VisibleText.escaped(text) != (expected ? "a\(escape)b" : text) {
        wrong.append(String(value, radix: 16))
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(50))")
    #expect(escapedCount == 4_241)
  }

  /// The sequences of `Tests/Fixtures/unicode/emoji-sequences.txt`: text and kind.
  static func emojiSequences() throws -> [(text: String, kind: String)] {
    let url = TestPaths.packageRoot.appendingPathComponent(
      "Tests/Fixtures/unicode/emoji-sequences.txt")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
      .map { line in
        let fields = line.split(separator: ";")
        var text = ""
        for hex in fields[0].split(separator: " ") {
          text.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
        }
        return (text, fields[1].trimmingCharacters(in: .whitespaces))
      }
  }

  @Test("every recommended emoji and emoji variation sequence (UCD 15.0) is shown as it is")
  func everyEmojiSequence() throws {
    let sequences = try Self.emojiSequences()
    #expect(sequences.count == 4_372)
    #expect(sequences.filter { $0.kind == "RGI_Emoji_Tag_Sequence" }.count == 3)
    for (text, kind) in sequences {
      #expect(VisibleText.escaped(text) == text, "\(kind) \(Self.hex(text))")
      // Within a name too.
      #expect(VisibleText.escaped("Ann " + text + " Lee") == "Ann " + text + " Lee")
    }
  }

  @Test("look-around is bounded: long runs of tags or marks are escaped in linear time")
  func hostileRuns() {
    let tags = String(repeating: "\u{E0061}", count: 100_000)
    let shown = VisibleText.escaped("🏴" + tags + "\u{E007F}")
    #expect(shown == "🏴" + String(repeating: "\\u{E0061}", count: 100_000) + "\\u{E007F}")
    // 31 marks between the letter and the joiner: past the stream-safe limit of 30.
    let marks31 = String(repeating: "\u{64E}", count: 31)
    #expect(VisibleText.escaped("ب" + marks31 + "\u{200C}ب") == "ب" + marks31 + "\\u{200C}ب")
    let marks30 = String(repeating: "\u{64E}", count: 30)
    #expect(VisibleText.escaped("ب" + marks30 + "\u{200C}ب") == "ب" + marks30 + "\u{200C}ب")
  }

  static func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(
      separator: " ")
  }
}
