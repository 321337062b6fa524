import NamesSearch

/// Turns `names-search`'s arguments into a `ParsedCommand`, reading `OptionTable` and
/// following swift-argument-parser's conventions: `--name value` and `--name=value`,
/// `-f value` and `-fvalue`, `--` ends the options, `-` alone is a value; once every option
/// is understood, help and version win over the rest.
///
/// Arguments are bytes, as `argv` holds them: the file after `-f` is kept byte for byte
/// (`PathName`), while the term and every other value must be valid UTF-8, else a usage
/// error names the byte (`ArgumentText`).
///
/// Defaults a user sets once (`DefaultOptions`: `NAMES_SEARCH_DEFAULT_OPTS`, as
/// `FZF_DEFAULT_OPTS`) are read before the command line, which wins where they conflict: a
/// later value replaces an earlier one, a mode or `-o` on the command line replaces the
/// defaults' (two on the command line still conflict), its `--search-key`s replace the
/// defaults' ones, and every on/off option has an inverse (`--no-typos`, `--readings`) to undo
/// a default. Options of the defaults that apply only to a file (`--key`, `--format`, …) are
/// left out when the built-in list is searched; `--output-format` waits for an `-o`.
enum CommandParser {
  /// Where an argument came from.
  enum Source: Equatable {
    /// `NAMES_SEARCH_DEFAULT_OPTS`, split into words (`DefaultOptions.words`).
    case defaults
    /// `argv`.
    case commandLine
  }

