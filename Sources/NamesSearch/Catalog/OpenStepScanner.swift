/// The tokens of an OpenStep (old-style ASCII) property list, read from UTF-8 text in
/// chunks, with the 1-based line and column of every byte it stands on.
///
/// The grammar is the one Foundation's reader follows (CoreFoundation's
/// `CFOldStylePList.c`, the parser behind `PropertyListSerialization` on every platform):
///
/// - white space: U+0009–U+000D, U+0020, U+2028 and U+2029; comments `// …` (to the end of
///   the line) and `/* … */` (an unterminated one runs to the end of the input);
/// - unquoted strings: one or more of `a–z A–Z 0–9 _ $ / : . -`;
/// - quoted strings between `"` or `'`, with the escapes `\a \b \f \n \r \t \v`, `\"`,
///   `\` before a line break (the line break), one to three octal digits (a byte of the
///   NeXTSTEP encoding, `NeXTSTEPLatin`), `\U` and up to four hexadecimal digits (a UTF-16
///   unit; a high and a low surrogate written one after the other make one scalar, a lone
///   one is U+FFFD), and `\` before any other character (that character: `\\`, `\'`);
/// - data: `<` hexadecimal digits in pairs, white space between pairs, `>`.
///
/// Lines end at LF, CR or CRLF (as Foundation counts them in its messages); columns count
/// Unicode scalars. Text that is not well-formed UTF-8 anywhere (in a comment too) is an
/// error, as it is for Foundation, which refuses the whole file.
///
/// Every token is read in one pass over its bytes; the scanner keeps one chunk of input and
/// the text of the last string, so memory does not grow with the input.
struct OpenStepScanner {
  private let input: ListInput?
  private let source: String
  /// The bytes read and not yet consumed start at `index`.
  private var buffer: [UInt8]
  private var index = 0
  private var reachedEnd: Bool
  private var chunk: [UInt8] = []
  /// How many bytes a read asks for.
  private let chunkSize: Int
  /// Where the next byte is: its line, and its column (in scalars).
  private(set) var line: Int
  private(set) var column: Int
  /// Whether the last byte consumed was a CR (so an LF right after it ends no other line).
  private var afterCR = false
  /// The UTF-8 of the last string read (`readString()`).
  private(set) var text: [UInt8] = []

  /// A scanner of the text `input` streams, from its prefix on, `chunkSize` bytes a read;
  /// its first byte is on line `droppedLines + 1`, after `droppedColumns` columns.
  init(_ input: ListInput, chunkSize: Int = 1 << 20) {
    self.input = input
    self.chunkSize = max(chunkSize, 1)
    source = input.source
    buffer = input.prefix
    input.prefix = []
    reachedEnd = false
    line = input.droppedLines + 1
    column = input.droppedColumns + 1
  }

  /// A scanner of `bytes`, whole, for the list called `source`.
  init(bytes: [UInt8], source: String) {
    input = nil
    chunkSize = 1
    self.source = source
    buffer = bytes
    reachedEnd = true
    line = 1
    column = 1
  }

  /// Where the next byte is, as messages name it: "line 3, column 7".
  var place: String { "line \(line), column \(column)" }

  /// A syntax error at the next byte: `invalid(format: .openStepPropertyList, "line L,
  /// column C: <what>")`.
  func error(_ what: String) -> LoadError {
    error(what, at: (line, column))
  }

  /// A syntax error at `position`.
  func error(_ what: String, at position: (line: Int, column: Int)) -> LoadError {
    LoadError(
      source: source,
      reason: .invalid(
        format: .openStepPropertyList,
        "line \(position.line), column \(position.column): \(what)"))
  }

  // MARK: Bytes

