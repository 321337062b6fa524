import NamesSearch
import Testing

@testable import names_search

/// `CommandParser.parse` in process: every option of the table, every value error, every
/// conflict, `--`, and help and version winning. Expected `ParsedCommand`s and errors are
/// written out by hand from README's option table.
@Suite("Command parser")
struct CommandParserTests {
  /// `arguments` as the bytes `argv` would hold.
  static func bytes(_ arguments: [String]) -> [[UInt8]] {
    arguments.map { Array($0.utf8) }
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
    try CommandParser.parse(bytes(arguments))
  }

  /// The error `arguments` throw, or `nil` if they parse.
  static func error(_ arguments: [[UInt8]]) -> UsageError? {
    do {
      _ = try CommandParser.parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  /// A search with the defaults, changed by `change`.
  static func search(_ change: (inout Options) -> Void = { _ in }) -> ParsedCommand {
    var options = Options()
    change(&options)
    return .search(options)
  }

  static func path(_ text: String) -> PathName {
    PathName(text)!
  }

  @Test("No arguments: the reset, printed in sections, with README's defaults")
  func defaults() throws {
    guard case .search(let options) = try Self.parse([]) else {
      Issue.record("not a search")
      return
    }
    #expect(options.term == "")
    #expect(options.file == nil)
    #expect(options.mode == .print(.sections))
    #expect(options.caseSensitive == false)
    #expect(options.diacriticSensitive == false)
    #expect(options.folding == .all)
    #expect(options.usesReadings == true)
    #expect(options.query.options == .default)
    #expect(options.color == .auto)
    #expect(options.noCache == false)
    #expect(options.debounceMilliseconds == 100)
    #expect(options.maximumSize == 1_073_741_824)  // 1G
  }

  /// Each option in every spelling, with the command it makes.
  static let spellings: [([String], ParsedCommand)] = [
    (["ann"], search { $0.term = "ann" }),
    (["-f", "n.plist"], search { $0.file = path("n.plist") }),
    (["-fn.plist"], search { $0.file = path("n.plist") }),
    (["--file", "n.plist"], search { $0.file = path("n.plist") }),
    (["--file=n.plist"], search { $0.file = path("n.plist") }),
    (["--file=-x"], search { $0.file = path("-x") }),
    (["-f", "-"], search { $0.file = path("-") }),
    (["--file", "-", "-"], search { ($0.file, $0.term) = (path("-"), "-") }),
    (["--index"], search { $0.mode = .print(.index) }),
    (["--count"], search { $0.mode = .print(.count) }),
    (["--json"], search { $0.mode = .print(.json) }),
    (["-i"], search { $0.mode = .live }),
    (["--interactive", "jo"], search { ($0.mode, $0.term) = (.live, "jo") }),
    (["--case-sensitive"], search { $0.caseSensitive = true }),
    (["-F", "a b"], search { ($0.syntax, $0.term) = (.fixedStrings, "a b") }),
    (["--typos", "jonh"], search { ($0.typos.byLength, $0.term) = (true, "jonh") }),
    (["--max-typos", "1"], search { $0.typos.maximum = 1 }),
    (["--max-typos=0", "--typos"], search { ($0.typos.maximum, $0.typos.byLength) = (0, true) }),
    (["--sounds-like"], search { $0.soundsLike = true }),
    (["--fixed-strings", "\"x"], search { ($0.syntax, $0.term) = (.fixedStrings, "\"x") }),
    (["--diacritic-sensitive"], search { $0.diacriticSensitive = true }),
    (["--fold", "cd"], search { $0.folding = .cd }),
    (["--fold=all"], search { $0.folding = .all }),
    (["--fold", "all", "--fold=cd"], search { $0.folding = .cd }),
    (["--no-readings"], search { $0.usesReadings = false }),
    (["--color", "always"], search { $0.color = .always }),
    (["--color=never"], search { $0.color = .never }),
    (["--color", "auto"], search { $0.color = .auto }),
    (["--no-cache"], search { $0.noCache = true }),
    // Every inverse undoes its option, whichever order; given alone it changes nothing.
    (["--no-cache", "--cache"], search { _ in }),
    (["--cache", "--no-cache"], search { $0.noCache = true }),
    (["--no-readings", "--readings"], search { _ in }),
    (["--typos", "--no-typos"], search { _ in }),
    (["--no-typos"], search { _ in }),
    (["--sounds-like", "--no-sounds-like"], search { _ in }),
    (["--case-sensitive", "--no-case-sensitive"], search { _ in }),
    (["--diacritic-sensitive", "--no-diacritic-sensitive"], search { _ in }),
    (["-F", "--no-fixed-strings", "a b"], search { $0.term = "a b" }),
    (["--index", "--no-index"], search { _ in }),
    (["--count", "--no-count", "--json"], search { $0.mode = .print(.json) }),
    // An inverse leaves another mode alone.
    (["--count", "--no-json"], search { $0.mode = .print(.count) }),
    (["--json", "--no-json"], search { _ in }),
    (["-i", "--no-interactive"], search { _ in }),
    // Undone, a mode no longer conflicts with another.
    (["--index", "--no-index", "-i"], search { $0.mode = .live }),
    (["-f", "n.plist", "--no-file"], search { _ in }),
    (["--no-file", "-f", "n.plist"], search { $0.file = path("n.plist") }),
    (["--generate-completion-script", "bash"], .completionScript(.bash)),
    (["--generate-completion-script=zsh", "ann"], .completionScript(.zsh)),
    (["--generate-completion-script", "fish"], .completionScript(.fish)),
    (["--generate-manual"], .manual),
    (["--debounce", "0"], search { $0.debounceMilliseconds = 0 }),
    (["--debounce=250"], search { $0.debounceMilliseconds = 250 }),
    (["--debounce", "10000"], search { $0.debounceMilliseconds = 10_000 }),
    (["--max-size", "1500"], search { $0.maximumSize = 1500 }),
    (["--max-size", "64K"], search { $0.maximumSize = 65_536 }),
    (["--max-size=2k"], search { $0.maximumSize = 2048 }),
    (["--max-size", "300m"], search { $0.maximumSize = 314_572_800 }),
    (["--max-size", "1G"], search { $0.maximumSize = 1_073_741_824 }),
    (["--max-size", "1365M"], search { $0.maximumSize = 1_431_306_240 }),
    (
      ["-f", "m.json", "--key", "movieName"],
      search {
        $0.file = path("m.json")
        $0.load.fields.name = RecordKeyPath("movieName")
      }
    ),
    (
      ["-f", "c.csv", "--key=name.first", "--search-key", "nick", "--search-key=mail"],
      search {
        $0.file = path("c.csv")
        $0.load.fields.name = RecordKeyPath("name.first")
        $0.load.fields.search = [RecordKeyPath("nick")!, RecordKeyPath("mail")!]
      }
    ),
    (
      ["-f", "c.csv", "--section-key", "Group"],
      search {
        $0.file = path("c.csv")
        $0.load.fields.section = RecordKeyPath("Group")
      }
    ),
    (
      ["-f", "p.db", "--format", "sqlite", "--table=products"],
      search {
        $0.file = path("p.db")
        $0.load.format = .sqlite
        $0.load.table = "products"
      }
    ),
    (
      ["-f", "-", "--format=text"],
      search {
        $0.file = path("-")
        $0.load.format = .text
      }
    ),
    // The reading options' inverses: back to none (the last one given wins).
    (
      ["-f", "p.db", "--key", "k", "--no-key", "--search-key", "s", "--no-search-key"],
      search { $0.file = path("p.db") }
    ),
    (
      ["-f", "p.db", "--section-key", "g", "--no-section-key", "--format", "csv", "--no-format"],
      search { $0.file = path("p.db") }
    ),
    (
      ["-f", "p.db", "--no-table", "--table", "t"],
      search {
        $0.file = path("p.db")
        $0.load.table = "t"
      }
    ),
    (["--key", "k", "--no-key"], search { _ in }),
    (["--locale", "C"], search { $0.localeGiven = true }),
    (["--locale=POSIX"], search { $0.localeGiven = true }),
    (
      ["--locale", "sv_SE.UTF-8@euro"],
      search {
        $0.load.locale = try? SectionLocale("sv_SE")
        $0.localeGiven = true
      }
    ),
    (["-o", "out.plist"], search { $0.output = path("out.plist") }),
    (
      ["-oout.plist", "--output-format", "binary"],
      search {
        $0.output = path("out.plist")
        $0.outputFormat = .binaryPropertyList
      }
    ),
    (
      ["--output", "-", "--output-format=json"],
      search {
        $0.output = path("-")
        $0.outputFormat = .json
      }
    ),
    (["--output=o.plist", "--output-format", "xml"], search { $0.output = path("o.plist") }),
    (["-h"], .help),
    (["--help"], .help),
    (["--version"], .version),
    // Options after the term, and repeated: the last value wins; one mode twice is fine.
    (
      ["bo", "--count", "-f", "a", "--file", "b", "--count"],
      search { ($0.term, $0.mode, $0.file) = ("bo", .print(.count), path("b")) }
    ),
    (["-i", "--interactive", "-i"], search { $0.mode = .live }),
    (["--json", "--json"], search { $0.mode = .print(.json) }),
    // `--` ends the options; `-` alone is a term.
    (["--", "-x"], search { $0.term = "-x" }),
    (["--", "--index"], search { $0.term = "--index" }),
    (["--index", "--", "--"], search { ($0.mode, $0.term) = (.print(.index), "--") }),
    (["-"], search { $0.term = "-" }),
    (["", "--count"], search { $0.mode = .print(.count) }),
    (["José", "--case-sensitive"], search { ($0.term, $0.caseSensitive) = ("José", true) }),
  ]

  @Test("Every option, in every spelling", arguments: spellings)
  func spelling(arguments: [String], expected: ParsedCommand) throws {
    #expect(try Self.parse(arguments) == expected)
  }

  @Test("The spellings above cover every option in the table, by each of its names")
  func spellingsCoverTheTable() {
    let typed = Set(Self.spellings.flatMap(\.0))
    for option in OptionTable.options {
      #expect(
        typed.contains("--\(option.long)") || typed.contains { $0.hasPrefix("--\(option.long)=") },
        "--\(option.long)")
      if let short = option.short {
        #expect(typed.contains { $0.hasPrefix("-\(short)") }, "-\(short)")
      }
      if let inverse = option.inverse {
        #expect(typed.contains("--\(inverse)"), "--\(inverse)")
      }
    }
    // The table is README's option table: every option it lists, no more.
    #expect(
      Set(OptionTable.options.map(\.label)) == [
        "-f, --file <file>, --no-file", "--index, --no-index", "--count, --no-count",
        "--json, --no-json", "--case-sensitive, --no-case-sensitive",
        "--diacritic-sensitive, --no-diacritic-sensitive", "--color <when>",
        "--no-cache, --cache", "-i, --interactive, --no-interactive",
        "--debounce <ms>", "--max-size <bytes>", "-h, --help", "--version",
        "--key <field>, --no-key", "--search-key <field>, --no-search-key",
        "--section-key <field>, --no-section-key", "--format <format>, --no-format",
        "--table <name>, --no-table",
        "-o, --output <file>", "--output-format <format>", "--locale <locale>",
        "--fold <rule>", "--no-readings, --readings", "-F, --fixed-strings, --no-fixed-strings",
        "--typos, --no-typos", "--generate-completion-script <shell>", "--generate-manual",
        "--max-typos <n>", "--sounds-like, --no-sounds-like",
      ])
  }

