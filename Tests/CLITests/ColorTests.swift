import Foundation
import Testing

/// `--color auto|always|never`: bold titles, bold red matches.
@Suite("Color")
struct ColorTests {
  static let bold = "\u{1B}[1m"
  static let red = "\u{1B}[1;31m"
  static let reset = "\u{1B}[0m"

  static let catalog: [(title: String, names: [String])] = [
    ("J", ["Joanna", "José", "Jose\u{301}", "Jim"]),
    ("A", ["Ann", "Abe"]),
    ("H", ["Hannah"]),
  ]

  static func title(_ text: String) -> String { bold + text + reset + "\n" }
  static func match(_ text: String) -> String { red + text + reset }

  static var environmentWithNoColor: [String: String] {
    var environment = CLIRunner.defaultEnvironment
    environment["NO_COLOR"] = "1"
    return environment
  }

  @Test("--color always wraps titles and each matched part", arguments: ["always", "=always"])
  func always(spelling: String) throws {
    let arguments = spelling.hasPrefix("=") ? ["--color\(spelling)"] : ["--color", spelling]
    let result = try CLIRunner.run(arguments + ["ann"], catalog: Self.catalog)
    let expected =
      Self.title("A") + "  " + Self.match("Ann") + "\n"
      + Self.title("H") + "  H" + Self.match("ann") + "ah\n"
      + Self.title("J") + "  Jo" + Self.match("ann") + "a\n"
    #expect(result.stdoutText == expected)
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("Every match in a name is marked")
  func severalMatches() throws {
    let result = try CLIRunner.run(["--color", "always", "h"], catalog: Self.catalog)
    let expected = Self.title("H") + "  " + Self.match("H") + "anna" + Self.match("h") + "\n"
    #expect(result.stdoutText == expected)
  }

  @Test("A match ignoring diacritics marks whole characters, in their stored bytes")
  func diacriticMatch() throws {
    let result = try CLIRunner.run(["--color", "always", "jose"], catalog: Self.catalog)
    let expected =
      Self.title("J") + "  " + Self.match("José") + "\n" + "  " + Self.match("Jose\u{301}") + "\n"
    #expect(result.stdout == Data(expected.utf8))
  }

  @Test(
    "Without the escape codes, colored output is the plain output", arguments: ["a", "o", "é", ""])
  func stripsToPlain(term: String) throws {
    let colored = try CLIRunner.run(["--color", "always", term], catalog: Self.catalog)
    let plain = try CLIRunner.run(["--color", "never", term], catalog: Self.catalog)
    var stripped = colored.stdout
    for code in [Self.bold, Self.red, Self.reset] {
      let bytes = Data(code.utf8)
      while let range = stripped.range(of: bytes) { stripped.removeSubrange(range) }
    }
    #expect(stripped == plain.stdout)
    #expect(colored.stdout != plain.stdout, "something was colored")
    #expect(colored.status == plain.status)
  }

  @Test("The reset colors titles only")
  func resetColorsTitles() throws {
    let result = try CLIRunner.run(
      ["--color", "always", ""], catalog: [("B", ["Bo"]), ("A", ["Al"])])
    #expect(result.stdoutText == Self.title("A") + "  Al\n" + Self.title("B") + "  Bo\n")
  }

  @Test("NO_COLOR does not override an explicit --color always")
  func noColorDoesNotOverrideAlways() throws {
    let result = try CLIRunner.run(
      ["--color", "always", "abe"], catalog: Self.catalog, environment: Self.environmentWithNoColor)
    #expect(result.stdoutText == Self.title("A") + "  " + Self.match("Abe") + "\n")
  }

  @Test(
    "never, auto and no --color print no escape codes into a pipe",
    arguments: [["--color", "never"], ["--color", "auto"], ["--color=auto"], []])
  func noColorInPipe(arguments: [String]) throws {
    var environment = CLIRunner.defaultEnvironment
    environment["TERM"] = "xterm-256color"
    let result = try CLIRunner.run(
      arguments + ["ann"], catalog: Self.catalog, environment: environment)
    #expect(result.stdoutText == "A\n  Ann\nH\n  Hannah\nJ\n  Joanna\n")
    #expect(!result.stdout.contains(0x1B))
    #expect(result.status == 0)
  }

  @Test("--color never wins over NO_COLOR and needs nothing from it")
  func neverWithNoColor() throws {
    let result = try CLIRunner.run(
      ["--color", "never", "abe"], catalog: Self.catalog, environment: Self.environmentWithNoColor)
    #expect(result.stdoutText == "A\n  Abe\n")
  }

  @Test("An invalid --color value is a usage error", arguments: ["x", "yes", "ALWAYS", ""])
  func invalidValue(value: String) throws {
    let result = try CLIRunner.run(["--color", value, "ann"])
    UsageErrorShape.check(
      result,
      message: "Error: The value '\(value)' is invalid for '--color <when>'. "
        + "Please provide one of 'auto', 'always' and 'never'.")
  }
}
