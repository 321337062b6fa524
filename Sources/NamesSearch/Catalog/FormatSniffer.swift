/// Tells a list's format (`ListFormat`) from its first bytes, reading no more than it needs.
///
/// It reads until the first *significant* byte (not white space, a byte-order mark or a
/// UTF-16 zero byte) and the bytes that tell its format after it (16 for most; for text,
/// the first line; for `{`, the first key, up to 64 KiB; `OpenStepText`), so every input takes time and
/// memory in proportion to what it reads, and input that is clearly not a list is refused
/// at once, without reading the rest:
///
/// | first bytes | answer |
/// | --- | --- |
/// | `bplist` at offset 0 | binary property list |
/// | `<` after white space, a byte-order mark, UTF-16 zero bytes | XML property list |
/// | three zero bytes in a row before any of these | refused at once: "it starts with zero bytes" |
/// | `SQLite format 3\0` at offset 0 | SQLite database |
/// | `(`, `//`, `/*`; `{` then a key not followed by `:`; `title = (` | OpenStep property list (`OpenStepText`) |
/// | `{` or `[` | JSON |
/// | a first line starting with `"` or holding a comma | CSV |
/// | any other UTF-8 text | text list |
/// | a zero byte (UTF-16) before anything but `<` | refused: "expected an XML or a binary property list" |
/// | nothing | `empty`; only white space: `blank` |
///
/// The CSV rule is a guess: a text list whose first name holds a comma ("Smith, John"), or
/// a CSV file of one column whose header is not quoted, needs its format named
/// (`LoadOptions.format`).
///
/// White space before the first significant byte of a UTF-8 document is dropped as it is
/// read (its line breaks counted), so a pipe of 100 MB of white space costs one chunk of
/// memory; a white-space byte followed by a zero byte is the first unit of UTF-16LE text
/// and is kept. For CSV and text, the white space after the last line break dropped
/// starts the first line and is given back (up to `maximumLineStart` bytes), so a CSV
/// header's first field keeps its leading spaces. The same bytes take the same path
/// however a pipe splits them.
enum FormatSniffer {
  /// What was read: the format, the bytes kept (from the first byte not dropped), and the
  /// line breaks in the white space dropped before them (LFs; for OpenStep text, which
  /// counts lines as Foundation does, LFs, CRs and CRLFs).
  struct Sniffed {
    var format: ListFormat
    var prefix: [UInt8]
    var droppedLines: Int
    /// The bytes dropped after the last dropped line break (all white space, one column
    /// each): where the first kept byte's column starts.
    var droppedColumns = 0
  }

