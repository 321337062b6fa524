import Foundation
import Testing

/// Options that choose fields, tables and output formats, given where they cannot apply:
/// each is one line naming the file and the place (exit 2), or a usage error (exit 64),
/// never silently ignored. Expected messages are written out by hand.
@Suite("Record option errors")
struct RecordOptionErrorTests {
  /// Runs names-search on a file holding `text`, named `name`, with `arguments` after it.
  func run(_ text: String, named name: String, _ arguments: [String]) throws -> CLIResult {
    try TemporaryDirectory.with { folder in
      let file = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: file)
      return try CLIRunner.run(["-f", file.path, "--no-cache"] + arguments)
    }
  }

  @Test("a name among records, with --key: the item is named, whichever comes first")
  func mixedNamesAndRecords() throws {
    let cases: [(String, String)] = [
      (#"[{"n": "Ann"}, "Bob"]"#, #"item 2: expected a record with the field "n", found a string"#),
      (#"["Bob", {"n": "Ann"}]"#, #"item 1: expected a record with the field "n", found a string"#),
      (
        #"{"A": [{"n": "Ann"}], "B": ["Bob"]}"#,
        #"section "B", item 1: expected a record with the field "n", found a string"#
      ),
    ]
    for (json, message) in cases {
      let result = try run(json, named: "mixed.json", ["--key", "n"])
      #expect(result.status == 2 && result.stdout.isEmpty)
      #expect(result.stderrText.hasSuffix("mixed.json: \(message)\n"), "\(json)")
    }
  }

  @Test("a search field no record holds is an error listing the fields, as for CSV")
  func misspeltSearchKey() throws {
    let json = #"[{"movieName": "Up", "movieTime": "96 min"}]"#
    let result = try run(json, named: "m.json", ["--key", "movieName", "--search-key", "time"])
    #expect(result.status == 2 && result.stdout.isEmpty)
    #expect(
      result.stderrText.hasSuffix(
        #"m.json: no field "time" (fields: "movieName", "movieTime")"# + "\n"))
    // Spelt right, it finds the record by its time.
    let found = try run(
      json, named: "m.json", ["--key", "movieName", "--search-key", "movieTime", "96"])
    #expect(found.status == 0 && found.stdoutText == "U\n  Up\n")
  }

  @Test("--table on a list that is not a database is an error, not ignored")
  func tableWithoutDatabase() throws {
    let result = try run("Ann\nBob\n", named: "names.txt", ["--table", "people"])
    #expect(result.status == 2 && result.stdout.isEmpty)
    #expect(
      result.stderrText.hasSuffix(
        "names.txt: a table was chosen, but the list is a text list, not an SQLite database\n"))
  }

  @Test("--output-format without -o is a usage error")
  func outputFormatWithoutOutput() throws {
    let result = try run("Ann\n", named: "names.txt", ["--output-format", "json"])
    #expect(result.status == 64 && result.stdout.isEmpty)
    #expect(
      result.stderrText.hasPrefix(
        "Error: '--output-format' says what '-o <file>' writes; give '-o' too\n"))
  }
}
