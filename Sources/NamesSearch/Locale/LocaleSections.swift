/// Files a flat list's names into a locale's alphabetic index, as ICU's AlphabeticIndex
/// does (Unicode CLDR's index characters; ICU 72): Swedish A … Z Å Ä Ö (Ø under Ö), German
/// Ä under A, Spanish Ñ after N, Japanese kana rows あ か さ た な は ま や ら わ, Korean
/// initials ㄱ ㄴ ㄷ … ㅎ, Russian А … Я, Greek Α … Ω, Chinese A–Z by pinyin. Names ICU puts
/// in no letter's bucket (digits, punctuation, other scripts, kanji without a reading) go
/// under "#".
///
/// ```swift
/// let maker = LocaleSections(locale: try SectionLocale("sv"))
/// maker.sections(of: NameStore(["Örjan", "Anna", "Åsa"]))
/// // [("A", [1]), ("Å", [2]), ("Ö", [0])]
/// ```
///
/// Sections come in the index's order, "#" last; names within a section follow the
/// locale's collation (ICU sort keys), names the collation finds equal in Unicode scalar
/// order, then (the same text) in list order.
/// The root locale's maker is `FirstLetterSections`, which this one does not replace.
public struct LocaleSections: SectionMaker {
  /// The locale whose index the names are filed into.
  public let locale: SectionLocale

  /// The maker for `locale`.
  public init(locale: SectionLocale) {
    self.locale = locale
  }

  /// The title of the section `name` is filed under: its bucket's label, or "#".
  ///
  /// - Complexity: O(log b) collations for the index's b buckets.
  public func title(for name: String) -> String {
    var name = name
    return name.withUTF8 { utf8 in
      if let surname = chineseSurnameTitle(utf8) { return surname }
      let bucket = bucketIndex(of: utf8)
      return locale.index.kinds[bucket] == .normal ? locale.index.labels[bucket] : "#"
    }
  }

  /// The sections of `names`, in the index's order, "#" last.
  ///
  /// - Complexity: O(n log n) comparisons of sort keys, plus O(n log b) collations to find
  ///   the buckets, for n names and b buckets.
  public func sections(of names: NameStore) -> [(title: String, members: [Int])] {
    let index = locale.index
    // Each bucket's members; every bucket that is not a letter's shares "#".
    var members = [[Int]](repeating: [], count: index.labels.count + 1)
    var surnameTitles: [String: [Int]] = [:]  // Only letters of the index.
    for i in 0..<names.count {
      let utf8 = names.utf8(of: i)
      if let surname = chineseSurnameTitle(utf8) {
        surnameTitles[surname, default: []].append(i)
        continue
      }
      let bucket = bucketIndex(of: utf8)
      members[index.kinds[bucket] == .normal ? bucket : index.labels.count].append(i)
    }
    var groups: [(title: String, members: [Int])] = []
    for (bucket, label) in index.labels.enumerated() where index.kinds[bucket] == .normal {
      let filed = members[bucket] + (surnameTitles.removeValue(forKey: label) ?? [])
      if !filed.isEmpty { groups.append((label, sorted(filed, names))) }
    }
    let others = members[index.labels.count]
    if !others.isEmpty { groups.append(("#", sorted(others, names))) }
    return groups
  }

  /// At most 4 bytes a byte of names and 160 bytes a name: each name's ICU sort key (an
  /// array of at least 64 bytes, or 4 a byte of the name, and its header) beside the
  /// buckets' members, the sorted indices and the sorts' buffers.
  public func memoryNeeded(for names: NameStore) -> Int {
    4 * names.bytes.count + 160 * names.count
  }

  /// The bucket of a name's UTF-8 in the locale's index.
  private func bucketIndex(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
    let bucket = locale.index.bucket(of: utf8)
    return locale.index.labels.indices.contains(bucket) ? bucket : locale.index.labels.count - 1
  }

  /// For Chinese, the title a name gets from its first character's reading as a surname,
  /// when that is one of the index's letters; `nil` otherwise.
  private func chineseSurnameTitle(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
    guard locale.language == "zh",
      let scalar = String(decoding: utf8.prefix(4), as: UTF8.self).unicodeScalars.first,
      let letter = surnameBucket(of: scalar), locale.sectionTitles.contains(letter)
    else { return nil }
    return letter
  }

  /// The pinyin letter of `firstScalar` read as a Chinese surname (曾 Zēng → "Z", 单 Shàn →
  /// "S"), where it differs from the common reading ICU's zh index files by (曾 céng → "C",
  /// 单 dān → "D"); `nil` to keep ICU's bucket.
  ///
  /// The reading is the first of `PinyinReadings.surnameReadings(of:)` (the cited surname
  /// list; empty when a character's surname reading is its common one), uppercased.
  func surnameBucket(of firstScalar: Unicode.Scalar) -> String? {
    guard let syllable = PinyinReadings.surnameReadings(of: firstScalar).first,
      let letter = PinyinReadings.syllables[Int(syllable)].first
    else { return nil }
    return letter.uppercased()
  }

  /// `members` in the locale's collation order, ties in index order.
  private func sorted(_ members: [Int], _ names: NameStore) -> [Int] {
    guard members.count > 1 else { return members }
    let keys = members.map { locale.index.sortKey(of: names.utf8(of: $0)) }
    return members.indices.sorted { a, b in
      if keys[a].lexicographicallyPrecedes(keys[b]) { return true }
      if keys[b].lexicographicallyPrecedes(keys[a]) { return false }
      // Equal under the collation: scalar order (UTF-8 byte order), as `SectionOrder`'s
      // root order does, then list order.
      let x = names.utf8(of: members[a])
      let y = names.utf8(of: members[b])
      if x.elementsEqual(y) { return members[a] < members[b] }
      return x.lexicographicallyPrecedes(y)
    }.map { members[$0] }
  }
}
