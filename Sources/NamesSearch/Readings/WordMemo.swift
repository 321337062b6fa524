/// The reading units of the words a `ReadingUnitBuilder` has read, so that a word that
/// comes again (a given name, a family name) is copied rather than read again.
///
/// An open-addressing hash table (linear probing; a multiplicative hash of the word's
/// bytes eight at a time, with FNV-1a's prime, Fowler, Noll and Vo) whose entries point
/// into two arenas: the words' bytes and their units' spelling numbers. A word is
/// remembered separately as a name's first word and as a later one, since a name's first
/// character may be read as a family name.
struct WordMemo {
  private struct Entry {
    var hash: UInt64
    var bytes: Range<Int>
    var numbers: Range<Int>
    var units: Int32
    var hasReading: Bool
    var startsName: Bool
  }

  /// Per slot: an index into `entries` plus one, 0 for an empty slot; a power of two long.
  private var slots: [Int32] = []
  private var entries: [Entry] = []
  private var bytes: [UInt8] = []
  private var numbers: [UInt32] = []

  /// Words longer than this are not remembered.
  private static let longestWord = 64
  /// At most this many words are remembered (then the table stops growing).
  private static let capacity = 1 << 20

  /// A 64-bit hash of `word` (at most `longestWord` bytes) and `startsName`: eight bytes
  /// at a time, each word multiplied in (FNV-1a's prime) and folded.
  @inline(__always)
  private static func hash(_ word: UnsafeBufferPointer<UInt8>, startsName: Bool) -> UInt64 {
    var hash: UInt64 = startsName ? 0xCBF2_9CE4_8422_2325 : 0x8422_2325_CBF2_9CE4
    let raw = UnsafeRawBufferPointer(word)
    var k = 0
    while k + 8 <= raw.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0x100_0000_01B3
      hash ^= hash >> 32
      k += 8
    }
    var tail = UInt64(raw.count)
    var shift: UInt64 = 8
    while k < raw.count {
      tail |= UInt64(raw[k]) << shift
      shift += 8
      k += 1
    }
    hash = (hash ^ tail) &* 0x100_0000_01B3
    return hash ^ (hash >> 29)
  }

  /// The slot of `word`, whether it holds the word or is the empty one where it would go.
  private func slot(
    of word: UnsafeBufferPointer<UInt8>, startsName: Bool, hash: UInt64
  ) -> (slot: Int, entry: Int?) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    return bytes.withUnsafeBufferPointer { bytes in
      while true {
        let index = Int(slots[slot]) - 1
        if index < 0 { return (slot, nil) }
        let entry = entries[index]
        if entry.hash == hash && entry.startsName == startsName
          && entry.bytes.count == word.count
          && RawBytes.equal(
            bytes.baseAddress! + entry.bytes.lowerBound, word.baseAddress!, count: word.count)
        {
          return (slot, index)
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Appends the remembered units of `word` to `out` and returns whether it has a reading
  /// and how many units it has; nil, with nothing appended, for a word not remembered.
  ///
  /// - Complexity: O(n) in the word's length and its units, expected.
  mutating func append(
    _ word: UnsafeBufferPointer<UInt8>, startsName: Bool, to out: inout [UInt32]
  ) -> (hasReading: Bool, units: Int)? {
    guard !slots.isEmpty, word.count <= Self.longestWord else { return nil }
    let hash = Self.hash(word, startsName: startsName)
    guard let index = slot(of: word, startsName: startsName, hash: hash).entry else { return nil }
    let entry = entries[index]
    out.append(contentsOf: numbers[entry.numbers])
    return (entry.hasReading, Int(entry.units))
  }

  /// Remembers the units of `word`, just read.
  mutating func remember(
    _ word: UnsafeBufferPointer<UInt8>, startsName: Bool, numbers units: ArraySlice<UInt32>,
    hasReading: Bool, units unitCount: Int
  ) {
    guard word.count <= Self.longestWord, entries.count < Self.capacity else { return }
    if slots.isEmpty || 2 * (entries.count + 1) > slots.count { grow() }
    let hash = Self.hash(word, startsName: startsName)
    let (slot, found) = slot(of: word, startsName: startsName, hash: hash)
    guard found == nil else { return }
    let byteStart = bytes.count
    bytes.append(contentsOf: word)
    let numberStart = numbers.count
    numbers.append(contentsOf: units)
    entries.append(
      Entry(
        hash: hash, bytes: byteStart..<bytes.count, numbers: numberStart..<numbers.count,
        units: Int32(unitCount), hasReading: hasReading, startsName: startsName))
    slots[slot] = Int32(entries.count)
  }

  /// Doubles the table (from 1,024 slots) and places every entry again.
  private mutating func grow() {
    var grown = [Int32](repeating: 0, count: max(1024, slots.count * 2))
    let mask = grown.count - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while grown[slot] != 0 { slot = (slot + 1) & mask }
      grown[slot] = Int32(index + 1)
    }
    slots = grown
  }
}
