/// The syntax of JSON text (RFC 8259) over bytes in memory: white space, strings (every
/// escape, surrogate pairs joined, UTF-8 validated as RFC 3629 defines it), numbers (kept as
/// their text), literals, and whole values decoded into `RecordValue`. `JSONReader` drives
/// it through a list's shapes.
///
/// Strict: no comments, no trailing commas, no `NaN` or `Infinity`, no leading zeros, no
/// control characters or lone surrogates in strings, no key twice in one object, nesting at
/// most `maximumDepth` deep (so recursion is bounded: no stack overflow). Each error is
/// `LoadError.invalid(format: .json, "line L, column C: <what>")`; lines and columns are
/// 1-based, columns counted in Unicode code points (as Python's `json` module counts them).
///
/// The bytes end with one sentinel zero byte that is not part of the document, so the
/// scanning loops need no bounds check: a zero is never valid where they run, and each
/// checks for the end only when it meets one.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted (the root is depth 1).
  static let maximumDepth = 512

  /// The document's bytes, then the sentinel zero.
  private let bytes: UnsafePointer<UInt8>
  /// The document's length in bytes (the sentinel's index).
  let end: Int
  private let source: String
  /// The line number of the document's first byte (after white space dropped before it).
  private let firstLine: Int
  /// The columns before the document's first byte on its line (white space dropped).
  private let firstColumn: Int
  /// Where a leading UTF-8 byte-order mark ends (0 or 3): not counted in columns.
  private var textStart = 0
  /// The offset of the next byte to read.
  var offset = 0
  /// The decoded UTF-8 of the last string that held escapes.
  private var scratch: [UInt8] = []
  /// The keys of the last record read by `record(depth:keeping:allKeys:)`, kept for their
  /// memory.
  private var recordKeys = JSONKeys()

  /// A parser of `buffer`, whose last byte is the sentinel zero, for the list `source`
  /// whose first byte is on line `firstLine`, after `firstColumn` columns.
  ///
  /// - Precondition: `buffer` is not empty and ends with a zero byte.
  init(buffer: UnsafeBufferPointer<UInt8>, source: String, firstLine: Int, firstColumn: Int = 0) {
    precondition(buffer.last == 0, "the sentinel zero")
    bytes = buffer.baseAddress!
    end = buffer.count - 1
    self.source = source
    self.firstLine = firstLine
    self.firstColumn = firstColumn
  }

  /// The byte at `offset` (the sentinel zero at the end).
  var current: UInt8 { bytes[offset] }

  /// Steps past a UTF-8 byte-order mark at the very start of the file (not after white
  /// space the sniffer dropped: there it is not a byte-order mark).
  mutating func skipByteOrderMark() {
    if firstLine == 1 && firstColumn == 0 && end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB
      && bytes[2] == 0xBF
    {
      offset = 3
      textStart = 3
    }
  }

  /// Steps past white space (space, tab, line feed, carriage return; RFC 8259 section 2).
  @inline(__always)
  mutating func skipSpace() {
    while true {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// The document's bytes and length as two words, for the scanning loops: a copy of them
  /// stays in registers, where the parser itself would be read through memory.
  struct Scan {
    /// The document's bytes, then the sentinel zero.
    let bytes: UnsafePointer<UInt8>
    /// The document's length in bytes (the sentinel's index).
    let end: Int

    /// The offset of the first byte that is not white space at or after `from`.
    @inline(__always)
    func spaceEnd(from: Int) -> Int {
      var i = from
      while true {
        switch bytes[i] {
        case 0x20, 0x0A, 0x0D, 0x09: i += 1
        default: return i
        }
      }
    }

    /// The offset of the first byte at or after `from` that a plain run of a string's
    /// content stops at: `"`, `\`, a byte below 0x20 (the sentinel zero among them) or one of
    /// 0x80 or more (a UTF-8 sequence to check).
    ///
    /// Eight bytes at a time (SWAR, "SIMD within a register"): in each lane, `x ^ q - 1`
    /// borrows (setting the lane's top bit) where `x == q`, `x - 0x20` where `x < 0x20`, and
    /// `x` has its top bit where `x >= 0x80`; a borrow only spreads to higher lanes, past a
    /// lane that stops the run, so the lowest lane marked is the first stop. The last few
    /// bytes, where eight would reach past the sentinel, one at a time.
    ///
    /// - Complexity: O(n) in the run's length, about 2 instructions a byte.
    @inline(__always)
    func plainRunEnd(from: Int) -> Int {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      var i = from
      while i < end - 6 {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self))
        let quote = (word ^ (ones &* 0x22)) &- ones
        let backslash = (word ^ (ones &* 0x5C)) &- ones
        let control = word &- (ones &* 0x20)
        let stops = (quote | backslash | control | word) & highs
        if stops != 0 { return i + stops.trailingZeroBitCount >> 3 }
        i += 8
      }
      while true {
        let byte = bytes[i]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
          return i
        }
        i += 1
      }
    }

    /// The offset of the closing quote of the string whose content starts at `from`, and
    /// whether the content is all ASCII, when the string holds no escape, no control
    /// character and only well-formed UTF-8; `nil` for any other string (and at the end of
    /// the document), which `string(_:)` then decodes or refuses. Throws nothing, moves
    /// nothing.
    ///
    /// - Complexity: O(n) in the string's length.
    @inline(__always)
    func plainStringEnd(from: Int) -> (end: Int, isASCII: Bool)? {
      var i = from
      var isASCII = true
      while true {
        i = plainRunEnd(from: i)
        let byte = bytes[i]
        if byte == UInt8(ascii: "\"") { return (i, isASCII) }
        guard byte >= 0x80, let next = utf8End(at: i) else { return nil }
        isASCII = false
        i = next
      }
    }

    /// The offset after the well-formed UTF-8 sequence at `at` (a byte of 0x80 or more), or
    /// `nil`, as `decodeUTF8(at:)` decides; a sequence of two bytes (U+0080...U+07FF: the
    /// letters of Latin, Greek, Cyrillic, … scripts) is checked here, inline.
    @inline(__always)
    func utf8End(at: Int) -> Int? {
      // C2...DF, then a continuation byte (the sentinel zero is not one).
      if bytes[at] &- 0xC2 < 0x1E && bytes[at + 1] & 0xC0 == 0x80 { return at + 2 }
      guard let (_, length) = decodeUTF8(at: at) else { return nil }
      return at + length
    }

    /// The scalar and length of the well-formed UTF-8 sequence at `at`, or `nil` (RFC 3629
    /// section 4: no overlong forms, no surrogates, nothing past U+10FFFF). Reads each byte
    /// only after the one before it was a valid part, so the sentinel zero stops it.
    func decodeUTF8(at: Int) -> (UInt32, Int)? {
      let lead = bytes[at]
      guard let (length, second) = UTF8Validation.sequence(leadBy: lead) else { return nil }
      var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for k in 1..<length {
        let byte = bytes[at + k]
        guard (k == 1 ? second : 0x80...0xBF).contains(byte) else { return nil }
        scalar = scalar << 6 | UInt32(byte & 0x3F)
      }
      return (scalar, length)
    }

    /// The offset after the number that starts at `from` when it is well formed (RFC 8259
    /// section 6, checked as `skipNumber` checks it), or `nil`. Throws nothing, moves nothing.
    @inline(__always)
    func numberEnd(from: Int) -> Int? {
      func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
      var i = from
      if bytes[i] == UInt8(ascii: "-") { i += 1 }
      if bytes[i] == UInt8(ascii: "0") {
        i += 1
        if isDigit(bytes[i]) { return nil }
      } else {
        guard isDigit(bytes[i]) else { return nil }
        i += 1
        while isDigit(bytes[i]) { i += 1 }
      }
      if bytes[i] == UInt8(ascii: ".") {
        i += 1
        guard isDigit(bytes[i]) else { return nil }
        while isDigit(bytes[i]) { i += 1 }
      }
      if bytes[i] | 0x20 == UInt8(ascii: "e") {
        i += 1
        if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(bytes[i]) else { return nil }
        while isDigit(bytes[i]) { i += 1 }
      }
      return i
    }

    /// The offset after the literal (`true`, `false`, `null`) that starts at `from`, checked
    /// as `literal(_:)` checks it, or `nil`. Throws nothing, moves nothing.
    func literalEnd(from: Int) -> Int? {
      let word: StaticString
      switch bytes[from] {
      case UInt8(ascii: "t"): word = "true"
      case UInt8(ascii: "f"): word = "false"
      case UInt8(ascii: "n"): word = "null"
      default: return nil
      }
      let count = word.utf8CodeUnitCount
      // Byte by byte: the first that differs (at the latest the sentinel) stops it.
      for k in 1..<count where bytes[from + k] != word.utf8Start[k] { return nil }
      return isLetter(bytes[from + count]) ? nil : from + count
    }

    /// Whether `byte` is an ASCII letter.
    func isLetter(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
  }

  /// The scanning loops over this document.
  var scan: Scan { Scan(bytes: bytes, end: end) }

  /// `Scan.plainRunEnd(from:)`.
  @inline(__always)
  func plainRunEnd(from: Int) -> Int { scan.plainRunEnd(from: from) }

  /// `Scan.utf8End(at:)`.
  @inline(__always)
  func utf8End(at: Int) -> Int? { scan.utf8End(at: at) }

  /// `Scan.decodeUTF8(at:)`.
  @inline(__always)
  func decodeUTF8(at: Int) -> (UInt32, Int)? { scan.decodeUTF8(at: at) }

  /// `Scan.isLetter(_:)`.
  @inline(__always)
  private func isLetter(_ byte: UInt8) -> Bool { scan.isLetter(byte) }

  // MARK: - Errors

  /// The 1-based line and column of byte `at`, columns counted in code points.
  ///
  /// - Complexity: O(n) in `at`: only an error asks.
  func place(_ at: Int) -> String {
    var line = firstLine
    var lineStart = textStart
    for i in 0..<at where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    var column = line == firstLine ? firstColumn + 1 : 1
    if lineStart < at {
      for i in lineStart..<at where bytes[i] & 0xC0 != 0x80 { column += 1 }
    }
    return "line \(line), column \(column)"
  }

  /// A syntax error at byte `at`.
  func error(_ what: String, at: Int) -> LoadError {
    LoadError(source: source, reason: .invalid(format: .json, "\(place(at)): \(what)"))
  }

  /// The error for an unexpected byte at `at` where `expected` should be: the end of the
  /// document, a comment, a word such as `NaN`, or the character found.
  func unexpected(_ expected: String, at: Int) -> LoadError {
    if at >= end { return error("the document ends early; expected \(expected)", at: at) }
    return error("expected \(expected), found \(found(at))", at: at)
  }

  /// What is at `at`, in words: "'x'", "the word 'NaN'", "U+00E9", "byte 0xFF".
  func found(_ at: Int) -> String {
    let byte = bytes[at]
    if isLetter(byte) {
      var stop = at
      while stop < end && stop - at < 16 && isLetter(bytes[stop]) { stop += 1 }
      let word = String(
        decoding: UnsafeBufferPointer(start: bytes + at, count: stop - at), as: UTF8.self)
      return "the word '\(word)'"
    }
    if byte == UInt8(ascii: "/") { return "'/' (JSON has no comments)" }
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte < 0x80 { return "\(Self.codePoint(UInt32(byte)))" }
    if let (scalar, _) = decodeUTF8(at: at) { return Self.codePoint(scalar) }
    return "byte 0x" + Self.hex(UInt32(byte), digits: 2)
  }

  /// "U+00E9".
  static func codePoint(_ value: UInt32) -> String { "U+" + hex(value, digits: 4) }

  /// `value` in upper-case hex, at least `digits` digits.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  // MARK: - Tokens

  /// Expects `byte` at `offset` (after white space) and steps past it.
  ///
  /// - Throws: `LoadError` naming what was found instead.
  mutating func expect(_ byte: UInt8, _ expected: String) throws(LoadError) {
    skipSpace()
    guard bytes[offset] == byte, offset < end else { throw unexpected(expected, at: offset) }
    offset += 1
  }

  /// Expects the end of the document after white space.
  ///
  /// - Throws: `LoadError` for anything after the root value.
  mutating func expectEnd() throws(LoadError) {
    skipSpace()
    guard offset == end else {
      throw error("text after the end of the document: \(found(offset))", at: offset)
    }
  }

  /// Reads the string that starts at `offset` (its opening quote) and hands its content,
  /// as UTF-8, to `body`: a slice of the input when it holds no escape, the decoded text
  /// otherwise. Leaves `offset` past the closing quote.
  ///
  /// - Throws: `LoadError` for a control character, a bad escape, a lone surrogate, bytes
  ///   that are not UTF-8, or the end of the document; or what `body` throws.
  /// - Complexity: O(n) in the string's length.
  @inline(__always)
  mutating func string<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(LoadError) -> Result
  ) throws(LoadError) -> Result {
    let start = offset + 1
    let scan = self.scan
    var i = start
    while true {
      i = scan.plainRunEnd(from: i)
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") {
        offset = i + 1
        return try body(UnsafeBufferPointer(start: bytes + start, count: i - start))
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw controlError(at: i, stringStart: start - 1) }
      i = try validUTF8(at: i)
    }
    try decodeEscapes(from: start, firstEscape: i)
    return try scratch.withUnsafeBufferPointer { (decoded) throws(LoadError) in
      try body(decoded)
    }
  }

  /// The string at `offset`, as a `String`.
  mutating func stringValue() throws(LoadError) -> String {
    try string { String(decoding: $0, as: UTF8.self) }
  }

  /// The error for byte `at`, below U+0020, inside the string opened at `stringStart`.
  private func controlError(at: Int, stringStart: Int) -> LoadError {
    if at >= end {
      return error(
        "the document ends early, inside the string that starts at \(place(stringStart))",
        at: at)
    }
    return error(
      "control character \(Self.codePoint(UInt32(bytes[at]))) in a string (write it as an"
        + " escape such as \\n or \\u00XX)", at: at)
  }

  /// Decodes the string from `start` (after its opening quote), whose first escape is at
  /// `firstEscape`, into `scratch`; leaves `offset` past the closing quote.
  private mutating func decodeEscapes(from start: Int, firstEscape: Int) throws(LoadError) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(
      contentsOf: UnsafeBufferPointer(start: bytes + start, count: firstEscape - start))
    // Each run between escapes is appended whole.
    var i = firstEscape
    var run = i
    while true {
      i = plainRunEnd(from: i)
      let byte = bytes[i]
      if byte >= 0x80 {
        i = try validUTF8(at: i)
        continue
      }
      scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + run, count: i - run))
      if byte == UInt8(ascii: "\"") {
        offset = i + 1
        return
      }
      if byte == UInt8(ascii: "\\") {
        i = try escape(at: i, stringStart: start - 1)
        run = i
        continue
      }
      throw controlError(at: i, stringStart: start - 1)
    }
  }

  /// Decodes the escape at `at` (its backslash) into `scratch`; answers the offset after it.
  private mutating func escape(at: Int, stringStart: Int) throws(LoadError) -> Int {
    let letter = bytes[at + 1]
    let simple: UInt8? =
      switch letter {
      case UInt8(ascii: "\""): 0x22
      case UInt8(ascii: "\\"): 0x5C
      case UInt8(ascii: "/"): 0x2F
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      scratch.append(simple)
      return at + 2
    }
    guard letter == UInt8(ascii: "u") else {
      if at + 1 >= end { throw controlError(at: at + 1, stringStart: stringStart) }
      let shown =
        letter >= 0x21 && letter < 0x7F
        ? "'\\\(Character(Unicode.Scalar(letter)))'" : "'\\' before \(found(at + 1))"
      throw error("invalid escape \(shown) in a string", at: at)
    }
    let first = try hexUnit(at: at)
    var scalar = first
    var next = at + 6
    if (0xDC00...0xDFFF).contains(first) {
      throw error(
        "a lone surrogate \\u\(Self.hex(first, digits: 4)) (a low surrogate first)", at: at)
    }
    if (0xD800...0xDBFF).contains(first) {
      var second: UInt32 = 0
      if bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") {
        second = try hexUnit(at: next)
      }
      guard (0xDC00...0xDFFF).contains(second) else {
        throw error(
          "a lone surrogate \\u\(Self.hex(first, digits: 4)) (a high surrogate not followed by"
            + " a low one)", at: at)
      }
      scalar = 0x10000 + (first - 0xD800) << 10 + (second - 0xDC00)
      next += 6
    }
    appendUTF8(scalar)
    return next
  }

  /// The four hex digits after `\u` at `at`.
  private func hexUnit(at: Int) throws(LoadError) -> UInt32 {
    var value: UInt32 = 0
    for k in 2..<6 {
      let byte = bytes[at + k]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        if at + k >= end { throw error("the document ends early, inside a \\u escape", at: at + k) }
        throw error("\\u must be followed by four hex digits", at: at)
      }
      value = value << 4 | UInt32(digit)
      // Stop at the first non-digit: the sentinel is never read past.
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    UTF8Encoding.append(scalar, to: &scratch)
  }

  /// The offset after the well-formed UTF-8 sequence at `at` (a byte of 0x80 or more).
  ///
  /// - Throws: `LoadError` for bytes that are not UTF-8.
  private func validUTF8(at: Int) throws(LoadError) -> Int {
    guard let next = utf8End(at: at) else {
      throw error(
        "bytes that are not UTF-8 (byte 0x\(Self.hex(UInt32(bytes[at]), digits: 2)))", at: at)
    }
    return next
  }

  /// Reads the number at `offset` and answers its text (RFC 8259 section 6).
  ///
  /// - Throws: `LoadError` for a leading zero or a missing digit.
  mutating func number() throws(LoadError) -> String {
    let start = offset
    try skipNumber()
    return String(
      decoding: UnsafeBufferPointer(start: bytes + start, count: offset - start), as: UTF8.self)
  }

  /// Steps past the number at `offset`, checked as `number()` checks it.
  ///
  /// - Throws: `LoadError` as `number()`.
  private mutating func skipNumber() throws(LoadError) {
    let start = offset
    var i = offset
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    if bytes[i] == UInt8(ascii: "0") {
      i += 1
      if isDigit(bytes[i]) { throw error("a number with a leading zero", at: start) }
    } else if isDigit(bytes[i]) {
      while isDigit(bytes[i]) { i += 1 }
    } else {
      throw unexpected("a digit after '-'", at: i)
    }
    if bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard isDigit(bytes[i]) else { throw unexpected("a digit after '.'", at: i) }
      while isDigit(bytes[i]) { i += 1 }
    }
    if bytes[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      guard isDigit(bytes[i]) else { throw unexpected("a digit in the exponent", at: i) }
      while isDigit(bytes[i]) { i += 1 }
    }
    offset = i
  }

  /// Reads `word` (`true`, `false`, `null`) at `offset`, or throws naming what is there.
  private mutating func literal(_ word: StaticString) throws(LoadError) {
    let count = word.utf8CodeUnitCount
    for k in 0..<count where bytes[offset + k] != word.utf8Start[k] {
      throw unexpected("a value", at: offset)
    }
    if isLetter(bytes[offset + count]) { throw unexpected("a value", at: offset) }
    offset += count
  }

  // MARK: - Values

  /// What the value at `offset` (after white space) is, in `RecordValue.typeDescription`'s
  /// words, from its first byte; `nil` when no value starts there.
  func kind() -> String? {
    switch bytes[offset] {
    case UInt8(ascii: "\""): "a string"
    case UInt8(ascii: "{"): "a dictionary"
    case UInt8(ascii: "["): "an array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
    case UInt8(ascii: "n"): "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
    default: nil
    }
  }

  /// Reads the value at `offset` (after white space), at nesting depth `depth` (its own
  /// depth if it is an array or an object).
  ///
  /// - Throws: `LoadError` for any syntax error in it, a key twice in one object, or
  ///   nesting deeper than `maximumDepth`.
  /// - Complexity: O(n) in the value's size; recursion at most `maximumDepth` deep.
  mutating func value(depth: Int) throws(LoadError) -> RecordValue {
    skipSpace()
    switch bytes[offset] {
    case UInt8(ascii: "\""): return .string(try stringValue())
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["):
      try enter(depth: depth)
      offset += 1
      var items: [RecordValue] = []
      skipSpace()
      if bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return .array(items)
      }
      while true {
        items.append(try value(depth: depth + 1))
        if try !nextItem(closer: UInt8(ascii: "]")) { return .array(items) }
      }
    case UInt8(ascii: "t"):
      try literal("true")
      return .boolean(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .boolean(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw unexpected("a value", at: offset)
    }
  }

  /// Steps past the value at `offset` (after white space), at nesting depth `depth`,
  /// checked exactly as `value(depth:)` checks it (the same errors at the same places) but
  /// not decoded: no `RecordValue`, no `String` except an object's keys (kept to find a key
  /// written twice).
  ///
  /// - Throws: `LoadError` as `value(depth:)`.
  /// - Complexity: O(n) in the value's size; recursion at most `maximumDepth` deep.
  mutating func skipValue(depth: Int) throws(LoadError) {
    skipSpace()
    switch bytes[offset] {
    case UInt8(ascii: "\""): try string { (_) throws(LoadError) in }
    case UInt8(ascii: "{"):
      try enter(depth: depth)
      offset += 1
      var keys = JSONKeys()
      skipSpace()
      if bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return
      }
      while true {
        _ = try key(&keys)
        try skipValue(depth: depth + 1)
        if try !nextItem(closer: UInt8(ascii: "}")) { return }
      }
    case UInt8(ascii: "["):
      try enter(depth: depth)
      offset += 1
      skipSpace()
      if bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return
      }
      while true {
        try skipValue(depth: depth + 1)
        if try !nextItem(closer: UInt8(ascii: "]")) { return }
      }
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
    default: throw unexpected("a value", at: offset)
    }
  }

  /// Reads the object at `offset` (its `{`), at nesting depth `depth`, decoding only the
  /// values of the keys `filter` selects; every other value is checked as `value(depth:)`
  /// checks it but skipped (`skipValue`), and its key is kept, with `null` for the value,
  /// only when `allKeys` is true (the record's `keys` are then all its keys). So the record
  /// answers `value(at:)` for paths that start with a selected key as the whole record
  /// would, and errors are the same, at the same places. Keys are checked for duplicates
  /// by their UTF-8, and made `String`s only when kept.
  ///
  /// What `JSONReader` reads a record with when records are not kept
  /// (`LoadOptions.keepsRecords`): only the name, search and section fields are needed.
  ///
  /// - Throws: `LoadError` as `value(depth:)`.
  /// - Complexity: O(n) in the object's size.
  mutating func record(depth: Int, keeping filter: RecordKeyFilter, allKeys: Bool)
    throws(LoadError) -> RecordValue
  {
    try enter(depth: depth)
    offset += 1
    var fields: [RecordField] = []
    // The keys' memory is reused from record to record.
    var keys = JSONKeys()
    swap(&keys, &recordKeys)
    keys.removeAll()
    skipSpace()
    if bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return .dictionary(fields)
    }
    while true {
      skipSpace()
      let at = offset
      guard bytes[at] == UInt8(ascii: "\""), at < end else {
        throw unexpected("a string as key", at: at)
      }
      let (first, selected, key) = try string {
        (utf8) -> (first: Int?, selected: Bool, key: String?) in
        if let first = keys.insert(utf8: utf8, at: at) {
          return (first, false, String(decoding: utf8, as: UTF8.self))
        }
        let selected = filter.selects(utf8)
        return (nil, selected, selected || allKeys ? String(decoding: utf8, as: UTF8.self) : nil)
      }
      if let first {
        throw error(
          "the key \(LoadError.quoted(key!)) appears twice in one object (first at"
            + " \(place(first)))", at: at)
      }
      try expect(UInt8(ascii: ":"), "':' after the key")
      if selected {
        fields.append(RecordField(key: key!, value: try value(depth: depth + 1)))
      } else {
        try skipValue(depth: depth + 1)
        if let key { fields.append(RecordField(key: key, value: .null)) }
      }
      if try !nextItem(closer: UInt8(ascii: "}")) {
        swap(&keys, &recordKeys)
        return .dictionary(fields)
      }
    }
  }

  /// The name of the record at `offset` (its `{`), at nesting depth `depth`, as UTF-8
  /// straight from the input (no copy, no `String`), when its keys hold no escape (RFC
  /// 8259: no `\`), none is written twice, it has at most `JSONKeys.linearLimit` keys, and
  /// exactly one key `filter` selects (the name field's key), whose value is a string
  /// without escapes. Answers `nil`, with `offset` back at the `{`, for any other record
  /// and for a syntax error in the record's own keys, colons and commas or in its name;
  /// the caller then reads the record with `record(depth:keeping:allKeys:)`, which finds
  /// its value or its error. Every other value is checked and skipped as `record` skips
  /// it, so an error there is thrown word for word as `record` throws it, at the same
  /// place (nothing before it in the record was wrong, or this would have answered `nil`).
  ///
  /// One pass with no allocation, retain or `String` for a plain record: strings are
  /// scanned eight bytes at a time (`plainRunEnd(from:)`), keys compared by length then
  /// `memcmp(3)`, numbers and literals stepped over with the checks of `skipNumber` and
  /// `literal`; arrays, objects, escaped strings and malformed values go to
  /// `skipValue(depth:)`.
  ///
  /// What `JSONReader` reads a record with when records are not kept and the only field is
  /// a name one key deep.
  ///
  /// - Throws: `LoadError` as `skipValue(depth:)` for a value that is not the name's, or
  ///   when the record itself is deeper than `maximumDepth`.
  /// - Complexity: O(n) in the object's size; O(k²) key comparisons for k keys (k ≤ 12).
  mutating func recordName(depth: Int, keeping filter: RecordKeyFilter) throws(LoadError)
    -> UnsafeBufferPointer<UInt8>?
  {
    let start = offset
    try enter(depth: depth)
    let scan = self.scan
    let bytes = scan.bytes
    // Each key's first byte and length, to find a key written twice.
    var keys = InlineArray<12, (start: Int, count: Int)>(repeating: (0, 0))
    let keyLimit = min(JSONKeys.linearLimit, keys.count)
    var keyCount = 0
    var name: UnsafeBufferPointer<UInt8>? = nil
    var i = scan.spaceEnd(from: start + 1)
    while true {
      guard bytes[i] == UInt8(ascii: "\""), keyCount < keyLimit,
        let (keyEnd, isASCII) = scan.plainStringEnd(from: i + 1)
      else { break }
      let key = UnsafeBufferPointer(start: bytes + i + 1, count: keyEnd - i - 1)
      var repeated = false
      for k in 0..<keyCount where keys[k].count == key.count {
        if RawBytes.equal(bytes + keys[k].start, bytes + i + 1, count: key.count) {
          repeated = true
          break
        }
      }
      if repeated { break }
      keys[keyCount] = (i + 1, key.count)
      keyCount += 1
      let selected = filter.selects(key, isASCII: isASCII)
      i = scan.spaceEnd(from: keyEnd + 1)
      guard bytes[i] == UInt8(ascii: ":") else { break }
      i = scan.spaceEnd(from: i + 1)
      if selected {
        // The name: a plain string, the first selected.
        guard name == nil, bytes[i] == UInt8(ascii: "\""),
          let (valueEnd, _) = scan.plainStringEnd(from: i + 1)
        else { break }
        name = UnsafeBufferPointer(start: bytes + i + 1, count: valueEnd - i - 1)
        i = valueEnd + 1
      } else if bytes[i] == UInt8(ascii: "\""), let (valueEnd, _) = scan.plainStringEnd(from: i + 1)
      {
        i = valueEnd + 1
      } else if let after = scan.numberEnd(from: i) ?? scan.literalEnd(from: i) {
        i = after
      } else {
        // Arrays, objects, escaped strings and errors, as `record` skips them.
        offset = i
        try skipValue(depth: depth + 1)
        i = offset
      }
      i = scan.spaceEnd(from: i)
      if bytes[i] == UInt8(ascii: ",") {
        i = scan.spaceEnd(from: i + 1)
        continue
      }
      guard bytes[i] == UInt8(ascii: "}"), let name else { break }
      offset = i + 1
      return name
    }
    offset = start
    return nil
  }

  /// Refuses an array or object at `offset` that would be deeper than `maximumDepth`.
  func enter(depth: Int) throws(LoadError) {
    guard depth <= Self.maximumDepth else {
      throw error("nesting deeper than \(Self.maximumDepth) arrays and objects", at: offset)
    }
  }

  /// After an item of an array or object: steps past `,` (answering `true`: another item
  /// follows) or past `closer` (answering `false`).
  ///
  /// - Throws: `LoadError` for anything else, or a trailing comma before `closer`.
  mutating func nextItem(closer: UInt8) throws(LoadError) -> Bool {
    skipSpace()
    let byte = bytes[offset]
    if byte == closer {
      offset += 1
      return false
    }
    let words = closer == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'"
    guard byte == UInt8(ascii: ","), offset < end else { throw unexpected(words, at: offset) }
    let comma = offset
    offset += 1
    skipSpace()
    if bytes[offset] == closer {
      throw error("a trailing comma before '\(Character(Unicode.Scalar(closer)))'", at: comma)
    }
    return true
  }

  /// Reads the object at `offset`: its fields in file order.
  private mutating func object(depth: Int) throws(LoadError) -> RecordValue {
    try enter(depth: depth)
    offset += 1
    var fields: [RecordField] = []
    var keys = JSONKeys()
    skipSpace()
    if bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return .dictionary(fields)
    }
    while true {
      let key = try key(&keys)
      fields.append(RecordField(key: key, value: try value(depth: depth + 1)))
      if try !nextItem(closer: UInt8(ascii: "}")) { return .dictionary(fields) }
    }
  }

  /// Reads an object's key and the `:` after it, refusing a key already in `keys`.
  ///
  /// - Throws: `LoadError` for a missing key or colon, or a duplicate key naming both
  ///   places.
  mutating func key(_ keys: inout JSONKeys) throws(LoadError) -> String {
    skipSpace()
    let at = offset
    guard bytes[at] == UInt8(ascii: "\""), at < end else {
      throw unexpected("a string as key", at: at)
    }
    let key = try stringValue()
    if let first = keys.insert(key, at: at) {
      throw error(
        "the key \(LoadError.quoted(key)) appears twice in one object (first at"
          + " \(place(first)))", at: at)
    }
    try expect(UInt8(ascii: ":"), "':' after the key")
    return key
  }
}
