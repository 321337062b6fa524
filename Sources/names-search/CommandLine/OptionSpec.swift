/// One command-line option, as `OptionTable` lists it: its names, its value's name, its help
/// and what it does. The parser, the help, the usage line and README's option table are all
/// made from (or checked against) these values.
struct OptionSpec: Sendable {
  /// What the option does.
  enum Action: Sendable, Equatable {
    /// Picks what the command does (`Options.Mode`): `--index`, `--count`, `--json`, `-i`.
    /// At most one mode may be given; they form one exclusive group in the usage line.
    case mode(Options.Mode)
    /// `-f`: the list to load (a path, byte for byte).
    case file
    /// `--key <field>`: the field of each record that is its name.
    case key
    /// `--search-key <field>`, repeatable: a further field searched.
    case searchKey
    /// `--section-key <field>`: the field holding each record's section title.
    case sectionKey
    /// `--format <format>`: the input's format, not detected.
    case format
    /// `--table <name>`: the SQLite table to read.
    case table
    /// `--locale <locale>`: the locale whose alphabet orders and makes sections.
    case locale
    /// `-o, --output <file>`: write the result as a list instead of printing it.
    case output
    /// `--output-format <format>`: the format `-o` writes.
    case outputFormat
    /// `-F, --fixed-strings`: the term is one literal substring.
    case fixedStrings
    /// `--typos`: every word may have typos by its length.
    case typos
    /// `--max-typos <n>`: the most typos a word may have.
    case maxTypos
    /// `--sounds-like`: every word also matches name words that sound like it.
    case soundsLike
    /// `--case-sensitive`.
    case caseSensitive
    /// `--diacritic-sensitive`.
    case diacriticSensitive
    /// `--fold <rule>`: `all` or `cd` (`MatchOptions.Folding`).
    case fold
    /// `--no-readings`.
    case noReadings
    /// `--color <when>`.
    case color
    /// `--no-cache`.
    case noCache
    /// `--debounce <ms>`.
    case debounce
    /// `--max-size <bytes>`.
    case maxSize
    /// `-h, --help`: print the help; left out of the usage line, as swift-argument-parser
    /// does.
    case help
    /// `--version`: print the version; left out of the usage line.
    case version
  }

  /// The short name without its dash ("f"), if any; always an ASCII letter.
  var short: Character?
  /// The long name without its dashes ("file").
  var long: String
  /// The value's name in help, usage and errors ("file"), for options that take a value.
  var valueName: String?
  /// The help text, one paragraph (`HelpText` wraps it).
  var help: String
  /// What it does.
  var action: Action

  /// "-f, --file <file>" or "--index", as help and README's option table show it.
  var label: String {
    var label = short.map { "-\($0), " } ?? ""
    label += "--\(long)"
    if let valueName { label += " <\(valueName)>" }
    return label
  }

  /// "-f <file>", "-i" or "--index", as the usage line shows it: the short name when there
  /// is one, as swift-argument-parser does.
  var synopsis: String {
    var synopsis = short.map { "-\($0)" } ?? "--\(long)"
    if let valueName { synopsis += " <\(valueName)>" }
    return synopsis
  }

  /// Whether the option picks the mode, and so belongs to the usage line's exclusive group.
  var picksMode: Bool {
    if case .mode = action { return true }
    return false
  }

  /// Whether the usage line shows the option: every option but help and version.
  var isInUsage: Bool {
    action != .help && action != .version
  }
}
