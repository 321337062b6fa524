import NamesSearch

/// Turns the bytes a terminal sends into key events (xterm and VT100 conventions).
///
/// | bytes | key |
/// | --- | --- |
/// | printable UTF-8 | `.text` |
/// | DEL (0x7F), BS (0x08) | `.backspace` |
/// | CR, LF | `.enter` |
/// | ESC alone | `.escape` |
/// | TAB | `.tab` |
/// | `ESC [ A`, `ESC O A`, Ctrl-P | `.up` |
/// | `ESC [ B`, `ESC O B`, Ctrl-N | `.down` |
/// | `ESC [ 5 ~`, `ESC [ 6 ~` | `.pageUp`, `.pageDown` |
/// | Ctrl-U | `.clearTerm` |
/// | Ctrl-C | `.interrupt` |
///
/// Other control bytes, unknown escape sequences and Alt+key (ESC then a printable byte)
/// are ignored. An ESC at the end of a read is a lone Esc key (terminals send a whole
/// sequence in one write).
public struct KeyDecoder {
  /// Creates a decoder.
  public init() {}

  /// The keys in `bytes`, one read's worth.
  public func decode(_ bytes: [UInt8]) -> [KeyEvent] {
    var keys: [KeyEvent] = []
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty {
        keys.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll()
      }
    }
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      i += 1
      switch byte {
      case 0x1B:
        flushText()
        guard i < bytes.count else {
          keys.append(.escape)
          continue
        }
        guard bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "O") else {
          // Alt+key arrives as ESC then the key in one read: ignore both rather than
          // clearing the term.
          if bytes[i] >= 0x20 && bytes[i] != 0x7F { i += 1 }
          continue
        }
        // CSI or SS3: parameters, then a final byte in 0x40...0x7E.
        var j = i + 1
        while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
        guard j < bytes.count else {
          i = bytes.count
          continue
        }
        let parameters = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
        switch (bytes[j], parameters) {
        case (UInt8(ascii: "A"), _): keys.append(.up)
        case (UInt8(ascii: "B"), _): keys.append(.down)
        case (UInt8(ascii: "~"), "5"): keys.append(.pageUp)
        case (UInt8(ascii: "~"), "6"): keys.append(.pageDown)
        default: break
        }
        i = j + 1
      case 0x7F, 0x08:
        flushText()
        keys.append(.backspace)
      case 0x0D, 0x0A:
        flushText()
        keys.append(.enter)
      case 0x09:
        flushText()
        keys.append(.tab)
      case 0x10:
        flushText()
        keys.append(.up)
      case 0x0E:
        flushText()
        keys.append(.down)
      case 0x15:
        flushText()
        keys.append(.clearTerm)
      case 0x03:
        flushText()
        keys.append(.interrupt)
      case 0x00..<0x20: flushText()
      default: text.append(byte)
      }
    }
    flushText()
    return keys
  }
}
