import Testing

@testable import names_search

/// `String.replacingBytes(of:with:)`, which quotes text for shells and roff: bytes, not
/// characters, are matched (expected values written by hand).
@Suite("Byte replacement")
struct ByteReplacementTests {
  @Test("a quote before a combining mark is still replaced; no overlaps; left to right")
  func replacements() {
    // As a Character, "'" + U+0301 is not "'": a character-wise replace would leave it.
    #expect("it'\u{301}s".replacingBytes(of: "'", with: "'\\''") == "it'\\''\u{301}s")
    #expect("---".replacingBytes(of: "--", with: "\\-\\-") == "\\-\\--")
    #expect("a\\b'c".replacingBytes(of: "\\", with: "\\\\") == "a\\\\b'c")
    #expect("".replacingBytes(of: "'", with: "x") == "")
    #expect("abc".replacingBytes(of: "", with: "x") == "abc")
  }
}
