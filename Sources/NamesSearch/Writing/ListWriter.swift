/// Writes a search result's sections (the whole list for an empty term) as a *sortednames*
/// list: a dictionary of section title → array of names, sections in display order, names
/// in their section's order. What one writes, `CatalogLoader` reads back into the same
/// sections.
///
/// A writer checks everything it must refuse before it writes a byte (`check(_:)`), so a
/// refused result leaves its output untouched.
public protocol ListWriter: Sendable {
  /// The format written: `.xmlPropertyList`, `.binaryPropertyList` or `.json`.
  var format: ListFormat { get }

  /// Refuses a result this format cannot carry, before anything is written.
  ///
  /// - Throws: `ListWriteError`.
  /// - Complexity: O(n) in the result's names' total length.
  func check(_ result: SearchResult) throws(ListWriteError)

  /// Writes `result` to `output`, without flushing it.
  ///
  /// - Precondition: `check(result)` did not throw.
  /// - Throws: what `output`'s sink throws.
  /// - Complexity: O(n) in the result's names' total length.
  func write(_ result: SearchResult, to output: OutputBuffer) throws
}

extension ListWriter {
  /// Every title, then every name of every matched section with its title and 1-based
  /// position, in output order.
  func forEachText(
    of result: SearchResult,
    _ body: (_ text: String, _ title: String, _ position: Int?) throws(ListWriteError) -> Void
  ) throws(ListWriteError) {
    for group in result.groups {
      let title = result.title(of: group)
      try body(title, title, nil)
      for (n, name) in result.nameIndices(of: group).enumerated() {
        try body(result.catalog.names[Int(name)], title, n + 1)
      }
    }
  }
}

/// The writer for each output format.
public enum ListWriters {
  /// The writer of `format`, or `nil` for a format written by none (CSV, text, SQLite, OpenStep).
  public static func writer(for format: ListFormat) -> (any ListWriter)? {
    switch format {
    case .xmlPropertyList: XMLPlistWriter()
    case .binaryPropertyList: BinaryPlistWriter()
    case .json: JSONListWriter()
    case .csv, .text, .sqlite, .openStepPropertyList: nil
    }
  }
}
