import Glibc

/// Made sections the way a contacts list files names: under the first letter of the name,
/// its diacritics removed and uppercased ("élise" under "E"); names that do not start with
/// a letter under "#", which `SectionOrder` puts last. Within a section names are sorted by
/// the rule `SectionOrder` orders titles with (ICU root collation for names that start
/// with a letter, Unicode scalar values for the others), ties kept in file order.
///
/// The title of a letter is its compatibility decomposition (NFKD, Unicode UAX #15) with
/// the diacritics (nonspacing marks, General_Category Mn) removed, uppercased, its first
/// character, composed again (NFC): "é" → "E",
/// "ß" → "S" (uppercase "SS"), "ǆ" and "Ǆ" → "D" (they decompose to "dž"), "ﬁ" → "F",
/// "が" → "か"; a result that is not a letter gives "#".
///
/// Fast: ASCII titles are computed from the first byte and the others once per distinct
/// first character; names written in ASCII and Latin letters get a key of primary weights
/// (`RootPrimaryWeights`, derived from ICU's root collation) that decides their order
/// unless two keys are equal, and names written in Han, kana, Hangul, Cyrillic or Greek
/// letters get one of their characters' ranks (`CharacterRanks`, also ICU's); only ties
/// and names the keys do not cover are collated whole (`RootCollation`).
public struct FirstLetterSections: SectionMaker {
  /// The maker.
  public init() {}

  /// The title a name is filed under: its first letter without diacritics, uppercased, or
  /// "#".
  ///
  /// - Complexity: O(1) in the name's length.
  public func title(for name: String) -> String {
    guard let first = name.first else { return "#" }
    return Self.title(of: first)
  }

  /// The title of a name whose first character is `first`.
  private static func title(of first: Character) -> String {
    guard SectionOrder.isLetter(first) else { return "#" }
    var marksRemoved = String.UnicodeScalarView()
    for scalar in UnicodeMappings.compatibilityDecomposition(of: String(first))
    where scalar.properties.generalCategory != .nonspacingMark {
      marksRemoved.append(scalar)
    }
    let bare = String(marksRemoved).uppercased()
    guard let letter = bare.first, letter.isLetter else { return "#" }
    return UnicodeMappings.precomposed(String(letter))
  }

  /// Derives the table of primary weights the sort needs (`RootPrimaryWeights`, thousands
  /// of collations) on another core while the names are read.
  public func prepare() {
    ThreadPool.run { _ = RootPrimaryWeights.root }
  }

  /// An upper bound, besides the names: twice their bytes (each name's sort key) and, per
  /// name, whether it starts with a letter (1 byte), the sections' members as they grow
  /// (16), its `Sorter.Item` (32) and its place in the sorted result (8); 16 more per name
  /// a `CharacterRanks` may cover and its two tables (192 KiB); and for each section being
  /// sorted at once (one per core while the thread pool is usable, else one), its items
  /// copied, the radix sort's second buffer or `sort`'s merge buffer, and its result (72
  /// bytes a name). A section's size is bounded from the names' first bytes: a name that
  /// starts with an ASCII letter is filed under that letter, one that starts with another
  /// ASCII character under "#", and any other may join either.
  ///
  /// - Complexity: O(n) in the number of names (one byte of each is read).
  public func memoryNeeded(for names: NameStore) -> Int {
    var leads = [Int](repeating: 0, count: 256)
    for i in 0..<names.count { leads[Int(names.utf8(of: i).first ?? 0)] += 1 }
    var nonASCII = 0
    var covered = 0
    for lead in 0x80..<0x100 {
      nonASCII += leads[lead]
      if CharacterRanks.mayCover(lead: UInt8(lead)) { covered += leads[lead] }
    }
    var largest = 0
    var others = 0
    for lead in 0..<0x80 {
      if (0x41...0x5A).contains(lead) {
        largest = max(largest, leads[lead] + leads[lead | 0x20])
      } else if !(0x61...0x7A).contains(lead) {
        others += leads[lead]
      }
    }
    largest = max(largest, others) + nonASCII
    let atOnce = min(names.count, (ThreadPool.isUsable ? ProcessInfoCores.count : 1) * largest)
    let item = MemoryLayout<Sorter.Item>.stride
    return 2 * names.bytes.count + (1 + 16 + item + 8) * names.count + 16 * covered
      + (2 * item + 8) * atOnce + (192 << 10)
  }

