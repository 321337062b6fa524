import Testing

@testable import NamesSearch

@Suite("VisibleText")
struct VisibleTextTests {
  @Test("controls, format characters, separators and invisible fillers are escaped")
  func escapes() {
    #expect(VisibleText.escaped("a\u{1B}[2Jb") == "a\\e[2Jb")
    #expect(VisibleText.escaped("x\u{202E}y") == "x\\u{202E}y")
    for scalar: Unicode.Scalar in [
      "\u{2028}", "\u{2029}", "\u{E0041}", "\u{3164}", "\u{115F}", "\u{2800}", "\u{180E}",
      "\u{34F}", "\u{9B}", "\u{7F}", "\u{AD}",
    ] {
      #expect(VisibleText.needsEscape(scalar), "U+\(String(scalar.value, radix: 16))")
    }
    for scalar: Unicode.Scalar in ["a", "é", "张", "\u{200D}", "😀", " "] {
      #expect(!VisibleText.needsEscape(scalar))
    }
    #expect(VisibleText.escaped("👨\u{200D}👩") == "👨\u{200D}👩")
  }
}
