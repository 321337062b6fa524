/// Reads a plain-text list: UTF-8, one name a line, lines ending in LF or CRLF (the last
/// may end without).
///
/// - Each line is trimmed of spaces, tabs and carriage returns at both ends (indentation
///   and trailing blanks an editor left are not part of a name); a line left empty is
///   skipped, so blank lines and lines of only spaces count for nothing.
/// - A UTF-8 byte-order mark at the start is dropped.
/// - The list is flat: it gets made sections (`SectionsBuilder`'s `SectionMaker`), names in
///   file order within equal keys.
/// - A text list holds names, not records: a chosen field (`--key`, `--search-key`,
///   `--section-key`) fails with `notRecords`.
///
/// Errors name the 1-based line: `invalid(format: .text, "line N: not valid UTF-8 (bytes …)")`
/// and `"line N: a zero byte (the file is not text)"`.
enum TextListReader: ListReader {
  static var access: ListAccess { .stream }

  /// Reads the whole list from `input`, in 1 MiB chunks after the sniffed prefix.
  ///
  /// - Throws: `LoadError` as listed above, `notRecords`, what `ExpansionLimit` throws,
  ///   `memoryRefused`, or what reading throws.
  /// - Complexity: O(n) in the input's size, plus the made sections' sort.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    try read(input, chunkSize: 1 << 20)
  }

  /// `read(_:)` reading `chunkSize` bytes at a time (tests cut the input small), the
  /// sniffed prefix cut the same way.
  static func read(_ input: ListInput, chunkSize: Int) throws(LoadError) -> SectionedNames {
    let fields = input.options.fields
    if let field = fields.name ?? fields.search.first ?? fields.section {
      throw LoadError(source: input.source, reason: .notRecords(field: field.description))
    }
    var lines = Lines(
      builder: SectionsBuilder(for: input, bytesPerName: 12),
      source: input.source, line: input.droppedLines + 1)
    var start = 0
    if input.droppedLines == 0 && input.prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    try input.prefix.withUnsafeBufferPointer { (bytes) throws(LoadError) in
      for cut in stride(from: start, to: bytes.count, by: chunkSize) {
        try lines.take(
          UnsafeBufferPointer(rebasing: bytes[cut..<min(cut + chunkSize, bytes.count)]))
      }
    }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = try input.read(into: &chunk)
      if count == 0 { break }
      try chunk.withUnsafeBufferPointer { (bytes) throws(LoadError) in
        try lines.take(UnsafeBufferPointer(rebasing: bytes[..<count]))
      }
    }
    return try lines.finish()
  }

  /// Splits chunks into lines and hands each name to the builder.
  private struct Lines: ~Copyable {
    var builder: SectionsBuilder
    let source: String
    /// The line being read (1-based).
    var line: Int
    /// The start of a line cut by the end of a chunk.
    var pending: [UInt8] = []

    /// Reads `chunk`, ending each line it completes.
    ///
    /// The lines wholly inside the chunk are checked at once (`UTF8Validation.isValid`,
    /// zero bytes refused): when that passes, each line skips its own checks; when not,
    /// every line is checked alone, so that the error names the first bad line.
    mutating func take(_ chunk: UnsafeBufferPointer<UInt8>) throws(LoadError) {
      guard let base = chunk.baseAddress else { return }
      // The complete lines that need no pending start: from after the first line feed
      // (or the start) to the last.
      var checked = 0..<0
      var last = chunk.count - 1
      while last >= 0 && base[last] != 0x0A { last -= 1 }
      if last > 0 {
        let from = pending.isEmpty ? 0 : (lineFeedIndex(base, chunk.count)! + 1)
        if from < last
          && UTF8Validation.isValid(
            UnsafeBufferPointer(rebasing: chunk[from..<last]), rejectingZero: true)
        {
          checked = from..<last
        }
      }
      var start = 0
      while start < chunk.count {
        guard let newline = lineFeedIndex(base + start, chunk.count - start) else {
          pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
          return
        }
        let end = start + newline
        if pending.isEmpty {
          try endLine(
            UnsafeBufferPointer(rebasing: chunk[start..<end]),
            isChecked: start >= checked.lowerBound && end <= checked.upperBound)
        } else {
          pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<end]))
          var whole: [UInt8] = []
          swap(&whole, &pending)
          try whole.withUnsafeBufferPointer { (bytes) throws(LoadError) in try endLine(bytes) }
        }
        line += 1
        start = end + 1
      }
    }

    /// The offset of the first line feed in the `count` bytes at `base`, or `nil`
    /// (`memchr(3)`, vectorized, through `RawBytes`).
    private func lineFeedIndex(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
      guard let found = RawBytes.first(0x0A, in: base, count: count) else { return nil }
      return UnsafeRawPointer(base).distance(to: found)
    }

    /// Takes one line, without its line feed; `isChecked` when its bytes are known to be
    /// well-formed UTF-8 without a zero byte.
    private mutating func endLine(_ bytes: UnsafeBufferPointer<UInt8>, isChecked: Bool = false)
      throws(LoadError)
    {
      var lower = 0
      var upper = bytes.count
      func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
      while lower < upper && isBlank(bytes[lower]) { lower += 1 }
      while upper > lower && isBlank(bytes[upper - 1]) { upper -= 1 }
      guard lower < upper else { return }
      let name = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
      if isChecked {
        try builder.appendName(utf8: name)
        return
      }
      if name.contains(0) {
        throw invalid("a zero byte (the file is not text)")
      }
      if let bad = UTF8Validation.firstInvalid(in: name) {
        let shown = name[bad...].prefix(4).map { byte in
          let digits = String(byte, radix: 16, uppercase: true)
          return "0x" + (byte < 0x10 ? "0" + digits : digits)
        }
        throw invalid("not valid UTF-8 (bytes \(shown.joined(separator: " ")))")
      }
      try builder.appendName(utf8: name)
    }

    /// Ends the input: the last line, when no line feed ends it, and the sections.
    consuming func finish() throws(LoadError) -> SectionedNames {
      if !pending.isEmpty {
        var whole: [UInt8] = []
        swap(&whole, &pending)
        try whole.withUnsafeBufferPointer { (bytes) throws(LoadError) in try endLine(bytes) }
      }
      return try builder.finish()
    }

    private func invalid(_ what: String) -> LoadError {
      LoadError(source: source, reason: .invalid(format: .text, "line \(line): \(what)"))
    }
  }
}
