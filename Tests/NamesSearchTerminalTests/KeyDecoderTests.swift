import NamesSearch
import Testing

@testable import NamesSearchTerminal

@Suite("KeyDecoder and FrameRenderer")
struct KeyDecoderTests {
  /// Byte strings and the keys they are, written out by hand from the xterm conventions
  /// (ctlseqs) and the UTF-8 encodings (RFC 3629).
  static let cases: [(bytes: [UInt8], keys: [Key])] = [
    (Array("ann".utf8), [.text("ann")]),
    ([0x7A, 0x6F, 0xC3, 0xAB], [.text("zoë")]),
    ([0xE2, 0x82, 0xAC, 0x31], [.text("€1")]),
    ([0xF0, 0x9F, 0x98, 0x80], [.text("😀")]),
    (
      [0x7F, 0x0D, 0x09, 0x15, 0x03, 0x08, 0x0A, 0x1A],
      [
        .backspace, .enter, .tab, .control("u"), .control("c"), .backspace, .enter,
        .control("z"),
      ]
    ),
    ([0x1B, 0x5B, 0x41], [.up]),
    ([0x1B, 0x5B, 0x42], [.down]),
    ([0x1B, 0x4F, 0x41, 0x1B, 0x4F, 0x42], [.up, .down]),
    ([0x1B, 0x5B, 0x35, 0x7E, 0x1B, 0x5B, 0x36, 0x7E], [.pageUp, .pageDown]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x41], [.up]),  // Shift+Up: ESC [ 1 ; 2 A
    ([0x10, 0x0E], [.control("p"), .control("n")]),
    // Ctrl-letter is the letter's code minus 0x40 (ECMA-48's C0 set): Ctrl-A 0x01, Ctrl-B
    // 0x02, Ctrl-X 0x18, Ctrl-Y 0x19. NUL and 0x1C…0x1F are no letter: ignored.
    ([0x01, 0x02, 0x18, 0x19], [.control("a"), .control("b"), .control("x"), .control("y")]),
    ([0x00, 0x1C, 0x1D, 0x1E, 0x1F, 0x61], [.text("a")]),
    ([0x61, 0x1B, 0x5B, 0x43, 0x62], [.text("a"), .text("b")]),  // Right arrow ignored
    ([0x1B, 0x62, 0x78], [.text("x")]),  // Alt+b, then x
    ([0x1B, 0xC3, 0xA9, 0x78], [.text("x")]),  // Alt+é, then x
    ([0x1B, 0x7F], [.backspace]),  // Alt+Backspace
    ([0x1B, 0x1B, 0x5B, 0x42], [.escape, .down]),
    ([0x61, 0x1B], [.text("a"), .escape]),  // a lone Esc at the end (after the wait)
    // Bracketed paste: ESC [ 200 ~ … ESC [ 201 ~, line breaks and controls kept as text.
    (
      Array("\u{1B}[200~ann\r\nbob\t\u{7}\u{1B}[201~x".utf8),
      [.paste("ann\r\nbob\t\u{7}"), .text("x")]
    ),
    (Array("\u{1B}[200~zoë\u{1B}[201~".utf8), [.paste("zoë")]),
    (Array("\u{1B}[200~\u{1B}[201~\r".utf8), [.enter]),  // an empty paste is nothing
    (Array("\u{1B}[200~a\u{1B}[2\u{1B}[201~".utf8), [.paste("a\u{1B}[2")]),
    (Array("\u{1B}[200~a\u{1B}\u{1B}[201~".utf8), [.paste("a\u{1B}")]),
    // Ctrl-C ends a paste that has no end marker: the text so far, then Ctrl-C itself; a
    // late end marker is an unknown sequence, ignored.
    (Array("\u{1B}[200~abc\u{3}x".utf8), [.paste("abc"), .control("c"), .text("x")]),
    (Array("\u{1B}[200~\u{3}\u{1B}[201~\r".utf8), [.control("c"), .enter]),
    (Array("\u{1B}[200~a\u{1B}[20\u{3}".utf8), [.paste("a\u{1B}[20"), .control("c")]),
    // Alt+[ (ESC [) then 200~ typed by hand, then Ctrl-C: the way out.
    (Array("\u{1B}[200~\u{3}".utf8), [.control("c")]),
    // Invalid UTF-8: each maximal invalid part is one U+FFFD (Unicode's practice, as
    // Python's bytes.decode("utf-8", "replace") does).
    ([0xFF, 0x61], [.text("\u{FFFD}a")]),
    ([0xC3, 0x41], [.text("\u{FFFD}A")]),
    ([0xE0, 0x80, 0x61], [.text("\u{FFFD}\u{FFFD}a")]),
    ([0xE2, 0x82, 0x0D], [.text("\u{FFFD}"), .enter]),
  ]

  /// Adjacent `.text` keys joined: how a read splits text is not part of the answer.
  static func merged(_ keys: [Key]) -> [Key] {
    var out: [Key] = []
    for key in keys {
      if case .text(let more) = key, case .text(let text)? = out.last {
        out[out.count - 1] = .text(text + more)
      } else {
        out.append(key)
      }
    }
    return out
  }

  /// Feeds `pieces` as separate reads within the Esc wait, then lets the wait run out.
  static func decode(_ pieces: [ArraySlice<UInt8>]) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for (n, piece) in pieces.enumerated() {
      keys += decoder.decode(piece, now: Double(n) * 0.001)
    }
    keys += decoder.expire(now: 10)
    return merged(keys)
  }

  /// Every way to cut `bytes` into reads (all 2^(n-1) for short inputs; for longer ones
  /// every single cut, and every byte on its own).
  static func splits(_ bytes: [UInt8]) -> [[ArraySlice<UInt8>]] {
    let n = bytes.count
    guard n > 1 else { return [[bytes[...]]] }
    if n <= 12 {
      return (0..<(1 << (n - 1))).map { mask in
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        for cut in 1..<n where mask & (1 << (cut - 1)) != 0 {
          pieces.append(bytes[start..<cut])
          start = cut
        }
        pieces.append(bytes[start..<n])
        return pieces
      }
    }
    return (1..<n).map { [bytes[..<$0], bytes[$0...]] } + [bytes.indices.map { bytes[$0...$0] }]
  }

  @Test("every sequence decodes the same however it is split across reads")
  func splitAtEveryByte() {
    var checked = 0
    for (bytes, keys) in Self.cases {
      for pieces in Self.splits(bytes) {
        let decoded = Self.decode(pieces)
        #expect(decoded == Self.merged(keys), "\(bytes) cut as \(pieces.map(Array.init))")
        checked += 1
      }
    }
    #expect(checked > 400)
  }

  @Test("all the cases one after another, cut at every byte")
  func concatenated() {
    let bytes = Self.cases.dropLast().filter { $0.keys.last != .escape }.flatMap(\.bytes)
    let keys = Self.cases.dropLast().filter { $0.keys.last != .escape }.flatMap(\.keys)
    for pieces in Self.splits(bytes) {
      #expect(Self.decode(pieces) == Self.merged(keys))
    }
  }

  @Test("a lone Esc is told from a sequence by a short wait")
  func escapeWait() {
    var decoder = KeyDecoder(escapeWait: 0.05)
    #expect(decoder.deadline == nil)
    #expect(decoder.decode([0x1B], now: 1).isEmpty)
    #expect(decoder.deadline == 1.05)
    #expect(decoder.expire(now: 1.04).isEmpty)  // not yet
    #expect(decoder.decode(Array("[B".utf8), now: 1.04) == [.down])  // the rest came in time
    #expect(decoder.deadline == nil)

    #expect(decoder.decode([0x1B], now: 2).isEmpty)
    #expect(decoder.expire(now: 2.05) == [.escape])  // nothing followed: the Esc key
    #expect(decoder.deadline == nil)
    #expect(decoder.decode(Array("[B".utf8), now: 2.2) == [.text("[B")])

    // A sequence or a character whose first bytes came waits for the rest, however late.
    #expect(decoder.decode(Array("\u{1B}[1;".utf8), now: 3).isEmpty)
    #expect(decoder.deadline == nil)
    #expect(decoder.expire(now: 13).isEmpty)
    #expect(decoder.decode(Array("2B".utf8), now: 14) == [.down])
    #expect(decoder.decode([0x7A, 0x6F, 0xC3], now: 15) == [.text("zo")])
    #expect(decoder.deadline == nil)
    #expect(decoder.expire(now: 25).isEmpty)
    #expect(decoder.decode([0xAB], now: 26) == [.text("ë")])
    // A byte that cannot continue it ends it: the sequence is dropped, the character
    // becomes U+FFFD, and the byte counts.
    #expect(decoder.decode(Array("\u{1B}[1".utf8), now: 27).isEmpty)
    #expect(decoder.decode([0x0D], now: 28) == [.enter])
    #expect(decoder.decode([0xE2, 0x82], now: 29).isEmpty)
    #expect(decoder.decode(Array("x".utf8), now: 30) == [.text("\u{FFFD}x")])
  }

  @Test("a paste waits for its end marker through pauses shorter than the paste wait")
  func slowPaste() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~ann\r".utf8), now: 0).isEmpty)
    #expect(decoder.deadline == 1)
    #expect(decoder.expire(now: 0.75).isEmpty)
    #expect(decoder.decode(Array("bob\u{1B}[2".utf8), now: 0.75).isEmpty)
    #expect(decoder.deadline == 1.75)
    #expect(decoder.expire(now: 1.5).isEmpty)
    #expect(decoder.decode(Array("01~\r".utf8), now: 1.5) == [.paste("ann\rbob"), .enter])
    #expect(decoder.deadline == nil)
  }

  @Test("a paste with no byte for the paste wait ends: Esc and Enter work again")
  func stalledPaste() {
    var decoder = KeyDecoder(escapeWait: 0.05, pasteWait: 1)
    #expect(decoder.decode(Array("\u{1B}[200~abc".utf8), now: 10).isEmpty)
    #expect(decoder.deadline == 11)
    #expect(decoder.expire(now: 10.99).isEmpty)
    #expect(decoder.expire(now: 11) == [.paste("abc")])
    #expect(decoder.deadline == nil)
    #expect(decoder.decode([0x0D], now: 12) == [.enter])
    #expect(decoder.decode([0x1B], now: 13).isEmpty)
    #expect(decoder.expire(now: 13.1) == [.escape])

    // The start of the end marker cut by the stall is dropped; its rest comes as text.
    #expect(decoder.decode(Array("\u{1B}[200~ann\u{1B}[20".utf8), now: 20).isEmpty)
    #expect(decoder.expire(now: 21) == [.paste("ann")])
    #expect(decoder.decode(Array("1~".utf8), now: 22) == [.text("1~")])
    // An empty paste that stalls is nothing; the whole marker, late, is an unknown sequence.
    #expect(decoder.decode(Array("\u{1B}[200~".utf8), now: 30).isEmpty)
    #expect(decoder.expire(now: 31).isEmpty)
    #expect(decoder.deadline == nil)
    #expect(decoder.decode(Array("\u{1B}[201~x".utf8), now: 32) == [.text("x")])
  }

  @Test("a paste keeps at most 64 KiB, never cuts a character, and still sees its end")
  func pasteCap() {
    #expect(KeyDecoder.maximumPasteBytes == 65_536)
    let kept = String(repeating: "a", count: 65_535)
    // "é" (C3 A9) would straddle the cap: it and everything after it, up to the end
    // marker, are dropped; what follows the marker is decoded.
    var bytes = Array("\u{1B}[200~".utf8) + Array(kept.utf8) + [0xC3, 0xA9]
    bytes += Array(repeating: UInt8(ascii: "b"), count: 1 << 17)
    bytes += Array("\u{1B}[201~x".utf8)
    var decoder = KeyDecoder()
    var keys: [Key] = []
    // In reads of 4096 bytes, as the live mode reads, all within the paste wait.
    for start in stride(from: 0, to: bytes.count, by: 4096) {
      keys += decoder.decode(bytes[start..<min(start + 4096, bytes.count)], now: 0)
    }
    #expect(keys == [.paste(kept), .text("x")])

    // Exactly 64 KiB fits whole; 128 KiB more with no end marker, then Ctrl-C.
    let full = String(repeating: "€", count: 65_536 / 3) + "a"
    #expect(full.utf8.count == 65_536)
    keys = decoder.decode(Array("\u{1B}[200~\(full)".utf8), now: 1)
    for _ in 0..<32 {
      keys += decoder.decode(Array(repeating: UInt8(ascii: "z"), count: 4096), now: 1)
    }
    keys += decoder.decode([0x03, 0x61], now: 1)
    #expect(keys == [.paste(full), .control("c"), .text("a")])

    // A cut through "€" (E2 82 AC) drops the two bytes that fit: the a's are the paste.
    let cut = String(repeating: "a", count: 65_534)
    keys = decoder.decode(Array("\u{1B}[200~\(cut)€\u{1B}[201~".utf8), now: 2)
    #expect(keys == [.paste(cut)])
  }

  @Test("the decoder and the standard keymap give each key's action")
  func keysToActions() {
    // Bytes a terminal sends and what the live mode does with them, by hand from README's
    // key table (Ctrl-P is Up, Ctrl-N Down; Ctrl-A is not bound, so it does nothing).
    let cases: [(bytes: [UInt8], actions: [Action])] = [
      (Array("an".utf8), [.insert("an")]),
      ([0x7F, 0x08], [.deleteBackward, .deleteBackward]),
      ([0x0D, 0x0A], [.choose, .choose]),
      ([0x09], [.toggleIndexFocus]),
      (Array("\u{1B}[A\u{1B}[B\u{10}\u{0E}".utf8), [.moveUp, .moveDown, .moveUp, .moveDown]),
      (Array("\u{1B}[5~\u{1B}[6~".utf8), [.pageUp, .pageDown]),
      ([0x15, 0x03, 0x1A, 0x01], [.clearTerm, .interrupt, .suspend]),
      (Array("\u{1B}[200~a\rb\u{1B}[201~".utf8), [.paste("a\rb")]),
      (Array("\u{1B}[200~ab\u{3}".utf8), [.paste("ab"), .interrupt]),
      ([0x1B], [.clearOrLeave]),
    ]
    for (bytes, actions) in cases {
      var decoder = KeyDecoder()
      let keys = decoder.decode(bytes, now: 0) + decoder.expire(now: 1)
      #expect(keys.compactMap(Keymap.standard.action(for:)) == actions, "\(bytes)")
    }
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
