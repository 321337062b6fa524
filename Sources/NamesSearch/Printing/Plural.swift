/// A count with its noun in English: singular for exactly one, plural otherwise
/// ("0 names", "1 name", "2 names"), for every message that carries a number.
///
/// ```swift
/// Plural.counted(1, "section")              // "1 section"
/// Plural.counted(3, "entry", "entries")     // "3 entries"
/// ```
public enum Plural {
  /// `count` and the noun that agrees with it; `plural` defaults to `singular` + "s".
  ///
  /// - Complexity: O(1) beyond formatting the number.
  public static func counted<Count: BinaryInteger>(
    _ count: Count, _ singular: String, _ plural: String? = nil
  ) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
  }
}
