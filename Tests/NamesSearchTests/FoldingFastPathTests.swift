import Foundation
import Testing

@testable import NamesSearch

/// What the one-pass fold (`TextFolder`'s fast path: ASCII eight bytes at a time, table
/// entries written as words into room reserved once) could get wrong: entries longer than
/// their scalar, room growing in the middle of a name, entries longer than a word, ASCII
/// runs cut by a non-ASCII byte at every place of a word, very long names, and names that
/// fail the fast path half way (the key must keep nothing of the attempt).
///
/// Expected keys are built by hand, per scalar, from Unicode's data: CaseFolding.txt
/// (Unicode 17.0) for the expansions, the Hangul syllable decomposition algorithm (Unicode
/// §3.12) for Korean, and A–Z + 0x20 for ASCII. Each test runs under each rule: `--fold
/// cd`, and `--fold all` with punctuation kept (terms) and dropped (search keys), where the
/// punctuation of these names is made one or dropped as listed by hand in `step4`.
@Suite("Folding fast path")
struct FoldingFastPathTests {
  /// A folding rule and, under `.all`, whether punctuation is dropped.
  struct Rule: Sendable, CustomStringConvertible {
    var folding: MatchOptions.Folding
    var dropsPunctuation: Bool
    var description: String {
      "\(folding)\(folding == .all ? dropsPunctuation ? " dropping" : " keeping" : "")"
    }
  }

  static let rules = [
    Rule(folding: .cd, dropsPunctuation: false), Rule(folding: .all, dropsPunctuation: false),
    Rule(folding: .all, dropsPunctuation: true),
  ]

  /// `--fold all`'s step 4 on the punctuation of these tests' names, by hand: U+02BC (from
  /// ŉ) and the grave accent are apostrophes, "@", "[", "{" (General_Category Po, Ps, Ps)
  /// and "'" are punctuation; kept (an apostrophe made "'") or dropped.
  static func step4(_ folded: [UInt8], _ rule: Rule) -> [UInt8] {
    guard rule.folding == .all else { return folded }
    var text = String(decoding: folded, as: UTF8.self)
    for apostrophe in ["\u{2BC}", "`"] {
      text = text.replacingOccurrences(of: apostrophe, with: rule.dropsPunctuation ? "" : "'")
    }
    if rule.dropsPunctuation {
      for mark in ["@", "[", "{", "'"] { text = text.replacingOccurrences(of: mark, with: "") }
    }
    return Array(text.utf8)
  }

  /// Folds (default options) of scalars whose fold is longer than or as long as the scalar,
  /// from CaseFolding.txt status F: 0149 → 02BC 006E, 0587 → 0565 0582, FB13 → 0574 0576,
  /// 00DF → 0073 0073, FB03 → 0066 0066 0069, 1E9E → 0073 0073; and precomposed Latin
  /// letters whose mark is dropped (É → e, ü → u).
  static let byHand: [Character: String] = [
    "ŉ": "\u{2BC}n", "և": "եւ", "ﬓ": "մն", "ß": "ss", "ﬃ": "ffi", "ẞ": "ss", "É": "e",
    "ü": "u",
  ]

  /// The NFD of a Hangul syllable U+AC00...U+D7A3 (Unicode §3.12, "Hangul Syllable
  /// Decomposition"): a leading consonant, a vowel, and a trailing consonant unless its
  /// index is 0.
  static func hangulJamo(_ syllable: Unicode.Scalar) -> String {
    let index = syllable.value - 0xAC00
    var jamo = String(Unicode.Scalar(0x1100 + index / 588)!)
    jamo.unicodeScalars.append(Unicode.Scalar(0x1161 + index % 588 / 28)!)
    if index % 28 != 0 { jamo.unicodeScalars.append(Unicode.Scalar(0x11A7 + index % 28)!) }
    return jamo
  }

  /// The expected fold of `text` under `rule` (with case and diacritics ignored),
  /// character by character, from the tables above.
  static func expected(_ text: String, _ rule: Rule) -> [UInt8] {
    step4(expected(text), rule)
  }

  /// The expected `--fold cd` fold of `text`, character by character, from the tables above.
  static func expected(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    for character in text {
      if let folded = byHand[character] {
        out += Array(folded.utf8)
      } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
        (0xAC00...0xD7A3).contains(scalar.value)
      {
        out += Array(hangulJamo(scalar).utf8)
      } else {
        let bytes = Array(character.utf8)
        precondition(bytes.count == 1, "no expected fold for \(character)")
        out += bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
      }
    }
    return out
  }

  /// Appends `text` folded to a key that already holds `prefix` and has little room, so
  /// that the fold must grow it.
  static func appendFolded(
    _ text: String, after prefix: [UInt8] = Array("key:".utf8),
    options: MatchOptions = .default, rule: Rule
  ) -> [UInt8] {
    var options = options
    options.folding = rule.folding
    let folder = TextFolder(options: options, dropsPunctuation: rule.dropsPunctuation)
    var key = GrowableArray<UInt8>(capacity: 16)
    prefix.withUnsafeBufferPointer { key.append(contentsOf: $0) }
    folder.append(text, to: &key)
    return Array(key.buffer)
  }

