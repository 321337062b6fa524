/// Daitch–Mokotoff Soundex: the six-digit codes of a Slavic, Germanic or Yiddish surname
/// (Randy Daitch and Gary Mokotoff, 1985; the rules as published by Mokotoff, "Soundexing
/// and Genealogy", Avotaynu 1997, and as PyPI `abydos` 0.5 computes them).
///
/// ```swift
/// DaitchMokotoff.codes(of: "Schwarz")      // ["474000", "479400"]
/// DaitchMokotoff.codes(of: "Shvarts")      // ["479400"]
/// DaitchMokotoff.codes(of: "Christopher")  // ["494379", "594379"]
/// ```
///
/// The word is read from its start, each time taking the longest run of letters the table
/// knows (SCHTSCH, TTSCH, CH, …); a run is coded one way at the start of the word, another
/// before a vowel (A E I J O U Y), a third elsewhere, and a vowel is coded only at the
/// start. Some runs have two codes (C, CH, CK, J, RS, RZ): each doubles the codes made so
/// far. The same digit twice in a row is written once, unless a run coded nothing lies
/// between (MN and NM keep both sixes); codes are cut or padded with zeros to six digits.
///
/// - Complexity: O(n) in the word's letters (the codes stop growing at six digits, so a
///   word has at most a few).
public enum DaitchMokotoff {
  /// The codes of `word`'s ASCII letters (case ignored; anything else is left out), as
  /// six-digit strings, ascending; "000000" for a word with no letter.
  public static func codes(of word: some StringProtocol) -> [String] {
    let letters = PhoneticWords.upperLetters(of: word)
    return encode(letters).map { code in
      let digits = String(code)
      return String(repeating: "0", count: 6 - digits.count) + digits
    }
  }

  /// The codes of `letters` (upper-case A–Z) as numbers below 1,000,000, ascending.
  ///
  /// - Precondition: every byte is in A–Z.
  static func encode(_ letters: [UInt8]) -> [UInt32] {
    letters.withUnsafeBufferPointer { encode($0) }
  }

  /// `encode(_:)` of letters in a buffer.
  static func encode(_ letters: UnsafeBufferPointer<UInt8>) -> [UInt32] {
    // Each code being made: its digits (at most 6) and the last symbol written (a digit,
    // or "_" for a run coded nothing), which decides whether the next digit is a repeat.
    struct Partial: Hashable {
      var digits: UInt32 = 0
      var count: UInt8 = 0
      var last: UInt8 = 0

      mutating func write(_ code: Rules.Code) {
        var symbols = code.symbols
        for _ in 0..<code.count {
          let symbol = UInt8(truncatingIfNeeded: symbols)
          symbols >>= 8
          guard symbol != last else { continue }
          last = symbol
          if symbol != Rules.none && count < 6 {
            digits = digits * 10 + UInt32(symbol - 0x30)
            count += 1
          }
        }
      }
    }
    // The codes still growing (fewer than six digits), each once; the finished ones apart,
    // since nothing changes them: a word with many letters of two codes keeps a few dozen
    // partial codes at most, looked up by hash, however long it is.
    var partials: [Partial] = [Partial()]
    var finished = Set<UInt32>()
    var seen = Set<Partial>()
    var position = 0
    let rules = Rules.shared
    while position < letters.count && !partials.isEmpty {
      guard let rule = rules.longest(in: letters, at: position) else {
        position += 1
        continue
      }
      let next = position + Int(rule.length)
      let codes: Rules.Codes
      if position == 0 {
        codes = rule.atStart
      } else if next < letters.count && Rules.isVowel(letters[next]) {
        codes = rule.beforeVowel
      } else {
        codes = rule.elsewhere
      }
      var grown: [Partial] = []
      grown.reserveCapacity(codes.second == nil ? partials.count : 2 * partials.count)
      seen.removeAll(keepingCapacity: true)
      for code in [codes.first, codes.second] {
        guard let code else { continue }
        for var partial in partials {
          partial.write(code)
          if partial.count == 6 {
            finished.insert(partial.digits)
          } else if seen.insert(partial).inserted {
            grown.append(partial)
          }
        }
      }
      partials = grown
      position = next
    }
    for partial in partials {
      var value = partial.digits
      for _ in Int(partial.count)..<6 { value *= 10 }
      finished.insert(value)
    }
    return finished.sorted()
  }

