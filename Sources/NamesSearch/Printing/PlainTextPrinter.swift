/// The plain output: for each section, its title on a line, then each name on its own line
/// indented by two spaces. Names are written exactly as stored.
///
/// ```text
/// A
///   Ann
/// J
///   Joanna
/// ```
///
/// With a `TextStyle` that marks titles and matches (a color terminal), titles and the
/// matched parts of names are wrapped in the style's bytes: the characters that the key a
/// name matched by leads back to (`MatchHighlighter.forEachMatchedRange(at:of:in:_:)`), so
/// a name found through a reading is marked where the reading came from. With `escapesControls` (for a
/// terminal), titles and names go through `VisibleText.escaped`, so no name can drive the
/// terminal; without it (a pipe, a file) they are written byte for byte.
public struct PlainTextPrinter: ResultPrinter {
  /// The marks around titles and matches.
  public var style: TextStyle
  /// Whether control, bidirectional and invisible characters are shown escaped.
  public var escapesControls: Bool

  /// Creates a printer; `.plain` writes no marks.
  public init(style: TextStyle = .plain, escapesControls: Bool = false) {
    self.style = style
    self.escapesControls = escapesControls
  }

  /// `text` as written: escaped for a terminal, each scalar judged within the whole name
  /// or title `text` is cut from.
  private func shown(_ text: Substring) -> String {
    escapesControls ? VisibleText.escaped(text) : String(text)
  }

  /// Writes every remaining section of `result`. Printed byte for byte (no style marks, no
  /// escapes), a cached index's names (mapped) have their pages released behind them
  /// (`NameStore.releasePages`), so that printing keeps a few pages of the index resident.
  ///
  /// - Complexity: O(n) in the printed names' total length.
  public func print(_ result: SearchResult, to output: OutputBuffer) throws {
    let names = result.catalog.names
    let highlighter =
      style.marksMatches && !result.query.isReset
      ? MatchHighlighter(result: result) : nil
    // Sections printed one after another (the last one being printed), whose pages are not
    // yet released.
    var printed = 0..<0
    for group in result.groups {
      try output.write(style.titleStart)
      try output.write(shown(result.title(of: group)[...]))
      try output.write(style.titleEnd)
      try output.write(byte: 0x0A)
      if highlighter == nil && !escapesControls {
        // Byte for byte: each name and its indent and line end in one write (a short name
        // in four words: `OutputBuffer.write(line:of:indentedBy:)`, given the name's
        // `NameStore.byteRange(of:)` in the store's bytes). The names
        // printed, once `releaseLag` names behind, are released (`NameStore.releasePages`),
        // with the sections before this one that lie just before it.
        let section = result.catalog.sectionRanges[group.section]
        if section.lowerBound != printed.upperBound {
          names.releasePages(of: printed)
          printed = section.lowerBound..<section.lowerBound
        }
        printed = printed.lowerBound..<section.upperBound
        let text = UnsafeRawBufferPointer(names.bytes.buffer)
        try result.matchedNames[group.matches].withUnsafeBufferPointer { matched in
          for name in matched {
            let i = Int(name)
            try output.write(line: names.byteRange(of: i), of: text, indentedBy: 2)
            if i >= printed.lowerBound &+ 2 &* NameStore.releaseLag {
              names.releasePages(of: printed.lowerBound..<i &- NameStore.releaseLag)
              printed = i &- NameStore.releaseLag..<printed.upperBound
            }
          }
        }
        continue
      }
      for position in group.matches {
        let name = result.matchedNames[position]
        try output.write(byte: 0x20)
        try output.write(byte: 0x20)
        if let highlighter {
          try writeHighlighted(
            names[Int(name)], at: position, of: result, highlighter, to: output)
        } else {
          try output.write(VisibleText.escaped(names[Int(name)]))
        }
        try output.write(byte: 0x0A)
      }
    }
  }

  /// Writes `name`, the one at `position` of `result`, with its matches marked through the
  /// key the search matched it by, as the highlighter finds them (memory does not grow with
  /// the name).
  private func writeHighlighted(
    _ name: String, at position: Int, of result: SearchResult, _ highlighter: MatchHighlighter,
    to output: OutputBuffer
  ) throws {
    var written = name.startIndex
    try highlighter.forEachMatch(at: position, of: result, in: name[...]) { range, kind in
      try writeShown(name[written..<range.lowerBound], to: output)
      try output.write(style.start(of: kind))
      try writeShown(name[range], to: output)
      try output.write(style.end(of: kind))
      written = range.upperBound
      return true
    }
    try writeShown(name[written...], to: output)
  }

  private func writeShown(_ text: Substring, to output: OutputBuffer) throws {
    if escapesControls {
      // Judged within the whole name: a joiner before a match stays as it is.
      try output.write(VisibleText.escaped(text))
    } else {
      try output.write(text.utf8)
    }
  }
}
