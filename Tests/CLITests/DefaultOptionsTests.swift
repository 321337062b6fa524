import Foundation
import NamesSearch
import Testing

@testable import names_search

/// `NAMES_SEARCH_DEFAULT_OPTS` and `NAMES_SEARCH_FILE`: split as a shell splits words, read
/// before the command line (which wins), errors naming the variable; expected values by hand.
@Suite("Default options")
struct DefaultOptionsTests {
  static func words(_ text: String) throws(UsageError) -> [String] {
    try DefaultOptions.words(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
  }

  static func parse(_ arguments: [String], defaults: String, file: String? = nil)
    throws(UsageError) -> ParsedCommand
  {
    try CommandParser.parse(
      arguments.map { Array($0.utf8) }, defaults: try DefaultOptions.words(Array(defaults.utf8)),
      fileVariable: file.flatMap { PathName(bytes: Array($0.utf8)) })
  }

  static func options(_ arguments: [String], defaults: String, file: String? = nil) throws
    -> Options
  {
    guard case .search(let options) = try parse(arguments, defaults: defaults, file: file) else {
      throw UsageError.unknownOption("not a search")
    }
    return options
  }

  @Test("Words split as a shell splits them, quotes and backslashes included")
  func splitting() throws {
    #expect(try Self.words("") == [])
    #expect(try Self.words("  --typos \t --color never\n") == ["--typos", "--color", "never"])
    #expect(try Self.words("--key 'Full Name'") == ["--key", "Full Name"])
    #expect(try Self.words("--key \"Full \\\"N\\\" \\x\"") == ["--key", "Full \"N\" \\x"])
    #expect(try Self.words("a\\ b 'c'\"d\"e") == ["a b", "cde"])
    #expect(try Self.words("''") == [""])
    #expect(
      throws: UsageError.unreadableVariable(
        "NAMES_SEARCH_DEFAULT_OPTS", reason: "a single quote is not closed at byte 7")
    ) {
      try Self.words("--key 'x")
    }
    #expect(
      throws: UsageError.unreadableVariable(
        "NAMES_SEARCH_DEFAULT_OPTS", reason: "a double quote is not closed at byte 1")
    ) {
      try Self.words("\"x")
    }
    #expect(
      throws: UsageError.unreadableVariable(
        "NAMES_SEARCH_DEFAULT_OPTS", reason: "a backslash escapes nothing at byte 3")
    ) {
      try Self.words("ab\\")
    }
  }

  @Test("The command line wins: values, modes, -o, search keys; inverses undo defaults")
  func commandLineWins() throws {
    var expected = Options()
    expected.color = .always
    expected.typos.byLength = true
    #expect(try Self.options(["--color", "always"], defaults: "--color never --typos") == expected)
    #expect(try Self.options(["--no-typos"], defaults: "--typos").typos.byLength == false)
    #expect(try Self.options(["--readings"], defaults: "--no-readings").usesReadings)
    #expect(try Self.options(["--cache"], defaults: "--no-cache").noCache == false)
    // A mode on the command line replaces the defaults' (two there still conflict).
    #expect(try Self.options(["--json"], defaults: "--count").mode == .print(.json))
    #expect(try Self.options(["--no-count"], defaults: "--count").mode == .print(.sections))
    #expect(throws: UsageError.conflictingOptions("--json", earlier: "--index")) {
      try Self.parse(["--index", "--json"], defaults: "--count")
    }
    #expect(
      throws: UsageError.inVariable(
        "NAMES_SEARCH_DEFAULT_OPTS", .conflictingOptions("--json", earlier: "--count"))
    ) {
      try Self.parse([], defaults: "--count --json")
    }
    // -o on the command line replaces a default mode, and a mode there a default -o.
    let written = try Self.options(["-o", "out.plist"], defaults: "--count")
    #expect(written.mode == .print(.sections) && written.output?.description == "out.plist")
    #expect(try Self.options(["--count"], defaults: "-o out.plist").output == nil)
    // Both in the defaults, they conflict there, with or without a command line after them.
    for arguments in [[], ["ann"]] {
      #expect(
        throws: UsageError.inVariable(
          "NAMES_SEARCH_DEFAULT_OPTS", .conflictingOptions("-o", earlier: "--count"))
      ) {
        try Self.parse(arguments, defaults: "-o out.plist --count")
      }
    }
    // --output-format waits, as a default, for an -o.
    #expect(try Self.options([], defaults: "--output-format json").outputFormat == .json)
    #expect(throws: UsageError.needsOutput(option: "--output-format")) {
      try Self.parse(["--output-format", "json"], defaults: "")
    }
    // The command line's search keys replace the defaults'.
    let keys = try Self.options(
      ["-f", "c.csv", "--search-key", "mail"], defaults: "--search-key nick")
    #expect(keys.load.fields.search.map(\.description) == ["mail"])
  }

  @Test("NAMES_SEARCH_FILE is the list when neither -f nor --no-file names one")
  func fileVariable() throws {
    let fromVariable = try Self.options([], defaults: "", file: "/lists/c.csv")
    #expect(fromVariable.file?.description == "/lists/c.csv")
    #expect(fromVariable.fileVariable == "NAMES_SEARCH_FILE")
    let given = try Self.options(["-f", "x.plist"], defaults: "", file: "/lists/c.csv")
    #expect(given.file?.description == "x.plist" && given.fileVariable == nil)
    #expect(try Self.options(["--no-file"], defaults: "", file: "/lists/c.csv").file == nil)
    #expect(
      try Self.options([], defaults: "-f d.json", file: "/lists/c.csv").file?.description
        == "d.json")
    // With the variable's file, a file option applies; for the built-in list a default one
    // is left out, while one on the command line is an error.
    #expect(
      try Self.options(["--key", "name"], defaults: "", file: "c.csv").load.fields.name?.description
        == "name")
    #expect(try Self.options(["--no-file"], defaults: "--key name", file: "c.csv").load == .default)
    #expect(throws: UsageError.needsFile(option: "--key")) {
      try Self.parse(["--no-file", "--key", "name"], defaults: "", file: "c.csv")
    }
    // The built-in list a default --no-file chose: the error says where it came from.
    #expect(throws: UsageError.needsFile(option: "--key", noFileInDefaults: true)) {
      try Self.parse(["--key", "name"], defaults: "--no-file", file: "c.csv")
    }
    #expect(
      UsageError.needsFile(option: "--key", noFileInDefaults: true).message
        == "'--key' applies to a list read with '-f <file>' or NAMES_SEARCH_FILE, not to the "
        + "built-in list, which '--no-file' in NAMES_SEARCH_DEFAULT_OPTS chose")
  }

  @Test("The reading options have inverses that undo a default, and no longer need a file")
  func readingInverses() throws {
    let defaults = "--key name --search-key nick --section-key group --format csv --table t"
    let given = try Self.options(["-f", "c.csv"], defaults: defaults)
    #expect(given.load.fields.name?.description == "name")
    #expect(given.load.fields.search.map(\.description) == ["nick"])
    #expect(given.load.fields.section?.description == "group" && given.load.table == "t")
    #expect(given.load.format == .csv)
    let undone = try Self.options(
      [
        "-f", "c.csv", "--no-key", "--no-search-key", "--no-section-key", "--no-format",
        "--no-table",
      ], defaults: defaults)
    #expect(undone.load == LoadOptions.default)
    #expect(undone.readingOptionsFromDefaults.isEmpty)
    // --no-search-key drops the keys before it, and the command line's may follow it.
    let replaced = try Self.options(
      ["-f", "c.csv", "--no-search-key", "--search-key", "mail"], defaults: "--search-key nick")
    #expect(replaced.load.fields.search.map(\.description) == ["mail"])
    // Undone on the command line, a reading option needs no file: the built-in list is read.
    #expect(try Self.options(["--key", "name", "--no-key"], defaults: "").load == .default)
    #expect(throws: UsageError.unexpectedValue(option: "--no-key")) {
      try Self.parse(["--no-key=name"], defaults: "")
    }
  }

  @Test("The defaults' reading options and -f are known, for load errors to name the variable")
  func readingOptionsFromDefaults() throws {
    let both = try Self.options(
      ["-f", "c.csv", "--key", "Full Name"], defaults: "--key name --format csv --typos")
    #expect(both.readingOptionsFromDefaults == ["--format"])
    #expect(both.fileVariable == nil)
    // For the built-in list the defaults' reading options are left out, and not named.
    #expect(
      try Self.options(["ann"], defaults: "--key x --format csv").readingOptionsFromDefaults == [])
    let fromDefaults = try Self.options(["ann"], defaults: "-f c.csv --table t --search-key nick")
    #expect(fromDefaults.readingOptionsFromDefaults == ["--table", "--search-key"])
    #expect(fromDefaults.fileVariable == "NAMES_SEARCH_DEFAULT_OPTS")
    // NAMES_SEARCH_FILE's list read with a default --format names both.
    let variable = try Self.options([], defaults: "--format json", file: "c.csv")
    #expect(variable.fileVariable == "NAMES_SEARCH_FILE")
    #expect(variable.readingOptionsFromDefaults == ["--format"])
    let invalid = LoadError(source: "c.csv", reason: .invalid(format: .json, "line 1: x"))
    #expect(
      LoadErrorLine.text(invalid, for: variable)
        == "names-search: \(invalid) (the list NAMES_SEARCH_FILE names, read with --format "
        + "from NAMES_SEARCH_DEFAULT_OPTS)\n")
    // Several options the list named in the defaults was read with, listed as English does.
    let needsKey = LoadError(source: "c.csv", reason: .recordsNeedKey(fields: []))
    #expect(
      LoadErrorLine.text(needsKey, for: fromDefaults)
        == "names-search: \(needsKey) (the list NAMES_SEARCH_DEFAULT_OPTS names, read with "
        + "--table and --search-key from it)\n")
    // An error about opening the file or its size owes nothing to the reading options.
    let missing = LoadError(source: "c.csv", reason: .unreadable("No such file or directory"))
    #expect(
      LoadErrorLine.text(missing, for: try Self.options(["-f", "c.csv"], defaults: "--key k"))
        == "names-search: \(missing)\n")
    let sized = try Self.options(["-f", "c.csv"], defaults: "--max-size 1K --key k")
    #expect(sized.maximumSizeFromDefaults)
    let tooLarge = LoadError(source: "c.csv", reason: .tooLarge(limit: 1024))
    #expect(
      LoadErrorLine.text(tooLarge, for: sized)
        == "names-search: \(tooLarge) (see --max-size, which NAMES_SEARCH_DEFAULT_OPTS sets)\n")
    let resized = try Self.options(["-f", "c.csv", "--max-size", "2K"], defaults: "--max-size 1K")
    #expect(!resized.maximumSizeFromDefaults)
    #expect(
      LoadErrorLine.text(tooLarge, for: resized) == "names-search: \(tooLarge) (see --max-size)\n")
  }

  @Test("Errors in the defaults name the variable")
  func errors() {
    let variable = "NAMES_SEARCH_DEFAULT_OPTS"
    #expect(throws: UsageError.inVariable(variable, .unknownOption("--idx"))) {
      try Self.parse(["ann"], defaults: "--idx")
    }
    #expect(throws: UsageError.inVariable(variable, .notAnOption("ann"))) {
      try Self.parse([], defaults: "--count ann")
    }
    #expect(throws: UsageError.inVariable(variable, .notADefault(option: "--help"))) {
      try Self.parse([], defaults: "--help")
    }
    // A value in the defaults is the defaults' own: it is not taken from the command line.
    #expect(
      throws: UsageError.inVariable(variable, .missingValue(option: "--color", valueName: "when"))
    ) {
      try Self.parse(["never"], defaults: "--color")
    }
    #expect(
      UsageError.inVariable(variable, .unknownOption("--idx")).message
        == "In NAMES_SEARCH_DEFAULT_OPTS: Unknown option '--idx'. Did you mean '--index'?")
  }

  @Test("End to end: the variables change what the tool does, and their errors say which")
  func endToEnd() throws {
    try TemporaryDirectory.with { folder in
      let list = try PlistFile.write(
        PlistFile.xml([("A", ["Ann", "Al"]), ("B", ["Bob"])]), named: "n.plist", in: folder)
      var environment = CLIRunner.defaultEnvironment
      environment["NAMES_SEARCH_FILE"] = list.path
      environment["NAMES_SEARCH_DEFAULT_OPTS"] = "--count"
      let counted = try CLIRunner.run(["a"], environment: environment)
      #expect(counted.stdoutText == "2\n" && counted.status == 0)
      let listed = try CLIRunner.run(["--no-count", "b"], environment: environment)
      #expect(listed.stdoutText == "B\n  Bob\n")
      environment["NAMES_SEARCH_FILE"] = folder.appendingPathComponent("missing.plist").path
      let missing = try CLIRunner.run(["a"], environment: environment)
      #expect(missing.status == 2)
      #expect(missing.stderrLines.count == 1)
      #expect(missing.stderrText.hasSuffix("(the list NAMES_SEARCH_FILE names)\n"))
      environment["NAMES_SEARCH_DEFAULT_OPTS"] = "--key 'x"
      let unreadable = try CLIRunner.run(["a"], environment: environment)
      #expect(unreadable.status == 64)
      #expect(
        unreadable.stderrText.hasPrefix(
          "Error: NAMES_SEARCH_DEFAULT_OPTS cannot be read as words: a single quote is not "
            + "closed at byte 7\n"))
      // --help, --version and the generators read no defaults: a broken one does not stop
      // them (make install runs them), while a search still reports it.
      for broken in ["--key 'x", "--bogus", "ann"] {
        environment["NAMES_SEARCH_DEFAULT_OPTS"] = broken
        let version = try CLIRunner.run(["--version"], environment: environment)
        #expect(version.status == 0 && version.stdoutText == "\(HelpText.version)\n", "\(broken)")
        let manual = try CLIRunner.run(["--generate-manual"], environment: environment)
        #expect(manual.status == 0 && manual.stdoutText == ManualPage.text, "\(broken)")
        let search = try CLIRunner.run(["a"], environment: environment)
        #expect(search.status == 64 && search.stderrText.contains("NAMES_SEARCH_DEFAULT_OPTS"))
        // A mistake in a generator's own value is reported, not the broken default.
        let ksh = try CLIRunner.run(
          ["--generate-completion-script", "ksh"], environment: environment)
        #expect(ksh.status == 64 && ksh.stderrText.hasPrefix("Error: The value 'ksh' is invalid"))
      }
      // A load error of a list read with the defaults' options names the variable.
      let text = folder.appendingPathComponent("names.txt")
      try Data("Ann\nBob\n".utf8).write(to: text)
      environment["NAMES_SEARCH_FILE"] = nil
      environment["NAMES_SEARCH_DEFAULT_OPTS"] = "--key 'Full Name'"
      let keyed = try CLIRunner.run(["-f", text.path, "a"], environment: environment)
      #expect(keyed.status == 2 && keyed.stderrLines.count == 1)
      #expect(keyed.stderrText.hasSuffix(" (read with --key from NAMES_SEARCH_DEFAULT_OPTS)\n"))
      let unkeyed = try CLIRunner.run(["-f", text.path, "--no-key", "a"], environment: environment)
      #expect(unkeyed.stdoutText == "A\n  Ann\n" && unkeyed.status == 0)
      environment["NAMES_SEARCH_DEFAULT_OPTS"] = "-f '\(folder.path)/missing.txt'"
      let missingDefault = try CLIRunner.run(["a"], environment: environment)
      #expect(missingDefault.status == 2)
      #expect(
        missingDefault.stderrText.hasSuffix("(the list NAMES_SEARCH_DEFAULT_OPTS names)\n"))
    }
  }
}
