/// A command line that cannot be run, described as swift-argument-parser would.
struct UsageError: Error, Equatable {
  /// The text after "Error: ".
  var message: String

  static func unknownOption(_ option: String) -> UsageError {
    let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
    var text = "Unknown option '\(name)'"
    if let guess = suggestion(for: name) { text += ". Did you mean '\(guess)'?" }
    return UsageError(message: text)
  }

  static func missingValue(_ option: String, _ spec: OptionSpec) -> UsageError {
    UsageError(message: "Missing value for '\(option) <\(spec.valueName ?? "value")>'")
  }

  static func unexpected(_ arguments: [String]) -> UsageError {
    if arguments.count == 1 {
      return UsageError(message: "Unexpected argument '\(arguments[0])'")
    }
    let list = arguments.map { "'\($0)'" }.joined(separator: ", ")
    return UsageError(message: "\(arguments.count) unexpected arguments: \(list)")
  }

  /// The closest long option: a prefix match, or one within two edits.
  static func suggestion(for option: String) -> String? {
    guard option.hasPrefix("--"), option.count > 2 else { return nil }
    let typed = String(option.dropFirst(2))
    let longs = OptionTable.options.map(\.long)
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
