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
    /// `--generate-completion-script <shell>`: print a completion script for bash, zsh or
    /// fish (`CompletionScript`); left out of the usage line.
    case generateCompletionScript
    /// `--generate-manual`: print the man page (`ManualPage`); left out of the usage line.
    case generateManual
  }

  /// What a shell completes as the option's value (`CompletionScript`).
  enum ValueCompletion: Sendable, Equatable {
    /// Nothing to offer (a field name, a number the user picks).
    case none
    /// Paths of files.
    case files
    /// One of these words.
    case choices([String])
    /// The locales the system ICU has a collation for (`SectionLocale.availableIdentifiers`),
    /// listed only when a script is made, not at every start.
    case locales
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
  /// The long name without its dashes of the form that undoes the option ("no-typos" for
  /// "typos", "readings" for "no-readings"), as ripgrep gives every on/off flag one, so the
  /// command line can undo a default set in `NAMES_SEARCH_DEFAULT_OPTS`; an option that takes
  /// a value has one ("no-key") when no value means its default (no key, the format its
  /// content shows); `nil` for the others (given again, the last value wins) and for those
  /// that do something at once. An inverse takes no value.
  var inverse: String?
  /// What a shell completes as its value.
  var completion = ValueCompletion.none

  init(
    short: Character? = nil, long: String, valueName: String? = nil, help: String,
    action: Action, inverse: String? = nil, completion: ValueCompletion = .none
  ) {
    self.short = short
    self.long = long
    self.valueName = valueName
    self.help = help
    self.action = action
    self.inverse = inverse
    self.completion = completion
  }

  /// "-f, --file <file>", "--index, --no-index" or "--debounce <ms>", as help and README's
  /// option table show it: every name, the inverse last.
  var label: String {
    var label = short.map { "-\($0), " } ?? ""
    label += "--\(long)"
    if let valueName { label += " <\(valueName)>" }
    if let inverse { label += ", --\(inverse)" }
    return label
  }

  /// The help with what the inverse does, if the help does not say it: "--no-typos undoes
  /// it."
  var fullHelp: String {
    guard let inverse, !help.contains("--\(inverse)") else { return help }
    return help + " --\(inverse) undoes it."
  }

  /// Every name it is typed by: "-f", "--file", "--no-file".
  var names: [String] {
    (short.map { ["-\($0)"] } ?? []) + ["--\(long)"] + (inverse.map { ["--\($0)"] } ?? [])
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

  /// Whether the usage line shows the option: every option but those that print something
  /// about the tool instead of searching (help, version, completion scripts, the manual).
  var isInUsage: Bool {
    !isAboutTheTool
  }

  /// Whether the option prints something about the tool instead of searching: help,
  /// version, a completion script, the manual. None of them may be a default.
  var isAboutTheTool: Bool {
    switch action {
    case .help, .version, .generateCompletionScript, .generateManual: true
    default: false
    }
  }
}
