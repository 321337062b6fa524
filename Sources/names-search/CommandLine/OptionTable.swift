import NamesSearch

/// Every option of `names-search`, in the order help lists them: the single table that the
/// parser (`CommandParser`), the help (`HelpText`) and the usage line (`UsageLine`) read.
enum OptionTable {
  /// The options, in help order; the usage line keeps this order after its mode group.
  static let options: [OptionSpec] = [
    OptionSpec(
      short: "f", long: "file", valueName: "file",
      help: "The list to search: a property list (XML, binary or OpenStep), JSON, CSV, text "
        + "(one name a line) or an SQLite database, told by its content; '-' reads standard "
        + "input. --no-file searches the built-in list. "
        + "(default: $NAMES_SEARCH_FILE, else the built-in list)",
      action: .file, inverse: "no-file", completion: .files),
    OptionSpec(
      long: "key", valueName: "field",
      help: "The field of each record that is its name (shown, searched, sorted); a dotted "
        + "path reaches into nested records (name.first). A CSV or SQLite column by name.",
      action: .key, inverse: "no-key"),
    OptionSpec(
      long: "search-key", valueName: "field",
      help: "A further field searched besides the name (a nickname, an e-mail address); "
        + "repeatable. The output still shows the name. --no-search-key drops those given "
        + "before it.",
      action: .searchKey, inverse: "no-search-key"),
    OptionSpec(
      long: "section-key", valueName: "field",
      help: "The field that holds each record's section title. Without it, a flat list is "
        + "filed under the first letters of its names.",
      action: .sectionKey, inverse: "no-section-key"),
    OptionSpec(
      long: "format", valueName: "format",
      help: "Read the list as this format, not the one its content shows: xml, binary, "
        + "openstep, json, csv, text or sqlite.",
      action: .format, inverse: "no-format",
      completion: .choices(ListFormat.allCases.map(\.identifier))),
    OptionSpec(
      long: "table", valueName: "name",
      help: "The table of an SQLite database to read (needed when it has more than one).",
      action: .table, inverse: "no-table"),
    OptionSpec(
      long: "locale", valueName: "locale",
      help: "Order section titles by this locale's alphabet (sv: A … Z Å Ä Ö; de: Ä with A) "
        + "and file a flat list's names into its index, as ICU's AlphabeticIndex does (zh: "
        + "A-Z by pinyin; ja: あ か さ …; ko: ㄱ ㄴ …; ru: А … Я), '#' last. C or POSIX: the "
        + "root collation. (default: LC_ALL, LC_COLLATE, then LANG)",
      action: .locale, completion: .locales),
    OptionSpec(
      short: "o", long: "output", valueName: "file",
      help: "Write the result (the whole list for an empty term) as a sortednames list to "
        + "this file, atomically, instead of printing it; '-' writes standard output.",
      action: .output, completion: .files),
    OptionSpec(
      long: "output-format", valueName: "format",
      help: "The format -o writes: xml, binary or json (an object of title to array of "
        + "names). (default: xml)",
      action: .outputFormat,
      completion: .choices(CommandParser.outputFormats.map(\.identifier))),
    OptionSpec(
      long: "index", help: "Print the section index of the matching names on one line.",
      action: .mode(.print(.index)), inverse: "no-index"),
    OptionSpec(
      long: "count", help: "Print the number of matching names.", action: .mode(.print(.count)),
      inverse: "no-count"),
    OptionSpec(
      long: "json",
      help: "Print one JSON object: {\"query\", \"sections\": [{\"title\", \"names\"}], "
        + "\"index\", \"total\"}; records add each section's \"records\".",
      action: .mode(.print(.json)), inverse: "no-json"),
    OptionSpec(
      short: "i", long: "interactive",
      help: "Search as you type in the terminal; Enter prints the chosen name. <term> starts "
        + "the field filled in.",
      action: .mode(.live), inverse: "no-interactive"),
    OptionSpec(
      short: "F", long: "fixed-strings",
      help: "Look for the whole term as one run of characters, spaces and operator "
        + "characters included, as grep -F does (otherwise the term is words and "
        + "operators: see QUERIES below).",
      action: .fixedStrings, inverse: "no-fixed-strings"),
    OptionSpec(
      long: "typos",
      help: "Let each word also match name words a few typos away (letters inserted, "
        + "deleted, replaced or swapped): 1 for words of 4 to 7 letters, 2 from 8 (\"jonh\" "
        + "finds \"John\"); exact matches come first in each section. word~N asks for N "
        + "typos in one word.",
      action: .typos, inverse: "no-typos"),
    OptionSpec(
      long: "max-typos", valueName: "n",
      help: "The most typos any word may have, --typos and word~N alike (0 to 9). "
        + "(default: 2)",
      action: .maxTypos, completion: .choices((0...9).map(String.init))),
    OptionSpec(
      long: "sounds-like",
      help: "Let each word of 3 or more letters also match name words that sound like it, "
        + "by their Double Metaphone and Daitch-Mokotoff codes (\"katherine\" finds "
        + "\"Catherine\" and \"Kathryn\", \"schwarz\" finds \"Shvarts\"); exact matches "
        + "come first in each section. ~word asks for it in one word.",
      action: .soundsLike, inverse: "no-sounds-like"),
    OptionSpec(
      long: "case-sensitive", help: "Match case exactly (\"ann\" does not find \"Ann\").",
      action: .caseSensitive, inverse: "no-case-sensitive"),
    OptionSpec(
      long: "diacritic-sensitive",
      help: "Match diacritics exactly (\"jose\" does not find \"José\").",
      action: .diacriticSensitive, inverse: "no-diacritic-sensitive"),
    OptionSpec(
      long: "fold", valueName: "rule",
      help: "How far matching folds text: all also folds letters to their base letters "
        + "(\"lodz\" finds \"Łódź\"), full- and half-width forms, hiragana to katakana, and "
        + "leaves punctuation out (\"obrien\" finds \"O’Brien\"); cd folds only case and "
        + "diacritics, exactly as NSPredicate's CONTAINS[cd]. (default: all)",
      action: .fold, completion: .choices(MatchOptions.Folding.allCases.map(\.rawValue))),
    OptionSpec(
      long: "no-readings",
      help: "Find names only by their letters, not by their readings (pinyin of Chinese "
        + "characters, romaji of kana, Hangul initials, romanized Cyrillic and Greek).",
      action: .noReadings, inverse: "readings"),
    OptionSpec(
      long: "color", valueName: "when",
      help: "Color section titles and matches: auto, always or never. auto colors a terminal "
        + "unless NO_COLOR is set and non-empty or TERM is dumb. (default: auto)",
      action: .color, completion: .choices(["auto", "always", "never"])),
    OptionSpec(
      long: "no-cache",
      help: "Neither read nor write the index cache ($XDG_CACHE_HOME/names-search, else "
        + "~/.cache/names-search) that makes later searches of a large file instant.",
      action: .noCache, inverse: "cache"),
    OptionSpec(
      long: "debounce", valueName: "ms",
      help: "In the live mode, wait this long (0 to 10000) after a key before searching. "
        + "(default: 100)",
      action: .debounce),
    OptionSpec(
      long: "max-size", valueName: "bytes",
      help:
        "Refuse lists larger than this (at most 1365M); K, M and G suffixes count 1024s. "
        + "(default: 1G)",
      action: .maxSize),
    OptionSpec(short: "h", long: "help", help: "Show help information.", action: .help),
    OptionSpec(long: "version", help: "Show the version.", action: .version),
    OptionSpec(
      long: "generate-completion-script", valueName: "shell",
      help: "Print a completion script for bash, zsh or fish, made from this table of "
        + "options (see README, \"Install, completions, manual\").",
      action: .generateCompletionScript,
      completion: .choices(CompletionScript.Shell.allCases.map(\.rawValue))),
    OptionSpec(
      long: "generate-manual", help: "Print the manual page (mdoc(7)), made from this help.",
      action: .generateManual),
  ]

  /// The name of the one positional argument, as help and usage show it ("<term>").
  static let termName = "term"

  /// The help text of `<term>`.
  static let termHelp =
    "What to look for inside names: words, all of which must match, in any order, and "
    + "operators (see QUERIES below). Empty or absent: every name (reset)."

  /// The option named `--long` or undone by `--long`, and whether `long` is its inverse, if
  /// any. O(number of options).
  static func option(long: String) -> (spec: OptionSpec, inverted: Bool)? {
    for option in options {
      if option.long == long { return (option, false) }
      if option.inverse == long { return (option, true) }
    }
    return nil
  }

  /// The option named `-c`, if any. O(number of options).
  static func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }
}
