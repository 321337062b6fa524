import NamesSearch
import Testing

@testable import NamesSearchTerminal

@Suite("KeyDecoder and FrameRenderer")
struct KeyDecoderTests {
  @Test("bytes to keys")
  func decoding() {
    let decoder = KeyDecoder()
    #expect(decoder.decode(Array("ann".utf8)) == [.text("ann")])
    #expect(decoder.decode([0x6A, 0x6F, 0x73, 0xC3, 0xA9]) == [.text("josé")])
    #expect(
      decoder.decode([0x7F, 0x0D, 0x09, 0x15, 0x03]) == [
        .backspace, .enter, .tab, .clearTerm, .interrupt,
      ])
    #expect(
      decoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}[5~\u{1B}[6~".utf8)) == [
        .up, .down, .up, .pageUp, .pageDown,
      ])
    #expect(decoder.decode([0x1B]) == [.escape])
    #expect(decoder.decode([0x10, 0x0E]) == [.up, .down])
    #expect(decoder.decode(Array("a\u{1B}[Cb".utf8)) == [.text("a"), .text("b")])
    #expect(decoder.decode(Array("\u{1B}bx".utf8)) == [.text("x")])  // Alt+b, then x
  }

  @Test("only changed rows are repainted")
  func minimalUpdates() {
    var renderer = FrameRenderer()
    let one = Frame(
      lines: [[Frame.Span("> a")], [Frame.Span("A", .title)], [Frame.Span("x")]], cursor: (0, 3))
    let first = renderer.render(one)
    #expect(first.contains("\u{1B}[2J"))
    var two = one
    two.lines[2] = [Frame.Span("y")]
    let second = renderer.render(two)
    #expect(!second.contains("\u{1B}[2J"))
    #expect(second.contains("\u{1B}[3;1Hy"))
    #expect(!second.contains("\u{1B}[1;1H"))
    #expect(!second.contains("\u{1B}[2;1H"))
  }
}
