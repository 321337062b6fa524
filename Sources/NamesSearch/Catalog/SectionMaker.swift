/// Files the names of a flat list (one with no section titles) into sections, the way a
/// contacts list or ICU's AlphabeticIndex does. The one replaceable piece of the loader
/// that decides made sections: a locale's maker will file "Å" after "Z" in Swedish,
/// Chinese names under pinyin letters, kana by row, Hangul by initial.
public protocol SectionMaker: Sendable {
  /// The sections of `names`: each a title and the indices of its names in the order they
  /// are shown. Every index appears exactly once; titles are distinct, not empty, and in
  /// any order (the catalog orders them with `SectionOrder`).
  ///
  /// - Complexity: at most O(n log n) in the number of names.
  func sections(of names: NameStore) -> [(title: String, members: [Int])]

  /// Called once when a list turns out to need made sections, before its names are read:
  /// a maker may start, on another core, the set-up `sections(of:)` will need.
  func prepare()
}

extension SectionMaker {
  /// Nothing to set up.
  public func prepare() {}
}
