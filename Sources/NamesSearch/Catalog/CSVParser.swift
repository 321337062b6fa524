/// Splits comma-separated values (RFC 4180) into rows of fields, however the input is cut
/// into chunks: plain rows (on one line, see `plainRows`) straight from a chunk whose
/// complete lines were checked at once, 8 bytes at a time; any other row byte by byte.
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
/// in place says it was found well-formed (`Row.isValidUTF8`).
///
/// ```swift
/// var parser = CSVParser(source: "contacts.csv")
/// try parser.parse(bytes) { row in … }   // row.count, row[0], row.line
/// try parser.finish { row in … }
/// ```
struct CSVParser {
  /// One row: its fields' bytes, valid only during the call that hands it over.
  struct Row {
    /// The fields' bytes, back to back, or (a plain row read in place) the line itself,
    /// without its line break, quotes and commas included.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The end offset of each field in `bytes`.
    let ends: UnsafeBufferPointer<Int>
    /// The 1-based line where the row begins.
    let line: Int
    /// The start offset of each field in `bytes` for a plain row read in place; `nil` when
    /// the fields lie back to back (each starts where the one before ends).
    var starts: UnsafeBufferPointer<Int>? = nil
    /// Whether `bytes` is known to be well-formed UTF-8 without a zero byte
    /// (`UTF8Validation`'s rule), checked with the chunk it lies in. `false` says nothing:
    /// the row is not checked.
    var isValidUTF8 = false

    /// The number of fields.
    var count: Int { ends.count }

    /// The offset in `bytes` where field `i` (0-based) starts.
    @inline(__always)
    func start(of i: Int) -> Int {
      if let starts { return starts[i] }
      return i == 0 ? 0 : ends[i - 1]
    }

    /// The bytes of field `i` (0-based), quotes removed and `""` made one `"`.
    @inline(__always)
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
  /// The field starts (first half) and ends (second half) of a plain row read in place,
  /// doubled when a row has more fields than half its length.
  private var plainBounds = [Int](repeating: 0, count: 32)
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
    /// The end of the checked region (`checkedLimit`), found at the first row start.
    var limit = -1
    while i < count {
      if state == .fieldStart && !rowStarted {
        if limit < 0 { limit = Self.checkedLimit(base, from: i, count: count) }
        if i < limit {
          let next = try plainRows(base, from: i, limit: limit, body)
          if next > i {
            i = next
            continue
          }
        }
      }
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

  /// The end of the region of the chunk at `base` (`count` bytes) whose plain rows need no
  /// more checks: from offset `start` (where a row starts) to just after the chunk's last
  /// line feed, when those bytes are well-formed UTF-8 without a zero byte, checked in one
  /// pass (`UTF8Validation.isValid(_:rejectingZero:)`, about 3 instructions a byte); `start`
  /// (no region) when there is no line feed or a check fails, so that every row of the
  /// chunk is read by the state machine and checked alone, its error naming its line.
  ///
  /// A row inside the region is well-formed too: UTF-8 sequences hold no ASCII byte, so
  /// none spans the line feed, comma or quote that bounds a field.
  ///
  /// - Complexity: O(n) in `count - start`.
  private static func checkedLimit(_ base: UnsafePointer<UInt8>, from start: Int, count: Int)
    -> Int
  {
    var last = count - 1
    while last >= start && base[last] != 0x0A { last -= 1 }
    guard last >= start,
      UTF8Validation.isValid(
        UnsafeBufferPointer(start: base + start, count: last - start), rejectingZero: true)
    else { return start }
    return last + 1
  }

  /// Hands over, straight from the chunk (no copy), the plain rows that follow one another
  /// from offset `start` of the bytes at `base`, inside the checked region that ends at
  /// `limit` (`checkedLimit`, so `base[limit - 1]` is a line feed). Returns the offset
  /// after the last row handed over or skipped: `start` when the first row is not plain.
  ///
  /// A plain row lies on one line, ending at LF or CRLF; each of its fields is unquoted
  /// without a quote or carriage return, or quoted without a line feed inside and followed
  /// by a comma or the line's end. A row whose quoted fields hold `""` is handed over
  /// copied (`unescaped`), the others in place. Any other row, with the errors it may hold, is
  /// left to the state machine. The fields' bounds go to `bounds`, grown when a row has
  /// more fields than it holds.
  ///
  /// - Throws: what `body` throws.
  /// - Complexity: O(n) in the rows' size: their special bytes are found 8 at a time
  ///   (`firstSpecial`, `firstQuoteOrLineFeed`).
  private mutating func plainRows(
    _ base: UnsafePointer<UInt8>, from start: Int, limit: Int,
    _ body: (Row) throws(LoadError) -> Void
  ) throws(LoadError) -> Int {
    var bounds: [Int] = []
    swap(&bounds, &plainBounds)
    var line = self.line
    var next = start
    defer {
      swap(&bounds, &plainBounds)
      self.line = line
      rowLine = line
    }
    while true {
      let isFull = try bounds.withUnsafeMutableBufferPointer {
        (bounds) throws(LoadError) -> Bool in
        let capacity = bounds.count / 2
        let starts = bounds.baseAddress!
        let ends = starts + capacity
        while next < limit {
          var p = next
          var fields = 0
          var isQuoted = false
          var hasDoubledQuote = false
          var after = 0
          while true {
            guard fields < capacity else { return true }
            if base[p] == 0x22 {
              var close = Self.firstQuoteOrLineFeed(base, from: p + 1, limit: limit)
              while base[close] == 0x22 && base[close + 1] == 0x22 {
                hasDoubledQuote = true
                close = Self.firstQuoteOrLineFeed(base, from: close + 2, limit: limit)
              }
              guard base[close] == 0x22 else { return false }
              starts[fields] = p + 1 - next
              ends[fields] = close - next
              p = close + 1
              isQuoted = true
            } else {
              let special = Self.firstSpecial(base, from: p, limit: limit)
              starts[fields] = p - next
              ends[fields] = special - next
              p = special
            }
            fields += 1
            let byte = base[p]
            if byte == 0x2C {
              p += 1
              continue
            }
            if byte == 0x0A {
              after = p + 1
            } else if byte == 0x0D && base[p + 1] == 0x0A {
              after = p + 2
            } else {
              return false
            }
            break
          }
          let bytes = UnsafeBufferPointer(start: base + next, count: p - next)
          let rowLine = line
          line += 1
          next = after
          if fields == 1 && !isQuoted && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            continue
          }
          if hasDoubledQuote {
            try unescaped(
              bytes, starts: UnsafeBufferPointer(start: starts, count: fields),
              ends: UnsafeBufferPointer(start: ends, count: fields), line: rowLine, body)
            continue
          }
          try body(
            Row(
              bytes: bytes, ends: UnsafeBufferPointer(start: ends, count: fields),
              line: rowLine, starts: UnsafeBufferPointer(start: starts, count: fields),
              isValidUTF8: true))
        }
        return false
      }
      guard isFull else { return next }
      bounds = [Int](repeating: 0, count: bounds.count * 2)
    }
  }

