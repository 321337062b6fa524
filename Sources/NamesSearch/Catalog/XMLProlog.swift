/// The part of an XML list before its root element, put in the form libxml2 accepts.
///
/// Foundation's `PropertyListSerialization` (and `plutil -lint`) read lists whose XML
/// declaration is not at the very start: after white space, after a byte-order mark and
/// white space, after comments or processing instructions, or given twice. libxml2 follows
/// XML 1.0 (§2.8: the declaration, if any, comes first) and refuses them. Before parsing,
/// the prolog is rewritten so both agree:
///
/// - white space before the first markup is dropped (its line breaks are counted, so line
///   numbers in messages stay those of the file);
/// - the first XML declaration moves to the front, its line breaks left in its place;
/// - any further XML declaration is dropped, its line breaks left in its place.
///
/// Comments, processing instructions and the DOCTYPE stay as they are. The text is read in
/// code units of its encoding: UTF-8 (the default, with or without a byte-order mark) or
/// UTF-16 (told by its byte-order mark or by a zero byte before or after the first `<`).
/// Nothing is rewritten when the prolog is already in XML 1.0's form.
struct XMLProlog {
  /// How far the prolog scan may go before it gives up, in bytes: a list needs a short
  /// prolog, and a longer one (a comment of megabytes) is refused rather than parsed.
  static let maximumLength = 1 << 20

  /// The result of looking at the first bytes of a document.
  enum Scan: Equatable {
    /// More bytes are needed to find where the root element starts.
    case needsMore
    /// The prolog is longer than `maximumLength`.
    case tooLong
    /// The bytes libxml2 should be given instead of the first `consumed` bytes, and how
    /// many line breaks were dropped from the start (to add to libxml2's line numbers).
    case rewritten(bytes: [UInt8], consumed: Int, droppedLines: Int)
  }

  /// Looks at `bytes`, the start of a document that opens with markup (after white space
  /// and a byte-order mark); `atEnd` says no more bytes follow.
  ///
  /// - Complexity: O(n) in the prolog's length.
  static func scan(_ bytes: [UInt8], atEnd: Bool) -> Scan {
    // A byte-order mark or the first UTF-16 unit may still be cut.
    guard atEnd || bytes.count >= 4 else { return .needsMore }
    let text = CodeUnits(bytes)
    let bomLength = text.start
    // White space before the first markup.
    var droppedLines = 0
    var i = bomLength
    while let unit = text[i], isSpace(unit) {
      if unit == 0x0A { droppedLines += 1 }
      i += text.width
    }
    let firstMarkup = i
    var declarations: [Range<Int>] = []
    // Comments, processing instructions and the DOCTYPE, up to the root element.
    while true {
      while let unit = text[i], isSpace(unit) { i += text.width }
      if i >= maximumLength + bomLength { return .tooLong }
      guard let unit = text[i] else {
        return atEnd ? .rewritten(bytes: [], consumed: 0, droppedLines: 0) : .needsMore
      }
      guard unit == 0x3C, let next = text[i + text.width] else {
        if unit == 0x3C && !atEnd { return .needsMore }
        break  // text, or the end: libxml2 will say what is wrong.
      }
      let end: Int?
      if next == 0x3F {  // <?
        end = text.find([0x3F, 0x3E], from: i + 2 * text.width)
        if let end, text.isDeclaration(at: i) { declarations.append(i..<end) }
      } else if text.matches([0x21, 0x2D, 0x2D], at: i + text.width) {  // <!--
        end = text.find([0x2D, 0x2D, 0x3E], from: i + 4 * text.width)
      } else if next == 0x21 {  // <!DOCTYPE …>
        end = text.endOfDoctype(from: i + 2 * text.width)
      } else {
        break  // the root element.
      }
      guard let end else {
        if i + maximumLength < text.count { return .tooLong }
        if atEnd { break }
        return .needsMore
      }
      i = end
    }
    let prologEnd = i
    if droppedLines == 0 && firstMarkup == bomLength
      && (declarations.isEmpty || declarations == [firstMarkup..<declarations[0].upperBound])
    {
      return .rewritten(bytes: [], consumed: 0, droppedLines: 0)
    }
    // Rebuild: byte-order mark, the first declaration, then the prolog without declarations.
    var out = Array(bytes[0..<bomLength])
    if let first = declarations.first {
      out += text.replacingLineBreaks(in: first, with: 0x20)
    }
    var position = firstMarkup
    for declaration in declarations {
      out += bytes[position..<declaration.lowerBound]
      let lines = text.lineBreaks(in: declaration)
      out += text.encode(Array(repeating: 0x0A, count: lines))
      position = declaration.upperBound
    }
    out += bytes[position..<prologEnd]
    return .rewritten(bytes: out, consumed: prologEnd, droppedLines: droppedLines)
  }

