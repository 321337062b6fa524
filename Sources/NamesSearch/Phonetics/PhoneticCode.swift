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
    for (k, symbol) in code.prefix(15).enumerated() {
      let number = UInt64((symbols.firstIndex(of: symbol) ?? 0) + 1)
      value |= number << UInt64(56 - 4 * k)
    }
    return value
  }

  /// The number of a Daitch–Mokotoff code (below 1,000,000).
  static func daitchMokotoff(_ code: UInt32) -> UInt64 { 2 << 60 | UInt64(code) }

  /// The codes of a word's `letters` (upper-case A–Z): the Double Metaphone primary and
  /// alternate (when not empty) and every Daitch–Mokotoff code, ascending, no repeats.
  static func codes(ofLetters letters: UnsafeBufferPointer<UInt8>) -> [UInt64] {
    let word = Array(letters)
    let (primary, alternate) = DoubleMetaphone.encode(word)
    var out: [UInt64] = []
    if !primary.isEmpty { out.append(metaphone(primary)) }
    if !alternate.isEmpty { out.append(metaphone(alternate)) }
    for code in DaitchMokotoff.encode(word) { out.append(daitchMokotoff(code)) }
    out.sort()
    var unique: [UInt64] = []
    for code in out where unique.last != code { unique.append(code) }
    return unique
  }
}
