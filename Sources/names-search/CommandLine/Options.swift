import NamesSearch

/// What the command line asked for, once parsed.
struct Options: Equatable {
  /// How results are printed.
  enum OutputMode: Equatable, Sendable {
    /// Each section title, then its names indented by two spaces.
    case sections
    /// The titles of the remaining sections on one line (`--index`).
    case index
    /// The number of matching names (`--count`).
    case count
    /// One JSON object (`--json`).
    case json
  }

  /// What the command does: search once and print the results in an output mode, or run
  /// the live mode (`-i`). The options that pick it are exclusive (`OptionSpec.Action.mode`).
  enum Mode: Equatable, Sendable {
    /// Search for the term and print the results so.
    case print(OutputMode)
    /// Search as the user types (`-i`, `--interactive`); the term starts the field.
    case live
  }

  /// When to color the output.
  enum ColorChoice: String, Equatable {
    case auto, always, never
  }

  /// The search term; empty is a reset.
  var term = ""
  /// The file to load, byte for byte (`-` for standard input); `nil` for the built-in list.
  var file: PathName?
  /// The variable that named `file` (`NAMES_SEARCH_FILE`), for its errors to name it;
  /// `nil` when `-f` did, or for the built-in list. (`NAMES_SEARCH_DEFAULT_OPTS` when its
  /// `-f` did.)
  var fileVariable: String?
  /// The options of `NAMES_SEARCH_DEFAULT_OPTS` that shape how the file is read (`--key`,
  /// `--format`, …) and that the command line left in effect, as typed, in the order given:
  /// a load error names the variable they came from.
  var readingOptionsFromDefaults: [String] = []
  /// What the command does.
  var mode = Mode.print(.sections)
  /// `--case-sensitive`.
  var caseSensitive = false
  /// `--diacritic-sensitive`.
  var diacriticSensitive = false
  /// `--fold <rule>`.
  var folding = MatchOptions.Folding.all
  /// Not `--no-readings`.
  var usesReadings = true
  /// `--color`.
  var color = ColorChoice.auto
  /// `--no-cache`.
  var noCache = false
  /// `--debounce`, in milliseconds.
  var debounceMilliseconds = 100
  /// `--max-size`, in bytes.
  var maximumSize = FileReader.defaultMaximumSize
  /// Whether `NAMES_SEARCH_DEFAULT_OPTS` gave the `--max-size` in effect, for a size error
  /// to name the variable.
  var maximumSizeFromDefaults = false
  /// How the list is read: `--format`, `--table`, `--key`, `--search-key`, `--section-key`.
  var load = LoadOptions.default
  /// Whether `--locale` was given: else `load.locale` comes from the environment
  /// (`LocaleSetting`).
  var localeGiven = false
  /// `-o`: where to write the result as a list (`-` for standard output), byte for byte;
  /// `nil` to print it.
  var output: PathName?
  /// `--output-format`: the format `-o` writes.
  var outputFormat = ListFormat.xmlPropertyList

  /// `-F, --fixed-strings`: the term is one literal substring, not words and operators.
  var syntax = QuerySyntax.words
  /// `--typos`, `--max-typos`: how many typos each word may have.
  var typos = TypoTolerance.default
  /// `--sounds-like`: every word also matches name words that sound like it.
  var soundsLike = false

  /// The query these options describe.
  var query: Query {
    Query(
      term: term,
      options: MatchOptions(
        ignoresCase: !caseSensitive, ignoresDiacritics: !diacriticSensitive, folding: folding,
        usesReadings: usesReadings),
      syntax: syntax, typos: typos, soundsLike: soundsLike)
  }
}
