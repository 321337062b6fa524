/// Whether bytes are well-formed UTF-8, checked without decoding or copying them: the cache
/// reader's check that every name it maps is text, as a list reader gives it.
///
/// The rule is Unicode's (The Unicode Standard, §3.9, Table 3-7 "Well-Formed UTF-8 Byte
/// Sequences"): no overlong forms, no surrogates (U+D800–U+DFFF), nothing past U+10FFFF, no
/// lone or missing continuation bytes.
enum WellFormedUTF8 {
  /// Whether `bytes` are well-formed UTF-8.
  ///
  /// - Complexity: O(n) in `bytes.count`; ASCII runs are checked eight bytes at a time.
  static func check(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var i = 0
    while i < count {
      // ASCII, a word at a time.
      while i + 8 <= count,
        bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        i += 8
      }
      guard i < count else { break }
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      // The second byte's range depends on the lead (Table 3-7); later ones are 80–BF.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard i + length <= count, (low...high).contains(bytes[i + 1]) else { return false }
      for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
      i += length
    }
    return true
  }

  /// Whether `bytes`, cut at `ends` (ascending offsets, the last one `bytes.count`), are
  /// each well-formed UTF-8: the whole is, and no cut falls inside a character's bytes
  /// (before a continuation byte, 80–BF).
  ///
  /// - Complexity: O(n) in `bytes.count` plus O(m) in `ends.count`.
  static func check(_ bytes: UnsafeRawBufferPointer, cutAt ends: UnsafeRawBufferPointer)
    -> Bool
  {
    guard check(bytes) else { return false }
    let count = ends.count / 4
    for k in 0..<count {
      let end = Int(
        UInt32(littleEndian: ends.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self)))
      if end < bytes.count && bytes[end] & 0xC0 == 0x80 { return false }
    }
    return true
  }
}
