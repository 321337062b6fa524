/// Double Metaphone: the two phonetic codes of an English or European word (Lawrence
/// Philips, "The Double Metaphone Search Algorithm", C/C++ Users Journal, June 2000), as
/// the reference implementation in C (Maurice Aubrey's port of Philips' C++) and its
/// Python port (PyPI `Metaphone` 0.6) compute them: codes of any length, made of the
/// symbols `A F H J K L M N P R S T X 0` (and, in an alternate code, a space where a final
/// J may be silent).
///
/// ```swift
/// DoubleMetaphone.codes(of: "Katherine")  // Codes(primary: "K0RN", alternate: "KTRN")
/// DoubleMetaphone.codes(of: "Smith")      // Codes(primary: "SM0", alternate: "XMT")
/// DoubleMetaphone.codes(of: "John")       // Codes(primary: "JN", alternate: "AN")
/// ```
///
/// Words that sound alike share a code: "Catherine" and "Kathryn" are K0RN too, "Schmidt"
/// is XMT. The rules read the word's letters around each one (about a hundred contexts
/// for C alone: Germanic "-ach-", Italian "cc", Slavic "cz", Greek "ch"); a word is
/// "Slavo-Germanic" when it holds W, K or CZ, which changes a few of them. Where a rule of
/// the reference leaves its step unchanged (a G before H in some contexts), the step of the
/// letter before is taken again, as the reference does, so the codes are the same.
///
/// - Complexity: O(n) in the word's letters.
public enum DoubleMetaphone {
  /// A word's two codes; `alternate` is empty when it would equal `primary`.
  public struct Codes: Sendable, Hashable {
    /// The code of the word's most common pronunciation.
    public var primary: String
    /// The code of another one (for instance a Germanic or Slavic reading), or empty.
    public var alternate: String

    /// Creates a pair of codes.
    public init(primary: String, alternate: String) {
      self.primary = primary
      self.alternate = alternate
    }
  }

  /// The codes of `word`'s ASCII letters (case ignored; anything else is left out: the
  /// caller folds a name's word to them first, `PhoneticWords`).
  public static func codes(of word: some StringProtocol) -> Codes {
    let letters = PhoneticWords.upperLetters(of: word)
    let (primary, alternate) = encode(letters)
    return Codes(
      primary: String(decoding: primary, as: UTF8.self),
      alternate: String(decoding: alternate, as: UTF8.self))
  }

  /// The primary and alternate codes (bytes) of `letters`, upper-case ASCII A–Z; the
  /// alternate is empty when it equals the primary.
  ///
  /// - Precondition: every byte is in A–Z.
  static func encode(_ letters: [UInt8]) -> (primary: [UInt8], alternate: [UInt8]) {
    letters.withUnsafeBufferPointer { encode($0) }
  }

  /// `encode(_:)` of letters in a buffer.
  static func encode(_ letters: UnsafeBufferPointer<UInt8>) -> (
    primary: [UInt8], alternate: [UInt8]
  ) {
    var encoder = Encoder(letters)
    encoder.run()
    if encoder.primary == encoder.alternate { return (encoder.primary, []) }
    return (encoder.primary, encoder.alternate)
  }

  /// What one letter (or run of letters) adds to each code, and how far it moves on.
  private struct Step {
    var primary: StaticString = ""
    var alternate: StaticString = ""
    var advance = 1

    /// The same sound in both codes.
    init(_ both: StaticString = "", _ advance: Int = 1) {
      self.primary = both
      self.alternate = both
      self.advance = advance
    }

    /// Different sounds in each code.
    init(_ primary: StaticString, _ alternate: StaticString, _ advance: Int) {
      self.primary = primary
      self.alternate = alternate
      self.advance = advance
    }
  }