  /// The first character of the name `utf8`, made from at most its first 15 bytes (a small
  /// string, not allocated) when the character ends within them.
  private static func firstCharacter(_ utf8: UnsafeBufferPointer<UInt8>) -> Character? {
    var end = min(utf8.count, 15)
    // Cut at a scalar's start.
    while end < utf8.count && end > 0 && utf8[end] & 0xC0 == 0x80 { end -= 1 }
    let prefix = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<end]), as: UTF8.self)
    if let first = prefix.first, prefix.utf8.count > first.utf8.count || end == utf8.count {
      // A boundary inside the prefix depends only on what the prefix holds.
      return first
    }
    return String(decoding: utf8, as: UTF8.self).first
  }

  /// The sections of `names`: titles in order of first appearance, each with its names
  /// sorted.
  ///
  /// - Complexity: O(n log n) comparisons, each O(1) for names with distinct keys and
  ///   O(n) in the length (`RootCollation`) for the others.
  public func sections(of names: NameStore) -> [(title: String, members: [Int])] {
    var order: [String] = []
    var groupOf: [String: Int] = [:]
    var members: [[Int]] = []
    var asciiGroup = [Int](repeating: -1, count: 128)
    var cache: [Character: (group: Int, isLetter: Bool)] = [:]
    // Whether each name starts with a letter, found here once for the sorts.
    var startsWithLetter = [Bool](repeating: false, count: names.count)
    func group(_ title: String) -> Int {
      if let index = groupOf[title] { return index }
      groupOf[title] = order.count
      order.append(title)
      members.append([])
      return order.count - 1
    }
    for i in 0..<names.count {
      let utf8 = names.utf8(of: i)
      let index: Int
      if let byte = utf8.first, byte < 0x80,
        utf8.count == 1 || utf8[1] < 0x80 || (0xC2...0xCB).contains(utf8[1])
      {
        // One ASCII character: a letter is its own title, uppercased. (Nothing in
        // U+0080–U+02FF, which 0xC2–0xCB lead, extends a grapheme cluster: UAX #29's
        // Extend and SpacingMark start at U+0300.)
        if asciiGroup[Int(byte)] < 0 {
          let letter = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
          let isLetter = (0x41...0x5A).contains(letter)
          asciiGroup[Int(byte)] = group(
            isLetter ? String(UnicodeScalar(letter)) : "#")
        }
        index = asciiGroup[Int(byte)]
        startsWithLetter[i] = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      } else if let first = Self.firstCharacter(utf8) {
        if let cached = cache[first] {
          index = cached.group
          startsWithLetter[i] = cached.isLetter
        } else {
          index = group(Self.title(of: first))
          let isLetter = SectionOrder.isLetter(first)
          cache[first] = (index, isLetter)
          startsWithLetter[i] = isLetter
        }
      } else {
        index = group("#")
      }
      members[index].append(i)
    }
    let groups = members
    guard !groups.isEmpty else { return [] }
    // Every name's sort key, in file order: the names' bytes are read in the order they lie
    // in memory (a section's members, read section by section, are scattered through it),
    // ranges of names in parallel.
    // Names that start with a Han, kana, Hangul, Cyrillic or Greek letter may be sorted by
    // their characters' ranks.
    var rankCandidates: [Int] = []
    for i in 0..<names.count {
      if let lead = names.utf8(of: i).first, CharacterRanks.mayCover(lead: lead) {
        rankCandidates.append(i)
      }
    }
    let sorter = Sorter(
      names: names, startsWithLetter: startsWithLetter,
      characterRanks: rankCandidates.isEmpty
        ? nil : CharacterRanks(names: names, candidates: rankCandidates))
    let keys = SortKeys(names: names)
    let ranges = max(1, min(64, names.count / 16_384))
    ThreadPool.perform(iterations: ranges) { r in
      for i in names.count * r / ranges..<names.count * (r + 1) / ranges {
        keys.items[i] = sorter.item(i, keys: keys)
      }
    }
    // Sections are sorted in parallel, each into its own slot.
    var sorted = [[Int]](repeating: [], count: groups.count)
    sorted.withUnsafeMutableBufferPointer { slots in
      let out = Slots(base: slots.baseAddress!)
      ThreadPool.perform(iterations: groups.count) { g in
        out.base[g] = sorter.sorted(groups[g], keys: keys)
      }
    }
    return Array(zip(order, sorted))
  }

  /// The sort keys of a list's names: room for every name's key at twice its bytes' offset
  /// in the store (at most two weights a byte), and each name's `Sorter.Item`. Written by
  /// ranges of names in parallel, each name its own item and bytes; read by the sorts once
  /// written.
  private final class SortKeys: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let items: UnsafeMutablePointer<Sorter.Item>
    let names: NameStore

    init(names: NameStore) {
      self.names = names
      bytes = .allocate(capacity: max(1, 2 * names.bytes.count))
      items = .allocate(capacity: max(1, names.count))
    }

    deinit {
      bytes.deallocate()
      items.deallocate()
    }

    /// Where name `i`'s key starts.
    @inline(__always)
    func start(of i: Int) -> UnsafeMutablePointer<UInt8> {
      bytes + 2 * names.byteRange(of: i).lowerBound
    }
  }

  /// Where the parallel sorts write: each iteration its own element.
  private struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<[Int]>
  }

  /// How `x` and `y` compare byte by byte (a prefix first): negative, zero or positive.
  @inline(__always)
  private static func compareBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    let common = min(x.count, y.count)
    if common > 0 {
      let order = memcmp(x.baseAddress!, y.baseAddress!, common)
      if order != 0 { return Int(order) }
    }
    return x.count - y.count
  }

  /// Sorts names under `SectionOrder`'s rule, ties by index.
  private struct Sorter: Sendable {
    let names: NameStore
    /// Per name: whether it starts with a letter.
    let startsWithLetter: [Bool]
    /// The ranks of the characters of the list's names in scripts `CharacterRanks` covers,
    /// if it has names that start with one.
    let characterRanks: CharacterRanks?
    let weights = RootPrimaryWeights.root

    /// One name to sort: the first 16 bytes of its key (as two numbers), its key's length,
    /// its position among the section's members (in index order), whether it starts with a
    /// letter, and whether its key decides (`isFast`).
    struct Item {
      var prefix: UInt64
      var prefix2: UInt64
      var count: UInt32
      var position: UInt32
      var isLetter: Bool
      var isFast: Bool
    }

    /// The sort key of name `i`, written from `keys.start(of: i)` on: its primary weights
    /// when it starts with a letter (`isFast` when `RootPrimaryWeights` covers it, else no
    /// key), else its UTF-8 (scalar order). Its position is left 0.
    func item(_ i: Int, keys: SortKeys) -> Item {
      let utf8 = names.utf8(of: i)
      let isLetter = startsWithLetter[i]
      let out = keys.start(of: i)
      var count = 0
      var fast = true
      if isLetter {
        if let written = weights.writeKey(of: utf8, to: out) {
          count = written
        } else if let characterRanks, let written = characterRanks.writeKey(of: utf8, to: out) {
          count = written
        } else {
          fast = false
        }
      } else if let bytes = utf8.baseAddress {
        out.update(from: bytes, count: utf8.count)
        count = utf8.count
      }
      return Item(
        prefix: Self.bigEndianWord(out, from: 0, count: count),
        prefix2: Self.bigEndianWord(out, from: 8, count: count),
        count: UInt32(count), position: 0, isLetter: isLetter, isFast: fast)
    }

    /// Bytes `from..<from + 8` of the `count` bytes at `key` as a big-endian number, zeros
    /// past the end: numbers compare as the bytes do, a shorter key first.
    @inline(__always)
    static func bigEndianWord(_ key: UnsafeMutablePointer<UInt8>, from: Int, count: Int)
      -> UInt64
    {
      if count >= from + 8 {
        return UInt64(bigEndian: UnsafeRawPointer(key + from).loadUnaligned(as: UInt64.self))
      }
      var word: UInt64 = 0
      var k = from
      while k < count {
        word |= UInt64(key[k]) << (56 - 8 * (k - from))
        k += 1
      }
      return word
    }

    /// `members` (ascending indices) sorted. Members already in order (a sorted file) cost
    /// one pass of comparisons of neighbours, no sort.
    func sorted(_ members: [Int], keys: SortKeys) -> [Int] {
      var items: [Item] = []
      items.reserveCapacity(members.count)
      for (position, i) in members.enumerated() {
        var item = keys.items[i]
        item.position = UInt32(position)
        items.append(item)
      }
      // Positions ascend, so neighbours each before the next are the stable order.
      var inOrder = true
      for k in items.indices.dropFirst()
      where !isBefore(items[k - 1], items[k], keys, members) {
        inOrder = false
        break
      }
      if inOrder { return members }
      let uniform = items.allSatisfy { $0.isFast && $0.isLetter == items[0].isLetter }
      if uniform {
        // Keys decide before names: sorted by their first 8 bytes, then each run of equal prefixes by the next 8
        // and, where those tie too (rare: 1M benchmark names have runs of at most 5),
        // by the whole comparison.
        Self.radixSortByPrefix(&items)
        items.withUnsafeMutableBufferPointer { items in
          var low = 0
          while low < items.count {
            var high = low + 1
            while high < items.count && items[high].prefix == items[low].prefix { high += 1 }
            if high - low > 16 {
              var run = UnsafeMutableBufferPointer(rebasing: items[low..<high])
              run.sort { a, b in
                if a.prefix2 != b.prefix2 { return a.prefix2 < b.prefix2 }
                return isBefore(a, b, keys, members)
              }
            } else if high - low > 1 {
              // Most runs are short: sorted by insertion, without a closure to set up.
              for k in low + 1..<high {
                let item = items[k]
                var j = k
                while j > low {
                  let previous = items[j - 1]
                  if item.prefix2 > previous.prefix2 { break }
                  if item.prefix2 == previous.prefix2
                    && !isBefore(item, previous, keys, members)
                  {
                    break
                  }
                  items[j] = previous
                  j -= 1
                }
                items[j] = item
              }
            }
            low = high
          }
        }
      } else {
        items.sort { isBefore($0, $1, keys, members) }
      }
      return items.map { members[Int($0.position)] }
    }

    /// Sorts `items` by `prefix` as an unsigned number, stably (equal prefixes keep their
    /// order): a least-significant-digit radix sort, one pass per byte of the prefix that
    /// is not the same in every item.
    ///
    /// - Complexity: O(n) time, at most 8 passes; O(n) extra room. Each pass scatters
    ///   through unchecked pointers: a pass over 1M items costs about 38M instructions.
    static func radixSortByPrefix(_ items: inout [Item]) {
      let n = items.count
      guard n > 1 else { return }
      var other = items
      // How many items have each value in each byte (byte 0 the least significant).
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 9 * 256) { room in
        let counts = room.baseAddress!
        let start = counts + 8 * 256
        counts.initialize(repeating: 0, count: 8 * 256)
        items.withUnsafeMutableBufferPointer { first in
          other.withUnsafeMutableBufferPointer { second in
            for item in first {
              let prefix = item.prefix
              for byte in 0..<8 { counts[byte << 8 | Int(prefix >> (8 * byte) & 0xFF)] += 1 }
            }
            var from = first
            var to = second
            var inFirst = true
            for byte in 0..<8 {
              let shift = UInt64(8 * byte)
              let base = counts + byte << 8
              if base[Int(from[0].prefix >> shift & 0xFF)] == n { continue }
              // Where each value's items start.
              var total = 0
              for value in 0..<256 {
                start[value] = total
                total += base[value]
              }
              for item in from {
                let value = Int(item.prefix >> shift & 0xFF)
                to[start[value]] = item
                start[value] += 1
              }
              swap(&from, &to)
              inFirst.toggle()
            }
            // The sorted items are where the last pass wrote them.
            if !inFirst { first.baseAddress!.update(from: second.baseAddress!, count: n) }
          }
        }
      }
    }

    /// Whether `a` goes before `b`: `SectionOrder.areInIncreasingOrder`, ties by index
    /// (positions are in index order).
    func isBefore(
      _ a: Item, _ b: Item, _ keys: SortKeys, _ members: [Int]
    ) -> Bool {
      if a.isLetter != b.isLetter { return a.isLetter }
      let i = members[Int(a.position)]
      let j = members[Int(b.position)]
      if a.isFast && b.isFast {
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        if a.prefix2 != b.prefix2 { return a.prefix2 < b.prefix2 }
        let x = UnsafeBufferPointer(start: keys.start(of: i), count: Int(a.count))
        let y = UnsafeBufferPointer(start: keys.start(of: j), count: Int(b.count))
        let order = FirstLetterSections.compareBytes(x, y)
        if order != 0 { return order < 0 }
      }
      // Equal keys, or a name the keys do not cover.
      let x = names.utf8(of: i)
      let y = names.utf8(of: j)
      let order = FirstLetterSections.compareBytes(x, y)
      if order == 0 { return a.position < b.position }
      // Scalar order is UTF-8 byte order: `order` is the scalar comparison.
      if !a.isLetter { return order < 0 }
      // One collation of the UTF-8 where `SectionOrder` may make two; names the collation
      // finds equal fall back to scalar order as there.
      let collated = RootCollation.compare(x, y)
      return collated != 0 ? collated < 0 : order < 0
    }
  }
}
