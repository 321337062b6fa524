import Foundation
import Testing

/// Options, values, `--`, `-`, help, version and usage errors.
@Suite("Option parsing")
struct OptionParsingTests {
  static let catalog: [(title: String, names: [String])] = [
    ("A", ["Ann", "Anne-Marie", "Ann-xo", "Al"]),
    ("B", ["Bob"]),
  ]

  @Test("-f PATH, --file PATH and --file=PATH load the same file")
  func fileOptionSpellings() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(PlistFile.xml(Self.catalog), named: "n.plist", in: folder)
      for arguments in [["-f", file.path], ["--file", file.path], ["--file=\(file.path)"]] {
        let result = try CLIRunner.run(arguments + ["bo"])
        #expect(result.stdoutText == "B\n  Bob\n", "\(arguments)")
        #expect(result.stderrText == "")
        #expect(result.status == 0)
      }
    }
  }

  @Test("Options may come after the term")
  func optionsAfterTerm() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(PlistFile.xml(Self.catalog), named: "n.plist", in: folder)
      let result = try CLIRunner.run(["bo", "-f", file.path, "--count"])
      #expect(result.stdoutText == "1\n")
      #expect(result.status == 0)
    }
  }

  @Test("-f - reads the list from standard input")
  func fileFromStandardInput() throws {
    let result = try CLIRunner.run(["-f", "-", "ann"], stdin: PlistFile.xml(Self.catalog))
    #expect(result.stdoutText == "A\n  Ann\n  Anne-Marie\n  Ann-xo\n")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("-- ends the options: names-search -- -x searches for \"-x\"")
  func doubleDashEndsOptions() throws {
    let result = try CLIRunner.run(["--", "-x"], catalog: Self.catalog)
    #expect(result.stdoutText == "A\n  Ann-xo\n")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("After --, an option name is a term like any other")
  func optionNameAfterDoubleDash() throws {
    let result = try CLIRunner.run(["--", "--index"], catalog: Self.catalog)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText == "")
    #expect(result.status == 1)
  }

  @Test("- alone is a term: it searches for \"-\"")
  func singleDashIsATerm() throws {
    let result = try CLIRunner.run(["-"], catalog: Self.catalog)
    #expect(result.stdoutText == "A\n  Anne-Marie\n  Ann-xo\n")
    #expect(result.status == 0)
  }

  @Test("-f - - reads standard input and searches for \"-\"")
  func standardInputAndDashTerm() throws {
    let result = try CLIRunner.run(["-f", "-", "-"], stdin: PlistFile.xml(Self.catalog))
    #expect(result.stdoutText == "A\n  Anne-Marie\n  Ann-xo\n")
    #expect(result.status == 0)
  }

  @Test("-h and --help print the help to stdout and exit 0", arguments: ["-h", "--help"])
  func help(flag: String) throws {
    let result = try CLIRunner.run([flag])
    #expect(result.status == 0)
    #expect(result.stderrText == "")
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    for heading in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"] {
      #expect(lines.contains { $0.hasPrefix(heading) }, "a line starting \(heading)")
    }
    for option in [
      "--file", "--index", "--count", "--json", "--case-sensitive", "--diacritic-sensitive",
      "--color", "--help", "--version",
    ] {
      #expect(result.stdoutText.contains(option), "help mentions \(option)")
    }
    #expect(result.stdoutText.hasSuffix("\n"))
  }

  @Test("-h and --help print the same text")
  func helpSpellingsAgree() throws {
    #expect(try CLIRunner.run(["-h"]).stdout == CLIRunner.run(["--help"]).stdout)
  }

  @Test("--version prints 0.1.0")
  func version() throws {
    let result = try CLIRunner.run(["--version"])
    #expect(result.stdoutText == "0.1.0\n")
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test(
    "Usage errors: message, usage line, hint; exit 64, nothing on stdout",
    arguments: [
      (["--idx"], "Error: Unknown option '--idx'. Did you mean '--index'?"),
      (["-x"], "Error: Unknown option '-x'"),
      (["-f"], "Error: Missing value for '-f <file>'"),
      (["-f", "--count"], "Error: Missing value for '-f <file>'"),
      (
        ["-f", ""],
        "Error: The value '' is invalid for '-f <file>'. "
          + "Please provide a path, or '-' for standard input."
      ),
      (["-i", "--index"], "Error: '--index' cannot be used with '-i'"),
      (["--json", "--interactive"], "Error: '--interactive' cannot be used with '--json'"),
      (
        ["--debounce", "soon"],
        "Error: The value 'soon' is invalid for '--debounce <ms>'. "
          + "Please provide a whole number of milliseconds from 0 to 10000."
      ),
      (["a", "b"], "Error: Unexpected argument 'b'"),
      (["--index", "--json"], "Error: '--json' cannot be used with '--index'"),
      (["--color"], "Error: Missing value for '--color <when>'"),
      (
        ["--color", "x"],
        "Error: The value 'x' is invalid for '--color <when>'. "
          + "Please provide one of 'auto', 'always' and 'never'."
      ),
    ])
  func usageError(arguments: [String], message: String) throws {
    UsageErrorShape.check(try CLIRunner.run(arguments), message: message)
  }

  @Test("A usage error reads no file: it wins over a missing file")
  func usageErrorBeforeLoading() throws {
    let result = try CLIRunner.run(["-f", "/nonexistent/names.plist", "--idx"])
    UsageErrorShape.check(result, message: "Error: Unknown option '--idx'. Did you mean '--index'?")
  }
}
