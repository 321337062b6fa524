/// A titled group of names, as a table view shows it under one header.
///
/// ```swift
/// let a = Section(title: "A", names: ["Aaron", "Abby"])
/// ```
///
/// Names keep their order and their exact Unicode scalars; duplicates are kept.
public struct Section: Sendable, Hashable {
  /// The section title, for instance `"A"`; never folded.
  public var title: String
  /// The names in the section, in file order.
  public var names: [String]

  /// Creates a section with a title and its names in order.
  public init(title: String, names: [String]) {
    self.title = title
    self.names = names
  }
}
