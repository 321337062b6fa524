/// A word's sounds-like codes as one number each, so that codes are compared, sorted and
/// stored as 64-bit words (`PhoneticIndex`).
///
/// - Double Metaphone (`DoubleMetaphone`): tag 1 in the top four bits, then the code's
///   first 15 symbols, four bits each (a code longer than 15 symbols, a word of some 20
///   consonants, is compared by its first 15).
/// - Daitch–Mokotoff (`DaitchMokotoff`): tag 2 in the top four bits, the six digits as a
///   number.
///
/// The two kinds never equal each other; a word sounds like another when any code of one
/// equals any code of the other.
enum PhoneticCode {
  /// The version of the rules and of this encoding: a cache file of codes made under
  /// another is not read (`PhoneticCache`).
  static let ruleVersion: UInt32 = 1

  /// The fewest letters a word of a query needs for its sounds-like codes to be used: a
  /// word of one or two letters (a name being typed) would sound like most of a list.
  static let minimumQueryLetters = 3

  /// The Double Metaphone symbols, in the order of their numbers (1 …).
  private static let symbols: [UInt8] = Array(" 0AFHJKLMNPRSTX".utf8)

  /// The number of a Double Metaphone code.
  static func metaphone(_ code: [UInt8]) -> UInt64 {
    var value: UInt64 = 1 << 60
    for k in 0..<min(code.count, 15) {
      let number: UInt64
      switch code[k] {
      case 0x20: number = 1
      case 0x30: number = 2
      default: number = UInt64(symbolNumbers[Int(code[k] & 0x1F)])
      }
      value |= number << UInt64(56 - 4 * k)
    }
    return value
  }

  /// The numbers of the letter symbols, by the letter's place in the alphabet (A = 1).
  private static let symbolNumbers: [UInt8] = {
    var numbers = [UInt8](repeating: 0, count: 32)
    for (k, symbol) in symbols.enumerated() where symbol >= 0x41 {
      numbers[Int(symbol & 0x1F)] = UInt8(k + 1)
    }
    return numbers
  }()

  /// The number of a Daitch–Mokotoff code (below 1,000,000).
  static func daitchMokotoff(_ code: UInt32) -> UInt64 { 2 << 60 | UInt64(code) }

  /// The codes of a word's `letters` (upper-case A–Z): the Double Metaphone primary and
  /// alternate (when not empty) and every Daitch–Mokotoff code, ascending, no repeats.
  static func codes(ofLetters letters: UnsafeBufferPointer<UInt8>) -> [UInt64] {
    let (primary, alternate) = DoubleMetaphone.encode(letters)
    var out: [UInt64] = []
    out.reserveCapacity(4)
    if !primary.isEmpty { out.append(metaphone(primary)) }
    if !alternate.isEmpty { out.append(metaphone(alternate)) }
    // Ascending already: a primary code differs from its alternate, tag 1 is below tag 2,
    // and the Daitch–Mokotoff codes come ascending, each once.
    if out.count == 2 && out[1] < out[0] { out.swapAt(0, 1) }
    // Codes that differ only after their 15th symbol are one number.
    if out.count == 2 && out[0] == out[1] { out.removeLast() }
    for code in DaitchMokotoff.encode(letters) { out.append(daitchMokotoff(code)) }
    return out
  }
}
