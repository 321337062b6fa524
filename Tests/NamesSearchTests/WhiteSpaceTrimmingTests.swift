import Testing

@testable import NamesSearch

/// `trimmingWhiteSpace()` trims scalars, not characters (expected values by hand).
@Suite("White-space trimming")
struct WhiteSpaceTrimmingTests {
  @Test("white space at both ends goes; a space carrying a mark stays with its mark")
  func trimming() {
    #expect(" \t\n5\u{3000}\u{85}".trimmingWhiteSpace() == "5")
    #expect("   ".trimmingWhiteSpace() == "")
    #expect("a b".trimmingWhiteSpace() == "a b")
    // U+200B is trimmed, as Foundation's whitespacesAndNewlines holds it.
    #expect("\u{200B}5\u{200B}".trimmingWhiteSpace() == "5")
    // " " + U+0301 is one Character whose first scalar is white space: the mark stays.
    #expect(" \u{301} 5".trimmingWhiteSpace() == "\u{301} 5")
    #expect("5 \u{301}".trimmingWhiteSpace() == "5 \u{301}")
  }

  @Test("an <integer> with a combining mark in its white space is refused")
  func integerWithMark() {
    #expect((try? PlistScalar.value(of: "integer", text: Array(" \u{301} 5".utf8)).get()) == nil)
    #expect((try? PlistScalar.value(of: "integer", text: Array(" 5\n".utf8)).get()) == .number("5"))
  }
}
