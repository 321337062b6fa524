/// Which fields of a list's records are what: the name, further search keys, the section
/// title. A list of strings ignores them all.
///
/// ```swift
/// RecordFields(name: RecordKeyPath("movieName"))
/// RecordFields(name: RecordKeyPath("Full Name"), search: [RecordKeyPath("Nickname")!],
///              section: RecordKeyPath("Group"))
/// ```
public struct RecordFields: Sendable, Hashable {
  /// The field that is each record's name: shown, searched and sorted. `nil`: records are
  /// an error, unless the reader finds a single candidate (a CSV file with one column, a
  /// table with one text column).
  public var name: RecordKeyPath?
  /// More fields searched besides the name (a nickname, an e-mail address, a reading),
  /// in order; the output still shows the name. A record that lacks one, or holds null
  /// there, has no such key.
  public var search: [RecordKeyPath]
  /// The field holding each record's section title, for flat input (an array of records,
  /// CSV, SQLite). `nil`: a flat list gets made sections (`SectionMaker`).
  public var section: RecordKeyPath?

  /// Fields as given; the defaults read a list of strings.
  public init(
    name: RecordKeyPath? = nil, search: [RecordKeyPath] = [], section: RecordKeyPath? = nil
  ) {
    self.name = name
    self.search = search
    self.section = section
  }

  /// No fields chosen.
  public static let none = RecordFields()
}
