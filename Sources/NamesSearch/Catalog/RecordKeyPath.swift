/// A key path into a record, as NSPredicate's `SELF.name.first`: the keys to follow, one
/// nested record at a time.
///
/// ```swift
/// RecordKeyPath("name.first").keys   // ["name", "first"]
/// RecordKeyPath("movieName").keys    // ["movieName"]
/// ```
///
/// A CSV column or an SQLite column is a one-key path named by the whole text (a column
/// may be called "e.mail"): those readers use `description`, not `keys`.
public struct RecordKeyPath: Sendable, Hashable, CustomStringConvertible {
  /// The keys, outermost first; never empty.
  public let keys: [String]

  /// The key path `text` spells, its keys separated by "."; `nil` when `text` is empty or
  /// a key is ("a..b", ".a", "a.").
  ///
  /// - Complexity: O(n) in the length of `text`.
  public init?(_ text: String) {
    let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !keys.contains(where: \.isEmpty) else { return nil }
    self.keys = keys
  }

  /// The key path as written: "name.first".
  public var description: String { keys.joined(separator: ".") }
}