  /// XML white space (XML 1.0 §2.3 production S).
  private static func isSpace(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
  }

  /// The document's code units: bytes in UTF-8, pairs of bytes in UTF-16.
  private struct CodeUnits {
    let bytes: [UInt8]
    /// 1 for UTF-8, 2 for UTF-16.
    let width: Int
    let bigEndian: Bool
    /// Where the text starts: after the byte-order mark.
    let start: Int

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        (width, bigEndian, start) = (1, false, 3)
      } else if bytes.starts(with: [0xFE, 0xFF]) {
        (width, bigEndian, start) = (2, true, 2)
      } else if bytes.starts(with: [0xFF, 0xFE]) {
        (width, bigEndian, start) = (2, false, 2)
      } else if bytes.count >= 2 && bytes[0] == 0 && bytes[1] != 0 {
        (width, bigEndian, start) = (2, true, 0)
      } else if bytes.count >= 2 && bytes[0] != 0 && bytes[1] == 0 {
        (width, bigEndian, start) = (2, false, 0)
      } else {
        (width, bigEndian, start) = (1, false, 0)
      }
    }

    var count: Int { bytes.count }

    /// The code unit at byte offset `i`, or `nil` past the end.
    subscript(i: Int) -> UInt16? {
      guard i + width <= bytes.count else { return nil }
      if width == 1 { return UInt16(bytes[i]) }
      let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
      return bigEndian ? a << 8 | b : b << 8 | a
    }

    func matches(_ units: [UInt16], at i: Int) -> Bool {
      for (k, unit) in units.enumerated() where self[i + k * width] != unit { return false }
      return true
    }

    /// The offset just after the first `units` at or after `i`.
    func find(_ units: [UInt16], from i: Int) -> Int? {
      var i = i
      while let unit = self[i] {
        if unit == units[0] && matches(units, at: i) { return i + units.count * width }
        i += width
      }
      return nil
    }

    /// Whether `<?xml` followed by white space or `?>` starts at `i`.
    func isDeclaration(at i: Int) -> Bool {
      guard matches([0x3C, 0x3F, 0x78, 0x6D, 0x6C], at: i), let after = self[i + 5 * width]
      else { return false }
      return isSpace(after) || after == 0x3F
    }

    /// The offset after the `>` that closes a DOCTYPE whose `<!` ends before `i`: quoted
    /// strings and the internal subset in brackets are skipped.
    func endOfDoctype(from i: Int) -> Int? {
      var i = i
      var end = DoctypeEnd()
      while let unit = self[i] {
        i += width
        if end.ends(at: unit) { return i }
      }
      return nil
    }

    func lineBreaks(in range: Range<Int>) -> Int {
      stride(from: range.lowerBound, to: range.upperBound, by: width).count { self[$0] == 0x0A }
    }

    /// The bytes of `range` with each line break (CR or LF) replaced by `unit`.
    func replacingLineBreaks(in range: Range<Int>, with unit: UInt16) -> [UInt8] {
      var units: [UInt16] = []
      for i in stride(from: range.lowerBound, to: range.upperBound, by: width) {
        let u = self[i]!
        units.append(u == 0x0A || u == 0x0D ? unit : u)
      }
      return encode(units)
    }

    func encode(_ units: [UInt16]) -> [UInt8] {
      if width == 1 { return units.map { UInt8(truncatingIfNeeded: $0) } }
      return units.flatMap { u -> [UInt8] in
        let (high, low) = (UInt8(u >> 8), UInt8(u & 0xFF))
        return bigEndian ? [high, low] : [low, high]
      }
    }
  }
}
