import NamesSearch

/// Turns `names-search`'s arguments into a `ParsedCommand`, following swift-argument-parser's
/// conventions: `--name value` and `--name=value`, `-f value` and `-fvalue`, `--` ends the
/// options, `-` alone is a value; once every option is understood, help and version win
/// over the rest.
///
/// Arguments are bytes, as `argv` holds them: the file after `-f` is kept byte for byte
/// (`PathName`), while the term and every other value must be valid UTF-8, else a usage
/// error names the byte (`ArgumentText`).
enum ArgumentParser {
  /// Parses `arguments` (without the program name), each one's bytes as `argv` holds them.
  ///
  /// - Throws: `UsageError` for an unknown option, a missing or invalid value, a term or a
  ///   value (other than `-f`'s) that is not valid UTF-8, conflicting output flags, or more
  ///   than one term.
  static func parse(_ arguments: [[UInt8]]) throws(UsageError) -> ParsedCommand {
    let dash = UInt8(ascii: "-")
    var options = Options()
    var positionals: [[UInt8]] = []
    var wantsHelp = false
    var wantsVersion = false
    var index = 0
    var optionsEnded = false

    func value(for spec: OptionSpec, typed: String, inline: [UInt8]?) throws(UsageError)
      -> [UInt8]
    {
      if let inline { return inline }
      // As swift-argument-parser does, an option's value never starts with a dash (use
      // `--file=-x` for that); "-" alone is a value (standard input).
      guard index + 1 < arguments.count,
        arguments[index + 1] == [dash] || arguments[index + 1].first != dash
      else { throw .missingValue(typed, spec) }
      index += 1
      return arguments[index]
    }

    /// The value of an option other than `-f`, as text.
    func text(for spec: OptionSpec, typed: String, inline: [UInt8]?) throws(UsageError)
      -> String
    {
      let bytes = try value(for: spec, typed: typed, inline: inline)
      return try ArgumentText.decode(
        bytes, naming: "The value for '\(typed) <\(spec.valueName ?? "value")>'")
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
          throw .unknownOption(ArgumentText.shown(argument))
        }
        spec = found
        typed = "--\(name)"
        if let equals {
          guard spec.valueName != nil else {
            throw UsageError(message: "The option '\(typed)' does not take a value")
          }
          inline = Array(body[(equals + 1)...])
        }
      } else {
        // Every short option is an ASCII letter.
        let letter = argument[1]
        guard letter < 0x80,
          let found = OptionTable.option(short: Character(Unicode.Scalar(letter)))
        else { throw .unknownOption(ArgumentText.shown(argument)) }
        spec = found
        typed = "-\(Character(Unicode.Scalar(letter)))"
        if argument.count > 2 {
          guard spec.valueName != nil else { throw .unknownOption(ArgumentText.shown(argument)) }
          inline = Array(argument[2...])
        }
      }
      switch spec.action {
      case .help: wantsHelp = true
      case .version: wantsVersion = true
      case .file:
        // argv holds no NUL, so the bytes always make a path.
        let bytes = try value(for: spec, typed: typed, inline: inline)
        guard let path = PathName(bytes: bytes) else { throw .missingValue(typed, spec) }
        options.file = path
      case .caseSensitive: options.caseSensitive = true
      case .diacriticSensitive: options.diacriticSensitive = true
      case .noCache: options.noCache = true
      case .interactive:
        if let earlier = options.outputFlag {
          throw UsageError(message: "'\(typed)' cannot be used with '\(earlier)'")
        }
        options.interactive = true
        options.outputFlag = typed
      case .maxSize:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let bytes = Self.byteCount(text), bytes <= Self.largestMaximumSize else {
          throw UsageError(
            message: "The value '\(text)' is invalid for '\(typed) <bytes>'. "
              + "Please provide a number of bytes up to 1365M, optionally with K, M or G.")
        }
        options.maximumSize = bytes
      case .debounce:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let milliseconds = Int(text), (0...10_000).contains(milliseconds) else {
          throw UsageError(
            message: "The value '\(text)' is invalid for '\(typed) <ms>'. "
              + "Please provide a whole number of milliseconds from 0 to 10000.")
        }
        options.debounceMilliseconds = milliseconds
      case .color:
        let text = try text(for: spec, typed: typed, inline: inline)
        guard let choice = Options.ColorChoice(rawValue: text) else {
          throw UsageError(
            message: "The value '\(text)' is invalid for '\(typed) <when>'. "
              + "Please provide one of 'auto', 'always' and 'never'.")
        }
        options.color = choice
      case .index, .count, .json:
        let mode: Options.OutputMode =
          spec.action == .index ? .index : spec.action == .count ? .count : .json
        if let earlier = options.outputFlag, earlier != typed {
          throw UsageError(message: "'\(typed)' cannot be used with '\(earlier)'")
        }
        options.output = mode
        options.outputFlag = typed
      }
    }
    if wantsHelp { return .help }
    if wantsVersion { return .version }
    if positionals.count > 1 {
      throw .unexpected(positionals.dropFirst().map(ArgumentText.shown))
    }
    if let term = positionals.first {
      options.term = try ArgumentText.decode(term, naming: "The term")
    }
    return .search(options)
  }

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
