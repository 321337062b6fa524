/// Finds the `>` that closes a DOCTYPE, one code unit at a time: quoted strings and the
/// internal subset in brackets are skipped (XML 1.0 §2.8, production doctypedecl).
///
/// Both `XMLProlog` (which scans a prefix in memory) and `XMLMarkupGuard` (which watches a
/// stream) feed it the units after `<!`.
struct DoctypeEnd: Equatable {
  /// The quote (`"` or `'`) a string opened with, while inside one.
  private var quote: UInt16? = nil
  /// How many `[` are open.
  private var depth = 0

  /// Takes the next unit; returns whether it is the closing `>`.
  ///
  /// - Complexity: O(1).
  mutating func ends(at unit: UInt16) -> Bool {
    if let open = quote {
      if unit == open { quote = nil }
    } else if unit == 0x22 || unit == 0x27 {
      quote = unit
    } else if unit == 0x5B {
      depth += 1
    } else if unit == 0x5D {
      depth = max(0, depth - 1)
    } else if unit == 0x3E && depth == 0 {
      return true
    }
    return false
  }
}
