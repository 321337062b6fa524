@testable import NamesSearch

/// A checker of romanized units written for the tests, independently of the matching engine:
/// whether a word is one spelling of each unit in order, from the first unit to the last
/// (no prefix rule, no starting in the middle).
enum SpellingChecker {
  /// True when `word` is the concatenation of one spelling of each of `units`, in order,
  /// covering all of them. Dynamic programming over the offsets of `word` reachable after
  /// each unit: O(units × word length × spellings).
  static func canSpell(_ units: [RomanizedUnit], _ word: String) -> Bool {
    let bytes = Array(word.utf8)
    var reachable: Set<Int> = [0]
    for unit in units {
      var next: Set<Int> = []
      for offset in reachable {
        for spelling in unit.spellings {
          let piece = Array(spelling.utf8)
          if offset + piece.count <= bytes.count,
            Array(bytes[offset..<offset + piece.count]) == piece
          {
            next.insert(offset + piece.count)
          }
        }
      }
      reachable = next
      if reachable.isEmpty { return false }
    }
    return reachable.contains(bytes.count)
  }

  /// Why `units` do not cover `count` scalars in order with no gaps, each with distinct
  /// lowercase ASCII spellings (letters, `'` or `"`); nil when they do.
  static func shapeProblem(_ units: [RomanizedUnit], count: Int) -> String? {
    var expected = 0
    for unit in units {
      if unit.range.lowerBound != expected || unit.range.isEmpty {
        return "unit \(unit.range) where \(expected) was due"
      }
      expected = unit.range.upperBound
      if Set(unit.spellings).count != unit.spellings.count {
        return "repeated spellings \(unit.spellings)"
      }
      for spelling in unit.spellings
      where !spelling.utf8.allSatisfy({
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0 == UInt8(ascii: "'")
          || $0 == UInt8(ascii: "\"")
      }) {
        return "spelling \(spelling) is not lowercase ASCII"
      }
    }
    return expected == count ? nil : "units end at \(expected) of \(count)"
  }
}
