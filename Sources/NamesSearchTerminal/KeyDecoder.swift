import NamesSearch

/// Turns the bytes a terminal sends into keys (xterm and VT100 conventions), however the
/// bytes are split across reads. It says which key was pressed, never what the key does:
/// that is `Keymap`'s business.
///
/// | bytes | key |
/// | --- | --- |
/// | printable UTF-8 | `.text` |
/// | DEL (0x7F), BS (0x08) | `.backspace` |
/// | CR, LF | `.enter` |
/// | ESC alone (nothing follows within `escapeWait`) | `.escape` |
/// | TAB | `.tab` |
/// | `ESC [ A`, `ESC O A` | `.up` |
/// | `ESC [ B`, `ESC O B` | `.down` |
/// | `ESC [ 5 ~`, `ESC [ 6 ~` | `.pageUp`, `.pageDown` |
/// | `ESC [ 200 ~` text `ESC [ 201 ~` (bracketed paste, xterm) | `.paste` |
/// | Ctrl-C (0x03) inside a paste | `.paste` (the text so far), then `.control("c")` |
/// | the other bytes 0x01…0x1A (Ctrl-A … Ctrl-Z send the letter's code minus 0x40) | `.control` |
///
/// Other control bytes (NUL, 0x1C…0x1F), unknown escape sequences and Alt+key (ESC then a
/// character) are ignored; ESC before a control byte (Alt+Backspace) is dropped and the
/// byte decoded. Invalid UTF-8 becomes U+FFFD.
///
/// A character or a sequence cut by the end of a read is kept until its next bytes arrive,
/// however late: its first bytes say that more must follow (a byte that cannot continue it
/// ends it: the character becomes U+FFFD, the sequence is dropped). Only a lone ESC cannot
/// be told from the start of a sequence by its bytes, so it is told by time, as line
/// editors do (Neovim's `ttimeoutlen`): when nothing has followed for `escapeWait`, the
/// driver calls `expire(now:)` and the ESC becomes `.escape`.
///
/// A paste must never swallow the way out: its start marker can come without an end marker
/// (Alt+[ then `200~` typed, a paste cut by a dropped link), and every key would then be
/// pasted text. So a paste also ends
/// - at Ctrl-C (0x03): the text so far is the paste, then the byte is decoded as Ctrl-C, as
///   Vim's `bracketed_paste()` stops at an interrupt and keeps what was inserted. Terminals
///   filter such controls out of what they paste (xterm unless `allowPasteControls` is set,
///   Windows Terminal), so the byte is a key pressed;
/// - when no byte has come for `pasteWait` (1 s): the driver calls `expire(now:)` as for
///   a lone Esc, and the text so far is the paste. A start of the end marker at its end is
///   dropped; the marker's bytes, if they come later, are an unknown sequence or text.
///
/// A paste keeps at most `maximumPasteBytes` (64 KiB) and a character is never cut; the
/// rest, up to the end marker, is dropped, so memory stays bounded however much is sent.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B], now: 0)           // []: ESC, or the start of a sequence?
/// decoder.deadline                         // 0.05
/// decoder.decode(Array("[B".utf8), now: 0.01)  // [.down]
/// decoder.decode([0x1B], now: 1)           // []
/// decoder.expire(now: 1.05)                // [.escape]
/// decoder.decode([0x7A, 0x6F, 0xC3], now: 2)   // [.text("zo")]: "ë" is cut
/// decoder.decode([0xAB], now: 9)           // [.text("ë")]
/// decoder.decode(Array("\u{1B}[200~ann".utf8), now: 10)  // []: the paste goes on
/// decoder.deadline                         // 11.0
/// decoder.decode([0x03], now: 10.5)        // [.paste("ann"), .control("c")]
/// ```
public struct KeyDecoder {
  /// The default wait for the rest of a sequence after ESC: 50 ms (Neovim's `ttimeoutlen`).
  public static let defaultEscapeWait = 0.05

  /// The default wait for the next byte of a paste before it ends without its end marker:
  /// 1 s. A terminal sends a paste as fast as the link takes it (the text is in its memory),
  /// so a second without a byte means the end marker is not coming. (Over a link that stalls
  /// longer, the rest of the paste arrives as typed keys.)
  public static let defaultPasteWait = 1.0

  /// The most bytes a paste keeps: 64 KiB (65 536), the bound the list reader puts on a tag
  /// (`XMLMarkupGuard`). The term has no length limit of its own (LiveSearchState, README);
  /// this is far beyond any name one pastes, so only runaway input is cut.
  public static let maximumPasteBytes = 1 << 16

  /// Seconds an unfinished sequence waits for its next byte before `expire(now:)` ends it.
  public let escapeWait: Double

  /// Seconds a paste waits for its next byte before `expire(now:)` ends it.
  public let pasteWait: Double

