/// Splits comma-separated values (RFC 4180) into rows of fields, byte by byte, however the
/// input is cut into chunks.
///
/// The grammar is RFC 4180's, with UTF-8 allowed in fields and LF accepted as a line end
/// besides CRLF:
///
/// - fields are separated by `,` and rows end at LF or CRLF (the last row may end without);
/// - a field that starts with `"` is quoted: it ends at the next lone `"`, and may hold
///   commas, line breaks and `""` (one quote);
/// - errors, each naming the 1-based line: a quote inside a field that does not start with
///   one; text after a quoted field's closing quote; a carriage return not followed by a
///   line feed outside quotes; a zero byte; a quoted field that never ends (the line where
///   it began).
///
/// A row that is empty or holds only spaces and tabs (one unquoted field) is skipped, as
/// Python's `csv` module skips empty lines. Fields are handed over as raw bytes; checking
/// that they are UTF-8 is the caller's business (`UTF8Validation`), except that a row read
/// in place says when it was found well-formed (`Row.isValidUTF8`).
///
/// ```swift
/// var parser = CSVParser(source: "contacts.csv")
/// try parser.parse(bytes) { row in … }   // row.count, row[0], row.line
/// try parser.finish { row in … }
/// ```
struct CSVParser {
  /// One row: its fields' bytes, valid only during the call that hands it over.
  struct Row {
    /// The fields' bytes, back to back, or (a plain row read in place) separated by their
    /// one-byte commas.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The end offset of each field in `bytes`.
    let ends: UnsafeBufferPointer<Int>
    /// The 1-based line where the row begins.
    let line: Int
    /// The bytes between one field's end and the next one's start: 0 or 1.
    var separator = 0
    /// Whether `bytes` is known to be well-formed UTF-8 (`UTF8Validation`'s rule), checked
    /// as a plain row was found. `false` says nothing: the row is not checked.
    var isValidUTF8 = false

    /// The number of fields.
    var count: Int { ends.count }

    /// The offset in `bytes` where field `i` (0-based) starts.
    func start(of i: Int) -> Int { i == 0 ? 0 : ends[i - 1] + separator }

