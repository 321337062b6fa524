import Synchronization

/// The loaded list: an immutable, ordered array of sections, each a title and its names.
///
/// ```swift
/// let catalog = Catalog(sections: [
///   Section(title: "B", names: ["Bob"]),
///   Section(title: "A", names: ["Ann", "Abby"]),
/// ])
/// catalog.titles   // ["A", "B"]  (see `SectionOrder`)
/// ```
///
/// Names are kept in one contiguous UTF-8 buffer (`NameStore`), each section's names
/// adjacent and in file order, and folded once, at creation, into search keys for the
/// default match options. A catalog is a value: searching never changes it, and copies
/// share storage.
public struct Catalog: Sendable {
  /// The section titles in display order (`SectionOrder`).
  public let titles: [String]
  /// The names of every section. Sections are stored in any order (a loader keeps the
  /// file's); `sectionRanges` says where each one is.
  public let names: NameStore
  /// For each section, in display order, the indices of its names in `names`. The ranges
  /// are disjoint and cover every name.
  public let sectionRanges: [Range<Int>]
  /// The names folded for `MatchOptions.default`, each name's further keys after its own.
  public let defaultKeys: SearchKeys
  /// The further search keys of records (`--search-key` fields), unfolded, owned by names
  /// in `names`; `nil` when the list has none. Folded into every `SearchKeys`.
  public let furtherKeys: FurtherKeys?
  /// Each name's record as compact JSON text (RFC 8259), index for index with `names`;
  /// `nil` when the list's items are names, not records.
  public let records: NameStore?
  /// Whether the list's items are records whose text was left out at load
  /// (`LoadOptions.keepsRecords` false): `records` is then `nil` though the items are records.
  public internal(set) var recordsDropped = false
  /// Where the reading keys of a catalog mapped from an index file are kept
  /// (`ReadingCache`), or `nil`: they are then made from the names.
  var readingLocation: ReadingCache.Location?
  /// Where the sounds-like index of a catalog mapped from an index file is kept
  /// (`PhoneticCache`), or `nil`: it is then made from the names.
  var phoneticLocation: PhoneticCache.Location?
  /// Where the n-gram index of a catalog mapped from an index file is kept
  /// (`TrigramCache`), or `nil`: its queries scan every key.
  var trigramLocation: CompanionFile.Location?
  /// Keys folded on demand for other options, kept for the catalog's life.
  private let derivedKeys = DerivedKeys()

  /// Creates a catalog; sections are put in `SectionOrder`, names keep their order.
  ///
  /// - Complexity: O(n) in the names' total UTF-8 length, plus sorting the titles.
  public init(sections: [Section]) {
    var builder = NameStore.Builder()
    var ranges: [Range<Int>] = []
    for section in sections {
      let start = builder.count
      for name in section.names { builder.append(name) }
      ranges.append(start..<builder.count)
    }
    self.init(titles: sections.map(\.title), names: builder.build(), sectionRanges: ranges)
  }

  /// Creates a catalog from stored names and each section's range of them, in any order,
  /// with the names' further keys and records if any; sections are put in `SectionOrder`
  /// and the default keys are folded.
  ///
  /// - Precondition: one range per title; the ranges are disjoint and cover `names`;
  ///   `furtherKeys` owners and `records` index `names`.
  public init(
    titles: [String], names: NameStore, sectionRanges: [Range<Int>],
    furtherKeys: FurtherKeys? = nil, records: NameStore? = nil
  ) {
    let keys = SearchKeys(names: names, further: furtherKeys, options: .default)
    self.init(
      titles: titles, names: names, sectionRanges: sectionRanges, defaultKeys: keys,
      furtherKeys: furtherKeys, records: records)
  }

  /// Creates a catalog from every part, keys included (for instance from a cache file);
  /// sections are put in `SectionOrder`.
  ///
  /// - Precondition: as for `init(titles:names:sectionRanges:furtherKeys:records:)`, and
  ///   `defaultKeys` folds `names` and `furtherKeys` with `MatchOptions.default`.
  public init(
    titles: [String], names: NameStore, sectionRanges: [Range<Int>], defaultKeys: SearchKeys,
    furtherKeys: FurtherKeys? = nil, records: NameStore? = nil
  ) {
    precondition(titles.count == sectionRanges.count, "one range per section")
    precondition(sectionRanges.reduce(0) { $0 + $1.count } == names.count, "ranges cover names")
    let order = titles.indices.sorted { a, b in
      if SectionOrder.areInIncreasingOrder(titles[a], titles[b]) { return true }
      if SectionOrder.areInIncreasingOrder(titles[b], titles[a]) { return false }
      return a < b
    }
    precondition(records == nil || records!.count == names.count, "one record per name")
    self.titles = order.map { titles[$0] }
    self.sectionRanges = order.map { sectionRanges[$0] }
    self.names = names
    self.defaultKeys = defaultKeys
    self.furtherKeys = furtherKeys
    self.records = records
  }

