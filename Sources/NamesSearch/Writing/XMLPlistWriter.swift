/// Writes a result as an XML property list in UTF-8 (Apple's PropertyList-1.0 DTD), one
/// `<key>` and `<array>` of `<string>`s per section, tab-indented as Xcode writes them.
///
/// Text is escaped: `&` `<` `>` as entities, and U+000D as `&#13;`, which survives the
/// line-end normalisation every XML parser applies (XML 1.0, section 2.11). A character
/// XML 1.0 cannot carry at all (U+0000–U+001F other than tab, LF and CR, and U+FFFE,
/// U+FFFF; section 2.2, production [2] `Char`) is refused by `check(_:)`.
public struct XMLPlistWriter: ListWriter {
  /// Creates the writer.
  public init() {}

  public var format: ListFormat { .xmlPropertyList }

  /// Whether XML 1.0 can carry `scalar` in text (production [2] `Char`; Swift strings hold
  /// no surrogates).
  public static func canCarry(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: true
    case 0..<0x20, 0xFFFE, 0xFFFF: false
    default: true
    }
  }

  /// - Throws: `ListWriteError` naming the first title or name holding a character XML
  ///   1.0 cannot carry.
  public func check(_ result: SearchResult) throws(ListWriteError) {
    try forEachText(of: result) { text, title, position throws(ListWriteError) in
      // Only bytes below 0x20 and the three-byte U+FFFE/U+FFFF (EF BF BE/BF) can be refused.
      guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xEF }) else { return }
      if let bad = text.unicodeScalars.first(where: { !Self.canCarry($0) }) {
        throw ListWriteError(format: format, title: title, position: position, character: bad)
      }
    }
  }

  public func write(_ result: SearchResult, to output: OutputBuffer) throws {
    try output.write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """)
    if result.groups.isEmpty {
      try output.write("<dict/>\n</plist>\n")
      return
    }
    try output.write("<dict>\n")
    let names = result.catalog.names
    for group in result.groups {
      try output.write("\t<key>")
      try Self.writeEscaped(result.title(of: group).utf8, to: output)
      try output.write("</key>\n\t<array>\n")
      for name in result.nameIndices(of: group) {
        try output.write("\t\t<string>")
        try Self.writeEscaped(names.utf8(of: Int(name)), to: output)
        try output.write("</string>\n")
      }
      try output.write("\t</array>\n")
    }
    try output.write("</dict>\n</plist>\n")
  }

  /// Writes `utf8` as XML character data.
  static func writeEscaped<Bytes: Collection<UInt8>>(_ utf8: Bytes, to output: OutputBuffer)
    throws
  {
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "&"): try output.write("&amp;")
      case UInt8(ascii: "<"): try output.write("&lt;")
      case UInt8(ascii: ">"): try output.write("&gt;")
      case 0x0D: try output.write("&#13;")
      default: try output.write(byte: byte)
      }
    }
  }
}
