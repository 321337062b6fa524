/// Base64 decoding (RFC 4648, section 4: the alphabet `A–Z a–z 0–9 + /`, `=` padding), for
/// the `<data>` values of property lists.
enum Base64 {
  /// The value (0–63) of each byte of the alphabet; 0xFF for any other byte.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
      .enumerated()
    {
      table[Int(byte)] = UInt8(value)
    }
    return table
  }()

  /// Whether `byte` is one of the alphabet's 64 letters (not `=`).
  static func isAlphabet(_ byte: UInt8) -> Bool { values[Int(byte)] != 0xFF }

  /// The bytes `text` encodes, or nil when it is not base64: its length must be a multiple
  /// of four, and `=` (one or two) may only end it. The bits a padded quantum leaves over
  /// are ignored, as Foundation's `Data(base64Encoded:)` ignores them.
  ///
  /// - Complexity: O(n) in the text's length.
  static func decode(_ text: [UInt8]) -> [UInt8]? {
    guard text.count % 4 == 0 else { return nil }
    var padding = 0
    while padding < 2, padding < text.count, text[text.count - 1 - padding] == 0x3D {
      padding += 1
    }
    var out: [UInt8] = []
    out.reserveCapacity(text.count / 4 * 3)
    var index = 0
    while index < text.count {
      var quantum: UInt32 = 0
      var letters = 0
      for offset in 0..<4 {
        let byte = text[index + offset]
        if index + offset >= text.count - padding {
          quantum <<= 6
          continue
        }
        let value = values[Int(byte)]
        guard value != 0xFF else { return nil }
        quantum = quantum << 6 | UInt32(value)
        letters += 1
      }
      out.append(UInt8(truncatingIfNeeded: quantum >> 16))
      if letters > 2 { out.append(UInt8(truncatingIfNeeded: quantum >> 8)) }
      if letters > 3 { out.append(UInt8(truncatingIfNeeded: quantum)) }
      index += 4
    }
    return out
  }
}
