/// Turns `names-search`'s arguments into a `ParsedCommand`, following swift-argument-parser's
/// conventions: `--name value` and `--name=value`, `-f value` and `-fvalue`, `--` ends the
/// options, `-` alone is a value; once every option is understood, help and version win
/// over the rest.
enum ArgumentParser {
  /// Parses `arguments` (without the program name).
  ///
  /// - Throws: `UsageError` for an unknown option, a missing or invalid value, conflicting
  ///   output flags, or more than one term.
  static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
    var options = Options()
    var positionals: [String] = []
    var wantsHelp = false
    var wantsVersion = false
    var index = 0
    var optionsEnded = false

    func value(for spec: OptionSpec, typed: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      // As swift-argument-parser does, an option's value never starts with a dash (use
      // `--file=-x` for that); "-" alone is a value (standard input).
      guard index + 1 < arguments.count,
        arguments[index + 1] == "-" || !arguments[index + 1].hasPrefix("-")
      else { throw .missingValue(typed, spec) }
      index += 1
      return arguments[index]
    }

    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let spec: OptionSpec
      let typed: String
      var inline: String?
      if argument.hasPrefix("--") {
        let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1)
        let name = parts.first.map(String.init) ?? ""
        guard let found = OptionTable.option(long: name) else { throw .unknownOption(argument) }
        spec = found
        typed = "--\(name)"
        if parts.count == 2 || argument.hasSuffix("=") {
          guard spec.valueName != nil else {
            throw UsageError(message: "The option '\(typed)' does not take a value")
          }
          inline = parts.count == 2 ? String(parts[1]) : ""
        }
      } else {
        let letters = argument.dropFirst()
        guard let found = OptionTable.option(short: letters.first!) else {
          throw .unknownOption(argument)
        }
        spec = found
        typed = "-\(letters.first!)"
        if letters.count > 1 {
          guard spec.valueName != nil else { throw .unknownOption(argument) }
          inline = String(letters.dropFirst())
        }
      }
      switch spec.action {
      case .help: wantsHelp = true
      case .version: wantsVersion = true
      case .file: options.file = try value(for: spec, typed: typed, inline: inline)
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
        let text = try value(for: spec, typed: typed, inline: inline)
        guard let bytes = Self.byteCount(text), bytes <= Self.largestMaximumSize else {
          throw UsageError(
            message: "The value '\(text)' is invalid for '\(typed) <bytes>'. "
              + "Please provide a number of bytes up to 1365M, optionally with K, M or G.")
        }
        options.maximumSize = bytes
      case .debounce:
        let text = try value(for: spec, typed: typed, inline: inline)
        guard let milliseconds = Int(text), (0...10_000).contains(milliseconds) else {
          throw UsageError(
            message: "The value '\(text)' is invalid for '\(typed) <ms>'. "
              + "Please provide a whole number of milliseconds from 0 to 10000.")
        }
        options.debounceMilliseconds = milliseconds
      case .color:
        let text = try value(for: spec, typed: typed, inline: inline)
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
    if positionals.count > 1 { throw .unexpected(Array(positionals.dropFirst())) }
    options.term = positionals.first ?? ""
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