  /// Hands over a plain row whose quoted fields hold `""`, its fields (at `starts` and
  /// `ends` in `bytes`) copied back to back with each `""` made one `"`; still known to be
  /// well-formed UTF-8, as dropping an ASCII byte between sequences keeps it so.
  ///
  /// - Throws: what `body` throws.
  /// - Complexity: O(n) in the row's size.
  private mutating func unescaped(
    _ bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>,
    ends: UnsafeBufferPointer<Int>, line: Int, _ body: (Row) throws(LoadError) -> Void
  ) throws(LoadError) {
    defer {
      fieldBytes.removeAll(keepingCapacity: true)
      fieldEnds.removeAll(keepingCapacity: true)
    }
    for field in 0..<ends.count {
      var i = starts[field]
      while i < ends[field] {
        let byte = bytes[i]
        fieldBytes.append(byte)
        i += byte == 0x22 ? 2 : 1
      }
      fieldEnds.append(fieldBytes.count)
    }
    try fieldBytes.withUnsafeBufferPointer { (copied) throws(LoadError) in
      try fieldEnds.withUnsafeBufferPointer { (copiedEnds) throws(LoadError) in
        try body(Row(bytes: copied, ends: copiedEnds, line: line, isValidUTF8: true))
      }
    }
  }

  /// Each byte of `word` with its high bit set when it is not `byte`, exactly (no carry
  /// crosses bytes: each 7-bit sum is at most 0xFE); the low bits are noise.
  @inline(__always)
  private static func differs(_ word: UInt64, from byte: UInt8) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let other = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return ((other & low) &+ low) | other
  }

  /// The offset of the first `,`, `"`, CR or LF at or after `start` in the bytes at `base`,
  /// one of which comes before `limit`; read 8 bytes at a time.
  @inline(__always)
  private static func firstSpecial(_ base: UnsafePointer<UInt8>, from start: Int, limit: Int)
    -> Int
  {
    var i = start
    while i + 8 <= limit {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
      let found =
        ~(differs(word, from: 0x2C) & differs(word, from: 0x22) & differs(word, from: 0x0D)
        & differs(word, from: 0x0A)) & 0x8080_8080_8080_8080
      if found != 0 { return i + found.trailingZeroBitCount >> 3 }
      i += 8
    }
    while true {
      let byte = base[i]
      if byte == 0x2C || byte == 0x22 || byte == 0x0D || byte == 0x0A { return i }
      i += 1
    }
  }

  /// The offset of the first `"` or LF at or after `start` in the bytes at `base`, one of
  /// which comes before `limit`; read 8 bytes at a time.
  @inline(__always)
  private static func firstQuoteOrLineFeed(
    _ base: UnsafePointer<UInt8>, from start: Int, limit: Int
  ) -> Int {
    var i = start
    while i + 8 <= limit {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
      let found =
        ~(differs(word, from: 0x22) & differs(word, from: 0x0A)) & 0x8080_8080_8080_8080
      if found != 0 { return i + found.trailingZeroBitCount >> 3 }
      i += 8
    }
    while true {
      let byte = base[i]
      if byte == 0x22 || byte == 0x0A { return i }
      i += 1
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