  private struct Encoder {
    let word: UnsafeBufferPointer<UInt8>
    /// The last letter's position.
    let end: Int
    /// The word holds W, K or CZ (and so is read as Slavic or Germanic).
    let slavo: Bool
    var primary: [UInt8] = []
    var alternate: [UInt8] = []
    var position = 0
    /// The step taken last, taken again where a rule sets none.
    var step = Step()

    init(_ word: UnsafeBufferPointer<UInt8>) {
      self.word = word
      self.end = word.count - 1
      var slavo = false
      for i in 0..<word.count {
        let c = word[i]
        if c == 0x57 || c == 0x4B || (c == 0x5A && i > 0 && word[i - 1] == 0x43) {
          slavo = true
          break
        }
      }
      self.slavo = slavo
      primary.reserveCapacity(word.count + 2)
      alternate.reserveCapacity(word.count + 2)
    }

    /// The letter at `i`, or `-` outside the word (the reference pads the word so).
    subscript(i: Int) -> UInt8 { i >= 0 && i < word.count ? word[i] : 0x2D }

    /// Whether the letters from `i` are `text` (never, where `text` runs past the word).
    func at(_ i: Int, _ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard i >= 0, i + count <= word.count else { return false }
      let bytes = text.utf8Start
      for k in 0..<count where word[i + k] != bytes[k] { return false }
      return true
    }

    /// Whether the letter at `i` is one of `letters`.
    func isOne(_ i: Int, of letters: StaticString) -> Bool {
      let c = self[i]
      let bytes = letters.utf8Start
      for k in 0..<letters.utf8CodeUnitCount where bytes[k] == c { return true }
      return false
    }

    func isVowel(_ i: Int) -> Bool { isOne(i, of: "AEIOUY") }

    mutating func run() {
      if at(0, "GN") || at(0, "KN") || at(0, "PN") || at(0, "WR") || at(0, "PS") {
        position += 1
      }
      if self[0] == 0x58 {
        primary.append(0x53)
        alternate.append(0x53)
        position += 1
      }
      while position <= end {
        switch self[position] {
        case 0x41, 0x45, 0x49, 0x4F, 0x55, 0x59: step = Step(position == 0 ? "A" : "", 1)
        case 0x42: step = Step("P", self[position + 1] == 0x42 ? 2 : 1)
        case 0x43: c()
        case 0x44: d()
        case 0x46: step = Step("F", self[position + 1] == 0x46 ? 2 : 1)
        case 0x47: g()
        case 0x48: h()
        case 0x4A: j()
        case 0x4B: step = Step("K", self[position + 1] == 0x4B ? 2 : 1)
        case 0x4C: l()
        case 0x4D: m()
        case 0x4E: step = Step("N", self[position + 1] == 0x4E ? 2 : 1)
        case 0x50: p()
        case 0x51: step = Step("K", self[position + 1] == 0x51 ? 2 : 1)
        case 0x52: r()
        case 0x53: s()
        case 0x54: t()
        case 0x56: step = Step("F", self[position + 1] == 0x56 ? 2 : 1)
        case 0x57: w()
        case 0x58: x()
        case 0x5A: z()
        default: break
        }
        append(step.primary, to: &primary)
        append(step.alternate, to: &alternate)
        position += step.advance
      }
    }

    func append(_ text: StaticString, to code: inout [UInt8]) {
      let bytes = text.utf8Start
      for k in 0..<text.utf8CodeUnitCount { code.append(bytes[k]) }
    }

