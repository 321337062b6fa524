import Foundation

/// Sort keys for names written only in Han characters, so that a million Chinese names are
/// sorted by comparing bytes rather than through Foundation's collation one pair at a time
/// (which took 40 s for 1M names).
///
/// ICU's root collation (what `SectionOrder` compares with, through Foundation) gives every
/// Han character a primary weight of its own, and a string of them compares as the
/// sequence of those weights, a prefix first. The order of the characters is not their code
/// points' (页 U+9875 sorts before 顂 U+9842), so it is taken from Foundation itself: the
/// distinct characters of a list's Han names are sorted once with Foundation's comparison
/// and numbered, and a name's key is its characters' numbers as 16-bit big-endian words.
/// Tested against Foundation's comparison of whole names (`HanRanksTests`).
///
/// Covers the CJK Unified Ideographs of the Basic Multilingual Plane (U+3400…U+4DBF,
/// U+4E00…U+9FFF); a name with any other character has no key here.
final class HanRanks: @unchecked Sendable {
  /// Each BMP scalar's number, 0 for none. Written once, before any read.
  private let ranks: UnsafeMutablePointer<UInt16>

  /// The numbers of the distinct characters of the names of `names` at `candidates` that are
  /// written only in Han characters.
  ///
  /// - Complexity: O(n) in the names' bytes, plus O(d log d) Foundation comparisons of the
  ///   d distinct characters (a few thousand for real names).
  init(names: NameStore, candidates: [Int]) {
    ranks = .allocate(capacity: 0x10000)
    ranks.initialize(repeating: 0, count: 0x10000)
    var seen = [Bool](repeating: false, count: 0x10000)
    for i in candidates {
      let utf8 = names.utf8(of: i)
      guard Self.isHanOnly(utf8) else { continue }
      var k = 0
      while k < utf8.count {
        seen[Int(Self.scalar(utf8, at: k))] = true
        k += 3
      }
    }
    let root = Locale(identifier: "")
    let characters = (0..<0x10000).filter { seen[$0] }.map { String(Unicode.Scalar(UInt32($0))!) }
    let sorted = characters.sorted {
      $0.compare($1, options: [], range: nil, locale: root) == .orderedAscending
    }
    var rank: UInt16 = 0
    for (k, character) in sorted.enumerated() {
      if k == 0
        || sorted[k - 1].compare(character, options: [], range: nil, locale: root) != .orderedSame
      {
        rank += 1
      }
      ranks[Int(character.unicodeScalars.first!.value)] = rank
    }
  }

  deinit { ranks.deallocate() }

  /// Whether `utf8` is one or more BMP CJK Unified Ideographs and nothing else.
  @inline(__always)
  static func isHanOnly(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !utf8.isEmpty, utf8.count % 3 == 0 else { return false }
    var k = 0
    while k < utf8.count {
      let lead = utf8[k]
      // U+3400…U+4DBF lead with 0xE3 (from U+3400) or 0xE4; U+4E00…U+9FFF with 0xE4…0xE9.
      guard lead >= 0xE3 && lead <= 0xE9 else { return false }
      let v = scalar(utf8, at: k)
      guard (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) else { return false }
      k += 3
    }
    return true
  }

  /// The scalar of the 3-byte sequence at `k`.
  @inline(__always)
  private static func scalar(_ utf8: UnsafeBufferPointer<UInt8>, at k: Int) -> UInt32 {
    UInt32(utf8[k] & 0x0F) << 12 | UInt32(utf8[k + 1] & 0x3F) << 6 | UInt32(utf8[k + 2] & 0x3F)
  }

  /// Writes the key of `utf8` (two bytes a character) to `out` and returns its length, or
  /// nil when `utf8` is not written only in Han characters this table numbered.
  func writeKey(of utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
    guard Self.isHanOnly(utf8) else { return nil }
    var k = 0
    var written = 0
    while k < utf8.count {
      let rank = ranks[Int(Self.scalar(utf8, at: k))]
      guard rank != 0 else { return nil }
      out[written] = UInt8(rank >> 8)
      out[written + 1] = UInt8(rank & 0xFF)
      written += 2
      k += 3
    }
    return written
  }
}
