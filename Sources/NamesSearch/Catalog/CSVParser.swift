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
/// that they are UTF-8 is the caller's business (`UTF8Validation`).
///
/// ```swift
/// var parser = CSVParser(source: "contacts.csv")
/// try parser.parse(bytes) { row in … }   // row.count, row[0], row.line
/// try parser.finish { row in … }
/// ```
struct CSVParser {
  /// One row: its fields' bytes, valid only during the call that hands it over.
  struct Row {
    /// The fields' bytes, back to back.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The end offset of each field in `bytes`.
    let ends: UnsafeBufferPointer<Int>
    /// The 1-based line where the row begins.
    let line: Int

    /// The number of fields.
    var count: Int { ends.count }

    /// The bytes of field `i` (0-based), quotes removed and `""` made one `"`.
    subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
      let start = i == 0 ? 0 : ends[i - 1]
      return UnsafeBufferPointer(rebasing: bytes[start..<ends[i]])
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
