/// Turns a search result into text. Printers never search; the searcher never prints.
public protocol ResultPrinter {
  /// Writes `result` to `output`.
  ///
  /// - Throws: whatever the output's sink throws (a write error).
  func print(_ result: SearchResult, to output: OutputBuffer) throws
}
