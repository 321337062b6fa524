import Foundation
import Testing

@testable import NamesSearch

/// Made sections of Chinese names are sorted by ranks of their characters (`HanRanks`);
/// the order must be Foundation's root collation of whole names, as for any other name.
@Suite("Han ranks")
struct HanRanksTests {
  @Test("names of Han characters sort as Foundation's root collation sorts them", arguments: 0..<4)
  func sameOrderAsFoundation(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    // A few first characters (few sections), then characters from all of both blocks,
    // among them 页 and 顂, which code point order puts the other way round.
    let firsts: [UInt32] = [0x5F20, 0x738B, 0x9875, 0x9842, 0x3400]
    var names: [String] = []
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      scalars.append(Unicode.Scalar(firsts[Int(generator.next() % 5)])!)
      for _ in 0..<Int(generator.next() % 4) {
        let value =
          generator.next() % 3 == 0
          ? UInt32(0x3400 + generator.next() % 0x19C0) : UInt32(0x4E00 + generator.next() % 0x5200)
        scalars.append(Unicode.Scalar(value)!)
      }
      names.append(String(scalars))
    }
    names += ["页", "顂", "页顂", "顂页"]
    let store = NameStore(names)
    let root = Locale(identifier: "")
    for (_, members) in FirstLetterSections().sections(of: store) {
      let expected = members.sorted { i, j in
        switch names[i].compare(names[j], options: [], range: nil, locale: root) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame:
          return names[i].unicodeScalars.lexicographicallyPrecedes(names[j].unicodeScalars)
            || (names[i] == names[j] && i < j)
        }
      }
      #expect(members == expected)
    }
  }
}

/// A seeded generator (SplitMix64, Steele, Lea and Flood 2014) for reproducible names.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
