import NamesSearch

/// How the command line reports a `LoadError`: the library's one-line message after
/// "names-search: ", plus the option that lifts the limit when a size limit was hit. The
/// library names no option (it knows nothing of the command line); this layer does.
enum LoadErrorLine {
  /// "names-search: <source>: <message>" and a line break, with the hints that apply in
  /// one parenthesis, separated by "; ": the option that lifts a size limit ("see
  /// --max-size", and "which NAMES_SEARCH_DEFAULT_OPTS sets" when `maximumSizeFromDefaults`);
  /// the variable that named the file (`fileVariable`: "the list NAMES_SEARCH_FILE names");
  /// and, for an error about what the file holds (not one about opening it, its size or
  /// memory), the reading options `NAMES_SEARCH_DEFAULT_OPTS` gave (`optionsFromDefaults`:
  /// "read with --table and --key from NAMES_SEARCH_DEFAULT_OPTS", or "… from it" when that
  /// variable named the file too). O(hints).
  static func text(
    _ error: LoadError, fileVariable: String? = nil, optionsFromDefaults: [String] = [],
    maximumSizeFromDefaults: Bool = false
  ) -> String {
    var hints: [String] = []
    if var hint = hint(for: error.reason) {
      if maximumSizeFromDefaults && isSizeLimit(error.reason) {
        hint += ", which \(DefaultOptions.variable) sets"
      }
      hints.append(hint)
    }
    let readWith =
      optionsFromDefaults.isEmpty || !isAboutContent(error.reason)
      ? nil : "read with \(EnglishList.joined(optionsFromDefaults))"
    if let fileVariable {
      var named = "the list \(fileVariable) names"
      if let readWith {
        named +=
          fileVariable == DefaultOptions.variable
          ? ", \(readWith) from it" : ", \(readWith) from \(DefaultOptions.variable)"
      }
      hints.append(named)
    } else if let readWith {
      hints.append("\(readWith) from \(DefaultOptions.variable)")
    }
    let hint = hints.isEmpty ? "" : " (\(hints.joined(separator: "; ")))"
    return "names-search: \(error)\(hint)\n"
  }

  /// `text(_:fileVariable:optionsFromDefaults:maximumSizeFromDefaults:)` for a search run
  /// with `options`.
  static func text(_ error: LoadError, for options: Options) -> String {
    text(
      error, fileVariable: options.fileVariable,
      optionsFromDefaults: options.readingOptionsFromDefaults,
      maximumSizeFromDefaults: options.maximumSizeFromDefaults)
  }

  /// Whether `reason` is the `--max-size` limit.
  static func isSizeLimit(_ reason: LoadError.Reason) -> Bool {
    switch reason {
    case .tooLarge, .namesTooLarge: true
    default: false
    }
  }

  /// Whether `reason` is about what the file holds, which the reading options (`--key`,
  /// `--format`, …) shape; not about opening the file, its size, or memory.
  static func isAboutContent(_ reason: LoadError.Reason) -> Bool {
    switch reason {
    case .unreadable, .isDirectory, .empty, .blank, .tooLarge, .namesTooLarge,
      .expandsTooMuch, .outOfMemory, .memoryRefused:
      false
    default: true
    }
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
