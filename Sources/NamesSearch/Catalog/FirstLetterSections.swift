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
/// first character; names made of printable ASCII are compared by `ASCIICollation`'s
/// tables (the same order as Foundation's, derived from it), with an 8-byte key compared
/// first; only names with other characters are compared through Foundation.
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
  /// - Complexity: O(n log n) comparisons; O(1) Foundation calls for names of printable
  ///   ASCII, O(n) in the length for the others.
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
    let sorter = Sorter(names: names)
    return zip(order, members).map { ($0, sorter.sorted($1)) }
  }

  /// Sorts names under `SectionOrder`'s rule, ties by index.
  private struct Sorter {
    let names: NameStore
    let collation = ASCIICollation.root

    /// One name to sort: an 8-byte key compared first, its index, whether it starts with
    /// a letter, and whether `ASCIICollation` covers it.
    struct Item {
      var key: UInt64
      var index: UInt32
      var isLetter: Bool
      var isFast: Bool
    }

    func item(_ i: Int) -> Item {
      let utf8 = names.utf8(of: i)
      let asciiLetter =
        utf8.first.map { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) } ?? false
      let fast = asciiLetter && collation.covers(utf8)
      let isLetter: Bool
      if fast || utf8.isEmpty || utf8[0] < 0x80 && (utf8.count == 1 || utf8[1] < 0x80) {
        isLetter = asciiLetter
      } else {
        isLetter = names[i].first?.isLetter ?? false
      }
      var key: UInt64 = 0
      if fast {
        key = collation.primaryPrefix(utf8)
      } else if !isLetter {
        // Scalar order is UTF-8 byte order.
        for k in 0..<8 { key = key << 8 | (k < utf8.count ? UInt64(utf8[k]) : 0) }
      }
      return Item(key: key, index: UInt32(i), isLetter: isLetter, isFast: fast)
    }

    func sorted(_ members: [Int]) -> [Int] {
      var items = members.map(item)
      items.sort(by: isBefore)
      return items.map { Int($0.index) }
    }

    func isBefore(_ a: Item, _ b: Item) -> Bool {
      if a.isLetter != b.isLetter { return a.isLetter }
      let x = names.utf8(of: Int(a.index))
      let y = names.utf8(of: Int(b.index))
      if !a.isLetter || (a.isFast && b.isFast) {
        if a.key != b.key { return a.key < b.key }
        if a.isLetter {
          switch collation.compare(x, y) {
          case .orderedAscending: return true
          case .orderedDescending: return false
          case .orderedSame: break
          }
        }
        // Equal under the collation, or not letters: scalar values (UTF-8 bytes).
        if !x.elementsEqual(y) { return x.lexicographicallyPrecedes(y) }
        return a.index < b.index
      }
      let s = names[Int(a.index)]
      let t = names[Int(b.index)]
      if SectionOrder.areInIncreasingOrder(s, t) { return true }
      if SectionOrder.areInIncreasingOrder(t, s) { return false }
      return a.index < b.index
    }
  }
}