  private enum Mode: Equatable {
    /// Between keys (text may be accumulating).
    case ground
    /// After ESC.
    case escape
    /// After `ESC [` (CSI) or `ESC O` (SS3): parameter bytes, then a final byte.
    case sequence(introducer: UInt8)
    /// Skipping the rest of a UTF-8 character typed with Alt (ESC then the character).
    case altCharacter(remaining: Int)
    /// Inside a bracketed paste, until `ESC [ 201 ~`, Ctrl-C or `pasteWait` without a byte.
    case paste
  }

  private var mode = Mode.ground
  /// Printable bytes not yet handed out as `.text`; ends with `incomplete` bytes of a
  /// character still waiting for `needed` more.
  private var text: [UInt8] = []
  private var incomplete = 0
  private var needed = 0
  /// The allowed range of the next continuation byte (RFC 3629's table: after E0 only
  /// A0…BF, after ED only 80…9F, after F0 only 90…BF, after F4 only 80…8F).
  private var nextRange: ClosedRange<UInt8> = 0x80...0xBF
  /// A sequence's parameter bytes (at most `maximumParameters` kept).
  private var parameters: [UInt8] = []
  /// A paste's bytes so far (at most `maximumPasteBytes`), without the start of the end
  /// marker being matched.
  private var pasted: [UInt8] = []
  /// How many bytes of the end marker `ESC [ 201 ~` the paste's last bytes match.
  private var markerMatched = 0
  /// Whether the paste had more bytes than it keeps.
  private var pasteCut = false
  private var lastInput = 0.0

  private static let maximumParameters = 16
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Creates a decoder that waits `escapeWait` seconds after ESC for the rest of a sequence
  /// and `pasteWait` seconds for a paste's next byte.
  public init(
    escapeWait: Double = KeyDecoder.defaultEscapeWait,
    pasteWait: Double = KeyDecoder.defaultPasteWait
  ) {
    self.escapeWait = escapeWait
    self.pasteWait = pasteWait
  }

  /// When `expire(now:)` should be called if no byte arrives before (seconds, on the clock
  /// passed to `decode`): `escapeWait` after a lone ESC, `pasteWait` after a paste's last
  /// byte; `nil` otherwise.
  public var deadline: Double? {
    switch mode {
    case .escape: lastInput + escapeWait
    case .paste: lastInput + pasteWait
    default: nil
    }
  }

  /// The keys completed by `bytes`, one read's worth, received at time `now` (seconds).
  /// An unfinished sequence or character at the end is kept for the next call.
  ///
  /// - Complexity: O(n) in the bytes given.
  public mutating func decode(_ bytes: some Sequence<UInt8>, now: Double) -> [Key] {
    var keys: [Key] = []
    var any = false
    for byte in bytes {
      any = true
      consume(byte, into: &keys)
    }
    if any { lastInput = now }
    emitText(into: &keys)
    return keys
  }

  /// Past the deadline, `[.escape]` for a lone ESC, or the paste so far for a paste (`[]`
  /// if it is empty); nothing before the deadline. Call it when no byte has arrived since
  /// the deadline.
  public mutating func expire(now: Double) -> [Key] {
    guard let deadline, now >= deadline else { return [] }
    var keys: [Key] = []
    if mode == .paste {
      markerMatched = 0  // the end marker's start, cut by the stall
      endPaste(into: &keys)
    } else {
      keys.append(.escape)
    }
    mode = .ground
    return keys
  }

  // MARK: - Bytes

