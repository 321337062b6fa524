import Testing

/// The shape of a usage error, as swift-argument-parser prints it: exit 64, nothing on
/// stdout, and on stderr exactly three lines: `Error: <message>`, a line starting
/// `Usage: names-search `, and `  See 'names-search --help' for more information.`.
enum UsageErrorShape {
  /// Checks that `result` is a usage error whose first stderr line is `message`.
  static func check(
    _ result: CLIResult, message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 64, "exit status", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "nothing on stdout", sourceLocation: sourceLocation)
    let lines = result.stderrLines
    #expect(lines.count == 3, "three lines on stderr: \(lines)", sourceLocation: sourceLocation)
    #expect(lines.first == message, sourceLocation: sourceLocation)
    if lines.count == 3 {
      #expect(lines[1].hasPrefix("Usage: names-search "), sourceLocation: sourceLocation)
      #expect(
        lines[2] == "  See 'names-search --help' for more information.",
        sourceLocation: sourceLocation)
    }
    #expect(result.stderrText.hasSuffix("\n"), sourceLocation: sourceLocation)
  }
}
