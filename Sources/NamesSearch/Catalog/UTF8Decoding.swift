/// One scalar of valid UTF-8 (RFC 3629) at a time, for the loops that walk a name's bytes
/// themselves (sort keys, reading units) rather than through `String`.
enum UTF8Decoding {
  /// The scalar that starts at byte `i` of the valid UTF-8 `utf8`, and its length in bytes
  /// (1 to 4).
  ///
  /// - Precondition: `utf8` is valid UTF-8 and `i` the start of a scalar in it.
  /// - Complexity: O(1).
  @inline(__always)
  static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int)
  {
    let lead = UInt32(utf8[i])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F), 2) }
    if lead < 0xF0 {
      return (
        (lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F), 3
      )
    }
    return (
      (lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6
        | UInt32(utf8[i + 3] & 0x3F), 4
    )
  }
}
