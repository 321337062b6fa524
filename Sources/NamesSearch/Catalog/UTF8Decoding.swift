/// One scalar of UTF-8 (RFC 3629) at a time, for the loops that walk a name's bytes
/// themselves (sort keys, reading units) rather than through `String`.
enum UTF8Decoding {
  /// The scalar that starts at byte `i` of `utf8`, and its length in bytes (1 to 4).
  ///
  /// Valid UTF-8 is decoded as it is. Bytes that are not (a name in an index cache file
  /// forged with its checksum recomputed: the names' UTF-8 is not validated when an index is
  /// read) never read past `utf8` and never give a value that is not a scalar: a sequence cut
  /// short by the end of `utf8` is U+FFFD of length 1, and a decoded surrogate or value past
  /// U+10FFFF is U+FFFD of the sequence's length, as `String(decoding:as:)` shows such bytes.
  ///
  /// - Precondition: `i` is an index of `utf8`.
  /// - Complexity: O(1).
  @inline(__always)
  static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int)
  {
    let lead = UInt32(utf8[i])
    if lead < 0x80 { return (lead, 1) }
    let left = utf8.count &- i
    if lead < 0xE0 {
      guard left >= 2 else { return (replacement, 1) }
      return ((lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      guard left >= 3 else { return (replacement, 1) }
      let value =
        (lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
      return ((0xD800...0xDFFF).contains(value) ? replacement : value, 3)
    }
    guard left >= 4 else { return (replacement, 1) }
    let value =
      (lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6
      | UInt32(utf8[i + 3] & 0x3F)
    return (value > 0x10FFFF ? replacement : value, 4)
  }

  /// U+FFFD REPLACEMENT CHARACTER, what bytes that are not UTF-8 decode to.
  @inline(__always)
  static var replacement: UInt32 { 0xFFFD }
}
