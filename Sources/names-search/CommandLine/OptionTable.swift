/// One command-line option: the single table that both the parser and the help text read.
struct OptionSpec: Sendable {
  /// What setting the option changes.
  enum Action: Sendable {
    case file, index, count, json, interactive, debounce, maxSize, caseSensitive,
      diacriticSensitive, color, noCache, help, version
  }

  /// The short name without its dash ("f"), if any.
  var short: Character?
  /// The long name without its dashes ("file").
  var long: String
  /// The value's name in help and errors ("file"), for options that take a value.
  var valueName: String?
  /// The help text.
  var help: String
  /// What it does.
  var action: Action

  /// "-f, --file <file>" or "--index", as help shows it.
  var label: String {
    var label = short.map { "-\($0), " } ?? ""
    label += "--\(long)"
    if let valueName { label += " <\(valueName)>" }
    return label
  }
}

/// Every option of `names-search`, in help order.
enum OptionTable {
  static let options: [OptionSpec] = [
    OptionSpec(
      short: "f", long: "file", valueName: "file",
      help: "The property list to search (XML or binary); '-' reads standard input. "
        + "(default: the built-in list)",
      action: .file),
    OptionSpec(
      long: "index", help: "Print the section index of the matching names on one line.",
      action: .index),
    OptionSpec(long: "count", help: "Print the number of matching names.", action: .count),
    OptionSpec(
      long: "json",
      help: "Print one JSON object: {\"query\", \"sections\": [{\"title\", \"names\"}], "
        + "\"index\", \"total\"}.",
      action: .json),
    OptionSpec(
      short: "i", long: "interactive",
      help: "Search as you type in the terminal; Enter prints the chosen name. <term> starts "
        + "the field filled in.",
      action: .interactive),
    OptionSpec(
      long: "debounce", valueName: "ms",
      help: "In the live mode, wait this long (0 to 10000) after a key before searching. "
        + "(default: 100)",
      action: .debounce),
    OptionSpec(
      long: "case-sensitive", help: "Match case exactly (\"ann\" does not find \"Ann\").",
      action: .caseSensitive),
    OptionSpec(
      long: "diacritic-sensitive",
      help: "Match diacritics exactly (\"jose\" does not find \"José\").",
      action: .diacriticSensitive),
    OptionSpec(
      long: "color", valueName: "when",
      help: "Color section titles and matches: auto, always or never. auto colors a terminal "
        + "unless NO_COLOR is set and non-empty or TERM is dumb. (default: auto)",
      action: .color),
    OptionSpec(
      long: "no-cache",
      help: "Neither read nor write the index cache ($XDG_CACHE_HOME/names-search, else "
        + "~/.cache/names-search) that makes later searches of a large file instant.",
      action: .noCache),
    OptionSpec(
      long: "max-size", valueName: "bytes",
      help: "Refuse lists larger than this; K, M and G suffixes count 1024s. (default: 1G)",
      action: .maxSize),
    OptionSpec(short: "h", long: "help", help: "Show help information.", action: .help),
    OptionSpec(long: "version", help: "Show the version.", action: .version),
  ]

  /// The option named `--long`, if any.
  static func option(long: String) -> OptionSpec? {
    options.first { $0.long == long }
  }

  /// The option named `-c`, if any.
  static func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }
}
