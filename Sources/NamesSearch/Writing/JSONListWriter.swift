/// Writes a result as JSON (RFC 8259) in UTF-8: one object of section title → array of
/// names, sections in display order, and a newline, such as `{"A":["Ann","Abby"],"B":["Bob"]}`.
///
/// Strings are escaped as `JSONPrinter` escapes them (`"`, `\`, control characters, and
/// the characters `VisibleText` escapes, as `\uXXXX`); the decoded text is exactly the
/// stored name. JSON carries every character, so `check(_:)` refuses nothing.
public struct JSONListWriter: ListWriter {
  /// Creates the writer.
  public init() {}

  public var format: ListFormat { .json }

  public func check(_ result: SearchResult) throws(ListWriteError) {}

  public func write(_ result: SearchResult, to output: OutputBuffer) throws {
    let names = result.catalog.names
    try output.write(byte: UInt8(ascii: "{"))
    for (g, group) in result.groups.enumerated() {
      if g > 0 { try output.write(byte: UInt8(ascii: ",")) }
      try JSONPrinter.writeString(result.title(of: group).utf8, to: output)
      try output.write(":[")
      for (n, name) in result.nameIndices(of: group).enumerated() {
        if n > 0 { try output.write(byte: UInt8(ascii: ",")) }
        try JSONPrinter.writeString(names.utf8(of: Int(name)), to: output)
      }
      try output.write(byte: UInt8(ascii: "]"))
    }
    try output.write("}\n")
  }
}
