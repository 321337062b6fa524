import Foundation

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
/// (`RootPrimaryWeights`, derived from Foundation's collation) that decides their order
/// unless two keys are equal; only those ties and names in other scripts are compared
/// through Foundation.
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
    guard first.isLetter else { return "#" }
    var marksRemoved = String.UnicodeScalarView()
    for scalar in String(first).decomposedStringWithCompatibilityMapping.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      marksRemoved.append(scalar)
    }
    let bare = String(marksRemoved).uppercased()
    guard let letter = bare.first, letter.isLetter else { return "#" }
    return String(letter).precomposedStringWithCanonicalMapping
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
  ///   O(n) in the length (through Foundation) for the others.
  public func sections(of names: NameStore) -> [(title: String, members: [Int])] {
    var order: [String] = []
    var groupOf: [String: Int] = [:]
    var members: [[Int]] = []
    var asciiGroup = [Int](repeating: -1, count: 128)
    var cache: [Character: Int] = [:]
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
      if let byte = utf8.first, byte < 0x80, utf8.count == 1 || utf8[1] < 0x80 {
        // One ASCII character: a letter is its own title, uppercased.
        if asciiGroup[Int(byte)] < 0 {
          let letter = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
          let isLetter = (0x41...0x5A).contains(letter)
          asciiGroup[Int(byte)] = group(
            isLetter ? String(UnicodeScalar(letter)) : "#")
        }
        index = asciiGroup[Int(byte)]
      } else if let first = Self.firstCharacter(utf8) {
        if let cached = cache[first] {
          index = cached
        } else {
          index = group(Self.title(of: first))
          cache[first] = index
        }
      } else {
        index = group("#")
      }
      members[index].append(i)
    }
    // Sections are sorted in parallel, each into its own slot.
    let sorter = Sorter(names: names)
    let groups = members
    guard !groups.isEmpty else { return [] }
    var sorted = [[Int]](repeating: [], count: groups.count)
    sorted.withUnsafeMutableBufferPointer { slots in
      let out = Slots(base: slots.baseAddress!)
      ThreadPool.perform(iterations: groups.count) { g in
        out.base[g] = sorter.sorted(groups[g])
      }
    }
    return Array(zip(order, sorted))
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
    let weights = RootPrimaryWeights.root

    /// One name to sort: the first 8 bytes of its key, where its key lies, its index,
    /// whether it starts with a letter, and whether its key decides (`isFast`).
    struct Item {
      var prefix: UInt64
      var start: UInt32
      var count: UInt32
      var index: UInt32
      var isLetter: Bool
      var isFast: Bool
    }

    /// The sort key of name `i`, appended to `keys`: its primary weights when it starts
    /// with a letter (`isFast` when `RootPrimaryWeights` covers it), else its UTF-8 (scalar
    /// order).
    func item(_ i: Int, keys: inout [UInt8]) -> Item {
      let utf8 = names.utf8(of: i)
      let isLetter: Bool
      if let byte = utf8.first, byte < 0x80, utf8.count == 1 || utf8[1] < 0x80 {
        isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      } else {
        isLetter = names[i].first?.isLetter ?? false
      }
      let start = keys.count
      var fast = true
      if isLetter {
        fast = weights.appendKey(of: utf8, to: &keys)
        if !fast { keys.removeSubrange(start...) }
      } else {
        keys.append(contentsOf: utf8)
      }
      var prefix: UInt64 = 0
      for k in 0..<8 {
        prefix = prefix << 8 | (start + k < keys.count ? UInt64(keys[start + k]) : 0)
      }
      return Item(
        prefix: prefix, start: UInt32(start), count: UInt32(keys.count - start),
        index: UInt32(i), isLetter: isLetter, isFast: fast)
    }

    func sorted(_ members: [Int]) -> [Int] {
      var keys: [UInt8] = []
      var items = members.map { item($0, keys: &keys) }
      keys.withUnsafeBufferPointer { keys in
        items.sort { isBefore($0, $1, keys) }
      }
      return items.map { Int($0.index) }
    }

    func isBefore(_ a: Item, _ b: Item, _ keys: UnsafeBufferPointer<UInt8>) -> Bool {
      if a.isLetter != b.isLetter { return a.isLetter }
      if a.isFast && b.isFast {
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        let x = UnsafeBufferPointer(rebasing: keys[Int(a.start)..<Int(a.start + a.count)])
        let y = UnsafeBufferPointer(rebasing: keys[Int(b.start)..<Int(b.start + b.count)])
        let order = FirstLetterSections.compareBytes(x, y)
        if order != 0 { return order < 0 }
      }
      // Equal keys, or a name the keys do not cover.
      let x = names.utf8(of: Int(a.index))
      let y = names.utf8(of: Int(b.index))
      let order = FirstLetterSections.compareBytes(x, y)
      if order == 0 { return a.index < b.index }
      if !a.isLetter { return order < 0 }
      let s = names[Int(a.index)]
      let t = names[Int(b.index)]
      if SectionOrder.areInIncreasingOrder(s, t) { return true }
      if SectionOrder.areInIncreasingOrder(t, s) { return false }
      return a.index < b.index
    }
  }
}