  /// Creates a catalog whose titles are already in `SectionOrder` (for instance read back
  /// from a cache file that stored them in that order), without sorting or folding.
  ///
  /// - Precondition: as for `init(titles:names:sectionRanges:defaultKeys:furtherKeys:records:)`.
  public init(
    orderedTitles: [String], names: NameStore, sectionRanges: [Range<Int>],
    defaultKeys: SearchKeys, furtherKeys: FurtherKeys? = nil, records: NameStore? = nil
  ) {
    precondition(orderedTitles.count == sectionRanges.count, "one range per section")
    precondition(sectionRanges.reduce(0) { $0 + $1.count } == names.count, "ranges cover names")
    precondition(records == nil || records!.count == names.count, "one record per name")
    self.titles = orderedTitles
    self.names = names
    self.sectionRanges = sectionRanges
    self.defaultKeys = defaultKeys
    self.furtherKeys = furtherKeys
    self.records = records
  }

  /// The number of sections.
  public var sectionCount: Int { titles.count }

  /// The number of names in all sections.
  public var nameCount: Int { names.count }

  /// The indices (into `names`) of the names of section `s`.
  public func nameRange(ofSection s: Int) -> Range<Int> { sectionRanges[s] }

  /// The sections as values: titles and names as `String`s.
  ///
  /// - Complexity: O(n) in the number of names.
  public var sections: [Section] {
    titles.indices.map { s in
      Section(title: titles[s], names: sectionRanges[s].map { names[$0] })
    }
  }

  /// The search keys for `options`: the stored ones for the default options, otherwise
  /// the names and their further keys folded now.
  ///
  /// - Complexity: O(1) for `.default`, else O(n) in the names' and further keys' total
  ///   UTF-8 length.
  ///
  /// With `keepingPunctuation` (a term with punctuation, `Matcher.keepsPunctuation`), the
  /// keys with punctuation kept under `MatchOptions.Folding.all` (`FullFolding`), folded on
  /// first use and kept.
  public func keys(for options: MatchOptions, keepingPunctuation: Bool = false) -> SearchKeys {
    let drops = !(keepingPunctuation && options.foldsAll)
    if options.keyOptions == defaultKeys.options && drops == defaultKeys.dropsPunctuation {
      return defaultKeys
    }
    if drops {
      return SearchKeys(names: names, further: furtherKeys, options: options.keyOptions)
    }
    return derivedKeys.keys(for: options.keyOptions) {
      SearchKeys(
        names: names, further: furtherKeys, options: options.keyOptions, dropsPunctuation: false)
    }
  }

  /// The readings of the names and their further keys (`ReadingKeys`), given on first use
  /// and kept: mapped from the file beside the index cache when the catalog was mapped from
  /// one and that file checks (`ReadingCache`), else made from the names.
  ///
  /// - Complexity: the first time, O(n) in the names' total UTF-8 length to make them, or in
  ///   the file's size to check it; then O(1).
  public var readingKeys: ReadingKeys {
    derivedKeys.readingKeys {
      if let location = readingLocation,
        let kept = ReadingCache.read(at: location, names: names)
      {
        return (kept, false)
      }
      return (ReadingKeys(names: names, further: furtherKeys), true)
    }
  }

  /// The sounds-like index of the names and their further keys (`PhoneticIndex`), made on
  /// first use (the first query by sound) and kept: mapped from the file beside the index
  /// cache when the catalog was mapped from one and that file checks (`PhoneticCache`),
  /// else made from the names.
  ///
  /// - Complexity: the first time, O(n log n) in the names' words to make it, or O(n) in
  ///   the file's size to check it; then O(1).
  var phoneticIndex: PhoneticIndex {
    derivedKeys.phoneticIndex {
      if let location = phoneticLocation,
        let kept = PhoneticCache.read(at: location, nameCount: nameCount)
      {
        return (kept, false)
      }
      return (PhoneticIndex(names: names, further: furtherKeys), true)
    }
  }

  /// Binds the files kept beside the index file this catalog was mapped from (reading
  /// keys, sounds-like index, n-gram index) to that file, whose checksum the reader has
  /// just verified.
  mutating func bind(companionsOf file: IndexCache.MappedFile) {
    readingLocation = file.companion(ReadingCache.suffix)
    phoneticLocation = file.companion(PhoneticCache.suffix)
    trigramLocation = file.companion(TrigramCache.suffix)
  }

