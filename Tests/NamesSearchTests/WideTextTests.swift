import Foundation
import Testing

@testable import NamesSearch

/// UTF-16 and UTF-32 text told by its byte-order mark (`WideText`), decoded to UTF-8 as the
/// list is read. The encoded bytes come from Foundation's encoders (`String.data(using:)`),
/// the decoded text is compared with Swift's own decoding of the same bytes.
@Suite("UTF-16 and UTF-32 lists")
struct WideTextTests {
  static let marks: [(String.Encoding, [UInt8])] = [
    (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, [0xFF, 0xFE]),
    (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]), (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
  ]

  static func encoded(_ text: String, _ encoding: String.Encoding, mark: [UInt8]) -> [UInt8] {
    mark + Array(text.data(using: encoding)!)
  }

  func load(_ bytes: [UInt8]) throws(LoadError) -> Catalog {
    try CatalogLoader.load(from: FileReader(bytes: bytes, source: "t.plist"))
  }

  @Test("OpenStep text with a byte-order mark, every encoding", arguments: 0..<4)
  func openStep(mark: Int) throws {
    let (encoding, bom) = Self.marks[mark]
    let text = "// 🎉\n{ A = (Ann, \"Åsa 😀\"); B = (Bob); }\n"
    let catalog = try load(Self.encoded(text, encoding, mark: bom))
    #expect(
      catalog.sections == [
        Section(title: "A", names: ["Ann", "Åsa 😀"]), Section(title: "B", names: ["Bob"]),
      ])
  }

  @Test(
    "UTF-32 XML with a byte-order mark, whatever its declaration names",
    arguments: [2, 3], ["UTF-32", "UTF-8", nil])
  func utf32XML(mark: Int, declared: String?) throws {
    let (encoding, bom) = Self.marks[mark]
    let declaration = declared.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
    let text =
      declaration
      + "<plist version=\"1.0\"><dict><key>É</key><array><string>Éanna 😀</string></array>"
      + "</dict></plist>\n"
    let catalog = try load(Self.encoded(text, encoding, mark: bom))
    #expect(catalog.sections == [Section(title: "É", names: ["Éanna 😀"])])
  }

  @Test("the decoder gives Swift's decoding whatever the pieces", arguments: 0..<4)
  func pieces(mark: Int) throws {
    let (encoding, _) = Self.marks[mark]
    let text = "Åsa\n😀 Zoë\u{10FFFF}"
    let bytes = Array(text.data(using: encoding)!)
    let wide: WideText.Encoding = [
      .utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian,
    ][mark]
    for size in 1...5 {
      var decoder = WideText.Decoder(wide)
      var out: [UInt8] = []
      for start in stride(from: 0, to: bytes.count, by: size) {
        let piece = Array(bytes[start..<min(start + size, bytes.count)])
        try piece.withUnsafeBufferPointer { try decoder.decode($0, into: &out) }
      }
      try decoder.finish()
      #expect(String(decoding: out, as: UTF8.self) == text, "pieces of \(size)")
      #expect(out == Array(text.utf8))
    }
  }

  @Test("text that is not valid in its encoding is refused in one line, naming the line")
  func invalid() {
    func refusal(_ why: String) -> LoadError {
      LoadError(source: "t.plist", reason: .notAList(why))
    }
    // UTF-32BE: "(x" then half a unit.
    #expect(
      throws: refusal(
        "line 1: not valid UTF-32: the text ends inside a character (2 of its bytes)")
    ) {
      try load([0, 0, 0xFE, 0xFF, 0, 0, 0, 0x28, 0, 0, 0, 0x78, 0, 0])
    }
    // UTF-16LE: "(x,\n" then a lone high surrogate before "y)".
    #expect(throws: refusal("line 2: not valid UTF-16: a lone surrogate (0xD800)")) {
      try load([0xFF, 0xFE, 0x28, 0, 0x78, 0, 0x2C, 0, 0x0A, 0, 0x00, 0xD8, 0x79, 0, 0x29, 0])
    }
    // UTF-32LE: a value past U+10FFFF.
    #expect(throws: refusal("line 1: not valid UTF-32: 0x110000 is not a Unicode scalar")) {
      try load([0xFF, 0xFE, 0, 0, 0x28, 0, 0, 0, 0, 0, 0x11, 0])
    }
    // A second byte-order mark right after the first.
    #expect(throws: refusal("line 1: not valid UTF-16: the byte-order mark is repeated")) {
      try load([0xFE, 0xFF, 0xFE, 0xFF, 0, 0x28, 0, 0x29])
    }
  }

  @Test("UTF-16 or UTF-32 text that is not a property list is refused: it must be UTF-8")
  func otherFormats() {
    let csv = Self.encoded("name,age\nAnn,3\n", .utf16LittleEndian, mark: [0xFF, 0xFE])
    #expect(
      throws: LoadError(
        source: "t.plist",
        reason: .notAList(
          "UTF-16 text is read only as a property list (XML or OpenStep); CSV must be UTF-8"))
    ) { try load(csv) }
  }
}
