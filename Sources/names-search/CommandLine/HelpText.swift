/// The help text, made from `OptionTable`, `UsageLine` and the parts below (which the manual,
/// `ManualPage`, is made from too) and laid out as swift-argument-parser lays it out:
/// OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then QUERIES, EXAMPLES, EXIT STATUS and ENVIRONMENT,
/// with labels in a 26-column gutter and text wrapped at 80 columns.
enum HelpText {
  /// The version `--version` prints.
  static let version = "0.1.0"

  /// The one-line summary, after "OVERVIEW: " and in the manual's NAME.
  static let summary = "Search a sectioned list of names, culling the names that do not match."

  /// What the tool does, one paragraph (wrapped where it is shown).
  static let description =
    "Loads a sortednames list (a dictionary of section titles to arrays of names), a flat "
    + "list of names or of records, as a property list, JSON, CSV, text or an SQLite table; "
    + "keeps the names that contain every word of <term> (in any order; operators below), "
    + "ignoring case, diacritics and punctuation (\"jose\" finds \"José\", \"obrien\" finds "
    + "\"O’Brien\"), or that it spells by their readings (\"zhangsan\" finds \"张三\", "
    + "\"sato\" finds \"さとう\"); drops the sections left empty, and prints each section "
    + "title followed by its names indented by two spaces. With no file, it searches the "
    + "built-in list of 2,000 given names."

  /// The query syntax: what is typed, and what it finds.
  static let queries: [(syntax: String, meaning: String)] = [
    ("smith john", "both words, in any order: John Smith, Smith-John"),
    ("jon | john", "either word"),
    ("!smith", "names without it; !^smith, !smith$ combine"),
    ("^ann  ann$  ^ann$", "starting with it, ending with it, exactly it"),
    ("\"anne marie\"", "one run of characters, spaces included"),
    (
      "jonh~1",
      "the word or a name word one typo away (see --typos); readings and phrases get no typos"
    ),
    (
      "~katherine",
      "the word or a name word that sounds like it (see --sounds-like); ^~word, ~word$ its "
        + "first, last"
    ),
    ("\\! \\| \\^ \\$ \\\" \\\\", "the character itself (and \\~); \"\\ \" a space in a word"),
  ]

  /// What follows the query syntax, one paragraph.
  static let queryNotes =
    "Each word matches as a whole term does (folding, readings); -F takes the whole term as "
    + "one run. A term that cannot be read (a quote left open, a lone |) is a usage error "
    + "that marks the column."

  /// Example commands and what they do.
  static let examples: [(command: String, meaning: String)] = [
    ("names-search ann", "Names containing \"ann\", under their titles."),
    ("names-search --index ann", "Their section index: A B D F G H J L M N R S"),
    ("names-search -f contacts.plist jo", "Search your own list."),
    (
      "names-search -f movies.json --key movieName matrix",
      "Records, by the field that is the name."
    ),
    (
      "names-search -f contacts.csv --key \"Full Name\" -o sortednames.plist",
      "Write a CSV export as a sortednames plist."
    ),
    ("names-search --json \"\" | jq .total", "Every name (reset), as JSON."),
    ("names-search -- -x", "Search for \"-x\"."),
    ("name=$(names-search -i)", "Pick a name as you type."),
    (
      "export NAMES_SEARCH_FILE=~/contacts.csv NAMES_SEARCH_DEFAULT_OPTS='--key \"Full Name\"'",
      "Search your contacts by default."
    ),
  ]

  /// The exit statuses and what each means (`ExitStatus`).
  static let exitStatuses: [(status: String, meaning: String)] = [
    ("0", "something matched (or a name was chosen)"),
    ("1", "nothing matched (or was chosen)"),
    ("2", "error (file, list, write, no terminal for -i)"),
    ("64", "usage error (the command line, NAMES_SEARCH_DEFAULT_OPTS)"),
    ("129", "hang-up"),
    ("130", "interrupted (Ctrl-C; Esc on an empty field)"),
    ("143", "SIGTERM"),
  ]

  /// The environment variables the tool reads, and what for.
  static let environment: [(name: String, meaning: String)] = [
    (
      DefaultOptions.variable,
      "Options read before the command line's, which win where they conflict (a later value, "
        + "a mode or -o replaces the defaults'; --no-typos, --readings and the other inverses "
        + "undo theirs); split into words as a shell would, without expansions. Options that "
        + "apply to a file are left out for the built-in list. --help, --version and the "
        + "generators ignore both variables."
    ),
    (
      DefaultOptions.fileVariable,
      "The list searched when no -f is given (--no-file: the built-in list); empty is unset."
    ),
    ("NO_COLOR", "Set and not empty: --color auto does not color."),
    ("TERM", "dumb: --color auto does not color."),
    ("LC_ALL, LC_COLLATE, LANG", "The first set: the locale of --locale's default."),
    (
      "XDG_CACHE_HOME, HOME",
      "The index cache is kept in $XDG_CACHE_HOME/names-search, else ~/.cache/names-search."
    ),
  ]

  /// The full `--help` text.
  static var full: String {
    var text = "OVERVIEW: \(summary)\n\n\(wrap(description, indent: 0, firstIndent: 0))\n\n"
    text += "USAGE: \(wrap(UsageLine.text, indent: 7, firstIndent: 7).dropFirst(7))\n\n"
    text += "ARGUMENTS:\n"
    text += row(label: "<\(OptionTable.termName)>", help: OptionTable.termHelp)
    text += "\nOPTIONS:\n"
    for option in OptionTable.options {
      text += row(label: option.label, help: option.fullHelp)
    }
    text += "\nQUERIES:\n"
    for (syntax, meaning) in queries {
      text += row(label: syntax, help: meaning, gutter: 22)
    }
    text += wrap(queryNotes, indent: 2, firstIndent: 2) + "\n"
    text += "\nEXAMPLES:\n"
    for (command, meaning) in examples {
      text += row(label: command, help: meaning, gutter: 37)
    }
    text += "\nEXIT STATUS:\n"
    text +=
      wrap(
        exitStatuses.map { "\($0.status) \($0.meaning)," }.joined(separator: " "),
        indent: 2, firstIndent: 2
      ).dropLast() + ".\n"
    text += "\nENVIRONMENT:\n"
    for (name, meaning) in environment {
      text += row(label: name, help: meaning)
    }
    return text
  }

  static let gutter = 26
  static let width = 80

  /// One help row: the label in the gutter (`gutter` columns), the help wrapped beside it;
  /// a label too wide for the gutter stands on its own line.
  static func row(label: String, help: String, gutter: Int = gutter) -> String {
    let start = "  " + label
    if start.count + 2 <= gutter {
      let padded = start + String(repeating: " ", count: gutter - start.count)
      return padded + wrap(help, indent: gutter, firstIndent: gutter).dropFirst(gutter) + "\n"
    }
    return start + "\n" + wrap(help, indent: gutter, firstIndent: gutter) + "\n"
  }

  /// `text` wrapped at `width` columns, continuation lines indented by `indent`.
  static func wrap(_ text: String, indent: Int, firstIndent: Int) -> String {
    var lines: [String] = []
    var line = String(repeating: " ", count: firstIndent)
    var lineHasWord = false
    for word in text.split(separator: " ") {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
