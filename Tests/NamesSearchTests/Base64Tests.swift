import Testing

@testable import NamesSearch

/// `Base64.decode` against the test vectors of RFC 4648, section 10, and its refusals.
@Suite("Base64")
struct Base64Tests {
  @Test(
    "RFC 4648 test vectors",
    arguments: [
      ("", ""), ("Zg==", "f"), ("Zm8=", "fo"), ("Zm9v", "foo"), ("Zm9vYg==", "foob"),
      ("Zm9vYmE=", "fooba"), ("Zm9vYmFy", "foobar"),
    ])
  func vectors(_ encoded: String, _ decoded: String) {
    #expect(Base64.decode(Array(encoded.utf8)) == Array(decoded.utf8))
  }

  @Test("bytes above 0x7F: +/ and the last quantum's spare bits ignored")
  func highBytes() {
    // 0xFB 0xFF 0xBF = 111110 111111 111110 111111: "+/+/".
    #expect(Base64.decode(Array("+/+/".utf8)) == [0xFB, 0xFF, 0xBF])
    // "QR==": Q = 16, R = 17: 010000 010001 → 0x41 and four spare bits (0001), ignored.
    #expect(Base64.decode(Array("QR==".utf8)) == [0x41])
  }

  /// Foundation ignores `=` past the padding; so does the decoder (by hand: the letters are
  /// those of the vectors above).
  @Test(
    "further = after the padding are ignored",
    arguments: [("QQ===", "A"), ("Zm9v====", "foo"), ("Zm9vYmFy=", "foobar"), ("Zm8==", "fo")])
  func extraPadding(_ encoded: String, _ decoded: String) {
    #expect(Base64.decode(Array(encoded.utf8)) == Array(decoded.utf8))
  }

  @Test(
    "refused: a missing pad, one letter in a quantum, letters after padding, other bytes",
    arguments: ["Q", "QQ", "QQ=", "Zm9vY", "Q===", "====", "=QQ=", "QQ==QQ==", "Zm9v!A==", "Zm 9v"])
  func refused(_ text: String) {
    #expect(Base64.decode(Array(text.utf8)) == nil)
  }

  /// A plist's `<data>`: white space anywhere (a line of 76 letters, then indentation, as
  /// plist writers wrap), the rest as `decode` reads it.
  @Test("<data> values: white space ignored, padding rules as above")
  func plistData() throws {
    func value(_ text: String) -> RecordValue? {
      try? PlistScalar.value(of: "data", text: Array(text.utf8)).get()
    }
    #expect(value(" AQ ID ") == .data([1, 2, 3]))
    #expect(value("\n\tZm9v\n\tYmFy\n") == .data(Array("foobar".utf8)))
    #expect(value("Zm9v====") == .data(Array("foo".utf8)))
    #expect(value("") == .data([]))
    #expect(value("QQ==QQ==") == nil)
    #expect(value("QQ") == nil)
    #expect(value("Zm9v!") == nil)
  }
}
