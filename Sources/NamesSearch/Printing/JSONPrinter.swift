/// `--json`: one object on one line,
/// `{"query":"ann","sections":[{"title":"A","names":["Ann"]}],"index":["A"],"total":1}`.
///
/// A catalog of records (`Catalog.records`) adds to each section a `"records"` array: each
/// name's record, the JSON text stored for it, in the same order as `"names"`:
/// `{"title":"A","names":["Ann"],"records":[{"name":"Ann","nick":"Annie"}]}`.
///
/// Strings are escaped per RFC 8259: `"` and `\` and every control character below U+0020.
/// Characters that `VisibleText` escapes on a terminal (DEL and C1 controls, line and
/// paragraph separators, bidirectional controls, default-ignorable characters outside the
/// sequences that show them) are written as `\uXXXX` too, by the same rule, so the output
/// cannot drive a terminal it is shown on while an emoji flag or a Persian name's
/// ZERO WIDTH NON-JOINER stays as it is; the decoded text is still exactly the stored name.
public struct JSONPrinter: ResultPrinter {
  /// Creates a JSON printer.
  public init() {}

  /// Writes `result` as one JSON object and a newline.
  public func print(_ result: SearchResult, to output: OutputBuffer) throws {
    let names = result.catalog.names
    try output.write("{\"query\":")
    try Self.writeString(result.query.term.utf8, to: output)
    try output.write(",\"sections\":[")
    for (g, group) in result.groups.enumerated() {
      try output.write(g == 0 ? "{\"title\":" : ",{\"title\":")
      try Self.writeString(result.title(of: group).utf8, to: output)
      try output.write(",\"names\":[")
      for (n, name) in result.nameIndices(of: group).enumerated() {
        if n > 0 { try output.write(byte: UInt8(ascii: ",")) }
        try Self.writeString(names.utf8(of: Int(name)), to: output)
      }
      if let records = result.catalog.records {
        try output.write("],\"records\":[")
        for (n, name) in result.nameIndices(of: group).enumerated() {
          if n > 0 { try output.write(byte: UInt8(ascii: ",")) }
          try output.write(records.utf8(of: Int(name)))
        }
      }
      try output.write("]}")
    }
    try output.write("],\"index\":[")
    for (t, title) in result.index.enumerated() {
      if t > 0 { try output.write(byte: UInt8(ascii: ",")) }
      try Self.writeString(title.utf8, to: output)
    }
    try output.write("],\"total\":\(result.total)}\n")
  }

  /// Writes `utf8` as a JSON string literal.
  static func writeString<Bytes: Collection<UInt8>>(_ utf8: Bytes, to output: OutputBuffer)
    throws
  {
    if utf8.contains(where: { $0 >= 0x7F }) {
      let text = String(decoding: utf8, as: UTF8.self)
      if text.unicodeScalars.contains(where: { $0.value >= 0x7F && VisibleText.mayBeEscaped($0) }) {
        try writeEscapingInvisibles(text, to: output)
        return
      }
    }
    try output.write(byte: UInt8(ascii: "\""))
    for byte in utf8 { try writeByte(byte, to: output) }
    try output.write(byte: UInt8(ascii: "\""))
  }

  /// Writes `text` as a JSON string with the characters that `VisibleText` escapes as
  /// `\uXXXX` (a surrogate pair above U+FFFF).
  static func writeEscapingInvisibles(_ text: String, to output: OutputBuffer) throws {
    try output.write(byte: UInt8(ascii: "\""))
    try VisibleText.forEachScalar(in: text[...]) { scalar, escaped in
      if scalar.value >= 0x7F && escaped {
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          try output.write("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        }
      } else {
        for byte in UTF8.encode(scalar)! { try writeByte(byte, to: output) }
      }
    }
    try output.write(byte: UInt8(ascii: "\""))
  }

  /// Writes one byte of a string's UTF-8, escaped if RFC 8259 requires it.
  private static func writeByte(_ byte: UInt8, to output: OutputBuffer) throws {
    switch byte {
    case UInt8(ascii: "\""): try output.write("\\\"")
    case UInt8(ascii: "\\"): try output.write("\\\\")
    case 0x0A: try output.write("\\n")
    case 0x0D: try output.write("\\r")
    case 0x09: try output.write("\\t")
    case 0x08: try output.write("\\b")
    case 0x0C: try output.write("\\f")
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      try output.write([
        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
        hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
      ])
    default: try output.write(byte: byte)
    }
  }
}