  /// Makes at least `n` bytes available after `index`; `false` when the input ends first.
  ///
  /// - Throws: what reading throws.
  private mutating func ensure(_ n: Int) throws(LoadError) -> Bool {
    if buffer.count - index >= n { return true }
    guard let input else { return false }
    while buffer.count - index < n && !reachedEnd {
      if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: chunkSize) }
      if index > 0 {
        buffer.removeSubrange(0..<index)
        index = 0
      }
      let count = try input.read(into: &chunk)
      if count == 0 {
        reachedEnd = true
      } else {
        buffer.append(contentsOf: chunk[..<count])
      }
    }
    return buffer.count - index >= n
  }

  /// The next byte, or `nil` at the end of the input.
  ///
  /// - Throws: what reading throws.
  mutating func peek() throws(LoadError) -> UInt8? {
    guard try ensure(1) else { return nil }
    return buffer[index]
  }

  /// The byte `offset` places after the next one, or `nil` past the end.
  private mutating func peek(at offset: Int) throws(LoadError) -> UInt8? {
    guard try ensure(offset + 1) else { return nil }
    return buffer[index + offset]
  }

  /// Consumes the next byte, which `peek()` showed.
  mutating func advance() {
    let byte = buffer[index]
    index += 1
    switch byte {
    case 0x0A:
      if !afterCR { line += 1 }
      column = 1
      afterCR = false
    case 0x0D:
      line += 1
      column = 1
      afterCR = true
    default:
      afterCR = false
      if byte & 0xC0 != 0x80 { column += 1 }
    }
  }

  /// Skips a UTF-8 byte-order mark at the very start of the input (after nothing dropped);
  /// anywhere else U+FEFF is an unexpected character, as it is for Foundation.
  ///
  /// - Throws: `invalid` "the byte-order mark is repeated" for a second one right after
  ///   it, as the XML reader and `WideText` say it.
  mutating func skipByteOrderMark() throws(LoadError) {
    guard line == 1 && column == 1, try atByteOrderMark() else { return }
    index += 3
    if try atByteOrderMark() { throw error("the byte-order mark is repeated") }
  }

  private mutating func atByteOrderMark() throws(LoadError) -> Bool {
    guard try peek() == 0xEF, try peek(at: 1) == 0xBB else { return false }
    return try peek(at: 2) == 0xBF
  }

  /// Consumes one well-formed UTF-8 sequence of two to four bytes led by the next byte,
  /// appending it to `text` when `keeping`.
  ///
  /// - Throws: `invalid` "not valid UTF-8" at the sequence when it is ill-formed or cut.
  private mutating func takeSequence(keeping: Bool) throws(LoadError) {
    let lead = buffer[index]
    guard let (length, second) = UTF8Validation.sequence(leadBy: lead), try ensure(length),
      second.contains(buffer[index + 1])
    else { throw error("not valid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))") }
    for k in 2..<length where buffer[index + k] & 0xC0 != 0x80 {
      throw error("not valid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))")
    }
    if keeping { text.append(contentsOf: buffer[index..<index + length]) }
    index += length
    column += 1
    afterCR = false
  }

  // MARK: White space and comments

  /// Whether the next bytes are U+2028 or U+2029 (LINE and PARAGRAPH SEPARATOR).
  private mutating func atUnicodeSeparator() throws(LoadError) -> Bool {
    guard try peek() == 0xE2, try peek(at: 1) == 0x80, let third = try peek(at: 2) else {
      return false
    }
    return third == 0xA8 || third == 0xA9
  }

  /// Skips white space and comments; answers whether a byte follows them.
  ///
  /// - Throws: `invalid` for a comment that is not valid UTF-8, or what reading throws.
  mutating func skipSpace() throws(LoadError) -> Bool {
    while let byte = try peek() {
      switch byte {
      case 0x09...0x0D, 0x20:
        advance()
      case 0xE2 where try atUnicodeSeparator():
        takeSeparator()
      case UInt8(ascii: "/"):
        switch try peek(at: 1) {
        case UInt8(ascii: "/"):
          advance()
          advance()
          try skipLineComment()
        case UInt8(ascii: "*"):
          advance()
          advance()
          try skipBlockComment()
        default:
          return true
        }
      default:
        return true
      }
    }
    return false
  }

  /// Consumes U+2028 or U+2029: white space, one column, no new line (Foundation's line
  /// count ignores them).
  private mutating func takeSeparator() {
    index += 3
    column += 1
    afterCR = false
  }

  private mutating func skipLineComment() throws(LoadError) {
    while let byte = try peek() {
      if byte == 0x0A || byte == 0x0D { return }
      if byte < 0x80 {
        advance()
      } else if try atUnicodeSeparator() {
        return
      } else {
        try takeSequence(keeping: false)
      }
    }
  }

  /// Skips to just after `*/`, or to the end of the input.
  private mutating func skipBlockComment() throws(LoadError) {
    while let byte = try peek() {
      if byte == UInt8(ascii: "*"), try peek(at: 1) == UInt8(ascii: "/") {
        advance()
        advance()
        return
      }
      if byte < 0x80 { advance() } else { try takeSequence(keeping: false) }
    }
  }

  // MARK: Strings

  /// Whether `byte` may be part of an unquoted string.
  static func isUnquoted(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
      UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// Whether the next byte starts a string (a quote or an unquoted-string byte).
  static func startsString(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isUnquoted(byte)
  }

  /// Reads the string that starts at the next byte (`startsString`) into `text`.
  ///
  /// - Throws: `invalid` for a quoted string the input ends in ("the string that starts at
  ///   line L, column C never ends"), text that is not UTF-8, or what reading throws.
  /// - Complexity: O(n) in the string's length.
  mutating func readString() throws(LoadError) {
    text.removeAll(keepingCapacity: true)
    let first = buffer[index]
    guard first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") else {
      // Runs of unquoted-string bytes, one buffer at a time.
      var more = true
      while more {
        let end = buffer.withUnsafeBufferPointer { bytes in
          var i = index
          while i < bytes.count && Self.isUnquoted(bytes[i]) { i += 1 }
          return i
        }
        buffer.withUnsafeBufferPointer {
          text.append(contentsOf: UnsafeBufferPointer(rebasing: $0[index..<end]))
        }
        column += end - index
        index = end
        more = index == buffer.count
        if more { more = try ensure(1) }
      }
      afterCR = false
      return
    }
    let start = (line, column)
    advance()
    var pendingHigh: UInt16? = nil
    while true {
      guard try ensure(1) else {
        throw error("the string that starts at line \(start.0), column \(start.1) never ends")
      }
      // A run of characters that need nothing done (no quote, backslash or line break;
      // well-formed UTF-8 whole in the buffer) is copied at once.
      let (end, columns) = buffer.withUnsafeBufferPointer {
        Self.plainRun($0, from: index, quote: first)
      }
      if end > index {
        if pendingHigh != nil {
          appendScalar(Self.replacement)
          pendingHigh = nil
        }
        buffer.withUnsafeBufferPointer {
          text.append(contentsOf: UnsafeBufferPointer(rebasing: $0[index..<end]))
        }
        column += columns
        index = end
        afterCR = false
        continue
      }
      let byte = buffer[index]
      if byte == first {
        advance()
        break
      }
      if byte != UInt8(ascii: "\\") {
        try takeLiteral(byte, pendingHigh: &pendingHigh)
        continue
      }
      advance()
      try readEscape(pendingHigh: &pendingHigh)
    }
    if pendingHigh != nil { appendScalar(Self.replacement) }
  }

  /// Where the run of plain text from `start` ends (before a quote, a backslash, a line
  /// break, an ill-formed UTF-8 sequence or one cut by the end of `bytes`), and its scalars.
  ///
  /// - Complexity: O(n) in the run's length.
  @inline(__always)
  private static func plainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, quote: UInt8)
    -> (end: Int, columns: Int)
  {
    var i = start
    var columns = 0
    let count = bytes.count
    while i < count {
      let byte = bytes[i]
      if byte < 0x80 {
        if byte == quote || byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D { break }
        i += 1
      } else {
        guard let (length, second) = UTF8Validation.sequence(leadBy: byte), i + length <= count,
          second.contains(bytes[i + 1])
        else { break }
        var k = 2
        while k < length && bytes[i + k] & 0xC0 == 0x80 { k += 1 }
        guard k == length else { break }
        i += length
      }
      columns += 1
    }
    return (i, columns)
  }

  /// Takes the character led by `byte` as it stands into `text`, after U+FFFD for a high
  /// surrogate still waiting for its partner.
  private mutating func takeLiteral(_ byte: UInt8, pendingHigh: inout UInt16?)
    throws(LoadError)
  {
    if pendingHigh != nil {
      appendScalar(Self.replacement)
      pendingHigh = nil
    }
    if byte >= 0x80 {
      try takeSequence(keeping: true)
    } else {
      text.append(byte)
      advance()
    }
  }

  /// U+FFFD, for a surrogate that has no partner.
  private static let replacement: UInt32 = 0xFFFD

  /// Reads the escape after a backslash and appends what it stands for.
  private mutating func readEscape(pendingHigh: inout UInt16?) throws(LoadError) {
    guard let byte = try peek() else { return }  // The string never ends: the caller says so.
    var unit: UInt16? = nil
    var scalar: UInt32? = nil
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      advance()
      // At most three digits, in a byte: `\777` wraps as Foundation's does.
      var value = byte &- UInt8(ascii: "0")
      for _ in 0..<2 {
        guard let digit = try peek(), (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit)
        else { break }
        advance()
        value = value &<< 3 &+ (digit &- UInt8(ascii: "0"))
      }
      scalar = NeXTSTEPLatin.scalar(value)
    case UInt8(ascii: "U"):
      advance()
      var value: UInt16 = 0
      for _ in 0..<4 {
        guard let digit = try peek(), let nibble = Self.hexValue(digit) else { break }
        advance()
        value = value << 4 | UInt16(nibble)
      }
      unit = value
    case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), 0x0A,
      UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "v"):
      advance()
      scalar = Self.controlEscapes[byte]
    default:
      // Any other character stands for itself (`\\`, `\"`, `\'`, `\é`).
      try takeLiteral(byte, pendingHigh: &pendingHigh)
      return
    }
    if let unit {
      switch unit {
      case 0xD800...0xDBFF:
        if pendingHigh != nil { appendScalar(Self.replacement) }
        pendingHigh = unit
      case 0xDC00...0xDFFF:
        if let high = pendingHigh {
          appendScalar(0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(unit - 0xDC00)))
          pendingHigh = nil
        } else {
          appendScalar(Self.replacement)
        }
      default:
        if pendingHigh != nil {
          appendScalar(Self.replacement)
          pendingHigh = nil
        }
        appendScalar(UInt32(unit))
      }
    } else if let scalar {
      if pendingHigh != nil {
        appendScalar(Self.replacement)
        pendingHigh = nil
      }
      appendScalar(scalar)
    }
  }

  /// The characters of the one-letter escapes (and of a backslash before a line feed).
  private static let controlEscapes: [UInt8: UInt32] = [
    UInt8(ascii: "a"): 0x07, UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
    UInt8(ascii: "n"): 0x0A, 0x0A: 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    UInt8(ascii: "v"): 0x0B,
  ]

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Appends `scalar` (never a surrogate) to `text` as UTF-8.
  private mutating func appendScalar(_ scalar: UInt32) {
    UTF8Encoding.append(scalar, to: &text)
  }

  // MARK: Data

  /// Reads the data that starts at the next byte (`<`), up to its `>`; its bytes appended to
  /// `bytes` when given.
  ///
  /// - Throws: `invalid` for a byte that is not a hexadecimal digit or white space, an odd
  ///   number of digits in a group, or data the input ends in.
  /// - Complexity: O(n) in the data's length.
  mutating func readData(into bytes: inout [UInt8]?) throws(LoadError) {
    let start = (line, column)
    advance()
    while true {
      guard let byte = try peek() else {
        throw error("the data that starts at line \(start.0), column \(start.1) never ends")
      }
      if byte == UInt8(ascii: ">") {
        advance()
        return
      }
      if let high = Self.hexValue(byte) {
        let digit = (line, column)
        advance()
        guard let next = try peek(), let low = Self.hexValue(next) else {
          throw error("data holds an odd number of hexadecimal digits", at: digit)
        }
        advance()
        bytes?.append(high << 4 | low)
      } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        advance()
      } else if try atUnicodeSeparator() {
        takeSeparator()
      } else {
        throw error("data holds \(describe(byte)), not a hexadecimal digit")
      }
    }
  }

  /// A byte as messages show it: `'x'` for printable ASCII, else its hexadecimal value.
  func describe(_ byte: UInt8) -> String {
    if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
    let hex = String(byte, radix: 16, uppercase: true)
    if byte >= 0x80 {
      return "a character that must be in quotes (byte 0x\(hex))"
    }
    return "the byte 0x" + (byte < 0x10 ? "0" : "") + hex
  }
}