    mutating func c() {
      let i = position
      if i > 1 && !isVowel(i - 2) && at(i - 1, "ACH") && self[i + 2] != 0x49
        && (self[i + 2] != 0x45 || at(i - 2, "BACHER") || at(i - 2, "MACHER"))
      {
        step = Step("K", 2)  // Germanic: "bacher", "macher"
      } else if i == 0 && at(0, "CAESAR") {
        step = Step("S", 2)
      } else if at(i, "CHIA") {
        step = Step("K", 2)  // Italian "chianti"
      } else if at(i, "CH") {
        if i > 0 && at(i, "CHAE") {
          step = Step("K", "X", 2)  // "michael"
        } else if i == 0
          && (at(i + 1, "HARAC") || at(i + 1, "HARIS") || at(i + 1, "HOR") || at(i + 1, "HYM")
            || at(i + 1, "HIA") || at(i + 1, "HEM"))
          && !at(0, "CHORE")
        {
          step = Step("K", 2)  // Greek roots: "chorus", "chemistry"
        } else if at(0, "VAN ") || at(0, "VON ") || at(0, "SCH") || at(i - 2, "ORCHES")
          || at(i - 2, "ARCHIT") || at(i - 2, "ORCHID") || isOne(i + 2, of: "TS")
          || ((isOne(i - 1, of: "AOUE") || i == 0) && isOne(i + 2, of: "LRNMBHFVW"))
        {
          step = Step("K", 2)  // Germanic and Greek "ch" for "kh"
        } else if i > 0 {
          step = at(0, "MC") ? Step("K", 2) : Step("X", "K", 2)
        } else {
          step = Step("X", 2)
        }
      } else if at(i, "CZ") && !at(i - 2, "WICZ") {
        step = Step("S", "X", 2)  // "czerny"
      } else if at(i + 1, "CIA") {
        step = Step("X", 3)  // "focaccia"
      } else if at(i, "CC") && !(i == 1 && self[0] == 0x4D) {
        if isOne(i + 2, of: "IEH") && !at(i + 2, "HU") {
          if (i == 1 && self[0] == 0x41) || at(i - 1, "UCCEE") || at(i - 1, "UCCES") {
            step = Step("KS", 3)  // "accident", "succeed"
          } else {
            step = Step("X", 3)  // "bacci", "bertucci"
          }
        } else {
          step = Step("K", 2)
        }
      } else if at(i, "CK") || at(i, "CG") || at(i, "CQ") {
        step = Step("K", 2)
      } else if at(i, "CI") || at(i, "CE") || at(i, "CY") {
        step =
          at(i, "CIO") || at(i, "CIE") || at(i, "CIA") ? Step("S", "X", 2) : Step("S", 2)
      } else if isOne(i + 1, of: "CKQ") && !at(i + 1, "CE") && !at(i + 1, "CI") {
        step = Step("K", 2)
      } else {
        step = Step("K", 1)
      }
    }

    mutating func d() {
      let i = position
      if at(i, "DG") {
        step = isOne(i + 2, of: "IEY") ? Step("J", 3) : Step("TK", 2)  // "edge"
      } else if at(i, "DT") || at(i, "DD") {
        step = Step("T", 2)
      } else {
        step = Step("T", 1)
      }
    }