  /// The coding table: for each run of letters, its codes at the start of a word, before a
  /// vowel and elsewhere, each one code or two (`|`), "_" coding nothing.
  private struct Rules: Sendable {
    /// Up to three symbols (digits or "_"), the first in the low byte.
    struct Code: Sendable {
      var symbols: UInt32 = 0
      var count: UInt8 = 0

      init(_ text: Substring) {
        for (k, byte) in text.utf8.enumerated() {
          symbols |= UInt32(byte) << UInt32(8 * k)
          count += 1
        }
      }
    }

    /// One code, or two (each doubling the codes made so far).
    struct Codes: Sendable {
      var first: Code
      var second: Code?

      init(_ text: String) {
        let parts = text.split(separator: "|")
        first = Code(parts[0])
        second = parts.count > 1 ? Code(parts[1]) : nil
      }
    }

    struct Rule: Sendable {
      /// The run's letters after its first, the second in the low byte.
      let rest: UInt64
      /// The run's length in letters (1 to 7).
      let length: UInt8
      let atStart: Codes
      let beforeVowel: Codes
      let elsewhere: Codes
    }

    static let none = UInt8(ascii: "_")
    static let shared = Rules()

    /// The rules, grouped by first letter (A first), longest run first in each group.
    let rules: [Rule]
    /// Where each first letter's rules start in `rules` (27 entries).
    let starts: [Int]

    static func isVowel(_ letter: UInt8) -> Bool {
      switch letter {
      case 0x41, 0x45, 0x49, 0x4A, 0x4F, 0x55, 0x59: true
      default: false
      }
    }

    /// The longest run the table knows at `position` of `letters`.
    func longest(in letters: UnsafeBufferPointer<UInt8>, at position: Int) -> Rule? {
      let first = Int(letters[position]) - 0x41
      guard first >= 0 && first < 26 else { return nil }
      // The next six letters, the first in the low byte.
      var ahead: UInt64 = 0
      for k in 0..<min(6, letters.count - position - 1) {
        ahead |= UInt64(letters[position + 1 + k]) << UInt64(8 * k)
      }
      let available = letters.count - position
      for r in starts[first]..<starts[first + 1] {
        let rule = rules[r]
        let length = Int(rule.length)
        guard length <= available else { continue }
        let mask: UInt64 = length == 1 ? 0 : (1 << UInt64(8 * (length - 1))) - 1
        if ahead & mask == rule.rest { return rule }
      }
      return nil
    }

