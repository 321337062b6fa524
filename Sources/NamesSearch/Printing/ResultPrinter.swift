/// Turns a search result into text. Printers never search; the searcher never prints.
public protocol ResultPrinter {
  /// Writes `result` to `output`.
  ///
  /// - Throws: whatever the output's sink throws (a write error).
  func print(_ result: SearchResult, to output: OutputBuffer) throws
}

/// `--count`: the number of matching names, on one line.
public struct CountPrinter: ResultPrinter {
  /// Creates a count printer.
  public init() {}

  /// Writes `result.total` and a newline.
  public func print(_ result: SearchResult, to output: OutputBuffer) throws {
    try output.write("\(result.total)\n")
  }
}

/// `--index`: the section index of what remains, on one line, titles separated by single
/// spaces (an empty line when nothing matched).
public struct IndexPrinter: ResultPrinter {
  /// Whether titles are shown with `VisibleText.escaped` (for a terminal).
  public var escapesControls: Bool

  /// Creates an index printer.
  public init(escapesControls: Bool = false) {
    self.escapesControls = escapesControls
  }

  /// Writes the titles of `result`'s sections and a newline.
  public func print(_ result: SearchResult, to output: OutputBuffer) throws {
    let titles = escapesControls ? result.index.map(VisibleText.escaped) : result.index
    try output.write(titles.joined(separator: " "))
    try output.write(byte: 0x0A)
  }
}
