/// Scalars written as UTF-8 (RFC 3629), for the readers that decode escapes or other
/// encodings into a name's bytes themselves (JSON's `\u` escapes, OpenStep's `\U` and octal
/// escapes, UTF-16 and UTF-32 text).
enum UTF8Encoding {
  /// Appends the one to four bytes of `scalar` to `bytes`.
  ///
  /// - Precondition: `scalar` is a Unicode scalar value (not a surrogate, at most U+10FFFF).
  /// - Complexity: O(1).
  @inline(__always)
  static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
