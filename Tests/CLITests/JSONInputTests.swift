import Foundation
import TestSupport
import Testing

/// JSON lists through the command line: sniffed by their first byte, from a file or
/// standard input; the movies fixture's records; one-line errors with exit status 2.
@Suite("JSON input")
struct JSONInputTests {
  static let movies = TestPaths.file("Tests/Fixtures/records/movies.json").path

  /// Whether the tool has `--key` (the command-line part of issue 11).
  static let hasKeyOption: Bool = {
    guard let help = try? CLIRunner.run(["--help"]) else { return false }
    return help.stdoutText.contains("--key")
  }()

  @Test("an object of sections from standard input, searched")
  func standardInput() throws {
    let result = try CLIRunner.run(
      ["-f", "-", "an"], stdin: Data(#"{"B": ["Joanna", "Bob"], "A": ["Ann", "Abe"]}"#.utf8))
    #expect(result.stdoutText == "A\n  Ann\nB\n  Joanna\n")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("a syntax error is one line with its line and column, exit 2")
  func syntaxError() throws {
    let result = try CLIRunner.run(["-f", "-", "a"], stdin: Data("{\"A\": [\"Ann\",\n ]}".utf8))
    #expect(
      result.stderrText
        == "names-search: <stdin>: not valid JSON: line 1, column 13: a trailing comma before ']'\n"
    )
    #expect(result.stdoutText == "")
    #expect(result.status == 2)
  }

  @Test("the movies' records without --key: the error lists their fields, exit 2")
  func moviesNeedKey() throws {
    let result = try CLIRunner.run(["-f", Self.movies, "--no-cache", "alien"])
    #expect(
      result.stderrText
        == "names-search: \(Self.movies): the items are records; choose the field that is the"
        + #" name (fields: "movieName", "movieImage", "movieTime") (choose it with --key)"#
        + "\n")
    #expect(result.stdoutText == "")
    #expect(result.status == 2)
  }

  @Test(
    "the movies searched by --key movieName",
    .enabled(if: hasKeyOption, "--key comes with the command-line part of issue 11"))
  func moviesByName() throws {
    let result = try CLIRunner.run(["-f", Self.movies, "--no-cache", "--key", "movieName", "alien"])
    // The seven titles holding "alien" (checked with grep -i on movieName), filed by first
    // letter: "AVP: Alien Vs. Predator" under A, "Italiensk for begyndere" under I, "My
    // Stepmother Is an Alien" under M.
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.filter { !$0.hasPrefix("  ") } == ["A", "I", "M"])
    #expect(
      Set(lines.filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) })
        == [
          "AVP: Alien Vs. Predator", "Alien", "Alien Nation", "Alien: Resurrection", "Aliens",
          "Italiensk for begyndere", "My Stepmother Is an Alien",
        ])
    #expect(result.stderrText == "")
    #expect(result.status == 0)
    let count = try CLIRunner.run([
      "-f", Self.movies, "--no-cache", "--key", "movieName", "--count",
    ])
    #expect(count.stdoutText == "3075\n")
  }
}
