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

  /// The bytes `text` encodes, or nil when it is not base64: letters of the alphabet, the
  /// last quantum padded with `=` to four characters, and nothing but `=` after the padding.
  /// As Foundation's `Data(base64Encoded:options: .ignoreUnknownCharacters)` does, further
  /// `=` at the end are ignored ("Zm9v====" is "foo") and so are the bits a padded quantum
  /// leaves over ("QR==" is "A"); unlike it, letters after padding are refused ("QQ==QQ==",
  /// which Foundation cuts to "A"), so no data is dropped unsaid.
  ///
  /// - Complexity: O(n) in the text's length.
  static func decode(_ text: [UInt8]) -> [UInt8]? {
    var letters = text.count
    while letters > 0, text[letters - 1] == 0x3D { letters -= 1 }
    // The padding the last quantum needs; one letter alone cannot make a byte.
    let needed = (4 - letters % 4) % 4
    guard letters % 4 != 1, text.count - letters >= needed, letters > 0 || text.isEmpty
    else { return nil }
    let text = Array(text[..<(letters + needed)])
    let padding = needed
    var out: [UInt8] = []
    out.reserveCapacity(text.count / 4 * 3)
    var index = 0
    while index < text.count {
      var quantum: UInt32 = 0
      var digits = 0
      for offset in 0..<4 {
        let byte = text[index + offset]
        if index + offset >= text.count - padding {
          quantum <<= 6
          continue
        }
        let value = values[Int(byte)]
        guard value != 0xFF else { return nil }
        quantum = quantum << 6 | UInt32(value)
        digits += 1
      }
      out.append(UInt8(truncatingIfNeeded: quantum >> 16))
      if digits > 2 { out.append(UInt8(truncatingIfNeeded: quantum >> 8)) }
      if digits > 3 { out.append(UInt8(truncatingIfNeeded: quantum)) }
      index += 4
    }
    return out
  }
}
