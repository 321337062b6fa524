import Foundation
import Testing

@testable import names_search

/// The manual page the binary prints (`--generate-manual`): lint-clean under mandoc, rendered
/// by man, and holding every option of the table and every section man-pages(7) names.
@Suite("Manual page")
struct ManualPageTests {
  @Test(
    "mandoc -Tlint finds nothing at warning level and above", .enabled(if: HostTool.runs("mandoc")))
  func lint() throws {
    try TemporaryDirectory.with { folder in
      let page = folder.appendingPathComponent("names-search.1")
      try CLIRunner.run(["--generate-manual"]).stdout.write(to: page)
      let lint = try CLIRunner.runProgram(
        URL(fileURLWithPath: "/usr/bin/mandoc"), ["-Tlint", "-Wwarning", page.path])
      #expect(lint.status == 0)
      #expect(lint.stdoutText + lint.stderrText == "")
    }
  }

  @Test("man -l renders every section and every option name", .enabled(if: HostTool.runs("man")))
  func rendered() throws {
    try TemporaryDirectory.with { folder in
      let page = folder.appendingPathComponent("names-search.1")
      try CLIRunner.run(["--generate-manual"]).stdout.write(to: page)
      var environment = CLIRunner.defaultEnvironment
      environment["MANWIDTH"] = "200"
      environment["MAN_KEEP_FORMATTING"] = nil
      environment["LC_ALL"] = "C.UTF-8"
      let man = try CLIRunner.runProgram(
        URL(fileURLWithPath: "/usr/bin/man"), ["-l", page.path], environment: environment)
      #expect(man.status == 0)
      // man may bold with backspaces when it thinks it is on a terminal: strip them.
      let text = man.stdoutText.replacingOccurrences(
        of: ".\u{8}", with: "", options: .regularExpression)
      for section in [
        "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "QUERIES", "ENVIRONMENT", "FILES",
        "EXIT STATUS", "EXAMPLES", "SEE ALSO",
      ] {
        #expect(text.contains("\n\(section)\n"), "\(section)")
      }
      for name in OptionTable.options.flatMap(\.names) {
        #expect(text.contains(name), "\(name)")
      }
      for variable in [
        "NAMES_SEARCH_DEFAULT_OPTS", "NAMES_SEARCH_FILE", "NO_COLOR", "XDG_CACHE_HOME",
      ] {
        #expect(text.contains(variable), "\(variable)")
      }
      // Escapes came out as the characters they stand for.
      #expect(text.contains("O’Brien") && text.contains("张三"))
      #expect(text.contains("names-search -- -x"))
    }
  }

  @Test("Text is escaped for roff, one sentence a line")
  func escaping() {
    #expect(ManualPage.escaped("a\\b é") == "a\\eb \\[u00E9]")
    #expect(ManualPage.sentences(".x is one. 'y' two") == ["\\&.x is one.", "\\&'y' two"])
    #expect(ManualPage.argument("a -- \"b\"") == "\"a \\-\\- \\(dqb\\(dq\"")
  }
}
