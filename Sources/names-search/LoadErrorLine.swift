import NamesSearch

/// How the command line reports a `LoadError`: the library's one-line message after
/// "names-search: ", plus the option that lifts the limit when a size limit was hit. The
/// library names no option (it knows nothing of the command line); this layer does.
enum LoadErrorLine {
  /// "names-search: <source>: <message>[ (see --max-size)]" and a line break; with
  /// `fileVariable`, the variable that named the file (`NAMES_SEARCH_FILE`) is named after
  /// it: "(the list NAMES_SEARCH_FILE names)"; with `optionsFromDefaults`, the reading
  /// options `NAMES_SEARCH_DEFAULT_OPTS` gave: "(read with --key from
  /// NAMES_SEARCH_DEFAULT_OPTS)".
  static func text(
    _ error: LoadError, fileVariable: String? = nil, optionsFromDefaults: [String] = []
  ) -> String {
    let fromDefaults =
      optionsFromDefaults.isEmpty
      ? nil
      : "read with \(optionsFromDefaults.joined(separator: " ")) from \(DefaultOptions.variable)"
    let hints = [
      hint(for: error.reason), fileVariable.map { "the list \($0) names" }, fromDefaults,
    ]
    let hint = hints.compactMap { $0 }.map { " (\($0))" }.joined()
    return "names-search: \(error)\(hint)\n"
  }

  /// `text(_:fileVariable:optionsFromDefaults:)` for a search run with `options`.
  static func text(_ error: LoadError, for options: Options) -> String {
    text(
      error, fileVariable: options.fileVariable,
      optionsFromDefaults: options.readingOptionsFromDefaults)
  }

  /// The command-line hint for `reason`: "see --max-size" when the file, or the list once
  /// loaded, is over the `--max-size` limit; how to read CSV or OpenStep text that may be a
  /// list of names as one; else `nil`.
  static func hint(for reason: LoadError.Reason) -> String? {
    switch reason {
    case .tooLarge, .namesTooLarge: "see --max-size"
    case .recordsNeedKey(let fields) where fields.isEmpty: nil
    case .recordsNeedKey, .chooseColumn: "name it with --key"
    case .chooseTable: "name it with --table"
    case .invalid(.csv, _): "if it is one name a line, read it with --format text"
    // A list of names whose first line starts with "(", "//" or "title = (" is taken for
    // OpenStep text; a title written twice is a real list's fault.
    case .invalid(.openStepPropertyList, let why)
    where !why.contains(" appears twice ") && !why.contains(" the same title "):
      "if it is one name a line, read it with --format text"
    default: nil
    }
  }
}