    mutating func g() {
      let i = position
      if self[i + 1] == 0x48 {
        if i > 0 && !isVowel(i - 1) {
          step = Step("K", 2)
        } else if i < 3 {
          if i == 0 { step = self[i + 2] == 0x49 ? Step("J", 2) : Step("K", 2) }
        } else if (i > 1 && isOne(i - 2, of: "BHD")) || (i > 2 && isOne(i - 3, of: "BHD"))
          || (i > 3 && isOne(i - 4, of: "BH"))
        {
          step = Step("", 2)  // "hugh", "bough"
        } else if i > 2 && self[i - 1] == 0x55 && isOne(i - 3, of: "CGLRT") {
          step = Step("F", 2)  // "laugh", "tough"
        } else if i > 0 && self[i - 1] != 0x49 {
          step = Step("K", 2)
        }
      } else if self[i + 1] == 0x4E {
        if i == 1 && isVowel(0) && !slavo {
          step = Step("KN", "N", 2)
        } else if !at(i + 2, "EY") && !slavo {
          step = Step("N", "KN", 2)
        } else {
          step = Step("KN", 2)
        }
      } else if at(i + 1, "LI") && !slavo {
        step = Step("KL", "L", 2)  // "tagliaro"
      } else if i == 0
        && (self[i + 1] == 0x59 || at(i + 1, "ES") || at(i + 1, "EP") || at(i + 1, "EB")
          || at(i + 1, "EL") || at(i + 1, "EY") || at(i + 1, "IB") || at(i + 1, "IL")
          || at(i + 1, "IN") || at(i + 1, "IE") || at(i + 1, "EI") || at(i + 1, "ER"))
      {
        step = Step("K", "J", 2)
      } else if (at(i + 1, "ER") || self[i + 1] == 0x59)
        && !(at(0, "DANGER") || at(0, "RANGER") || at(0, "MANGER")) && !isOne(i - 1, of: "EI")
        && !at(i - 1, "RGY") && !at(i - 1, "OGY")
      {
        step = Step("K", "J", 2)
      } else if isOne(i + 1, of: "EIY") || at(i - 1, "AGGI") || at(i - 1, "OGGI") {
        if at(0, "VON ") || at(0, "VAN ") || at(0, "SCH") || at(i + 1, "ET") {
          step = Step("K", 2)
        } else {
          step = at(i + 1, "IER ") ? Step("J", 2) : Step("J", "K", 2)
        }
      } else {
        step = Step("K", self[i + 1] == 0x47 ? 2 : 1)
      }
    }

    mutating func h() {
      let i = position
      step = (i == 0 || isVowel(i - 1)) && isVowel(i + 1) ? Step("H", 2) : Step("", 1)
    }

    mutating func j() {
      let i = position
      let advance = self[i + 1] == 0x4A ? 2 : 1
      if at(i, "JOSE") || at(0, "SAN ") {
        step = at(0, "SAN ") ? Step("H", advance) : Step("J", "H", advance)
      } else if i == 0 {
        step = Step("J", "A", advance)  // "Jankelowicz"
      } else if isVowel(i - 1) && !slavo && isOne(i + 1, of: "AO") {
        step = Step("J", "H", advance)  // Spanish "bajador"
      } else if i == end {
        step = Step("J", " ", advance)
      } else if !isOne(i + 1, of: "LTKSNMBZ") && !isOne(i - 1, of: "SKL") {
        step = Step("J", advance)
      } else {
        step = Step("", advance)
      }
    }

    mutating func l() {
      let i = position
      if self[i + 1] == 0x4C {
        // Spanish "cabrillo", "gallegos": the L may be silent.
        if (i == end - 2 && (at(i - 1, "ILLO") || at(i - 1, "ILLA") || at(i - 1, "ALLE")))
          || ((at(end - 1, "AS") || at(end - 1, "OS") || isOne(end, of: "AO"))
            && at(i - 1, "ALLE"))
        {
          step = Step("L", "", 2)
        } else {
          step = Step("L", 2)
        }
      } else {
        step = Step("L", 1)
      }
    }

    mutating func m() {
      let i = position
      let silentB = at(i + 1, "UMB") && (i + 1 == end || at(i + 2, "ER"))  // "dumb", "thumb"
      step = Step("M", silentB || self[i + 1] == 0x4D ? 2 : 1)
    }

    mutating func p() {
      let i = position
      if self[i + 1] == 0x48 {
        step = Step("F", 2)
      } else {
        step = Step("P", isOne(i + 1, of: "PB") ? 2 : 1)
      }
    }

    mutating func r() {
      let i = position
      let advance = self[i + 1] == 0x52 ? 2 : 1
      // French "rogier": the final R silent in the primary code.
      if i == end && !slavo && at(i - 2, "IE") && !at(i - 4, "ME") && !at(i - 4, "MA") {
        step = Step("", "R", advance)
      } else {
        step = Step("R", advance)
      }
    }

