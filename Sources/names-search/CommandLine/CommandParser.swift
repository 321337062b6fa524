import NamesSearch

/// Turns `names-search`'s arguments into a `ParsedCommand`, reading `OptionTable` and
/// following swift-argument-parser's conventions: `--name value` and `--name=value`,
/// `-f value` and `-fvalue`, `--` ends the options, `-` alone is a value; once every option
/// is understood, help and version win over the rest.
///
/// Arguments are bytes, as `argv` holds them: the file after `-f` is kept byte for byte
/// (`PathName`), while the term and every other value must be valid UTF-8, else a usage
/// error names the byte (`ArgumentText`).
enum CommandParser {
  /// Parses `arguments` (without the program name), each one's bytes as `argv` holds them.
  /// O(total bytes of the arguments).
  ///
  /// - Throws: `UsageError`: an unknown option, a missing, unexpected or invalid value, a
  ///   term or a value (other than `-f`'s) that is not valid UTF-8, two options that pick
  ///   different modes, or more than one term. The first error in argument order is thrown.
  static func parse(_ arguments: [[UInt8]]) throws(UsageError) -> ParsedCommand {
    let dash = UInt8(ascii: "-")
    var options = Options()
    var positionals: [[UInt8]] = []
    var wantsHelp = false
    var wantsVersion = false
    var index = 0
    var optionsEnded = false
    /// The option that picked `options.mode`, as typed, to name it in a conflict.
    var modePickedBy: String?
    /// The options that only apply to a list read from a file, as typed, and `-o` as typed.
    var fileOnlyOptions: [String] = []
    var outputTyped: String?
    var outputFormatTyped: String?

    func value(for spec: OptionSpec, typed: String, inline: [UInt8]?) throws(UsageError)
      -> [UInt8]
    {
      if let inline { return inline }
      // As swift-argument-parser does, an option's value never starts with a dash (use
      // `--file=-x` for that); "-" alone is a value (standard input).
      guard index + 1 < arguments.count,
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
      fileOnlyOptions.append(typed)
      return path
    }

    /// The value of `--format` or `--output-format`, one of `allowed`.
    func format(for spec: OptionSpec, typed: String, inline: [UInt8]?, allowed: [ListFormat])
      throws(UsageError) -> ListFormat
    {
      let text = try text(for: spec, typed: typed, inline: inline)
      guard let format = ListFormat(rawValue: text), allowed.contains(format) else {
        let names = allowed.map { "'\($0.identifier)'" }
        throw .invalidValue(
          option: typed, valueName: spec.valueName ?? "value", value: text,
          expected: "one of \(names.dropLast().joined(separator: ", ")) and \(names.last!)")
      }
      return format
    }

    /// The error for an option that is not in the table: its name as typed, up to any "=".
    func unknown(_ argument: [UInt8]) -> UsageError {
      let shown = ArgumentText.shown(argument)
      return .unknownOption(
        shown.split(separator: "=", maxSplits: 1).first.map(String.init) ?? shown)
    }

    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if optionsEnded || argument == [dash] || argument.first != dash {
        positionals.append(argument)
        continue
      }
      if argument == [dash, dash] {
        optionsEnded = true
        continue
      }
      let spec: OptionSpec
      let typed: String
      var inline: [UInt8]?
      if argument.starts(with: [dash, dash]) {
        let body = argument.dropFirst(2)
        let equals = body.firstIndex(of: UInt8(ascii: "="))
        let name = String(validating: body[..<(equals ?? body.endIndex)], as: UTF8.self)
        guard let name, let found = OptionTable.option(long: name) else {
          throw unknown(argument)
        }
        spec = found
        typed = "--\(name)"
        if let equals {
          guard spec.valueName != nil else { throw .unexpectedValue(option: typed) }
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
      switch spec.action {
      case .help: wantsHelp = true
      case .version: wantsVersion = true
      case .mode(let mode):
        // The same mode twice ("--json --json", "-i --interactive") is no conflict.
        if let earlier = modePickedBy, options.mode != mode {
          throw .conflictingOptions(typed, earlier: earlier)
        }
        options.mode = mode
        modePickedBy = modePickedBy ?? typed
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
      case .key: options.load.fields.name = try keyPath(for: spec, typed: typed, inline: inline)
      case .searchKey:
        options.load.fields.search.append(try keyPath(for: spec, typed: typed, inline: inline))
      case .sectionKey:
        options.load.fields.section = try keyPath(for: spec, typed: typed, inline: inline)
      case .format:
        options.load.format = try format(
          for: spec, typed: typed, inline: inline, allowed: ListFormat.allCases)
        fileOnlyOptions.append(typed)
      case .table:
        let name = try text(for: spec, typed: typed, inline: inline)
        guard !name.isEmpty else {
          throw .invalidValue(
            option: typed, valueName: spec.valueName ?? "value", value: name,
            expected: "a table name")
        }
        options.load.table = name
        fileOnlyOptions.append(typed)
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
      case .outputFormat:
        outputFormatTyped = typed
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
    if wantsHelp { return .help }
    if wantsVersion { return .version }
    // -o writes the list instead of printing it in a mode, and the built-in list is a list
    // of strings that no reading option applies to.
    if let outputTyped, let modePickedBy {
      throw .conflictingOptions(outputTyped, earlier: modePickedBy)
    }
    if options.file == nil, let first = fileOnlyOptions.first {
      throw .needsFile(option: first)
    }
    if options.output == nil, let outputFormatTyped {
      throw .needsOutput(option: outputFormatTyped)
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