  /// The n-gram index of the default keys (`TrigramIndex`), mapped on first use from the
  /// file beside the index cache when the catalog was mapped from one and that file's
  /// header and digests check (`TrigramCache`); `nil` otherwise (the keys are then
  /// scanned: a catalog read from its list is searched once, which a scan does faster
  /// than making the index).
  ///
  /// - Complexity: the first time, O(b) in the file's blocks; then O(1).
  var trigramIndex: TrigramIndex? {
    derivedKeys.trigramIndex {
      trigramLocation.flatMap { TrigramCache.read(at: $0, keyCount: defaultKeys.count) }
    }
  }

  /// Whether this catalog was mapped from an index file and its n-gram index was asked for
  /// but no usable file was there, or a lookup found the file damaged: a cache writer then
  /// makes and keeps one.
  var lacksTrigramIndex: Bool {
    trigramLocation != nil
      && (derivedKeys.lacksTrigramIndex || derivedKeys.keptTrigramIndex?.isDamaged == true)
  }

  /// The sounds-like index if this catalog made it from its names (not read from a
  /// `PhoneticCache` file, and not yet asked for: `nil`), for a cache writer to keep.
  var madePhoneticIndex: PhoneticIndex? { derivedKeys.madePhoneticIndex }

  /// Every name's index, ascending: what matches when everything does.
  ///
  /// - Complexity: O(n) in the names.
  var everyNameIndex: [UInt32] { (0..<nameCount).map { UInt32($0) } }

  /// The reading keys if this catalog made them from its names (not read from a
  /// `ReadingCache` file, and not yet asked for: `nil`), for a cache writer to keep.
  var madeReadingKeys: ReadingKeys? { derivedKeys.madeReadingKeys }
}

/// Search keys a catalog folds on demand (with punctuation kept), and its reading keys,
/// each made once.
private final class DerivedKeys: Sendable {
  /// The keys made for other options: one pair for each set of options asked for (a few at
  /// most), found by a linear search. Not a
  /// `Dictionary`: destroying one keyed by `MatchOptions` made its metadata at run time,
  /// which checks `MatchOptions: Hashable` by scanning every protocol conformance in the
  /// binary, about 0.27M instructions at the end of every search (callgrind, issue 14).
  private let made = Mutex<[(options: MatchOptions, keys: SearchKeys)]>([])
  private let readings = Mutex<(keys: ReadingKeys, made: Bool)?>(nil)
  private let phonetic = Mutex<(index: PhoneticIndex, made: Bool)?>(nil)
  private let trigram = Mutex<TrigramIndex??>(nil)

  /// The n-gram index, given by `read` the first time (`nil`: there is none).
  func trigramIndex(read: () -> TrigramIndex?) -> TrigramIndex? {
    trigram.withLock { trigram in
      if let kept = trigram { return kept }
      let index = read()
      trigram = .some(index)
      return index
    }
  }

  /// The n-gram index, if it was asked for and there was one.
  var keptTrigramIndex: TrigramIndex? { trigram.withLock { $0 ?? nil } }

  /// Whether the n-gram index was asked for and there was none.
  var lacksTrigramIndex: Bool {
    trigram.withLock { if case .some(.none) = $0 { return true } else { return false } }
  }

  /// The sounds-like index, given by `make` the first time with whether it made it from
  /// the names (rather than reading it from a file).
  func phoneticIndex(make: () -> (PhoneticIndex, Bool)) -> PhoneticIndex {
    phonetic.withLock { phonetic in
      if let kept = phonetic { return kept.index }
      let (index, made) = make()
      phonetic = (index, made)
      return index
    }
  }

  /// The sounds-like index, if it was given and made from the names.
  var madePhoneticIndex: PhoneticIndex? {
    phonetic.withLock { $0.flatMap { $0.made ? $0.index : nil } }
  }

  /// The reading keys, given by `make` the first time with whether it made them from the
  /// names (rather than reading them from a file).
  func readingKeys(make: () -> (ReadingKeys, Bool)) -> ReadingKeys {
    readings.withLock { readings in
      if let kept = readings { return kept.keys }
      let (keys, made) = make()
      readings = (keys, made)
      return keys
    }
  }

  /// The reading keys, if they were given and made from the names.
  var madeReadingKeys: ReadingKeys? {
    readings.withLock { $0.flatMap { $0.made ? $0.keys : nil } }
  }

  /// The keys for `options`, made by `make` the first time.
  ///
  /// - Complexity: O(k) in the sets of options asked for so far, plus `make` the first time.
  func keys(for options: MatchOptions, make: () -> SearchKeys) -> SearchKeys {
    made.withLock { made in
      if let kept = made.first(where: { $0.options == options }) { return kept.keys }
      let keys = make()
      made.append((options, keys))
      return keys
    }
  }
}
