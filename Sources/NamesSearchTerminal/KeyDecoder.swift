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
/// driver calls `expire(now:)` and the ESC becomes `.escape`. A paste waits for its end
/// marker however slowly it arrives.
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
/// ```
public struct KeyDecoder {
  /// The default wait for the rest of a sequence after ESC: 50 ms (Neovim's `ttimeoutlen`).
  public static let defaultEscapeWait = 0.05

  /// Seconds an unfinished sequence waits for its next byte before `expire(now:)` ends it.
  public let escapeWait: Double

  private enum Mode: Equatable {
    /// Between keys (text may be accumulating).
    case ground
    /// After ESC.
    case escape
    /// After `ESC [` (CSI) or `ESC O` (SS3): parameter bytes, then a final byte.
    case sequence(introducer: UInt8)
    /// Skipping the rest of a UTF-8 character typed with Alt (ESC then the character).
    case altCharacter(remaining: Int)
    /// Inside a bracketed paste, until `ESC [ 201 ~`.
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
  /// A paste's bytes so far, end marker excluded once it is seen.
  private var pasted: [UInt8] = []
  private var lastInput = 0.0

  private static let maximumParameters = 16
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Creates a decoder that waits `escapeWait` seconds after ESC for the rest of a sequence.
  public init(escapeWait: Double = KeyDecoder.defaultEscapeWait) {
    self.escapeWait = escapeWait
  }

  /// When `expire(now:)` should be called if no byte arrives before (seconds, on the clock
  /// passed to `decode`): `escapeWait` after a lone ESC; `nil` otherwise.
  public var deadline: Double? {
    mode == .escape ? lastInput + escapeWait : nil
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

  /// `[.escape]` if a lone ESC has waited past the deadline, else nothing. Call it when no
  /// byte has arrived since the deadline.
  public mutating func expire(now: Double) -> [Key] {
    guard let deadline, now >= deadline else { return [] }
    mode = .ground
    return [.escape]
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
      pasted.append(byte)
      if byte == UInt8(ascii: "~"), pasted.count >= Self.pasteEnd.count,
        pasted[(pasted.count - Self.pasteEnd.count)...].elementsEqual(Self.pasteEnd)
      {
        pasted.removeLast(Self.pasteEnd.count)
        if !pasted.isEmpty { keys.append(.paste(String(decoding: pasted, as: UTF8.self))) }
        pasted.removeAll()
        mode = .ground
      }
    }
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
