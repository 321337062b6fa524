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

  @Test(
    "refused: lengths not a multiple of four, padding inside, three =, other bytes",
    arguments: ["Q", "QQ", "QQ=", "QQ===", "Q===", "====", "=QQ=", "QQ==QQ==", "Zm9v!A==", "Zm 9v"])
  func refused(_ text: String) {
    #expect(Base64.decode(Array(text.utf8)) == nil)
  }
}
