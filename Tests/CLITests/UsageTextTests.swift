import Foundation
import Testing

@testable import names_search

/// The usage line, the help and README made from `OptionTable`, and each `UsageError`
/// rendered, against text written out by hand.
@Suite("Usage text")
struct UsageTextTests {
  /// Today's usage line, as README shows it.
  static let usage =
    "names-search [--index | --count | --json | -i] [-f <file>] [--key <field>] "
    + "[--search-key <field>] [--section-key <field>] [--format <format>] [--table <name>] "
    + "[--locale <locale>] [-o <file>] [--output-format <format>] [-F] [--typos] "
    + "[--max-typos <n>] [--sounds-like] [--case-sensitive] "
    + "[--diacritic-sensitive] [--fold <rule>] [--no-readings] [--color <when>] [--no-cache] "
    + "[--debounce <ms>] [--max-size <bytes>] [<term>]"

  /// README.md at the package root: `<root>/Tests/CLITests/UsageTextTests.swift`.
  static func readme() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  }

  @Test("The usage line made from the table is README's")
  func usageLine() throws {
    #expect(UsageLine.text == Self.usage)
    #expect(try Self.readme().contains("\nUsage: \(Self.usage)\n"))
  }

  @Test("The usage line's rule: the mode group first, short names, no help or version")
  func usageRule() {
    let options = [
      OptionSpec(long: "alpha", valueName: "a", help: "", action: .color),
      OptionSpec(short: "b", long: "beta", help: "", action: .mode(.print(.count))),
      OptionSpec(short: "h", long: "help", help: "", action: .help),
      OptionSpec(short: "g", long: "gamma", valueName: "g", help: "", action: .file),
      OptionSpec(long: "delta", help: "", action: .mode(.live)),
      OptionSpec(long: "version", help: "", action: .version),
    ]
    #expect(
      UsageLine.make(command: "tool", options: options)
        == "tool [-b | --delta] [--alpha <a>] [-g <g>] [<term>]")
    #expect(
      UsageLine.make(command: "tool", options: [options[2], options[5]]) == "tool [<term>]")
  }

  @Test("The help shows the usage wrapped at 80 columns, and every option of the table")
  func help() throws {
    let help = HelpText.full
    #expect(
      help.contains(
        """

        USAGE: names-search [--index | --count | --json | -i] [-f <file>] [--key
               <field>] [--search-key <field>] [--section-key <field>] [--format
               <format>] [--table <name>] [--locale <locale>] [-o <file>]
               [--output-format <format>] [-F] [--typos] [--max-typos <n>]
               [--sounds-like] [--case-sensitive] [--diacritic-sensitive] [--fold
               <rule>] [--no-readings] [--color <when>] [--no-cache] [--debounce <ms>]
               [--max-size <bytes>] [<term>]

        """))
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains { $0.hasPrefix("  <term>  ") })
    for option in OptionTable.options {
      // A label too wide for the gutter stands on its own line, its help below.
      #expect(
        lines.contains { $0.hasPrefix("  \(option.label)  ") || $0 == "  \(option.label)" },
        "\(option.label)")
    }
    // What the table makes is wrapped at 80 columns (the examples below it are typed by hand).
    let generated = lines.prefix { $0 != "EXAMPLES:" }
    #expect(generated.count < lines.count)
    #expect(generated.allSatisfy { $0.count <= 80 })
  }

  @Test("README's option table lists every option of the table, and the term")
  func readmeOptions() throws {
    let readme = try Self.readme()
    #expect(readme.contains("\n| `<term>` | "))
    for option in OptionTable.options {
      #expect(readme.contains("\n| `\(option.label)` | "), "\(option.label)")
    }
  }

  @Test(
    "Each usage error's message",
    arguments: [
      (UsageError.unknownOption("--idx"), "Unknown option '--idx'. Did you mean '--index'?"),
      (.unknownOption("--ver"), "Unknown option '--ver'. Did you mean '--version'?"),
      (.unknownOption("--colr"), "Unknown option '--colr'. Did you mean '--color'?"),
      (.unknownOption("--zzzzzz"), "Unknown option '--zzzzzz'"),
      (.unknownOption("-x"), "Unknown option '-x'"),
      (.missingValue(option: "-f", valueName: "file"), "Missing value for '-f <file>'"),
      (.unexpectedValue(option: "--index"), "The option '--index' does not take a value"),
      (
        .invalidValue(option: "--debounce", valueName: "ms", value: "soon", expected: "a number"),
        "The value 'soon' is invalid for '--debounce <ms>'. Please provide a number."
      ),
      (
        .termNotUTF8(ArgumentText.InvalidUTF8(byte: 0xFF, position: 4)),
        "The term is not valid UTF-8 (byte 0xFF at 4)."
      ),
      (
        .termNotUTF8(ArgumentText.InvalidUTF8(byte: 0x8, position: 1)),
        "The term is not valid UTF-8 (byte 0x08 at 1)."
      ),
      (
        .valueNotUTF8(
          option: "--color", valueName: "when", ArgumentText.InvalidUTF8(byte: 0xC0, position: 2)),
        "The value for '--color <when>' is not valid UTF-8 (byte 0xC0 at 2)."
      ),
      (.conflictingOptions("--index", earlier: "-i"), "'--index' cannot be used with '-i'"),
      (.unexpectedArguments(["b"]), "Unexpected argument 'b'"),
      (
        .needsFile(option: "--key"),
        "'--key' applies to a list read with '-f <file>' or NAMES_SEARCH_FILE, not to the "
          + "built-in list"
      ),
      (.unexpectedArguments(["b", "-"]), "2 unexpected arguments: 'b', '-'"),
    ])
  func message(error: UsageError, expected: String) {
    #expect(error.message == expected)
  }

  @Test("A usage error's report: the message, the usage line, the pointer to --help")
  func report() {
    #expect(
      UsageError.unknownOption("-x").report
        == "Error: Unknown option '-x'\nUsage: \(Self.usage)\n"
        + "  See 'names-search --help' for more information.\n")
  }
}
