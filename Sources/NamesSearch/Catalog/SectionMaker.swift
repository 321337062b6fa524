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

  /// The bytes of address space `sections(of:)` may take at its peak for `names`, an upper
  /// bound. The loader refuses the list in one line (`LoadError` `outOfMemory`) when the
  /// process's limits (`ulimit -v`, `ulimit -d`: `AddressSpace`) leave less, since the
  /// sort's arrays cannot fail softly: a list either loads or is refused, never stopped
  /// by a failed allocation. The default allows 3 bytes a byte of names and 160 a name.
  ///
  /// - Complexity: O(1).
  func memoryNeeded(for names: NameStore) -> Int

  /// Called once when a list turns out to need made sections, before its names are read:
  /// a maker may start, on another core, the set-up `sections(of:)` will need.
  func prepare()
}

extension SectionMaker {
  /// Nothing to set up.
  public func prepare() {}

  /// 3 bytes a byte of names and 160 bytes a name.
  public func memoryNeeded(for names: NameStore) -> Int {
    3 * names.bytes.count + 160 * names.count
  }
}
