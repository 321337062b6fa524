/// The contract every list reader keeps: given a list in its format, it answers the list's
/// sections (`SectionedNames`, built with a `SectionsBuilder`, so titles are checked the
/// same way in every format) or one `LoadError` naming the source and the place.
///
/// `CatalogLoader` sniffs the format (`FormatSniffer`), picks the reader `ListReaders` has
/// for it, and hands it a `ListInput`: a byte stream past the bytes the sniffer read
/// (`ListAccess.stream`), or a file the reader opens by its path (`ListAccess.path`: a
/// database a library opens itself). A new format is a new reader in one file, one
/// `ListFormat` case and its rule in `FormatSniffer`.
protocol ListReader {
  /// How the reader takes its input.
  static var access: ListAccess { get }

  /// Reads the whole list.
  ///
  /// - Throws: `LoadError` for input that is not a list in this format, with the reader's
  ///   words (`notAList`) or the shape found (`rootNotDictionary`, `nameNotString`, …);
  ///   title errors from `SectionsBuilder`; `memoryRefused`; or what reading throws.
  /// - Complexity: O(n) in the input's size.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames
}

/// How a `ListReader` takes its input.
enum ListAccess: Sendable, Equatable {
  /// As bytes, read in chunks from `ListInput.read(into:)` after `ListInput.prefix`: a
  /// file, a pipe or standard input.
  case stream
  /// By the path of a regular file (`ListInput.path`), which the reader opens itself; a
  /// stream such as standard input is refused (`ListInput.requirePath()`).
  case path
}
