/// The reading keys of an indexed list (`ReadingKeys`), kept in a file beside its index
/// (`IndexCache`) so that a cached query by reading maps them instead of making them again.
///
/// `<directory>/<the index file's 16 hex digits>.rdg`, written the first time a run makes
/// the keys of a list whose index is (or has just been) written, once the answer is out;
/// little-endian, an 88-byte header then 8-byte-aligned parts:
///
/// | offset | field | type |
/// | --- | --- | --- |
/// | 0 | magic `NSRDG\0\0\u{3}` (the last byte: the layout's version) | `UInt64` |
/// | 8, 12 | `IndexCache.version(unicode:)`, `ReadingKeys.ruleVersion` | `UInt32` |
/// | 16 | the index file's checksum (`CacheHeader.checksum`) | `UInt64` |
/// | 24 | this file's checksum (`IndexChecksum`, its field zero) | `UInt64` |
/// | 32 … 76 | counts: names, keys, spelling numbers, Han name words, Han slots, Han units, Han unit numbers, spellings, spelling bytes, Han names' characters, keys' signatures, Han names' signatures | `UInt32` |
/// | 80 | body size (bytes after the header) | `UInt64` |
///
/// The parts, in order: the keys' owners and ends (`UInt32`), the spelling numbers
/// (`UInt32`), the Han names' bits (`UInt64`), the Han slots (`UInt16`), the Han units' ends
/// and numbers (`UInt32`), the Han names' characters' units (`UInt16`) and where each word of
/// names starts among them (`UInt32`, one more than the words), then the vocabulary (`ReadingVocabulary.Spelling`, each as a
/// `UInt16` scalar count, a `UInt8` abbreviation count, a `UInt8` flag (1: continues only),
/// the scalars as `UInt32`, then the abbreviations as bytes), then the repeats' bits
/// (`UInt64`): of the keys (one word a 64 keys), then of the Han names (as many words as
/// the Han names' bits), then the signatures (`ReadingSignature`, `UInt64`) of the keys and
/// of the Han names that repeat no other.
///
/// The file is bound to one index file by that file's checksum, which covers the names the
/// keys were read from and is verified before this file is read (by `IndexedQuery`, the
/// header's checksum over the index's block digests: its names are checked as they are
/// read, and the keys do not read them); the version covers the
/// folding and Unicode tables, and `ReadingKeys.ruleVersion` the reading rules and data. A
/// file is used only if its size is what the header describes and within `IndexSizeLimit`
/// of the list's size, its checksum (XXH3-64 in pieces on every core, as `IndexChecksum`)
/// holds, and its structure is one `ReadingKeys` can scan safely (ends and owners ascending
/// and in bounds, every Han slot naming a unit, no bit past the last name; no repeat at a
/// word's first key or name, past the last key, on a name not read from its text, or on a
/// Han name whose name before it is not read from its text; one signature a key and a Han
/// name that repeat no other; the Han names' characters, their starts and the signatures'
/// values need no check: reads stay within bounds whatever they say, a Han name's length in
/// its signature included, which only moves where the next name is read); anything else
/// is ignored and the keys are made from the names, as without a cache (`IndexedQuery`
/// gives way to the load that makes them). Written atomically
/// (`AtomicFile`); deleting it is always safe.
enum ReadingCache {
  /// `NSRDG\0\0\u{3}` as a little-endian word; its last byte is the layout's version (2: the
  /// repeats' bits; 3: the signatures).
  static let magic: UInt64 = 0x0300_0047_4452_534E
  /// The header's size in bytes.
  static let headerSize = 88
  /// Where the header keeps the body's size.
  static let bodySizeOffset = 80
  /// Where the header keeps this file's checksum.
  static let checksumOffset = 24
  /// The most spellings a file may number: a list's vocabulary is a few hundred to a few
  /// thousand, and a matcher computes moves for each one on every query
  /// (`ReadingMatcher.init`), so a forged file must not make that unbounded.
  static let maximumVocabulary = 1 << 16

  /// Where the reading keys of a catalog mapped from an index file are kept, and what they
  /// must be bound to.
  typealias Location = CompanionFile.Location

  /// The file name's suffix, after the index file's 16 hex digits.
  static let suffix = ".rdg"

  /// The `.rdg` file beside the index file `indexPath` (`<16 hex digits>.idx`).
  static func path(besideIndex indexPath: PathName) -> PathName? {
    CompanionFile.path(besideIndex: indexPath, suffix: suffix)
  }

