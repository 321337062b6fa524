/// The memory a search may take beyond the loaded list, checked before searching against
/// what the process's limits leave (`AddressSpace`), so a search that cannot finish under
/// `ulimit -v` is refused in one line instead of stopping the process midway (the arrays
/// of matches are Swift arrays, whose allocation cannot fail softly).
///
/// Per name: 16 bytes (the scan's hits by slice, their concatenation as it grows, and the
/// matching name indices, 4 bytes each); for match options other than the default, the
/// keys folded for them (`SearchKeys.folding(_:options:)`: the names' size and an eighth,
/// 4 bytes per name, and `AddressSpace.reserve`); and 2 MiB for output buffers and small
/// allocations.
public enum SearchMemory {
  /// The bytes searching `catalog` with `options` may take, at most.
  ///
  /// - Complexity: O(1).
  public static func needed(for options: MatchOptions, in catalog: Catalog) -> Int {
    var bytes = 16 * catalog.nameCount + (2 << 20)
    if options != catalog.defaultKeys.options {
      // Folded where the limit leaves too little for the upper bound: the names' size
      // and an eighth, a 4-byte end each, and the room buffers leave to other allocations.
      bytes += catalog.names.bytes.count * 9 / 8 + 4 * catalog.nameCount + AddressSpace.reserve
    }
    return bytes
  }

  /// What is missing to search `catalog` with `options` under the process's memory limits:
  /// the bytes needed and those available, or `nil` when there is room (or no limit).
  public static func shortfall(for options: MatchOptions, in catalog: Catalog) -> (
    needed: Int, available: Int
  )? {
    guard let available = AddressSpace.headroom() else { return nil }
    let needed = needed(for: options, in: catalog)
    return needed > available ? (needed, available) : nil
  }
}
