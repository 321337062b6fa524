import NamesSearch

/// What the command line asked for, once parsed.
struct Options: Equatable {
  /// How results are printed.
  enum OutputMode: Equatable {
    case sections, index, count, json
  }

  /// When to color the output.
  enum ColorChoice: String, Equatable {
    case auto, always, never
  }

  /// The search term; empty is a reset.
  var term = ""
  /// The file to load, byte for byte (`-` for standard input); `nil` for the built-in list.
  var file: PathName?
  /// How results are printed.
  var output = OutputMode.sections
  /// The flag that chose `output` ("--json"), to name it in a conflict.
  var outputFlag: String?
  /// `--case-sensitive`.
  var caseSensitive = false
  /// `--diacritic-sensitive`.
  var diacriticSensitive = false
  /// `--color`.
  var color = ColorChoice.auto
  /// `--no-cache`.
  var noCache = false
  /// `-i`, `--interactive`.
  var interactive = false
  /// `--debounce`, in milliseconds.
  var debounceMilliseconds = 100
  /// `--max-size`, in bytes.
  var maximumSize = FileReader.defaultMaximumSize

  /// The query these options describe.
  var query: Query {
    Query(
      term: term,
      options: MatchOptions(ignoresCase: !caseSensitive, ignoresDiacritics: !diacriticSensitive))
  }
}

/// The outcome of parsing a command line.
enum ParsedCommand: Equatable {
  /// Run a search.
  case search(Options)
  /// `-h, --help`.
  case help
  /// `--version`.
  case version
}