  @Test(
    "Help and version win over the rest, once every option is understood",
    arguments: [
      (["--count", "a", "b", "--help"], ParsedCommand.help),
      (["--version", "a", "b"], .version),
      (["--version", "-h"], .help),
      (["-h", "--version"], .help),
      (["-i", "--version"], .version),
    ])
  func helpAndVersionWin(arguments: [String], expected: ParsedCommand) throws {
    #expect(try Self.parse(arguments) == expected)
  }

  @Test("Help wins over a term that is not UTF-8; an option's error does not lose to it")
  func helpAndBadArguments() throws {
    #expect(try CommandParser.parse([[0xFF], Array("--help".utf8)]) == .help)
    #expect(Self.error(Self.bytes(["--help", "--idx"])) == .unknownOption("--idx"))
    #expect(
      Self.error(Self.bytes(["--help", "--debounce", "x"]))
        == .invalidValue(
          option: "--debounce", valueName: "ms", value: "x",
          expected: "a whole number of milliseconds from 0 to 10000"))
  }

  static let maxSizeRule = "a number of bytes up to 1365M, optionally with K, M or G"
  static let debounceRule = "a whole number of milliseconds from 0 to 10000"

  /// The error for `value` given to `option <valueName>`, which expects `rule`.
  static func invalid(_ option: String, _ valueName: String, _ value: String, _ rule: String)
    -> UsageError
  {
    .invalidValue(option: option, valueName: valueName, value: value, expected: rule)
  }

  static let colorRule = "one of 'auto', 'always' and 'never'"
  static let foldRule = "one of 'all' and 'cd'"
  static let fileRule = "a path, or '-' for standard input"

  @Test(
    "Every value error of --max-size, --debounce, --color, --fold and -f",
    arguments: [
      (["--max-size", "0"], invalid("--max-size", "bytes", "0", maxSizeRule)),
      (["--max-size", "abc"], invalid("--max-size", "bytes", "abc", maxSizeRule)),
      (["--max-size=1.5M"], invalid("--max-size", "bytes", "1.5M", maxSizeRule)),
      (["--max-size", "K"], invalid("--max-size", "bytes", "K", maxSizeRule)),
      (["--max-size="], invalid("--max-size", "bytes", "", maxSizeRule)),
      (["--max-size", "1366M"], invalid("--max-size", "bytes", "1366M", maxSizeRule)),
      (["--max-size", "1365M1"], invalid("--max-size", "bytes", "1365M1", maxSizeRule)),
      (["--max-size", "1431306241"], invalid("--max-size", "bytes", "1431306241", maxSizeRule)),
      (["--max-size", "2G"], invalid("--max-size", "bytes", "2G", maxSizeRule)),
      (
        ["--max-size", "9223372036854775807G"],
        invalid("--max-size", "bytes", "9223372036854775807G", maxSizeRule)
      ),
      (["--max-size", "64T"], invalid("--max-size", "bytes", "64T", maxSizeRule)),
      (["--debounce", "soon"], invalid("--debounce", "ms", "soon", debounceRule)),
      (["--debounce", "10001"], invalid("--debounce", "ms", "10001", debounceRule)),
      (["--debounce=1.5"], invalid("--debounce", "ms", "1.5", debounceRule)),
      (["--debounce="], invalid("--debounce", "ms", "", debounceRule)),
      (["--debounce", "+5x"], invalid("--debounce", "ms", "+5x", debounceRule)),
      (["--color", "x"], invalid("--color", "when", "x", colorRule)),
      (["--color=Always"], invalid("--color", "when", "Always", colorRule)),
      (["--fold", "ALL"], invalid("--fold", "rule", "ALL", foldRule)),
      (["--fold=cs"], invalid("--fold", "rule", "cs", foldRule)),
      (["--fold="], invalid("--fold", "rule", "", foldRule)),
      (["-f", ""], invalid("-f", "file", "", fileRule)),
      (["--file="], invalid("--file", "file", "", fileRule)),
      (
        ["--locale", "xx_YY"],
        invalid(
          "--locale", "locale", "xx_YY",
          "a locale ICU knows, such as sv, de_DE or zh (ICU has no collation for the language 'xx')"
        )
      ),
      (
        ["--locale="],
        invalid(
          "--locale", "locale", "",
          "a locale ICU knows, such as sv, de_DE or zh (the value is empty)")
      ),
      (
        ["--locale", "garbage!!"],
        invalid(
          "--locale", "locale", "garbage!!",
          "a locale ICU knows, such as sv, de_DE or zh (\"!\" cannot be part of a locale ID)")
      ),
      (
        ["--locale", "sv\u{E9}"],
        invalid(
          "--locale", "locale", "sv\u{E9}",
          "a locale ICU knows, such as sv, de_DE or zh (U+00E9 cannot be part of a locale ID)"
        )
      ),
    ])
  func invalidValue(arguments: [String], expected: UsageError) {
    #expect(Self.error(Self.bytes(arguments)) == expected)
  }

  static let keyRule = "a field name, or names joined by '.' with none empty"
  static let formatRule = "one of 'xml', 'binary', 'openstep', 'json', 'csv', 'text' and 'sqlite'"
  static let outputFormatRule = "one of 'xml', 'binary' and 'json'"

  @Test(
    "Every value error of the record, format and output options (written out by hand)",
    arguments: [
      (["-f", "a", "--key="], invalid("--key", "field", "", keyRule)),
      (["-f", "a", "--key", "a..b"], invalid("--key", "field", "a..b", keyRule)),
      (["-f", "a", "--search-key", ".a"], invalid("--search-key", "field", ".a", keyRule)),
      (["-f", "a", "--section-key=a."], invalid("--section-key", "field", "a.", keyRule)),
      (["-f", "a", "--format", "yaml"], invalid("--format", "format", "yaml", formatRule)),
      (["-f", "a", "--format=XML"], invalid("--format", "format", "XML", formatRule)),
      (["-f", "a", "--table="], invalid("--table", "name", "", "a table name")),
      (
        ["-o", "x", "--output-format", "csv"],
        invalid("--output-format", "format", "csv", outputFormatRule)
      ),
      (["--output="], invalid("--output", "file", "", "a path, or '-' for standard output")),
      // -o writes a list instead of printing in a mode; the built-in list has no records.
      (["--json", "-o", "x"], .conflictingOptions("-o", earlier: "--json")),
      (["-o", "x", "-i"], .conflictingOptions("-o", earlier: "-i")),
      (["--key", "name"], .needsFile(option: "--key")),
      (["--format", "csv", "--table", "t"], .needsFile(option: "--format")),
    ])
  func recordOptionErrors(arguments: [String], expected: UsageError) {
    #expect(Self.error(Self.bytes(arguments)) == expected)
  }

  @Test(
    "A value that is missing, or looks like an option, is missing",
    arguments: [
      (["-f"], UsageError.missingValue(option: "-f", valueName: "file")),
      (["--file"], .missingValue(option: "--file", valueName: "file")),
      (["-f", "--count"], .missingValue(option: "-f", valueName: "file")),
      (["--color"], .missingValue(option: "--color", valueName: "when")),
      (["--debounce", "-1"], .missingValue(option: "--debounce", valueName: "ms")),
      (["--max-size", "-5", "x"], .missingValue(option: "--max-size", valueName: "bytes")),
      (["x", "--max-size"], .missingValue(option: "--max-size", valueName: "bytes")),
    ])
  func missingValue(arguments: [String], expected: UsageError) {
    #expect(Self.error(Self.bytes(arguments)) == expected)
  }

  @Test(
    "Unknown options, and flags given a value",
    arguments: [
      (["--idx"], UsageError.unknownOption("--idx")),
      (["--idx=3"], .unknownOption("--idx")),
      (["-x"], .unknownOption("-x")),
      (["-ix"], .unknownOption("-ix")),
      (["-hv"], .unknownOption("-hv")),
      (["---"], .unknownOption("---")),
      (["--Index"], .unknownOption("--Index")),
      (["--index=x"], .unexpectedValue(option: "--index")),
      (["--no-cache=1"], .unexpectedValue(option: "--no-cache")),
      (["--help=me"], .unexpectedValue(option: "--help")),
      (["a", "b"], .unexpectedArguments(["b"])),
      (["a", "--", "-b", "c"], .unexpectedArguments(["-b", "c"])),
    ])
  func unknownOrUnexpected(arguments: [String], expected: UsageError) {
    #expect(Self.error(Self.bytes(arguments)) == expected)
  }

  @Test("A term or a value that is not UTF-8 names the byte; -f's path is kept as bytes")
  func notUTF8() throws {
    #expect(
      Self.error([Array("ab".utf8) + [0xFF]])
        == .termNotUTF8(ArgumentText.InvalidUTF8(byte: 0xFF, position: 3)))
    #expect(
      Self.error([Array("--color".utf8), [0x61, 0xC0, 0x80]])
        == .valueNotUTF8(
          option: "--color", valueName: "when", ArgumentText.InvalidUTF8(byte: 0xC0, position: 2)))
    #expect(
      Self.error([Array("--debounce=".utf8) + [0xF5]])
        == .valueNotUTF8(
          option: "--debounce", valueName: "ms", ArgumentText.InvalidUTF8(byte: 0xF5, position: 1)))
    #expect(
      try CommandParser.parse([Array("-f".utf8), [0x6E, 0xFF]])
        == .search(
          {
            var options = Options()
            options.file = PathName(bytes: [0x6E, 0xFF])
            return options
          }()))
  }

  /// Each option that picks a mode, and the mode it picks.
  static let modeSpellings: [(String, Options.Mode)] = [
    ("--index", .print(.index)), ("--count", .print(.count)), ("--json", .print(.json)),
    ("-i", .live), ("--interactive", .live),
  ]

  @Test("Every pair of options that pick different modes conflicts, in either order")
  func conflicts() throws {
    var pairs = 0
    for (first, firstMode) in Self.modeSpellings {
      for (second, secondMode) in Self.modeSpellings {
        let error = Self.error(Self.bytes([first, "x", second]))
        if firstMode == secondMode {
          #expect(error == nil, "\(first) \(second)")
        } else {
          #expect(error == .conflictingOptions(second, earlier: first), "\(first) \(second)")
          pairs += 1
        }
      }
    }
    // 5 spellings, 2 of them for the live mode: 5 × 5 − (3 + 4) same-mode pairs.
    #expect(pairs == 18)
    // The earlier option is named as first typed.
    #expect(
      Self.error(Self.bytes(["--json", "--json", "-i"]))
        == .conflictingOptions("-i", earlier: "--json"))
  }

  @Test("Every table option that picks a mode is among the spellings checked for conflicts")
  func conflictsCoverTheTable() {
    let checked = Set(Self.modeSpellings.map(\.0))
    for option in OptionTable.options where option.picksMode {
      #expect(checked.contains("--\(option.long)"), "--\(option.long)")
    }
  }
}