    /// The bytes of field `i` (0-based), quotes removed and `""` made one `"`.
    subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[start(of: i)..<ends[i]])
    }
  }

  private enum State {
    /// At the start of a field (no byte of it read yet).
    case fieldStart
    /// Inside an unquoted field.
    case unquoted
    /// Inside a quoted field.
    case quoted
    /// Just after a quote inside a quoted field: its end, or the first of `""`.
    case quoteInQuoted
    /// Just after a carriage return that ended a field outside quotes.
    case afterReturn
  }

  private var state = State.fieldStart
  private var fieldBytes: [UInt8] = []
  private var fieldEnds: [Int] = []
  /// The field ends of a plain row, written in place: always as long as its capacity, at
  /// least one more than the most commas a plain row has had.
  private var plainEnds = [Int](repeating: 0, count: 16)
  /// Whether any byte of the current row was read.
  private var rowStarted = false
  /// Whether a field of the current row was quoted.
  private var rowQuoted = false
  /// The line being read, the line where the current row began, and where the open quoted
  /// field began.
  private(set) var line: Int
  private var rowLine: Int
  private var quoteLine = 0

  /// What errors call the input.
  private let source: String

  /// A parser for the input errors call `source`, whose first byte is on line `firstLine`
  /// (lines dropped before it counted).
  init(source: String, firstLine: Int = 1) {
    self.source = source
    line = firstLine
    rowLine = firstLine
  }

  /// Reads `chunk`, handing each row it completes to `body`.
  ///
  /// - Throws: `LoadError` `invalid(format: .csv, "line N: …")` for input that breaks the
  ///   grammar, or what `body` throws.
  /// - Complexity: O(n) in the chunk's size, plus the rows' sizes.
  mutating func parse(
    _ chunk: UnsafeBufferPointer<UInt8>, _ body: (Row) throws(LoadError) -> Void
  ) throws(LoadError) {
    guard let base = chunk.baseAddress else { return }
    let count = chunk.count
    var i = 0
    while i < count {
      let byte = base[i]
      switch state {
      case .fieldStart, .unquoted:
        if state == .fieldStart && !rowStarted,
          let next = try plainRow(base, from: i, count: count, body)
        {
          i = next
          continue
        }
        if state == .fieldStart && byte == UInt8(ascii: "\"") {
          state = .quoted
          rowStarted = true
          rowQuoted = true
          quoteLine = line
          i += 1
          continue
        }
        // The run of plain bytes up to the next special one.
        var end = i
        while end < count {
          let b = base[end]
          if b == 0x2C || b == 0x0A || b == 0x0D || b == 0x22 || b == 0 { break }
          end += 1
        }
        if end > i {
          fieldBytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<end]))
          rowStarted = true
          state = .unquoted
          i = end
          continue
        }
        switch byte {
        case 0x2C:
          rowStarted = true
          endField()
          state = .fieldStart
        case 0x0A:
          endField()
          try endRow(body)
          line += 1
          state = .fieldStart
        case 0x0D:
          endField()
          state = .afterReturn
        case 0x22:
          throw failure(
            line: line,
            "a quote inside a field that does not start with one"
              + " (quote the whole field and write the quote twice)")
        default:
          throw failure(
            line: line, "a zero byte (the file is not text)")
        }
        i += 1
      case .quoted:
        var end = i
        while end < count {
          let b = base[end]
          if b == 0x22 || b == 0x0A || b == 0 { break }
          end += 1
        }
        if end > i {
          fieldBytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<end]))
          i = end
          continue
        }
        switch byte {
        case 0x22: state = .quoteInQuoted
        case 0x0A:
          fieldBytes.append(0x0A)
          line += 1
        default:
          throw failure(
            line: line, "a zero byte (the file is not text)")
        }
        i += 1
      case .quoteInQuoted:
        switch byte {
        case 0x22:
          fieldBytes.append(0x22)
          state = .quoted
        case 0x2C:
          endField()
          state = .fieldStart
        case 0x0A:
          endField()
          try endRow(body)
          line += 1
          state = .fieldStart
        case 0x0D:
          endField()
          state = .afterReturn
        default:
          throw failure(
            line: line,
            "text after the closing quote of a quoted field"
              + " (a quote inside one is written twice)")
        }
        i += 1
      case .afterReturn:
        guard byte == 0x0A else {
          throw failure(line: line, "a carriage return not followed by a line feed")
        }
        try endRow(body)
        line += 1
        state = .fieldStart
        i += 1
      }
    }
  }

  /// Hands over the row that starts at offset `start` of the `count` bytes at `base`
  /// straight from them, when it is plain: it ends in the chunk at LF or CRLF and holds no
  /// quote, zero byte or other carriage return. Returns the offset after its line feed, or
  /// `nil` (nothing read) for any other row, which the state machine then reads byte by
  /// byte, reporting its errors.
  ///
  /// Most rows are plain: they are handed over without copying their bytes, found in one
  /// pass that notes the commas and checks the row's UTF-8 (so the reader need not).
  private mutating func plainRow(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int,
    _ body: (Row) throws(LoadError) -> Void
  ) throws(LoadError) -> Int? {
    while true {
      let scan = plainEnds.withUnsafeMutableBufferPointer { ends in
        Self.scanPlainRow(base, from: start, count: count, ends: ends)
      }
      switch scan {
      case .notPlain: return nil
      case .tooManyCommas:
        plainEnds = [Int](repeating: 0, count: plainEnds.count * 2)
        continue
      case .plain(let end, let commas, let isValidUTF8):
        let next = base[end] == 0x0D ? end + 2 : end + 1
        let bytes = UnsafeBufferPointer(start: base + start, count: end - start)
        let line = self.line
        self.line += 1
        rowLine = self.line
        if commas == 0 && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return next }
        try plainEnds.withUnsafeBufferPointer { (ends) throws(LoadError) in
          try body(
            Row(
              bytes: bytes, ends: UnsafeBufferPointer(rebasing: ends[...commas]), line: line,
              separator: 1, isValidUTF8: isValidUTF8))
        }
        return next
      }
    }
  }

  /// What `scanPlainRow` found.
  private enum PlainScan {
    /// A plain row ending at offset `end` (its LF, or the CR of its CRLF), with `commas`
    /// commas, and whether all its bytes are well-formed UTF-8.
    case plain(end: Int, commas: Int, isValidUTF8: Bool)
    /// Not a plain row (see `plainRow`).
    case notPlain
    /// `ends` is too short for the row's field ends.
    case tooManyCommas
  }

  /// Scans the row at `start` for `plainRow`, writing its field ends (offsets from `start`)
  /// into `ends`, and checking its UTF-8 as `UTF8Validation.firstInvalid(in:)` does (Unicode
  /// 15, table 3-7); the bytes of a well-formed sequence are all 0x80 or more, never a
  /// comma, quote or line break.
  private static func scanPlainRow(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int,
    ends: UnsafeMutableBufferPointer<Int>
  ) -> PlainScan {
    var end = start
    var commas = 0
    var valid = true
    while end < count {
      let byte = base[end]
      if byte > 0x2C {
        if byte < 0x80 || !valid {
          end += 1
          continue
        }
        if let (length, second) = UTF8Validation.sequence(leadBy: byte), end + length <= count,
          second.contains(base[end + 1])
        {
          var k = 2
          while k < length && base[end + k] & 0xC0 == 0x80 { k += 1 }
          if k == length {
            end += length
            continue
          }
        }
        valid = false
        end += 1
        continue
      }
      if byte == 0x2C {
        guard commas + 1 < ends.count else { return .tooManyCommas }
        ends[commas] = end - start
        commas += 1
      } else if byte == 0x0A {
        break
      } else if byte == 0x0D {
        guard end + 1 < count, base[end + 1] == 0x0A else { return .notPlain }
        break
      } else if byte == 0x22 || byte == 0 {
        return .notPlain
      }
      end += 1
    }
    guard end < count else { return .notPlain }
    ends[commas] = end - start
    return .plain(end: end, commas: commas, isValidUTF8: valid)
  }

  /// Ends the input, handing over the last row when it has no line break after it.
  ///
  /// - Throws: `LoadError` `invalid` for a quoted field that never ends (naming the line where it
  ///   began) or a carriage return at the very end; or what `body` throws.
  mutating func finish(_ body: (Row) throws(LoadError) -> Void) throws(LoadError) {
    switch state {
    case .quoted:
      throw failure(
        line: quoteLine, "a quoted field never ends")
    case .afterReturn:
      throw failure(line: line, "a carriage return not followed by a line feed")
    case .fieldStart where !rowStarted:
      return
    case .fieldStart, .unquoted, .quoteInQuoted:
      endField()
      try endRow(body)
      state = .fieldStart
    }
  }

  /// `invalid(format: .csv, "line N: <what>")` about the source.
  private func failure(line: Int, _ what: String) -> LoadError {
    LoadError(source: source, reason: .invalid(format: .csv, "line \(line): \(what)"))
  }

  private mutating func endField() {
    fieldEnds.append(fieldBytes.count)
  }

  /// Hands the row over (unless it is blank) and starts the next.
  private mutating func endRow(_ body: (Row) throws(LoadError) -> Void) throws(LoadError) {
    defer {
      fieldBytes.removeAll(keepingCapacity: true)
      fieldEnds.removeAll(keepingCapacity: true)
      rowStarted = false
      rowQuoted = false
      rowLine = line + 1
    }
    if fieldEnds.count == 1 && !rowQuoted
      && fieldBytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 })
    {
      return
    }
    let line = rowLine
    try fieldBytes.withUnsafeBufferPointer { (bytes) throws(LoadError) in
      try fieldEnds.withUnsafeBufferPointer { (ends) throws(LoadError) in
        try body(Row(bytes: bytes, ends: ends, line: line))
      }
    }
  }
}