  private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
    switch mode {
    case .ground:
      ground(byte, into: &keys)
    case .escape:
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "O"):
        parameters.removeAll()
        mode = .sequence(introducer: byte)
      case 0x1B:
        keys.append(.escape)
      case 0x20..<0x7F:
        mode = .ground  // Alt+key: ignored
      case 0xC2...0xF4:
        let (count, _) = Self.continuation(after: byte)
        mode = .altCharacter(remaining: count)
      case 0x80...:
        mode = .ground
      default:
        // A control byte (Alt+Backspace, Alt+Enter): the ESC is dropped, the key kept.
        mode = .ground
        ground(byte, into: &keys)
      }
    case .sequence(let introducer):
      switch byte {
      case 0x20...0x3F:
        if parameters.count < Self.maximumParameters { parameters.append(byte) }
      case 0x40...0x7E:
        mode = .ground
        finishSequence(introducer: introducer, final: byte, into: &keys)
      default:
        // Not part of a sequence: the sequence is dropped, the byte decoded afresh.
        mode = .ground
        ground(byte, into: &keys)
      }
    case .altCharacter(let remaining):
      if (0x80...0xBF).contains(byte) {
        mode = remaining > 1 ? .altCharacter(remaining: remaining - 1) : .ground
      } else {
        mode = .ground
        ground(byte, into: &keys)
      }
    case .paste:
      pasteByte(byte, into: &keys)
    }
  }

  /// A byte inside a paste: the end marker's, Ctrl-C, or pasted.
  private mutating func pasteByte(_ byte: UInt8, into keys: inout [Key]) {
    if byte == Self.pasteEnd[markerMatched] {
      markerMatched += 1
      if markerMatched == Self.pasteEnd.count {
        markerMatched = 0
        endPaste(into: &keys)
        mode = .ground
      }
      return
    }
    if markerMatched > 0 {
      // Not the end marker after all: its bytes were pasted text. (No proper start of the
      // marker is also its end, so only this byte can start it again.)
      for marker in Self.pasteEnd[..<markerMatched] { keep(marker) }
      markerMatched = 0
      if byte == Self.pasteEnd[0] {
        markerMatched = 1
        return
      }
    }
    if byte == 0x03 {
      endPaste(into: &keys)
      mode = .ground
      ground(byte, into: &keys)
      return
    }
    keep(byte)
  }

  /// Adds a pasted byte if the paste has fewer than `maximumPasteBytes`.
  private mutating func keep(_ byte: UInt8) {
    if pasted.count < Self.maximumPasteBytes {
      pasted.append(byte)
    } else {
      pasteCut = true
    }
  }

  /// Hands out the paste so far (nothing if it is empty) and forgets it. A paste cut at
  /// `maximumPasteBytes` loses the character the cut went through.
  private mutating func endPaste(into keys: inout [Key]) {
    if pasteCut { pasted.removeLast(Self.cutCharacterLength(pasted)) }
    if !pasted.isEmpty { keys.append(.paste(String(decoding: pasted, as: UTF8.self))) }
    pasted.removeAll()
    pasteCut = false
  }

  /// How many bytes at the end of `bytes` are a UTF-8 character whose last bytes are missing
  /// (RFC 3629: a lead byte says how many continuation bytes follow); 0 if none.
  private static func cutCharacterLength(_ bytes: [UInt8]) -> Int {
    guard !bytes.isEmpty else { return 0 }
    for back in 1...min(4, bytes.count) where !(0x80...0xBF).contains(bytes[bytes.count - back]) {
      let (count, _) = continuation(after: bytes[bytes.count - back])
      return count >= back ? back : 0
    }
    return 0
  }

  private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
    if needed > 0 {
      if nextRange.contains(byte) {
        text.append(byte)
        incomplete += 1
        needed -= 1
        nextRange = 0x80...0xBF
        if needed == 0 { incomplete = 0 }
        return
      }
      // The character is cut short: its bytes stay in `text` and decode to U+FFFD.
      incomplete = 0
      needed = 0
    }
    switch byte {
    case 0x20..<0x7F:
      text.append(byte)
    case 0x80...:
      text.append(byte)
      let (count, range) = Self.continuation(after: byte)
      if count > 0 {
        incomplete = 1
        needed = count
        nextRange = range
      }
    default:
      emitText(into: &keys)
      switch byte {
      case 0x1B: mode = .escape
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x09: keys.append(.tab)
      case 0x01...0x1A:
        // Ctrl-letter sends the letter's code with bits 0x60 cleared (ECMA-48's C0 set).
        keys.append(.control(Character(Unicode.Scalar(byte | 0x60))))
      default: break
      }
    }
  }

  private mutating func finishSequence(
    introducer: UInt8, final: UInt8, into keys: inout [Key]
  ) {
    switch (final, parameters) {
    case (UInt8(ascii: "A"), _): keys.append(.up)
    case (UInt8(ascii: "B"), _): keys.append(.down)
    case (UInt8(ascii: "~"), Array("5".utf8)) where introducer == UInt8(ascii: "["):
      keys.append(.pageUp)
    case (UInt8(ascii: "~"), Array("6".utf8)) where introducer == UInt8(ascii: "["):
      keys.append(.pageDown)
    case (UInt8(ascii: "~"), Array("200".utf8)) where introducer == UInt8(ascii: "["):
      pasted.removeAll()
      markerMatched = 0
      pasteCut = false
      mode = .paste
    default: break
    }
  }

  /// Hands out the complete characters accumulated as one `.text`, keeping an unfinished
  /// character's bytes.
  private mutating func emitText(into keys: inout [Key]) {
    let complete = text.count - incomplete
    guard complete > 0 else { return }
    keys.append(.text(String(decoding: text[..<complete], as: UTF8.self)))
    text.removeFirst(complete)
  }

  /// How many continuation bytes follow the lead byte `lead`, and the range allowed for the
  /// first of them (RFC 3629, section 4); 0 for a byte that cannot start a character.
  private static func continuation(after lead: UInt8) -> (Int, ClosedRange<UInt8>) {
    switch lead {
    case 0xC2...0xDF: (1, 0x80...0xBF)
    case 0xE0: (2, 0xA0...0xBF)
    case 0xED: (2, 0x80...0x9F)
    case 0xE1...0xEF: (2, 0x80...0xBF)
    case 0xF0: (3, 0x90...0xBF)
    case 0xF1...0xF3: (3, 0x80...0xBF)
    case 0xF4: (3, 0x80...0x8F)
    default: (0, 0x80...0xBF)
    }
  }
}
