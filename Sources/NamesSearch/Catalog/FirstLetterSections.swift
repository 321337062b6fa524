import Foundation

/// Made sections the way a contacts list files names: under the first letter of the name,
/// its diacritics removed and uppercased ("élise" under "E"); names that do not start with
/// a letter under "#", which `SectionOrder` puts last. Within a section names are sorted by
/// the collation `SectionOrder` orders titles with (ICU root collation), ties kept in file
/// order.
public struct FirstLetterSections: SectionMaker {
  /// The maker.
  public init() {}

  /// The title a name is filed under: its first letter without diacritics, uppercased, or
  /// "#".
  ///
  /// - Complexity: O(1) in the name's length.
  public func title(for name: String) -> String {
    guard let first = name.first, first.isLetter else { return "#" }
    let bare = String(first).folding(options: .diacriticInsensitive, locale: nil).uppercased()
    guard let letter = bare.first, letter.isLetter else { return "#" }
    return String(letter)
  }

  public func sections(of names: NameStore) -> [(title: String, members: [Int])] {
    var order: [String] = []
    var members: [String: [Int]] = [:]
    for i in 0..<names.count {
      let title = title(for: names[i])
      if members[title] == nil { order.append(title) }
      members[title, default: []].append(i)
    }
    return order.map { title in
      let sorted = members[title]!.sorted { a, b in
        let x = names[a]
        let y = names[b]
        if SectionOrder.areInIncreasingOrder(x, y) { return true }
        if SectionOrder.areInIncreasingOrder(y, x) { return false }
        return a < b
      }
      return (title, sorted)
    }
  }
}
