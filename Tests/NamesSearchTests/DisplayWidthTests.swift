import Testing

@testable import NamesSearch

/// Emoji sequences that `VisibleText` shows as they are take the columns of the one glyph
/// they are, so the live mode neither cuts them short nor misaligns the index.
@Suite("DisplayWidth of sequences")
struct DisplayWidthTests {
  static let england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"

  @Test("a subdivision flag, a ZWJ sequence, a keycap: one character of 2 columns")
  func sequences() {
    for text in [
      Self.england, "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "👨\u{200D}👩\u{200D}👧\u{200D}👦",
      "1\u{FE0F}\u{20E3}", "🇫🇷",
    ] {
      #expect(text.count == 1)
      #expect(DisplayWidth.of(text) == 2, "\(VisibleTextTests.hex(text))")
    }
    // A Persian name keeps one column a letter: the joiner takes none.
    #expect(DisplayWidth.of("علی\u{200C}اکبر") == 7)
    // What the terminal is shown for a lone tag: its escape, one column a character.
    #expect(DisplayWidth.of(VisibleText.escaped("a\u{E0041}")) == 10)
  }

  @Test("every recommended emoji sequence of several scalars is one character of 2 columns")
  func everyEmojiSequence() throws {
    // Text-style variation sequences (U+FE0E) ask for a narrow glyph that terminals draw
    // as they like; every other sequence is an emoji glyph two columns wide.
    let sequences = try VisibleTextTests.emojiSequences().filter {
      $0.text.unicodeScalars.count > 1 && $0.text.unicodeScalars.last?.value != 0xFE0E
    }
    #expect(sequences.count == 2_839)
    for (text, kind) in sequences {
      #expect(
        text.count == 1 && DisplayWidth.of(text) == 2, "\(kind) \(VisibleTextTests.hex(text))")
    }
  }

  @Test("live mode: the flag of England in a name is shown whole, two columns wide")
  func liveModeFlag() {
    let catalog = Catalog(sections: [
      Section(title: "E", names: [Self.england + " Ann", "علی\u{200C}اکبر", "a\u{E0041}"])
    ])
    // 12 columns: the index takes 1 and a space, the list 10, a name 8 after its indent.
    let s = LiveSearchState(catalog: catalog, rows: 8, columns: 12)
    let row = s.frame().text(ofRow: 2)
    #expect(row.hasPrefix("  " + Self.england + " Ann  "))
    #expect(!row.contains("…"))
    #expect(DisplayWidth.of(row) == 12)
    // The Persian name's joiner is shown as it is, though the live mode escapes one
    // character at a time; a lone tag is escaped, and its character, too wide, is cut.
    #expect(s.frame().text(ofRow: 3).hasPrefix("  علی\u{200C}اکبر"))
    #expect(s.frame().text(ofRow: 4).hasPrefix("  … "))
  }
}
