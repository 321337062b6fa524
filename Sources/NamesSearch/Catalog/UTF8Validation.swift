/// Checks that bytes are well-formed UTF-8 (Unicode 15, section 3.9, table 3-7: no overlong
/// forms, no surrogates U+D800–U+DFFF, nothing past U+10FFFF, no truncated sequences), as
/// the text and CSV readers need it before their bytes become names.
enum UTF8Validation {
  /// The offset of the first byte of the first ill-formed sequence in `bytes`, or `nil` when
  /// all of `bytes` is well-formed UTF-8.
  ///
  /// - Complexity: O(n); runs of ASCII are checked eight bytes at a time.
  static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var i = 0
    while i < count {
      // ASCII eight bytes at a time.
      while i + 8 <= count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        i += 8
      }
      guard i < count else { break }
      let lead = base[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      guard let (length, second) = sequence(leadBy: lead), i + length <= count,
        second.contains(base[i + 1])
      else { return i }
      for k in 2..<length where base[i + k] & 0xC0 != 0x80 { return i }
      i += length
    }
    return nil
  }

  /// The length of the well-formed sequence that `lead` starts, and the range its second
  /// byte must be in (every later byte is 0x80...0xBF); `nil` for a byte no sequence starts
  /// with (ASCII included: it is a sequence of its own). Table 3-7 of Unicode 15, section 3.9.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func sequence(leadBy lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
    switch lead {
    case 0xC2...0xDF: (2, 0x80...0xBF)
    case 0xE0: (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
    case 0xED: (3, 0x80...0x9F)
    case 0xF0: (4, 0x90...0xBF)
    case 0xF1...0xF3: (4, 0x80...0xBF)
    case 0xF4: (4, 0x80...0x8F)
    default: nil
    }
  }

  /// Whether all of `bytes` is well-formed UTF-8.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    firstInvalid(in: bytes) == nil
  }
}
