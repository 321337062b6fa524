/// The outcome of parsing a command line (`CommandParser.parse`).
enum ParsedCommand: Equatable {
  /// Run a search, printed or live, as the options say.
  case search(Options)
  /// `-h, --help`.
  case help
  /// `--version`.
  case version
  /// `--generate-completion-script <shell>`.
  case completionScript(CompletionScript.Shell)
  /// `--generate-manual`.
  case manual

  /// Whether the command prints something about the tool instead of searching.
  var isAboutTheTool: Bool {
    if case .search = self { return false }
    return true
  }
}
