import NamesSearch

/// Colors for a terminal: ANSI SGR sequences (ECMA-48) around titles and matches.
enum TerminalStyle {
  /// Bold titles, bold red matches; typo matches underlined red, sounds-like matches
  /// underlined magenta.
  static let ansi = TextStyle(
    titleStart: "\u{1B}[1m", titleEnd: "\u{1B}[0m",
    matchStart: "\u{1B}[1;31m", matchEnd: "\u{1B}[0m",
    approximateStart: "\u{1B}[4;31m", approximateEnd: "\u{1B}[0m",
    soundsLikeStart: "\u{1B}[4;35m", soundsLikeEnd: "\u{1B}[0m")

  /// Whether to color standard output: `always` and `never` say so; `auto` colors when
  /// standard output is a terminal and `allowsColor` holds.
  static func usesColor(_ choice: Options.ColorChoice, environment: EnvironmentVariables) -> Bool {
    choice == .auto
      ? allowsColor(choice, environment: environment) && StandardStreams.isTerminal(1)
      : choice == .always
  }

  /// Whether colors are allowed at all: not with `never`; with `auto`, only when `NO_COLOR`
  /// is unset or empty (no-color.org) and `TERM` is not "dumb".
  static func allowsColor(_ choice: Options.ColorChoice, environment: EnvironmentVariables) -> Bool
  {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      return environment.text("TERM") != "dumb"
    }
  }
}
