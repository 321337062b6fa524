/// The rows of the list: each remaining section's title, then its names.
struct ListLayout {
  enum Row: Equatable {
    case title(Int)
    /// A name: its index in the catalog's names and its position in `matchedNames`.
    case name(UInt32, position: Int)
  }

  private let result: SearchResult
  /// The first row of each group (its title row).
  private let starts: [Int]
  let rowCount: Int

  init(_ result: SearchResult) {
    self.result = result
    var starts: [Int] = []
    var row = 0
    for group in result.groups {
      starts.append(row)
      row += 1 + group.matches.count
    }
    self.starts = starts
    rowCount = row
  }

  func firstRow(ofGroup group: Int) -> Int { starts[group] }

  /// The group that row `row` belongs to (binary search).
  func group(ofRow row: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= row { low = middle } else { high = middle - 1 }
    }
    return low
  }

  func row(_ row: Int) -> Row {
    let g = group(ofRow: row)
    let offset = row - starts[g]
    if offset == 0 { return .title(g) }
    let matches = result.groups[g].matches
    let position = matches.lowerBound + offset - 1
    return .name(result.matchedNames[position], position: position)
  }
}