  /// The counts a header gives, in its order: the number of entries of each part of
  /// `ReadingKeys` (bytes for the vocabulary's encoding).
  struct Counts: Equatable {
    /// The names the keys were made from (`ReadingKeys.names`).
    var names = 0
    /// Stored keys: `owners` and `ends`.
    var keys = 0
    /// `spellings`.
    var spellings = 0
    /// `hanNames` (64-bit words).
    var hanWords = 0
    /// `hanUnitOf`.
    var hanSlots = 0
    /// `hanUnitEnds`.
    var hanUnits = 0
    /// `hanUnitNumbers`.
    var hanNumbers = 0
    /// `vocabulary` (spellings).
    var vocabulary = 0
    /// The vocabulary's encoding, in bytes.
    var vocabularyBytes = 0
    /// `hanCharacters`.
    var hanCharacters = 0
    /// `keySignatures`: the keys that repeat no other.
    var keySignatures = 0
    /// `hanSignatures`: the Han names that repeat no other.
    var hanSignatures = 0

    /// The entries of `hanWordStarts`: one more than the words, or none.
    var hanWordStarts: Int { hanWords == 0 ? 0 : hanWords + 1 }

    /// The words of `keyRepeats`: one a 64 keys.
    var keyRepeatWords: Int { (keys + 63) / 64 }

    /// The counts in the header's order.
    var asWords: [Int] {
      [
        names, keys, spellings, hanWords, hanSlots, hanUnits, hanNumbers, vocabulary,
        vocabularyBytes, hanCharacters, keySignatures, hanSignatures,
      ]
    }

    /// Where each part starts (from the start of the file) and where the file ends.
    var layout: (parts: [Int], end: Int) {
      let sizes = [
        4 * keys, 4 * keys, 4 * spellings, 8 * hanWords, 2 * hanSlots, 4 * hanUnits,
        4 * hanNumbers, 2 * hanCharacters, 4 * hanWordStarts, vocabularyBytes,
        8 * keyRepeatWords, 8 * hanWords, 8 * keySignatures, 8 * hanSignatures,
      ]
      var offset = ReadingCache.headerSize
      var parts: [Int] = []
      for size in sizes {
        parts.append(offset)
        offset += (size + 7) & ~7
      }
      return (parts, offset)
    }
  }

  /// The header's `headerSize` bytes for these fields (see `ReadingCache`).
  ///
  /// - Precondition: every count fits a `UInt32`.
  static func header(
    version: UInt32, indexChecksum: UInt64, counts: Counts, checksum: UInt64
  ) -> [UInt8] {
    CompanionFile.header(
      count: headerSize, magic: magic, version: version, ruleVersion: ReadingKeys.ruleVersion,
      indexChecksum: indexChecksum, checksum: checksum, checksumOffset: checksumOffset
    ) { fields in
      for (i, count) in counts.asWords.enumerated() { fields.put(UInt32(count), 32 + 4 * i) }
      fields.put(UInt64(counts.layout.end - headerSize), bodySizeOffset)
    }
  }

  // MARK: - Reading

  /// The reading keys of `names` kept at `location`, or `nil` when there is no usable file.
  ///
  /// - Complexity: O(n) in the file's size (its checksum and structure); O(1) for a file
  ///   whose size or header is wrong (nothing is mapped).
  static func read(at location: Location, names: NameStore) -> ReadingKeys? {
    CompanionFile.withOpenFile(at: location, headerSize: headerSize) { fd, size, header in
      guard
        let counts = header.withUnsafeBytes({
          Self.counts(inHeader: $0, fileSize: size, location: location, nameCount: names.count)
        }),
        let mapped = SystemMemory.mapFile(fd, bytes: size)
      else { return nil }
      let region = StorageRegion(base: mapped, byteCount: size, kind: .file)
      return keys(in: region, counts: counts, names: names)
    }
  }

