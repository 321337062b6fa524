/// Random sortednames lists for the differential tests: names glued from `pieces` (ASCII,
/// precomposed and decomposed accents, Hangul, kana, emoji sequences, final sigma, …), so a
/// scan, a fold and a reader all meet the awkward cases, repeatably from a seed.
public enum RandomList {
  /// The pieces names are made of: letters, accents both precomposed and as combining marks,
  /// `ß`, Hangul syllables, kana with and without dakuten, a ZWJ emoji sequence and its first
  /// emoji, space, hyphen, `ø`, and both sigmas.
  public static let pieces = [
    "a", "n", "e", "an", "ann", "b", "s", "z", "José", "e\u{301}", "ü", "Straße", "김", "기",
    "민", "が", "か", "👨\u{200D}👩", "👨", " ", "-", "ø", "Σ", "ς",
  ]

  /// A list of `count` names (each 0 to 5 pieces; empty names included), cut into sections of
  /// 1 to 2,000 names titled `S0`, `S1`, …, then a section `last` with the rest (possibly
  /// empty). The same `seed` gives the same list; O(`count`) time.
  public static func sections(names count: Int, seed: UInt64) -> [ReferenceSection] {
    var random = SeededGenerator(seed: seed)
    var sections: [ReferenceSection] = []
    var names: [String] = []
    for _ in 0..<count {
      names.append(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }
        .joined())
      if names.count == 1 + Int.random(in: 0..<2_000, using: &random) {
        sections.append(ReferenceSection(title: "S\(sections.count)", names: names))
        names = []
      }
    }
    sections.append(ReferenceSection(title: "last", names: names))
    return sections
  }
}
