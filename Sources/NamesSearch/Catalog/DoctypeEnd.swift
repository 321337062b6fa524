/// Finds the `>` that closes a DOCTYPE, one code unit at a time: quoted strings and the
/// internal subset in brackets are skipped, and so are the comments and processing
/// instructions inside the subset, whose quotes and brackets are text (XML 1.0 §2.8,
/// productions doctypedecl, intSubset, markupdecl; §2.5 Comment, §2.6 PI).
///
/// Both `XMLProlog` (which scans a prefix in memory) and `XMLMarkupGuard` (which watches a
/// stream) feed it the units after `<!`.
struct DoctypeEnd: Equatable {
  /// What the units are part of.
  private enum Part: Equatable {
    case declaration
    /// A comment in the internal subset, after its `<!--`.
    case comment
    /// A processing instruction in the internal subset, after its `<?`.
    case instruction
  }

  /// The quote (`"` or `'`) a string opened with, while inside one.
  private var quote: UInt16? = nil
  /// How many `[` are open.
  private var depth = 0
  private var part = Part.declaration
  /// Units taken since the comment's `<!--` or the instruction's `<?`.
  private var partLength = 0
  /// The last three units, oldest first.
  private var first: UInt16 = 0
  private var second: UInt16 = 0
  private var third: UInt16 = 0

  /// Takes the next unit; returns whether it is the closing `>`.
  ///
  /// - Complexity: O(1).
  mutating func ends(at unit: UInt16) -> Bool {
    defer { (first, second, third) = (second, third, unit) }
    switch part {
    case .comment:
      // "-->" after at least "<!--" and two more units: "<!--->" does not end it.
      if unit == 0x3E && second == 0x2D && third == 0x2D && partLength >= 2 {
        part = .declaration
      }
      partLength += 1
      return false
    case .instruction:
      // "?>" after at least one unit: "<?>" does not end it.
      if unit == 0x3E && third == 0x3F && partLength >= 1 { part = .declaration }
      partLength += 1
      return false
    case .declaration:
      break
    }
    if let open = quote {
      if unit == open { quote = nil }
    } else if unit == 0x22 || unit == 0x27 {
      quote = unit
    } else if depth > 0 && unit == 0x2D && (first, second, third) == (0x3C, 0x21, 0x2D) {
      part = .comment
      partLength = 0
    } else if depth > 0 && unit == 0x3F && third == 0x3C {
      part = .instruction
      partLength = 0
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