  /// Reads from `reader` until the format shows, using `chunk` as its read buffer.
  ///
  /// - Throws: `LoadError` (`empty`, `blank`, `notAList`), or what reading throws.
  /// - Complexity: O(n) in the bytes read.
  static func sniff(
    _ reader: FileReader, chunk: inout [UInt8], format forced: ListFormat? = nil,
    progress: CatalogLoader.Progress?
  ) throws(LoadError) -> Sniffed {
    var prefix: [UInt8] = []
    var droppedBytes = 0
    var droppedLines = 0
    var droppedColumns = 0
    var significant: Int? = nil
    // The last white-space byte seen while dropping: a zero byte after it makes it the low
    // byte of a UTF-16LE unit, which is kept.
    var pendingSpace: UInt8? = nil
    var dropping = true
    var zeros = 0
    // The white space dropped since the last line feed, given back to CSV and text, where
    // it belongs to the first line (at most `maximumLineStart` bytes of it).
    var lineStart: [UInt8] = []
    var lineStartOverflows = false
    // The same lines and columns counted as OpenStep text counts them, where a CR alone
    // also ends a line (CRLF one): its messages name lines as Foundation's do.
    var droppedBreaks = 0
    var droppedColumnsAfterBreak = 0
    var droppedCR = false
    func drop(_ space: UInt8) {
      droppedBytes += 1
      if space == 0x0A || space == 0x0D {
        if space == 0x0D || !droppedCR { droppedBreaks += 1 }
        droppedColumnsAfterBreak = 0
      } else {
        droppedColumnsAfterBreak += 1
      }
      droppedCR = space == 0x0D
      if space == 0x0A {
        droppedLines += 1
        droppedColumns = 0
        lineStart.removeAll(keepingCapacity: true)
        lineStartOverflows = false
      } else {
        droppedColumns += 1
        if lineStart.count < maximumLineStart {
          lineStart.append(space)
        } else {
          lineStartOverflows = true
        }
      }
    }
    func refuse(_ why: String) -> LoadError {
      LoadError(source: reader.source, reason: .notAList(why))
    }
    // Enough to tell: 16 bytes ("SQLite format 3\0"), and for text the whole first line
    // (up to 64 KiB) so CSV can be told from a plain list, and OpenStep text from both (its
    // first title's `=` may come lines later, after a comment).
    func isEnough(_ significant: Int) -> Bool {
      guard prefix.count - significant >= 16 else { return false }
      if [UInt8(ascii: "<"), UInt8(ascii: "[")].contains(prefix[significant])
        || prefix.starts(with: Array("bplist".utf8))
      {
        return true
      }
      // OpenStep text shows in its first string (`{` starts JSON and OpenStep text alike:
      // the first key tells them apart), looked for in `openStepWindow` bytes only.
      let told =
        OpenStepText.isOpenStep(openStepLook(prefix, significant)) != nil
        || prefix.count - significant >= openStepWindow
      if prefix[significant] == UInt8(ascii: "{") { return told }
      return told && (prefix.count >= 1 << 16 || prefix[significant...].contains(0x0A))
    }
    while !(significant.map(isEnough) ?? false) {
      let count = try reader.read(into: &chunk)
      progress?(reader.bytesRead, reader.expectedSize)
      if count == 0 { break }
      var start = 0
      if dropping {
        while start < count && isSpace(chunk[start]) {
          if let pending = pendingSpace { drop(pending) }
          pendingSpace = chunk[start]
          start += 1
        }
        if start < count {
          dropping = false
          if let pending = pendingSpace {
            if chunk[start] == 0 { prefix.append(pending) } else { drop(pending) }
          }
        }
      }
      let scanned = prefix.count
      prefix.append(contentsOf: chunk[start..<count])
      guard significant == nil else { continue }
      // Text (UTF-8 or UTF-16) never has three zero bytes in a row before its first "<".
      for i in scanned..<prefix.count {
        let byte = prefix[i]
        if ListFormat.isSignificant(byte) {
          significant = i
          break
        }
        zeros = byte == 0 ? zeros + 1 : 0
        if zeros == 3 { throw refuse("it starts with zero bytes") }
      }
    }
    if dropping, let pending = pendingSpace { drop(pending) }
    guard let significant else {
      if prefix.isEmpty && droppedBytes == 0 {
        throw LoadError(source: reader.source, reason: .empty)
      }
      if prefix.allSatisfy(isSpace) { throw LoadError(source: reader.source, reason: .blank) }
      throw refuse("expected an XML or a binary property list")
    }
    let detected = detect(prefix, significant: significant, droppedBytes: droppedBytes)
    // CSV and text get back the white space that starts their first line.
    func sniffed(_ format: ListFormat) throws(LoadError) -> Sniffed {
      if format == .openStepPropertyList {
        // A kept LF right after a dropped CR ends no other line: the scanner counts it.
        let kept = droppedCR && prefix.first == 0x0A ? 1 : 0
        return Sniffed(
          format: format, prefix: prefix, droppedLines: droppedBreaks - kept,
          droppedColumns: droppedColumnsAfterBreak)
      }
      guard format == .csv || format == .text, !lineStart.isEmpty else {
        return Sniffed(
          format: format, prefix: prefix, droppedLines: droppedLines,
          droppedColumns: droppedColumns)
      }
      if lineStartOverflows && format == .csv {
        throw LoadError(
          source: reader.source,
          reason: .invalid(
            format: .csv,
            "line \(droppedLines + 1): more than \(maximumLineStart) bytes of white space"
              + " before the first field"))
      }
      return Sniffed(format: format, prefix: lineStart + prefix, droppedLines: droppedLines)
    }
    if let forced, forced != .xmlPropertyList, forced != .binaryPropertyList {
      return try sniffed(forced)
    }
    if let detected, forced == nil || forced == detected {
      return try sniffed(detected)
    }
    if droppedBytes == 0 && prefix.starts(with: Array("bplist".utf8)) {
      return Sniffed(format: .binaryPropertyList, prefix: prefix, droppedLines: 0)
    }
    // UTF-16 has at most one zero byte in a row before "<"; UTF-32 is not read; after
    // white space, "<" must come at once (a byte-order mark there is not one).
    guard prefix[significant] == UInt8(ascii: "<"),
      droppedBytes == 0 || significant == 0
    else {
      throw refuse("expected an XML or a binary property list")
    }
    return Sniffed(format: .xmlPropertyList, prefix: prefix, droppedLines: droppedLines)
  }

  /// The format that the first bytes announce, other than an XML or binary property list:
  /// SQLite by its 16-byte header, OpenStep text by `OpenStepText`'s rules, JSON by a first
  /// `{` or `[`, CSV by a first line holding a comma or starting with a quote, plain text
  /// otherwise; `nil` for an XML or binary property list (`<`, `bplist`), left to the rules
  /// above.
  private static func detect(_ prefix: [UInt8], significant: Int, droppedBytes: Int)
    -> ListFormat?
  {
    if droppedBytes == 0 && prefix.starts(with: Array("SQLite format 3\0".utf8)) {
      return .sqlite
    }
    if droppedBytes == 0 && prefix.starts(with: Array("bplist".utf8)) { return nil }
    switch prefix[significant] {
    case UInt8(ascii: "<"): return nil
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "{"):
      return OpenStepText.isOpenStep(openStepLook(prefix, significant)) == true
        ? .openStepPropertyList : .json
    default: break
    }
    if OpenStepText.isOpenStep(openStepLook(prefix, significant)) == true {
      return .openStepPropertyList
    }
    // UTF-16 text (a zero byte before the first significant one) is a property list's
    // business; it is refused there.
    if prefix[..<significant].contains(0) { return nil }
    let firstLine = prefix[significant...].prefix { $0 != 0x0A }
    if firstLine.first == UInt8(ascii: "\"") || firstLine.contains(UInt8(ascii: ",")) {
      return .csv
    }
    return .text
  }

  /// The most white space kept from the start of a CSV or text list's first line, in bytes
  /// (a text list trims it anyway).
  static let maximumLineStart = 1 << 16

  /// How many bytes from the first significant one `OpenStepText` is shown: always this
  /// many (or all, when the input is shorter), so that the same bytes are told the same way
  /// whether a file's first read or a pipe's many small ones brought them. (A first quoted
  /// string longer than this is not told as OpenStep text: name the format.)
  static let openStepWindow = 1 << 20

  /// The bytes `OpenStepText` looks at: `openStepWindow` from `significant` on.
  private static func openStepLook(_ prefix: [UInt8], _ significant: Int) -> ArraySlice<UInt8> {
    prefix[significant..<min(prefix.count, significant + openStepWindow)]
  }

  /// XML white space: space, tab, line feed, carriage return.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
