/// The section index down the right edge: one title a row, condensed with "•" between
/// evenly spaced titles when the window is shorter than the index, as iOS does.
struct IndexStrip {
  struct Entry {
    var text: String
    var group: Int?
  }

  let entries: [Entry]
  let width: Int

  init(titles: [String], rows: Int) {
    var entries: [Entry] = []
    if titles.count <= rows {
      entries = titles.enumerated().map { Entry(text: $0.element, group: $0.offset) }
    } else {
      let shown = max((rows + 1) / 2, 2)
      for i in 0..<shown {
        let group = Int((Double(i) * Double(titles.count - 1) / Double(shown - 1)).rounded())
        if i > 0 { entries.append(Entry(text: "•", group: nil)) }
        entries.append(Entry(text: titles[group], group: group))
      }
    }
    self.entries = entries
    width = min(entries.map { DisplayWidth.of($0.text) }.max() ?? 0, 8)
  }

  func entry(atRow row: Int) -> Entry {
    row < entries.count
      ? Entry(text: DisplayWidth.truncate(entries[row].text, to: width), group: entries[row].group)
      : Entry(text: "", group: nil)
  }
}
