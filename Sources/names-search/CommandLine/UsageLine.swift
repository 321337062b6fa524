/// The usage line, made from `OptionTable` as swift-argument-parser makes it: the mode
/// options as one exclusive group `[--index | --count | --json | -i]` first (they pick what
/// the command does), then each other option in brackets in table order, help and version
/// left out, then the term: `names-search [--index | …] [-f <file>] … [<term>]`.
enum UsageLine {
  /// The usage line of `names-search`, without "USAGE: " or "Usage: ".
  static let text = make(command: "names-search", options: OptionTable.options)

  /// The usage line of `command` with `options` and the optional `<term>`, on one line
  /// (`HelpText` wraps it). O(number of options).
  static func make(command: String, options: [OptionSpec]) -> String {
    var parts = [command]
    let modes = options.filter(\.picksMode)
    if !modes.isEmpty {
      parts.append("[" + modes.map(\.synopsis).joined(separator: " | ") + "]")
    }
    for option in options where option.isInUsage && !option.picksMode {
      parts.append("[\(option.synopsis)]")
    }
    parts.append("[<\(OptionTable.termName)>]")
    return parts.joined(separator: " ")
  }
}
