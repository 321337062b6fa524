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