  @Test(
    "entries longer than their scalar, and entries as long",
    arguments: ["ŉ", "և", "ﬓ", "ß", "ﬃ", "ẞ", "Straße", "ŉAB", "Ab ﬓ", "ﬃ ŉ և ﬓ ß ẞ"], rules)
  func longerEntries(name: String, rule: Rule) {
    #expect(Self.appendFolded(name, rule: rule) == Array("key:".utf8) + Self.expected(name, rule))
  }

  @Test(
    "Hangul syllables fold to their jamo (entries of 6 and 9 bytes, longer than a word)",
    arguments: rules)
  func hangul(rule: Rule) {
    for name in ["김", "민준", "김민준", "Kim 김민준 Minjun", "가", "힣", "각가"] {
      let folded = Self.appendFolded(name, rule: rule)
      #expect(folded == Array("key:".utf8) + Self.expected(name, rule), "\(name)")
    }
    // 김 by hand: U+AC00 + (0 * 21 + 20) * 28 + 16 → ᄀ (U+1100), ㅣ (U+1175), ᆷ (U+11B7).
    #expect(
      Self.appendFolded("김", after: [], rule: rule) == Array("\u{1100}\u{1175}\u{11B7}".utf8))
  }

  @Test(
    "room grows in the middle of a name: expanding names of every length up to 300",
    arguments: rules)
  func growingRoom(rule: Rule) {
    let pieces = ["և", "김", "ŉ", "a", "B", "ß", "ﬃ", "É", " "]
    for length in 0...300 {
      let name = (0..<length).map { pieces[($0 * 5 + length) % pieces.count] }.joined()
      #expect(
        Self.appendFolded(name, rule: rule) == Array("key:".utf8) + Self.expected(name, rule),
        "\(length)")
    }
    // Only expanding letters: the key ends three times as long as the name (Hangul).
    let korean = String(repeating: "김", count: 1000)
    #expect(Self.appendFolded(korean, after: [], rule: rule) == Self.expected(korean, rule))
  }

  @Test(
    "a non-ASCII letter at every place of an 8-byte word, after and before ASCII",
    arguments: rules)
  func asciiCutByLetters(rule: Rule) {
    for before in 0...17 {
      for after in 0...17 {
        let name =
          String(String(repeating: "AZ@[", count: 5).prefix(before)) + "É"
          + String(String(repeating: "Z`a{", count: 5).prefix(after))
        let folded = Self.appendFolded(name, rule: rule)
        #expect(folded == Array("key:".utf8) + Self.expected(name, rule), "\(name)")
      }
    }
  }

  @Test("very long names: 200,000 characters of ASCII and letters", arguments: rules)
  func veryLong(rule: Rule) {
    let pieces = ["Anna ", "Müller", "ŉ", "և", "김민준", "STRASSE", "ß", "x"]
    let name = (0..<60_000).map { pieces[$0 * 7 % pieces.count] }.joined()
    #expect(Self.appendFolded(name, rule: rule) == Array("key:".utf8) + Self.expected(name, rule))
  }

  @Test(
    "a name that fails the fast path half way keeps nothing of the attempt",
    arguments: [1, 7, 8, 9, 100, 2000], rules)
  func failsHalfWay(repeats: Int, rule: Rule) {
    // The fast path writes (and grows the key for) the expanding letters, then meets a
    // combining mark: the general path folds the whole name again.
    let head = String(repeating: "և김ŉA", count: repeats)
    let name = head + "e\u{301}" + "Zz"
    let folded = Self.appendFolded(name, rule: rule)
    #expect(folded == Array("key:".utf8) + Self.expected(head, rule) + Array("ezz".utf8))
    // With diacritics kept, the mark stays after its letter.
    let caseOnly = MatchOptions(ignoresCase: true, ignoresDiacritics: false)
    #expect(
      Self.appendFolded(name, options: caseOnly, rule: rule)
        == Array("key:".utf8) + Self.expected(head, rule) + Array("e\u{301}zz".utf8))
  }

  @Test("case kept: ASCII bytes pass unchanged around folded letters", arguments: rules)
  func caseKept(rule: Rule) {
    let diacriticsOnly = MatchOptions(ignoresCase: false, ignoresDiacritics: true)
    let name = "ABCDEFGHÉijklmnopQRSTüVWXYZ@[`{ ABC"
    #expect(
      Self.appendFolded(name, options: diacriticsOnly, rule: rule)
        == Array("key:".utf8) + Self.step4(Array("ABCDEFGHEijklmnopQRSTuVWXYZ@[`{ ABC".utf8), rule))
  }
}
