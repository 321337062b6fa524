/// Watches the bytes of an XML list on their way to libxml2 and stops any piece of markup
/// that a list never needs at a size that would make the parse slow.
///
/// libxml2's push parser (2.9) looks for the end of an unfinished tag, comment, processing
/// instruction or CDATA section from its start again with every chunk it is given, so one
/// such piece of n bytes costs O(n²/chunk): a 50 MB comment took 30 s through a pipe, a
/// tag with 160,000 attributes 21 s. A sortednames list needs none of them long (its tags
/// are `<plist version="1.0">`, `<key>`, `<string>`…; names are text), so each is held to a
/// limit, and loading stays linear in the input:
///
/// | markup | at most |
/// | --- | --- |
/// | a tag, with its attributes | `maximumTagLength` (64 KiB) |
/// | a comment, processing instruction, CDATA section or DOCTYPE | `maximumBlockLength` (1 MiB) |
///
/// The scan is a small state machine over the document's code units (UTF-8 bytes, or
/// UTF-16 units given `width` 2), fed chunk by chunk, O(1) per unit; it counts lines so its
/// message names where the piece starts.
struct XMLMarkupGuard {
  /// The longest tag accepted, in bytes from `<` to `>`.
  static let maximumTagLength = 1 << 16
  /// The longest comment, processing instruction, CDATA section or DOCTYPE, in bytes.
  static let maximumBlockLength = 1 << 20

  private enum State {
    case text
    /// After `<`.
    case open
    /// After `<!`, collecting what follows to tell a comment, CDATA or a DOCTYPE.
    case bang
    case tag(quote: UInt16?)
    case comment, instruction, cdata
    case doctype(DoctypeEnd)
  }

  private var state = State.text
  /// Bytes per code unit: 1 (UTF-8) or 2 (UTF-16).
  private let width: Int
  private let bigEndian: Bool
  /// The first byte of a UTF-16 unit cut by the end of a chunk.
  private var pendingByte: UInt8?
  /// The current line (1-based): after all the bytes scanned, the line where they end.
  private(set) var line: Int
  /// The line where the current piece of markup starts.
  private var pieceLine = 0
  /// Units since the current piece's `<`.
  private var pieceLength = 0
  /// The last two units, to find `-->`, `?>` and `]]>`.
  private var previous: (UInt16, UInt16) = (0, 0)
  /// The units after `<!`, up to 7.
  private var bangText: [UInt16] = []

  /// A guard for text in `width`-byte code units whose first line is `firstLine`.
  init(width: Int = 1, bigEndian: Bool = false, firstLine: Int = 1) {
    self.width = width
    self.bigEndian = bigEndian
    self.line = firstLine
  }

  /// A guard for `prefix`, the document's first bytes as libxml2 will see them: UTF-16
  /// when they start with its byte-order mark or have a zero byte beside the first `<`.
  init(forDocumentStartingWith prefix: some Collection<UInt8>, firstLine: Int = 1) {
    let bytes = Array(prefix.prefix(2))
    if bytes == [0xFE, 0xFF] || (bytes.count == 2 && bytes[0] == 0 && bytes[1] != 0) {
      self.init(width: 2, bigEndian: true, firstLine: firstLine)
    } else if bytes == [0xFF, 0xFE] || (bytes.count == 2 && bytes[0] != 0 && bytes[1] == 0) {
      self.init(width: 2, bigEndian: false, firstLine: firstLine)
    } else {
      self.init(firstLine: firstLine)
    }
  }