  /// The counts of a header that describes a file of `fileSize` bytes bound to `location`'s
  /// index, for `nameCount` names; `nil` if anything disagrees.
  static func counts(
    inHeader h: UnsafeRawBufferPointer, fileSize: Int, location: Location, nameCount: Int
  ) -> Counts? {
    guard h.count >= headerSize else { return nil }
    func u32(_ at: Int) -> UInt32 {
      UInt32(littleEndian: h.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }
    func u64(_ at: Int) -> UInt64 {
      UInt64(littleEndian: h.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }
    guard u64(0) == magic, u32(8) == location.version, u32(12) == ReadingKeys.ruleVersion,
      u64(16) == location.indexChecksum, u64(bodySizeOffset) == UInt64(fileSize - headerSize)
    else { return nil }
    let words = (0..<12).map { Int(u32(32 + 4 * $0)) }
    let counts = Counts(
      names: words[0], keys: words[1], spellings: words[2], hanWords: words[3],
      hanSlots: words[4], hanUnits: words[5], hanNumbers: words[6], vocabulary: words[7],
      vocabularyBytes: words[8], hanCharacters: words[9], keySignatures: words[10],
      hanSignatures: words[11])
    // Han names come with their table, and both with one bit a name.
    let hasHan = counts.hanWords > 0
    guard counts.names == nameCount,
      counts.hanWords == (hasHan ? (nameCount + 63) / 64 : 0),
      counts.hanSlots == (hasHan ? 2 * ReadingKeys.hanSpan : 0),
      hasHan || (counts.hanUnits == 0 && counts.hanNumbers == 0 && counts.hanCharacters == 0),
      // At most one unit a slot, as the writer makes them; a bounded vocabulary.
      counts.hanUnits <= counts.hanSlots, counts.vocabulary <= maximumVocabulary,
      counts.layout.end == fileSize
    else { return nil }
    return counts
  }

  /// The keys in a mapped file whose header gave `counts`, once its checksum and structure
  /// check; `nil` otherwise.
  static func keys(in region: StorageRegion, counts: Counts, names: NameStore) -> ReadingKeys? {
    guard let base = region.base else { return nil }
    let file = UnsafeRawBufferPointer(start: base, count: region.byteCount)
    let parts = counts.layout.parts
    let pieces = IndexChecksum.pieceCount
    let results = ConcurrentResults<UInt64>(count: pieces + 3)
    let shared = SharedForReading(value: file)
    let body = SharedForReading(value: UnsafeRawBufferPointer(rebasing: file[headerSize...]))
    ThreadPool.perform(iterations: pieces + 3, reading: file.count) { task in
      let file = shared.value
      switch task {
      case pieces:
        let valid =
          CacheReader.endsAreValid(file, at: parts[1], count: counts.keys, total: counts.spellings)
          && CacheReader.endsAreValid(
            file, at: parts[5], count: counts.hanUnits, total: counts.hanNumbers)
        results[task] = valid ? 1 : 0
      case pieces + 1:
        let valid = CacheReader.wordsAscend(
          file, at: parts[0], count: counts.keys, below: counts.names)
        results[task] = valid ? 1 : 0
      case pieces + 2:
        let valid =
          Self.hanTablesAreValid(file, counts: counts, parts: parts)
          && Self.repeatsAreValid(file, counts: counts, parts: parts)
        results[task] = valid ? 1 : 0
      default:
        results[task] = IndexChecksum.pieceDigest(body.value, piece: task)
      }
    }
    let values = results.values
    guard values[pieces...].allSatisfy({ $0 == 1 }) else { return nil }
    let checksum = IndexChecksum.combine(
      header: UnsafeRawBufferPointer(rebasing: file[..<headerSize]),
      digests: values.prefix(pieces).map { $0! },
      checksumOffset: checksumOffset)
    guard
      checksum
        == UInt64(littleEndian: file.loadUnaligned(fromByteOffset: checksumOffset, as: UInt64.self)),
      let vocabulary = Self.vocabulary(
        UnsafeRawBufferPointer(rebasing: file[parts[9]..<parts[9] + counts.vocabularyBytes]),
        count: counts.vocabulary)
    else { return nil }
    func words<T: BitwiseCopyable>(_ part: Int, _ count: Int) -> FrozenArray<T> {
      FrozenArray(region: region, byteOffset: parts[part], count: count)
    }
    var spellings: FrozenArray<UInt32> = words(2, counts.spellings)
    var hanUnitNumbers: FrozenArray<UInt32> = words(6, counts.hanNumbers)
    // This process may already number some spellings otherwise (a library that read
    // another list): then the keys' numbers are translated.
    if let numbers = ReadingVocabulary.shared.adopt(vocabulary) {
      spellings = translated(spellings, by: numbers)
      hanUnitNumbers = translated(hanUnitNumbers, by: numbers)
    }
    return ReadingKeys(
      names: names, owners: words(0, counts.keys), ends: words(1, counts.keys),
      spellings: spellings, keyRepeats: words(10, counts.keyRepeatWords),
      vocabulary: ReadingVocabulary.shared.spellings, hanNames: words(3, counts.hanWords),
      hanRepeats: words(11, counts.hanWords), hanUnitOf: words(4, counts.hanSlots),
      hanUnitEnds: words(5, counts.hanUnits), hanUnitNumbers: hanUnitNumbers,
      hanCharacters: words(7, counts.hanCharacters),
      hanWordStarts: words(8, counts.hanWordStarts),
      keySignatures: words(12, counts.keySignatures),
      hanSignatures: words(13, counts.hanSignatures))
  }

  /// `numbers` with each spelling number `x` made `table[x]` (the unit-end bit kept; a
  /// barrier, or a number past the table, made a barrier).
  static func translated(_ numbers: FrozenArray<UInt32>, by table: [UInt32]) -> FrozenArray<UInt32>
  {
    var out = GrowableArray<UInt32>(capacity: numbers.count)
    for x in numbers {
      let number = Int(x & ~ReadingKeys.unitEnd)
      let mapped = number < table.count ? table[number] : ReadingKeys.barrier
      out.append(mapped | (x & ReadingKeys.unitEnd))
    }
    return out.freeze()
  }

  /// Whether every Han slot names a unit (at most the unit count) and no bit is set past the
  /// last name.
  ///
  /// - Complexity: O(s) in the slots, a vector of them at a time.
  static func hanTablesAreValid(
    _ file: UnsafeRawBufferPointer, counts: Counts, parts: [Int]
  ) -> Bool {
    guard
      let slots = CacheReader.elements(UInt16.self, of: file, at: parts[4], count: counts.hanSlots),
      let han = CacheReader.elements(UInt64.self, of: file, at: parts[3], count: counts.hanWords)
    else { return false }
    // The file is little-endian, as this machine is (`withOpenFile`).
    var largest: UInt16 = 0
    for slot in slots { largest = max(largest, slot) }
    guard Int(largest) <= counts.hanUnits else { return false }
    guard let last = han.last, counts.names % 64 != 0 else { return true }
    return last >> UInt64(counts.names % 64) == 0
  }

  /// Whether the repeats' bits are ones `ReadingKeys` can scan: none at a word's first key
  /// or name (a repeat's head is in its word), none past the last key, and each Han name's
  /// one set only where the name and the name before it are read from their text; and
  /// whether there is one signature a key and a Han name that repeat no other.
  ///
  /// - Complexity: O(k / 64 + n / 64) in the keys and the names: a word of 64 at a time.
  static func repeatsAreValid(
    _ file: UnsafeRawBufferPointer, counts: Counts, parts: [Int]
  ) -> Bool {
    guard
      let keyRepeats = CacheReader.elements(
        UInt64.self, of: file, at: parts[10], count: counts.keyRepeatWords),
      let hanRepeats = CacheReader.elements(
        UInt64.self, of: file, at: parts[11], count: counts.hanWords),
      let han = CacheReader.elements(UInt64.self, of: file, at: parts[3], count: counts.hanWords)
    else { return false }
    // Any word's first bit set (a repeat whose head is not in its word), and any Han
    // name's repeat on a name, or after a name, not read from its text.
    var firsts: UInt64 = 0
    for repeats in keyRepeats { firsts |= repeats }
    var misplaced: UInt64 = 0
    for w in 0..<han.count {
      let repeats = hanRepeats[w]
      let names = han[w]
      firsts |= repeats
      misplaced |= repeats & ~names | repeats & ~(names << 1)
    }
    guard firsts & 1 == 0, misplaced == 0 else { return false }
    if let last = keyRepeats.last, counts.keys % 64 != 0,
      last >> UInt64(counts.keys % 64) != 0
    {
      return false
    }
    let keyHeads = counts.keys - BitRanks.total(keyRepeats)
    let hanHeads = BitRanks.total(han, clearing: hanRepeats)
    return keyHeads == counts.keySignatures && hanHeads == counts.hanSignatures
  }

  /// The `count` spellings encoded in `bytes`, which they must fill exactly; `nil` if not.
  static func vocabulary(_ bytes: UnsafeRawBufferPointer, count: Int) -> [ReadingVocabulary
    .Spelling]?
  {
    var spellings: [ReadingVocabulary.Spelling] = []
    spellings.reserveCapacity(min(count, bytes.count / 4))
    var at = 0
    for _ in 0..<count {
      guard bytes.count - at >= 4 else { return nil }
      let length = Int(
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
      let abbreviations = Int(bytes[at + 2])
      let flags = bytes[at + 3]
      at += 4
      guard flags <= 1, bytes.count - at >= 4 * length + abbreviations else { return nil }
      let text = (0..<length).map {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 4 * $0, as: UInt32.self))
      }
      at += 4 * length
      spellings.append(
        ReadingVocabulary.Spelling(
          text: text, abbreviations: Array(bytes[at..<at + abbreviations]),
          continuesOnly: flags == 1))
      at += abbreviations
    }
    return at == bytes.count ? spellings : nil
  }

  // MARK: - Writing

  /// The vocabulary's encoding (see `ReadingCache`); `nil` if a spelling is too long for it.
  static func encode(_ vocabulary: [ReadingVocabulary.Spelling]) -> [UInt8]? {
    var bytes: [UInt8] = []
    for spelling in vocabulary {
      guard let length = UInt16(exactly: spelling.text.count),
        let abbreviations = UInt8(exactly: spelling.abbreviations.count)
      else { return nil }
      withUnsafeBytes(of: length.littleEndian) { bytes += $0 }
      bytes += [abbreviations, spelling.continuesOnly ? 1 : 0]
      for scalar in spelling.text { withUnsafeBytes(of: scalar.littleEndian) { bytes += $0 } }
      bytes += spelling.abbreviations
    }
    return bytes
  }

  /// Writes `keys` to `location`, atomically; returns whether it was written. Any failure
  /// means no file, never an error; `shouldStop` answering true between parts abandons it.
  @discardableResult
  static func write(
    _ keys: ReadingKeys, to location: Location, shouldStop: () -> Bool = { false }
  ) -> Bool {
    // The parts are written as they lie in memory.
    guard UInt32(1).littleEndian == 1, keys.vocabulary.count <= maximumVocabulary,
      let vocabulary = encode(keys.vocabulary)
    else { return false }
    let counts = Counts(
      names: keys.names.count, keys: keys.owners.count, spellings: keys.spellings.count,
      hanWords: keys.hanNames.count, hanSlots: keys.hanUnitOf.count,
      hanUnits: keys.hanUnitEnds.count, hanNumbers: keys.hanUnitNumbers.count,
      vocabulary: keys.vocabulary.count, vocabularyBytes: vocabulary.count,
      hanCharacters: keys.hanCharacters.count, keySignatures: keys.keySignatures.count,
      hanSignatures: keys.hanSignatures.count)
    let size = counts.layout.end
    guard counts.asWords.allSatisfy({ UInt32(exactly: $0) != nil }),
      IndexSizeLimit.allows(size, listSize: location.listSize),
      keys.keyRepeats.count == counts.keyRepeatWords, keys.hanRepeats.count == counts.hanWords
    else { return false }
    // What killed runs left (`IndexCache.sweepStaleTemporaries`).
    IndexCache.sweepStaleTemporaries(in: location.directory)
    let parts: [UnsafeRawBufferPointer] = [
      keys.owners.rawBytes, keys.ends.rawBytes, keys.spellings.rawBytes, keys.hanNames.rawBytes,
      keys.hanUnitOf.rawBytes, keys.hanUnitEnds.rawBytes, keys.hanUnitNumbers.rawBytes,
      keys.hanCharacters.rawBytes, keys.hanWordStarts.rawBytes,
    ]
    let wordParts = [
      keys.keyRepeats.rawBytes, keys.hanRepeats.rawBytes, keys.keySignatures.rawBytes,
      keys.hanSignatures.rawBytes,
    ]
    return vocabulary.withUnsafeBytes { vocabulary in
      CompanionFile.write(
        to: location.path, size: size, checksumOffset: checksumOffset,
        parts: parts + [vocabulary] + wordParts,
        header: {
          header(
            version: location.version, indexChecksum: location.indexChecksum, counts: counts,
            checksum: $0)
        }, shouldStop: shouldStop)
    }
  }
}