    init() {
      // Mokotoff's table (1997): letters, start of word, before a vowel, elsewhere.
      let table: [(String, String, String, String)] = [
        ("AI", "0", "1", "_"), ("AJ", "0", "1", "_"), ("AY", "0", "1", "_"),
        ("AU", "0", "7", "_"), ("A", "0", "_", "_"),
        ("B", "7", "7", "7"),
        ("CHS", "5", "54", "54"), ("CH", "5|4", "5|4", "5|4"), ("CK", "5|45", "5|45", "5|45"),
        ("CSZ", "4", "4", "4"), ("CZS", "4", "4", "4"), ("CS", "4", "4", "4"),
        ("CZ", "4", "4", "4"), ("C", "5|4", "5|4", "5|4"),
        ("DRS", "4", "4", "4"), ("DRZ", "4", "4", "4"), ("DSH", "4", "4", "4"),
        ("DSZ", "4", "4", "4"), ("DZH", "4", "4", "4"), ("DZS", "4", "4", "4"),
        ("DS", "4", "4", "4"), ("DZ", "4", "4", "4"), ("DT", "3", "3", "3"),
        ("D", "3", "3", "3"),
        ("EI", "0", "1", "_"), ("EJ", "0", "1", "_"), ("EY", "0", "1", "_"),
        ("EU", "1", "1", "_"), ("E", "0", "_", "_"),
        ("FB", "7", "7", "7"), ("F", "7", "7", "7"),
        ("G", "5", "5", "5"),
        ("H", "5", "5", "_"),
        ("IA", "1", "_", "_"), ("IE", "1", "_", "_"), ("IO", "1", "_", "_"),
        ("IU", "1", "_", "_"), ("I", "0", "_", "_"),
        ("J", "1|4", "_|4", "_|4"),
        ("KH", "5", "5", "5"), ("KS", "5", "54", "54"), ("K", "5", "5", "5"),
        ("L", "8", "8", "8"),
        ("MN", "6_6", "6_6", "6_6"), ("M", "6", "6", "6"),
        ("NM", "6_6", "6_6", "6_6"), ("N", "6", "6", "6"),
        ("OI", "0", "1", "_"), ("OJ", "0", "1", "_"), ("OY", "0", "1", "_"),
        ("O", "0", "_", "_"),
        ("PF", "7", "7", "7"), ("PH", "7", "7", "7"), ("P", "7", "7", "7"),
        ("Q", "5", "5", "5"),
        ("RS", "94|4", "94|4", "94|4"), ("RZ", "94|4", "94|4", "94|4"), ("R", "9", "9", "9"),
        ("SCHTSCH", "2", "4", "4"), ("SCHTCH", "2", "4", "4"), ("SCHTSH", "2", "4", "4"),
        ("SHTCH", "2", "4", "4"), ("SHTSH", "2", "4", "4"), ("STSCH", "2", "4", "4"),
        ("SCHD", "2", "43", "43"), ("SCHT", "2", "43", "43"), ("SHCH", "2", "4", "4"),
        ("STCH", "2", "4", "4"), ("STRS", "2", "4", "4"), ("STRZ", "2", "4", "4"),
        ("STSH", "2", "4", "4"), ("SZCS", "2", "4", "4"), ("SZCZ", "2", "4", "4"),
        ("SCH", "4", "4", "4"), ("SHD", "2", "43", "43"), ("SHT", "2", "43", "43"),
        ("SZD", "2", "43", "43"), ("SZT", "2", "43", "43"), ("SC", "2", "4", "4"),
        ("SD", "2", "43", "43"), ("SH", "4", "4", "4"), ("ST", "2", "43", "43"),
        ("SZ", "4", "4", "4"), ("S", "4", "4", "4"),
        ("TTSCH", "4", "4", "4"), ("TSCH", "4", "4", "4"), ("TTCH", "4", "4", "4"),
        ("TTSZ", "4", "4", "4"), ("TCH", "4", "4", "4"), ("THS", "4", "4", "4"),
        ("TRS", "4", "4", "4"), ("TRZ", "4", "4", "4"), ("TSH", "4", "4", "4"),
        ("TSZ", "4", "4", "4"), ("TTS", "4", "4", "4"), ("TTZ", "4", "4", "4"),
        ("TZS", "4", "4", "4"), ("TC", "4", "4", "4"), ("TH", "3", "3", "3"),
        ("TS", "4", "4", "4"), ("TZ", "4", "4", "4"), ("T", "3", "3", "3"),
        ("UE", "0", "_", "_"), ("UI", "0", "1", "_"), ("UJ", "0", "1", "_"),
        ("UY", "0", "1", "_"), ("U", "0", "_", "_"),
        ("V", "7", "7", "7"),
        ("W", "7", "7", "7"),
        ("X", "5", "54", "54"),
        ("Y", "1", "_", "_"),
        ("ZHDZH", "2", "4", "4"), ("ZDZH", "2", "4", "4"), ("ZSCH", "4", "4", "4"),
        ("ZDZ", "2", "4", "4"), ("ZHD", "2", "43", "43"), ("ZSH", "4", "4", "4"),
        ("ZD", "2", "43", "43"), ("ZH", "4", "4", "4"), ("ZS", "4", "4", "4"),
        ("Z", "4", "4", "4"),
      ]
      var grouped = [[(Int, Rule)]](repeating: [], count: 26)
      for (order, (letters, start, vowel, other)) in table.enumerated() {
        let bytes = Array(letters.utf8)
        var rest: UInt64 = 0
        for (k, byte) in bytes.dropFirst().enumerated() { rest |= UInt64(byte) << UInt64(8 * k) }
        grouped[Int(bytes[0]) - 0x41].append(
          (
            order,
            Rule(
              rest: rest, length: UInt8(bytes.count), atStart: Codes(start),
              beforeVowel: Codes(vowel), elsewhere: Codes(other))
          ))
      }
      var rules: [Rule] = []
      var starts: [Int] = []
      for group in grouped {
        starts.append(rules.count)
        // Longest first; the table's order among runs of one length (none of which can
        // both match at one place).
        rules += group.sorted {
          $0.1.length != $1.1.length ? $0.1.length > $1.1.length : $0.0 < $1.0
        }.map(\.1)
      }
      starts.append(rules.count)
      self.rules = rules
      self.starts = starts
    }
  }
}