  /// Scans the next bytes of the document.
  ///
  /// UTF-8 takes fast paths for the two states most bytes are in: text skips to the next
  /// `<` and a tag to its next `>`, `"` or `'` (or its closing quote), eight bytes at a
  /// time (`ByteLanes`), counting the line feeds they skip in the same pass; the bytes that
  /// change the state, and every byte of the rarer states, go through the per-unit machine.
  /// It answers exactly as `scanUnitByUnit(_:)` does, message and `line` alike.
  ///
  /// - Returns: `nil`, or the message for the first piece of markup over its limit
  ///   ("line 3: a comment longer than 1048576 bytes").
  /// - Complexity: O(n) in `bytes.count`.
  mutating func scan(_ bytes: UnsafeRawBufferPointer) -> String? {
    guard width == 1 else { return scanUnitByUnit(bytes) }
    guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
    return scanUTF8(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
  }

  /// Scans the next bytes one code unit at a time through the state machine: the plain
  /// reference `scan(_:)` must agree with (tests), and the path for UTF-16.
  ///
  /// - Returns: as `scan(_:)`.
  /// - Complexity: O(n) in `bytes.count`.
  mutating func scanUnitByUnit(_ bytes: UnsafeRawBufferPointer) -> String? {
    var i = 0
    if width == 2, let first = pendingByte, bytes.count > 0 {
      pendingByte = nil
      if let message = step(unit(first, bytes[0])) { return message }
      i = 1
    }
    if width == 1 {
      while i < bytes.count {
        if let message = step(UInt16(bytes[i])) { return message }
        i += 1
      }
    } else {
      while i + 1 < bytes.count {
        if let message = step(unit(bytes[i], bytes[i + 1])) { return message }
        i += 2
      }
      if i < bytes.count { pendingByte = bytes[i] }
    }
    return nil
  }

  /// `scan(_:)` for UTF-8: the `count` bytes at `bytes`.
  private mutating func scanUTF8(_ bytes: UnsafePointer<UInt8>, count: Int) -> String? {
    var i = 0
    while i < count {
      switch state {
      case .text, .tag(quote: .none):
        i = scanPlain(bytes, from: i, count: count)
      case .tag(quote: let quote?):
        // Inside a quoted value: skip to the closing quote, within the tag's limit.
        let closing = UInt8(truncatingIfNeeded: quote)
        let end = min(count, i + (Self.maximumTagLength - pieceLength))
        var feeds = 0
        let next = Self.find(bytes, from: i, to: end, lineFeeds: &feeds) {
          ByteLanes.equal($0, closing)
        } isStop: {
          $0 == closing
        }
        line += feeds
        pieceLength += next - i
        remember(bytes, from: i, to: next)
        i = next
      default:
        break
      }
      guard i < count else { return nil }
      // A byte only the per-unit machine takes: one after `<!`, `<?` or in a comment,
      // CDATA section, DOCTYPE…; a quote in a tag; the byte past a tag's limit.
      if let message = step(UInt16(bytes[i])) { return message }
      i += 1
    }
    return nil
  }

  /// Takes bytes from `start` while the state is text or a tag outside quotes (most of a
  /// list: `<string>`, a name, `</string>`, a line break), with the counts in locals, as
  /// `step` would: text up to `<` and a tag up to `>` eight bytes at a time, and the unit
  /// after `<` when it starts a tag. Returns where it stopped: `count`, or a byte `step`
  /// must take (after `<`, a `!`, `?` or `>`; in a tag, a quote or the byte past the limit).
  private mutating func scanPlain(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int)
    -> Int
  {
    var k = start
    var line = self.line
    var pieceLength = self.pieceLength
    var pieceLine = self.pieceLine
    var inTag = true
    if case .text = state { inTag = false }
    var opened = false
    while true {
      if !inTag {
        k = Self.find(bytes, from: k, to: count, lineFeeds: &line) {
          ByteLanes.equal($0, 0x3C)
        } isStop: {
          $0 == 0x3C
        }
        guard k < count else { break }
        // The `<`, then the unit after it when it starts a tag (a quote there opens no
        // value), as `step` takes them in `.text` and `.open`.
        pieceLength = 1
        pieceLine = line
        k += 1
        guard k < count, bytes[k] != 0x21 && bytes[k] != 0x3F && bytes[k] != 0x3E else {
          opened = true
          break
        }
        if bytes[k] == 0x0A { line += 1 }
        pieceLength = 2
        k += 1
        inTag = true
      }
      // Units this tag may still take: the limit is passed only at a byte that `step`
      // takes, so its line is counted as the per-unit machine counts it.
      let end = min(count, k + (Self.maximumTagLength - pieceLength))
      let next = Self.find(bytes, from: k, to: end, lineFeeds: &line) {
        ByteLanes.equal($0, 0x3E) | ByteLanes.equal($0, 0x22) | ByteLanes.equal($0, 0x27)
      } isStop: {
        $0 == 0x3E || $0 == 0x22 || $0 == 0x27
      }
      pieceLength += next - k
      k = next
      guard k < end && bytes[k] == 0x3E else { break }
      // The tag's `>`, within the limit: back to text.
      pieceLength += 1
      k += 1
      inTag = false
    }
    self.line = line
    self.pieceLength = pieceLength
    self.pieceLine = pieceLine
    state = opened ? .open : inTag ? .tag(quote: nil) : .text
    remember(bytes, from: start, to: k)
    return k
  }

  /// The first stop byte from `from` before `end` (`end` when there is none), adding the
  /// line feeds before it to `lineFeeds`. `stops` gives the lane mask of the stop bytes in
  /// a word (`ByteLanes`), `isStop` tells one byte.
  ///
  /// - Complexity: O(end - from), eight bytes a step.
  @inline(__always)
  private static func find(
    _ bytes: UnsafePointer<UInt8>, from: Int, to end: Int, lineFeeds: inout Int,
    stops: (UInt64) -> UInt64, isStop: (UInt8) -> Bool
  ) -> Int {
    var k = from
    while k &+ 8 <= end {
      let word = ByteLanes.load(bytes, at: k)
      let found = stops(word)
      let feeds = ByteLanes.equal(word, 0x0A)
      if found != 0 {
        let lane = ByteLanes.firstLane(found)
        lineFeeds &+= ByteLanes.count(feeds, firstLanes: lane)
        return k &+ lane
      }
      lineFeeds &+= ByteLanes.count(feeds)
      k &+= 8
    }
    while k < end {
      let byte = bytes[k]
      if isStop(byte) { return k }
      lineFeeds &+= byte == 0x0A ? 1 : 0
      k &+= 1
    }
    return k
  }

  /// Keeps the last two of the bytes `from..<to`, all taken, as `previous`.
  @inline(__always)
  private mutating func remember(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int) {
    if to - from >= 2 {
      previous = (UInt16(bytes[to - 2]), UInt16(bytes[to - 1]))
    } else if to - from == 1 {
      previous = (previous.1, UInt16(bytes[from]))
    }
  }

  private func unit(_ a: UInt8, _ b: UInt8) -> UInt16 {
    bigEndian ? UInt16(a) << 8 | UInt16(b) : UInt16(b) << 8 | UInt16(a)
  }

  /// Takes one code unit.
  private mutating func step(_ unit: UInt16) -> String? {
    if unit == 0x0A { line += 1 }
    defer { previous = (previous.1, unit) }
    switch state {
    case .text:
      if unit == 0x3C {
        state = .open
        pieceLength = 1
        pieceLine = line
      }
      return nil
    case .open:
      pieceLength += 1
      switch unit {
      case 0x21:
        bangText.removeAll(keepingCapacity: true)
        state = .bang
      case 0x3F: state = .instruction
      default: state = unit == 0x3E ? .text : .tag(quote: nil)
      }
      return nil
    case .bang:
      pieceLength += 1
      bangText.append(unit)
      if bangText == Self.commentOpening {
        state = .comment
        previous = (0, 0)
      } else if bangText == Self.cdataOpening {
        state = .cdata
      } else if !Self.commentOpening.starts(with: bangText)
        && !Self.cdataOpening.starts(with: bangText)
      {
        return step(inDoctype: unit, DoctypeEnd())
      }
      return nil
    case .tag(let quote):
      pieceLength += 1
      if let quote {
        if unit == quote { state = .tag(quote: nil) }
      } else if unit == 0x22 || unit == 0x27 {
        state = .tag(quote: unit)
      } else if unit == 0x3E {
        state = .text
      }
      return pieceLength * width > Self.maximumTagLength
        ? tooLong("a tag", Self.maximumTagLength) : nil
    case .comment:
      // "-->" ends it only after "<!--" and two more units: "<!--->" is no comment's end.
      return block(
        ending: unit == 0x3E && previous == (0x2D, 0x2D) && pieceLength >= 6, "a comment")
    case .instruction:
      // "?>" ends it only after "<?" and one more unit: "<?>" is no instruction's end.
      return block(
        ending: unit == 0x3E && previous.1 == 0x3F && pieceLength >= 3,
        "a processing instruction")
    case .cdata:
      return block(ending: unit == 0x3E && previous == (0x5D, 0x5D), "a CDATA section")
    case .doctype(let end):
      return step(inDoctype: unit, end)
    }
  }

  private mutating func step(inDoctype unit: UInt16, _ end: DoctypeEnd) -> String? {
    var end = end
    if end.ends(at: unit) {
      state = .text
      return nil
    }
    state = .doctype(end)
    return block(ending: false, "a DOCTYPE")
  }

  /// Counts a unit of a comment, instruction, CDATA section or DOCTYPE.
  private mutating func block(ending: Bool, _ what: String) -> String? {
    pieceLength += 1
    if ending { state = .text }
    return pieceLength * width > Self.maximumBlockLength
      ? tooLong(what, Self.maximumBlockLength) : nil
  }

  private func tooLong(_ what: String, _ limit: Int) -> String {
    "line \(pieceLine): \(what) longer than \(limit) bytes"
  }

  private static let commentOpening: [UInt16] = [0x2D, 0x2D]
  private static let cdataOpening: [UInt16] = Array("[CDATA[".utf16)
}