    mutating func s() {
      let i = position
      if at(i - 1, "ISL") || at(i - 1, "YSL") {
        step = Step("", 1)  // "island", "carlisle"
      } else if i == 0 && at(0, "SUGAR") {
        step = Step("X", "S", 1)
      } else if at(i, "SH") {
        let germanic =
          at(i + 1, "HEIM") || at(i + 1, "HOEK") || at(i + 1, "HOLM") || at(i + 1, "HOLZ")
        step = Step(germanic ? "S" : "X", 2)
      } else if at(i, "SIO") || at(i, "SIA") {
        step = slavo ? Step("S", 3) : Step("S", "X", 3)
      } else if (i == 0 && isOne(i + 1, of: "MNLW")) || self[i + 1] == 0x5A {
        step = Step("S", "X", self[i + 1] == 0x5A ? 2 : 1)
      } else if at(i, "SC") {
        if self[i + 2] == 0x48 {
          if at(i + 3, "OO") || at(i + 3, "ER") || at(i + 3, "EN") || at(i + 3, "UY")
            || at(i + 3, "ED") || at(i + 3, "EM")
          {
            step = at(i + 3, "ER") || at(i + 3, "EN") ? Step("X", "SK", 3) : Step("SK", 3)
          } else if i == 0 && !isVowel(3) && self[3] != 0x57 {
            step = Step("X", "S", 3)
          } else {
            step = Step("X", 3)
          }
        } else if isOne(i + 2, of: "IEY") {
          step = Step("S", 3)
        } else {
          step = Step("SK", 3)
        }
      } else if i == end && (at(i - 2, "AI") || at(i - 2, "OI")) {
        step = Step("", "S", 1)  // French "resnais", "artois"
      } else {
        step = Step("S", isOne(i + 1, of: "SZ") ? 2 : 1)
      }
    }

    mutating func t() {
      let i = position
      if at(i, "TION") || at(i, "TIA") || at(i, "TCH") {
        step = Step("X", 3)
      } else if at(i, "TH") || at(i, "TTH") {
        if at(i + 2, "OM") || at(i + 2, "AM") || at(0, "VON ") || at(0, "VAN ") || at(0, "SCH") {
          step = Step("T", 2)  // "thomas", "thames"
        } else {
          step = Step("0", "T", 2)
        }
      } else {
        step = Step("T", isOne(i + 1, of: "TD") ? 2 : 1)
      }
    }

    mutating func w() {
      let i = position
      if at(i, "WR") {
        step = Step("R", 2)
      } else if i == 0 && (isVowel(i + 1) || at(i, "WH")) {
        step = isVowel(i + 1) ? Step("A", "F", 1) : Step("A", 1)
      } else if (i == end && isVowel(i - 1)) || at(i - 1, "EWSKI") || at(i - 1, "EWSKY")
        || at(i - 1, "OWSKI") || at(i - 1, "OWSKY") || at(0, "SCH")
      {
        step = Step("", "F", 1)  // "Arnow", "Filipowski"
      } else if at(i, "WICZ") || at(i, "WITZ") {
        step = Step("TS", "FX", 4)
      } else {
        step = Step("", 1)
      }
    }

    mutating func x() {
      let i = position
      let advance = isOne(i + 1, of: "CX") ? 2 : 1
      // French "breaux": a final X after AU or OU is silent.
      let silent =
        i == end && (at(i - 3, "IAU") || at(i - 3, "EAU") || at(i - 2, "AU") || at(i - 2, "OU"))
      step = Step(silent ? "" : "KS", advance)
    }

    mutating func z() {
      let i = position
      let advance = isOne(i + 1, of: "ZH") ? 2 : 1
      if self[i + 1] == 0x48 {
        step = Step("J", advance)  // Chinese "zhao"
      } else if at(i + 1, "ZO") || at(i + 1, "ZI") || at(i + 1, "ZA")
        || (slavo && i > 0 && self[i - 1] != 0x54)
      {
        step = Step("S", "TS", advance)
      } else {
        step = Step("S", advance)
      }
    }
  }
}