  /// Parses `arguments` (without the program name), each one's bytes as `argv` holds them,
  /// after the options `defaults` (the words of `NAMES_SEARCH_DEFAULT_OPTS`); `fileVariable`
  /// is `NAMES_SEARCH_FILE`'s path, the list searched when neither names one (`-f`,
  /// `--no-file`). O(total bytes of the arguments).
  ///
  /// - Throws: `UsageError`: an unknown option, a missing, unexpected or invalid value, a
  ///   term or a value (other than `-f`'s) that is not valid UTF-8, two options that pick
  ///   different modes, or more than one term. The first error in argument order is thrown;
  ///   one in the defaults is `.inVariable`, which names the variable, and so are a term
  ///   (`.notAnOption`) or an option that is not a search's (`.notADefault`, `--help`) there.
  static func parse(
    _ arguments: [[UInt8]], defaults: [[UInt8]] = [], fileVariable: PathName? = nil
  ) throws(UsageError) -> ParsedCommand {
    let dash = UInt8(ascii: "-")
    // The defaults, then the command line: `boundary` is where the command line starts.
    let boundary = defaults.count
    let arguments = defaults + arguments
    var options = Options()
    var positionals: [[UInt8]] = []
    var wantsHelp = false
    var wantsVersion = false
    var wantsCompletionScript: CompletionScript.Shell?
    var wantsManual = false
    var index = 0
    var optionsEnded = false
    /// The option that picked `options.mode`, as typed, in the source it came from, to name
    /// it in a conflict; and that source (`nil`: the default mode, or undone).
    var modePickedBy: String?
    var modeSource: Source?
    /// The defaults' `modePickedBy`, kept once the command line starts.
    var defaultsModePickedBy: String?
    /// The options that only apply to a list read from a file, as typed, with their source
    /// and what they do (an inverse drops them); `-o` as typed and its source.
    var fileOnlyOptions: [(typed: String, source: Source, action: OptionSpec.Action)] = []
    var outputTyped: String?
    var outputSource: Source?
    var outputFormatOnCommandLine: String?
    /// Whether `-f` or `--no-file` chose the list; whether the command line gave a
    /// `--search-key` (which replaces the defaults').
    var fileChosen = false
    var fileSource: Source?
    var searchKeysOnCommandLine = false
    /// Where the argument at `index` came from; the last argument an option may take as its
    /// value (the defaults' last one for an option in the defaults).
    var source: Source { index < boundary ? .defaults : .commandLine }
    var end: Int { index < boundary ? boundary : arguments.count }

    func value(for spec: OptionSpec, typed: String, inline: [UInt8]?) throws(UsageError)
      -> [UInt8]
    {
      if let inline { return inline }
      // As swift-argument-parser does, an option's value never starts with a dash (use
      // `--file=-x` for that); "-" alone is a value (standard input).
      guard index + 1 < end,
        arguments[index + 1] == [dash] || arguments[index + 1].first != dash
      else { throw .missingValue(option: typed, valueName: spec.valueName ?? "value") }
      index += 1
      return arguments[index]
    }

    /// The value of an option other than `-f`, as text.
    func text(for spec: OptionSpec, typed: String, inline: [UInt8]?) throws(UsageError)
      -> String
    {
      let bytes = try value(for: spec, typed: typed, inline: inline)
      do throws(ArgumentText.InvalidUTF8) {
        return try ArgumentText.decode(bytes)
      } catch {
        throw .valueNotUTF8(option: typed, valueName: spec.valueName ?? "value", error)
      }
    }

    /// The value of a field option, as a key path; an empty one, or one with an empty
    /// part ("a..b"), is invalid.
    func keyPath(for spec: OptionSpec, typed: String, inline: [UInt8]?) throws(UsageError)
      -> RecordKeyPath
    {
      let text = try text(for: spec, typed: typed, inline: inline)
      guard let path = RecordKeyPath(text) else {
        throw .invalidValue(
          option: typed, valueName: spec.valueName ?? "value", value: text,
          expected: "a field name, or names joined by '.' with none empty")
      }
      fileOnlyOptions.append((typed, source, spec.action))
      return path
    }

    /// The value of `--format` or `--output-format`, one of `allowed`.
    func format(for spec: OptionSpec, typed: String, inline: [UInt8]?, allowed: [ListFormat])
      throws(UsageError) -> ListFormat
    {
      let text = try text(for: spec, typed: typed, inline: inline)
      guard let format = ListFormat(rawValue: text), allowed.contains(format) else {
        throw .invalidValue(
          option: typed, valueName: spec.valueName ?? "value", value: text,
          expected: CommandParser.oneOf(allowed.map(\.identifier)))
      }
      return format
    }

    /// The error for an option that is not in the table: its name as typed, up to any "=".
    func unknown(_ argument: [UInt8]) -> UsageError {
      let shown = ArgumentText.shown(argument)
      return .unknownOption(
        shown.split(separator: "=", maxSplits: 1).first.map(String.init) ?? shown)
    }

    /// What an inverse (`--no-typos`, `--readings`, `--no-file`, `--no-key`) does: the
    /// option's effect undone, back to the built-in default.
    func undo(_ action: OptionSpec.Action) {
      switch action {
      case .mode(let mode):
        // `--no-json` leaves another mode alone.
        if options.mode == mode {
          options.mode = Options().mode
          modePickedBy = nil
          modeSource = nil
        }
      case .file:
        options.file = nil
        fileChosen = true
        fileSource = source
      case .key: options.load.fields.name = nil
      case .searchKey:
        options.load.fields.search = []
        searchKeysOnCommandLine = searchKeysOnCommandLine || source == .commandLine
      case .sectionKey: options.load.fields.section = nil
      case .format: options.load.format = nil
      case .table: options.load.table = nil
      case .fixedStrings: options.syntax = .words
      case .typos: options.typos.byLength = false
      case .soundsLike: options.soundsLike = false
      case .caseSensitive: options.caseSensitive = false
      case .diacriticSensitive: options.diacriticSensitive = false
      case .noReadings: options.usesReadings = true
      case .noCache: options.noCache = false
      default: break  // Only the options above have an inverse (`OptionTable`).
      }
      // An undone reading option no longer needs a file.
      fileOnlyOptions.removeAll { $0.action == action }
    }

    /// Reads the argument at `index` (and its value, if it takes one).
    func step() throws(UsageError) {
      if index == boundary {
        // The command line's first option: its mode, if it picks one, replaces the defaults'.
        defaultsModePickedBy = modePickedBy
        modePickedBy = nil
      }
      let argument = arguments[index]
      if source == .defaults
        && (argument == [dash] || argument == [dash, dash] || argument.first != dash)
      {
        throw .notAnOption(ArgumentText.shown(argument))
      }
      if optionsEnded || argument == [dash] || argument.first != dash {
        positionals.append(argument)
        return
      }
      if argument == [dash, dash] {
        optionsEnded = true
        return
      }
      let spec: OptionSpec
      let typed: String
      var inline: [UInt8]?
      var inverted = false
      if argument.starts(with: [dash, dash]) {
        let body = argument.dropFirst(2)
        let equals = body.firstIndex(of: UInt8(ascii: "="))
        let name = String(validating: body[..<(equals ?? body.endIndex)], as: UTF8.self)
        guard let name, let found = OptionTable.option(long: name) else {
          throw unknown(argument)
        }
        spec = found.spec
        inverted = found.inverted
        typed = "--\(name)"
        if let equals {
          guard spec.valueName != nil, !inverted else { throw .unexpectedValue(option: typed) }
          inline = Array(body[(equals + 1)...])
        }
      } else {
        // Every short option is an ASCII letter.
        let letter = argument[1]
        guard letter < 0x80,
          let found = OptionTable.option(short: Character(Unicode.Scalar(letter)))
        else { throw unknown(argument) }
        spec = found
        typed = "-\(Character(Unicode.Scalar(letter)))"
        if argument.count > 2 {
          guard spec.valueName != nil else { throw unknown(argument) }
          inline = Array(argument[2...])
        }
      }
      if spec.isAboutTheTool && source == .defaults { throw .notADefault(option: typed) }
      if inverted {
        undo(spec.action)
        return
      }
      switch spec.action {
      case .help: wantsHelp = true
      case .version: wantsVersion = true
      case .generateManual: wantsManual = true
      case .generateCompletionScript:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let shell = CompletionScript.Shell(rawValue: text) else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: text,
            expected: Self.oneOf(CompletionScript.Shell.allCases.map(\.rawValue)))
        }
        wantsCompletionScript = shell
      case .mode(let mode):
        // The same mode twice ("--json --json", "-i --interactive") is no conflict.
        if let earlier = modePickedBy, options.mode != mode {
          throw .conflictingOptions(typed, earlier: earlier)
        }
        options.mode = mode
        modePickedBy = modePickedBy ?? typed
        modeSource = source
      case .file:
        // argv holds no NUL, so the bytes always make a path.
        let bytes = try value(for: spec, typed: typed, inline: inline)
        // An empty path names no file: say so here, not as open's "No such file".
        guard !bytes.isEmpty else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: "",
            expected: Self.fileRule)
        }
        guard let path = PathName(bytes: bytes) else {
          throw .missingValue(option: typed, valueName: spec.valueName ?? "value")
        }
        options.file = path
        fileChosen = true
        fileSource = source
      case .key: options.load.fields.name = try keyPath(for: spec, typed: typed, inline: inline)
      case .searchKey:
        if source == .commandLine && !searchKeysOnCommandLine {
          options.load.fields.search = []
          searchKeysOnCommandLine = true
        }
        options.load.fields.search.append(try keyPath(for: spec, typed: typed, inline: inline))
      case .sectionKey:
        options.load.fields.section = try keyPath(for: spec, typed: typed, inline: inline)
      case .format:
        options.load.format = try format(
          for: spec, typed: typed, inline: inline, allowed: ListFormat.allCases)
        fileOnlyOptions.append((typed, source, spec.action))
      case .table:
        let name = try text(for: spec, typed: typed, inline: inline)
        guard !name.isEmpty else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: name,
            expected: "a table name")
        }
        options.load.table = name
        fileOnlyOptions.append((typed, source, spec.action))
      case .locale:
        let text = try text(for: spec, typed: typed, inline: inline)
        let identifier = text.isEmpty ? "" : LocaleSetting.identifier(posix: text)
        do throws(SectionLocale.Unknown) {
          options.load.locale = try identifier.map(SectionLocale.init)
        } catch {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: text,
            expected: "a locale ICU knows, such as sv, de_DE or zh (\(error.reason))")
        }
        options.localeGiven = true
      case .output:
        let bytes = try value(for: spec, typed: typed, inline: inline)
        guard !bytes.isEmpty, let path = PathName(bytes: bytes) else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: "",
            expected: "a path, or '-' for standard output")
        }
        options.output = path
        outputTyped = typed
        outputSource = source
      case .outputFormat:
        if source == .commandLine { outputFormatOnCommandLine = typed }
        options.outputFormat = try format(
          for: spec, typed: typed, inline: inline, allowed: Self.outputFormats)
      case .fixedStrings: options.syntax = .fixedStrings
      case .typos: options.typos.byLength = true
      case .soundsLike: options.soundsLike = true
      case .maxTypos:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let count = Int(text), (0...9).contains(count) else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: text,
            expected: "a whole number of typos from 0 to 9")
        }
        options.typos.maximum = count
      case .caseSensitive: options.caseSensitive = true
      case .diacriticSensitive: options.diacriticSensitive = true
      case .noCache: options.noCache = true
      case .fold:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let folding = MatchOptions.Folding(rawValue: text) else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: text,
            expected: "one of 'all' and 'cd'")
        }
        options.folding = folding
      case .noReadings: options.usesReadings = false
      case .maxSize:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let bytes = Self.byteCount(text), bytes <= Self.largestMaximumSize else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: text,
            expected: "a number of bytes up to 1365M, optionally with K, M or G")
        }
        options.maximumSize = bytes
        options.maximumSizeFromDefaults = source == .defaults
      case .debounce:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let milliseconds = Int(text), (0...10_000).contains(milliseconds) else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: text,
            expected: "a whole number of milliseconds from 0 to 10000")
        }
        options.debounceMilliseconds = milliseconds
      case .color:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let choice = Options.ColorChoice(rawValue: text) else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: text,
            expected: "one of 'auto', 'always' and 'never'")
        }
        options.color = choice
      }
    }

    while index < arguments.count {
      let inDefaults = source == .defaults
      do throws(UsageError) {
        try step()
      } catch {
        throw inDefaults ? .inVariable(DefaultOptions.variable, error) : error
      }
      index += 1
    }
    if wantsHelp { return .help }
    if wantsVersion { return .version }
    if let wantsCompletionScript { return .completionScript(wantsCompletionScript) }
    if wantsManual { return .manual }
    // -o writes the list instead of printing it in a mode: given in one place, they
    // conflict; else the command line's wins.
    if let outputTyped, let outputSource, let modeSource {
      if outputSource == modeSource,
        let modePickedBy = modeSource == .defaults
          ? defaultsModePickedBy ?? modePickedBy : modePickedBy
      {
        let conflict = UsageError.conflictingOptions(outputTyped, earlier: modePickedBy)
        throw outputSource == .defaults ? .inVariable(DefaultOptions.variable, conflict) : conflict
      } else if outputSource == .commandLine {
        options.mode = Options().mode
      } else {
        options.output = nil
      }
    }
    if !fileChosen, let fileVariable {
      options.file = fileVariable
      options.fileVariable = DefaultOptions.fileVariable
    } else if fileSource == .defaults && options.file != nil {
      options.fileVariable = DefaultOptions.variable
    }
    // The built-in list is a list of strings that no reading option applies to: given on
    // the command line, they are an error; in the defaults, they wait for a file.
    if options.file == nil {
      if let first = fileOnlyOptions.first(where: { $0.source == .commandLine }) {
        throw .needsFile(option: first.typed, noFileInDefaults: fileSource == .defaults)
      }
      let locale = options.load.locale
      options.load = LoadOptions.default
      options.load.locale = locale
    } else {
      // The reading options the defaults gave and the command line left in effect (the
      // last of each is the one that holds), for a load error to name the variable.
      var lastOfEach: [(typed: String, source: Source, action: OptionSpec.Action)] = []
      for option in fileOnlyOptions {
        lastOfEach.removeAll { $0.action == option.action }
        lastOfEach.append(option)
      }
      options.readingOptionsFromDefaults =
        lastOfEach.filter { $0.source == .defaults }.map(\.typed)
    }
    if options.output == nil, let outputFormatOnCommandLine {
      throw .needsOutput(option: outputFormatOnCommandLine)
    }
    if positionals.count > 1 {
      throw .unexpectedArguments(positionals.dropFirst().map(ArgumentText.shown))
    }
    if let term = positionals.first {
      do throws(ArgumentText.InvalidUTF8) {
        options.term = try ArgumentText.decode(term)
      } catch {
        throw .termNotUTF8(error)
      }
    }
    do throws(QuerySyntaxError) {
      _ = try options.query.expression()
    } catch {
      throw .invalidQuery(term: options.term, error)
    }
    return .search(options)
  }

  /// Whether `arguments` name, before any "--", an option that prints something about the
  /// tool instead of searching (`--help`, `-V`, `--generate-manual=…`): when the defaults
  /// are broken, the command line's own error is then the one to report. O(total bytes of
  /// the arguments).
  static func namesOptionAboutTheTool(_ arguments: [[UInt8]]) -> Bool {
    for argument in arguments {
      let text = String(decoding: argument, as: UTF8.self)
      if text == "--" { return false }
      if text.hasPrefix("--") {
        let long = String(text.dropFirst(2).prefix { $0 != "=" })
        if OptionTable.option(long: long)?.spec.isAboutTheTool == true { return true }
      } else if text.hasPrefix("-"), let short = text.dropFirst().first,
        OptionTable.option(short: short)?.isAboutTheTool == true
      {
        return true
      }
    }
    return false
  }

  /// "one of 'a', 'b' and 'c'": what an enumerated option expects, for its usage error.
  static func oneOf(_ words: [String]) -> String {
    "one of \(EnglishList.joined(words.map { "'\($0)'" }))"
  }

  /// The formats `-o` writes (`--output-format`).
  static let outputFormats: [ListFormat] = [.xmlPropertyList, .binaryPropertyList, .json]

  /// What `-f` takes, said when its value is empty.
  static let fileRule = "a path, or '-' for standard input"

  /// The largest `--max-size`: names and their folded keys are addressed with 32-bit
  /// offsets, and folding can triple a name, so a list stays under 4 GiB / 3.
  static let largestMaximumSize = 1365 << 20

  /// "1500", "64K", "300M", "2G" as a byte count (K, M, G are powers of 1024), or `nil`.
  static func byteCount(_ text: String) -> Int? {
    let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = text
    var multiplier = 1
    if let last = text.last?.uppercased().first, let found = multipliers[last] {
      multiplier = found
      digits = String(text.dropLast())
    }
    guard let value = Int(digits), value > 0 else { return nil }
    let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
    return overflow ? nil : bytes
  }
}
