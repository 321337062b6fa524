/// `--count`: the number of matching names, on one line.
public struct CountPrinter: ResultPrinter {
  /// Creates a count printer.
  public init() {}

  /// Writes `result.total` and a newline.
  public func print(_ result: SearchResult, to output: OutputBuffer) throws {
    try output.write("\(result.total)\n")
  }
}
