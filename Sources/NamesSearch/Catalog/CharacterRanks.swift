/// Sort keys for names written in Han characters, kana, Hangul syllables, or Cyrillic or
/// Greek letters (with spaces), so that a million such names are sorted by comparing bytes
/// rather than collated one pair at a time (40 s for 1M Chinese names, 6 s for 270k names
/// of those scripts among a million, through Foundation's collation).
///
/// Under ICU's root collation (what `SectionOrder` compares with, `RootCollation`, the
/// Unicode Collation Algorithm, UTS #10) each character covered here has one primary weight
/// (Han characters an implicit one, UTS #10 section 10.1) and no contraction with its
/// neighbours, so two strings of them whose primary weights differ compare as the
/// sequences of those weights, a prefix first. The weights are not written down but taken
/// from the collation itself: the distinct characters of a list's covered names are sorted
/// once with `RootCollation`, and neighbours `c < d` share a rank (a primary weight:
/// they differ only in case, accents, kana type or width) exactly when `c + "b"` sorts after
/// `d + "a"`. A name's key is its characters' ranks as 16-bit big-endian words; names whose
/// keys are equal are collated whole (`FirstLetterSections`). Tested against the system
/// ICU's sort keys of whole names (`ucol_getSortKey`, not the pairwise comparison the ranks
/// come from; `CharacterRanksTests`).
///
/// A Hangul syllable is several primary weights (its jamo, UTS #10 section 10.2): ranks
/// still order syllables one after another, but not a syllable against a character of
/// another script that follows one (a Han character sorts after a final consonant), so a
/// name with a Hangul syllable is covered only if it holds nothing else but spaces and
/// punctuation.
///
/// Covers: CJK Unified Ideographs of the Basic Multilingual Plane (U+3400…U+4DBF,
/// U+4E00…U+9FFF) and the iteration mark 々 (佐々木), hiragana and katakana letters (without the ligatures ゟ and ヿ, which
/// expand), Hangul syllables, the Cyrillic letters U+0400…U+045F and Ґ ґ, the modern Greek
/// letters U+0386…U+03CE, the space, the apostrophe, the hyphen-minus and the full stop.
final class CharacterRanks: @unchecked Sendable {
  /// Each BMP scalar's number, 0 for none. Written once, before any read.
  private let ranks: UnsafeMutablePointer<UInt16>

  /// The numbers of the distinct characters of the names of `names` at `candidates` that
  /// this table covers.
  ///
  /// - Complexity: O(n) in the names' bytes, plus O(d log d) collations of the
  ///   d distinct characters (a few thousand for real names).
  init(names: NameStore, candidates: [Int]) {
    ranks = .allocate(capacity: 0x10000)
    ranks.initialize(repeating: 0, count: 0x10000)
    // The distinct characters, noted as first met (not by a walk over every BMP scalar,
    // which a sort of three names would pay for as much as one of a million).
    var seen = [Bool](repeating: false, count: 0x10000)
    var distinct: [UInt32] = []
    for i in candidates {
      let utf8 = names.utf8(of: i)
      guard Self.isCovered(utf8) else { continue }
      var k = 0
      while k < utf8.count {
        let (value, length) = UTF8Decoding.scalar(in: utf8, at: k)
        if !seen[Int(value)] {
          seen[Int(value)] = true
          distinct.append(value)
        }
        k += length
      }
    }
    let order = RootCollation.compare as (String, String) -> Int
    let characters = distinct.sorted().map { String(Unicode.Scalar($0)!) }
    let sorted = characters.sorted { order($0, $1) < 0 }
    var rank: UInt16 = 0
    for (k, character) in sorted.enumerated() {
      // A new primary weight unless the neighbours tie at the primary level: then the
      // letters after them decide.
      if k == 0 || order(sorted[k - 1] + "b", character + "a") <= 0 {
        rank += 1
      }
      ranks[Int(character.unicodeScalars.first!.value)] = rank
    }
  }

  deinit { ranks.deallocate() }

  /// Whether `utf8` is one or more BMP CJK Unified Ideographs and nothing else.
  @inline(__always)
  static func isHanOnly(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    isHanOnly(utf8) { _, _ in }
  }

  /// Whether `utf8` is one or more BMP CJK Unified Ideographs and nothing else, calling
  /// `visit` with each one's scalar and byte offset as it goes (so a name that turns out
  /// otherwise may have been visited in part).
  @inline(__always)
  static func isHanOnly(
    _ utf8: UnsafeBufferPointer<UInt8>, visit: (_ scalar: UInt32, _ offset: Int) -> Void
  ) -> Bool {
    guard !utf8.isEmpty, utf8.count % 3 == 0 else { return false }
    var k = 0
    while k < utf8.count {
      let lead = utf8[k]
      // U+3400…U+4DBF lead with 0xE3 (from U+3400) or 0xE4; U+4E00…U+9FFF with 0xE4…0xE9.
      guard lead >= 0xE3 && lead <= 0xE9 else { return false }
      let value =
        UInt32(lead & 0x0F) << 12 | UInt32(utf8[k + 1] & 0x3F) << 6 | UInt32(utf8[k + 2] & 0x3F)
      guard (0x3400...0x4DBF).contains(value) || value >= 0x4E00 else { return false }
      visit(value, k)
      k += 3
    }
    return true
  }

  /// Whether a name whose UTF-8 starts with `lead` may be covered.
  @inline(__always)
  static func mayCover(lead: UInt8) -> Bool {
    (0xCE...0xD2).contains(lead) || (0xE3...0xED).contains(lead)
  }

  /// What the table covers of a scalar: not covered, a space (or the apostrophe, hyphen
  /// and full stop of names such as "Анна-Мария" and "г-жа", which sort before every
  /// letter as a space does), a Hangul syllable, or another character.
  private enum Kind { case none, space, hangul, other }

  @inline(__always)
  private static func kind(_ v: UInt32) -> Kind {
    switch v {
    case 0x20, 0x27, 0x2D, 0x2E: return .space
    case 0xAC00...0xD7A3: return .hangul
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0x3005, 0x3041...0x3096, 0x309D, 0x309E, 0x30A1...0x30FA,
      0x30FC...0x30FE, 0x0400...0x045F, 0x0490, 0x0491, 0x0386, 0x0388...0x038A, 0x038C,
      0x038E...0x03A1, 0x03A3...0x03CE:
      return .other
    default: return .none
    }
  }

  /// Whether every character of `utf8` is covered (and one with a Hangul syllable holds
  /// nothing but Hangul syllables and spaces).
  static func isCovered(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !utf8.isEmpty else { return false }
    var hasHangul = false
    var hasOther = false
    var k = 0
    while k < utf8.count {
      let (value, length) = UTF8Decoding.scalar(in: utf8, at: k)
      switch kind(value) {
      case .none: return false
      case .space: break
      case .hangul: hasHangul = true
      case .other: hasOther = true
      }
      k += length
    }
    return !(hasHangul && hasOther)
  }

  /// Writes the key of `utf8` (two bytes a character) to `out` and returns its length, or
  /// nil when `utf8` is not written only in characters this table numbered.
  func writeKey(of utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
    guard Self.isCovered(utf8) else { return nil }
    var k = 0
    var written = 0
    while k < utf8.count {
      let (value, length) = UTF8Decoding.scalar(in: utf8, at: k)
      let rank = ranks[Int(value)]
      guard rank != 0 else { return nil }
      out[written] = UInt8(rank >> 8)
      out[written + 1] = UInt8(rank & 0xFF)
      written += 2
      k += length
    }
    return written
  }
}
