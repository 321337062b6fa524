import NamesSearch

/// A command line that cannot be run, as data: the parser (`CommandParser`) throws one case,
/// and `message` and `report` render it, in swift-argument-parser's words, in this one place.
enum UsageError: Error, Equatable {
  /// An option the table does not have, as typed up to any "=" ("--idx", "-x"), escaped
  /// for display (`ArgumentText.shown`).
  case unknownOption(String)
  /// An option that takes a value ("-f", as typed) came last, or before another option;
  /// `valueName` is its value's name ("file").
  case missingValue(option: String, valueName: String)
  /// A flag that takes no value was given one ("--index=x"); the option as typed.
  case unexpectedValue(option: String)
  /// An option's value is out of range or malformed: the option as typed ("--debounce"),
  /// its value's name ("ms"), the value given, and what is expected ("a whole number of
  /// milliseconds from 0 to 10000").
  case invalidValue(option: String, valueName: String, value: String, expected: String)
  /// The term is not valid UTF-8.
  case termNotUTF8(ArgumentText.InvalidUTF8)
  /// The term does not read as words and operators (`QueryExpression`): the term, and
  /// what is wrong where.
  case invalidQuery(term: String, QuerySyntaxError)
  /// An option's value (other than `-f`'s, which is a path) is not valid UTF-8.
  case valueNotUTF8(option: String, valueName: String, ArgumentText.InvalidUTF8)
  /// Two options pick different modes (`--index` and `-i`): the later one and the earlier
  /// one, as typed.
  case conflictingOptions(String, earlier: String)
  /// More than one term: every term after the first, escaped for display.
  case unexpectedArguments([String])
  /// An option that says how to read a list (`--key`, `--format`, …), as typed, given
  /// without `-f`: the built-in list is a list of strings. `noFileInDefaults` when a
  /// `--no-file` in `NAMES_SEARCH_DEFAULT_OPTS` chose the built-in list.
  case needsFile(option: String, noFileInDefaults: Bool = false)
  /// `--output-format`, as typed, given without `-o`: it says what `-o` writes.
  case needsOutput(option: String)
  /// An error in the options a variable holds (`NAMES_SEARCH_DEFAULT_OPTS`): its name and
  /// the error.
  indirect case inVariable(String, UsageError)
  /// A variable's value cannot be split into words (`DefaultOptions.words`): its name and
  /// why ("a quote opened at byte 7 is not closed").
  case unreadableVariable(String, reason: String)
  /// A word of the defaults that is not an option (a term, `-`, `--`), escaped for display.
  case notAnOption(String)
  /// An option that prints something about the tool instead of searching (`--help`), as
  /// typed, given as a default.
  case notADefault(option: String)

  /// The text after "Error: ", one line.
  var message: String {
    switch self {
    case .unknownOption(let name):
      var text = "Unknown option '\(name)'"
      if let guess = Self.suggestion(for: name) { text += ". Did you mean '\(guess)'?" }
      return text
    case .missingValue(let option, let valueName):
      return "Missing value for '\(option) <\(valueName)>'"
    case .unexpectedValue(let option):
      return "The option '\(option)' does not take a value"
    case .invalidValue(let option, let valueName, let value, let expected):
      return "The value '\(value)' is invalid for '\(option) <\(valueName)>'. "
        + "Please provide \(expected)."
    case .termNotUTF8(let invalid):
      return "The term is not valid UTF-8 (\(invalid))."
    case .invalidQuery(_, let error):
      return "In the term, \(error.message)."
    case .valueNotUTF8(let option, let valueName, let invalid):
      return "The value for '\(option) <\(valueName)>' is not valid UTF-8 (\(invalid))."
    case .conflictingOptions(let option, let earlier):
      return "'\(option)' cannot be used with '\(earlier)'"
    case .needsFile(let option, let noFileInDefaults):
      return "'\(option)' applies to a list read with '-f <file>' or "
        + "\(DefaultOptions.fileVariable), not to the built-in list"
        + (noFileInDefaults ? ", which '--no-file' in \(DefaultOptions.variable) chose" : "")
    case .needsOutput(let option):
      return "'\(option)' says what '-o <file>' writes; give '-o' too"
    case .unexpectedArguments(let arguments):
      if arguments.count == 1 { return "Unexpected argument '\(arguments[0])'" }
      let list = arguments.map { "'\($0)'" }.joined(separator: ", ")
      return "\(arguments.count) unexpected arguments: \(list)"
    case .inVariable(let name, let error):
      return "In \(name): \(error.message)"
    case .unreadableVariable(let name, let reason):
      return "\(name) cannot be read as words: \(reason)"
    case .notAnOption(let word):
      return "'\(word)' is not an option; defaults hold options only, the term goes on the "
        + "command line"
    case .notADefault(let option):
      return "'\(option)' cannot be a default: it does not search"
    }
  }

  /// What standard error gets: "Error: <message>", the usage line, and a pointer to
  /// `--help`, three lines each ending in a line break; for a term that does not read as
  /// words, the term and a caret under the column at fault come after the first line.
  var report: String {
    "Error: \(message)\n\(marking)Usage: \(UsageLine.text)\n  See 'names-search --help' "
      + "for more information.\n"
  }

  /// For `.invalidQuery`, two lines: the term as shown (control characters escaped) and a
  /// `^` under the column at fault, both indented by two spaces; else nothing.
  private var marking: String {
    guard case .invalidQuery(let term, let error) = self else { return "" }
    let before = term.prefix(max(error.column - 1, 0))
    let width = DisplayWidth.of(VisibleText.escaped(before))
    return "  \(VisibleText.escaped(term))\n  \(String(repeating: " ", count: width))^\n"
  }

  /// The closest long option to `option` ("--idx"): the first in `OptionTable` that starts
  /// with what was typed, else the nearest within two edits; `nil` for a short option.
  /// O(options × length²).
  static func suggestion(for option: String) -> String? {
    guard option.hasPrefix("--"), option.count > 2 else { return nil }
    let typed = String(option.dropFirst(2))
    let longs = OptionTable.options.flatMap { [$0.long] + ($0.inverse.map { [$0] } ?? []) }
    if let prefixed = longs.first(where: { $0.hasPrefix(typed) }) { return "--\(prefixed)" }
    let scored = longs.map { ($0, editDistance(typed, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= 2 else { return nil }
    return "--\(best)"
  }

  /// Levenshtein distance between two strings, by characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
