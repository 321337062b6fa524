import Foundation
import Testing

@testable import names_search

/// The completion scripts, run in the real shells: each is made by the built binary
/// (`--generate-completion-script`), loaded into bash, zsh or fish, and asked to complete
/// what a user types; the expected completions are written out by hand.
@Suite("Completion scripts")
struct CompletionScriptTests {
  /// The script the built binary prints for `shell`, written to `folder/name`.
  static func script(_ shell: String, named name: String, in folder: URL) throws -> URL {
    let result = try CLIRunner.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    #expect(result.stderrText == "")
    let file = folder.appendingPathComponent(name)
    try result.stdout.write(to: file)
    return file
  }

  /// bash's completions (`COMPREPLY`) for the words typed, the last one being completed.
  static func bash(_ words: [String], script: URL, in folder: URL) throws -> [String] {
    let program = """
      source "$1"
      shift
      complete -p names-search >/dev/null || exit 3
      COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
      _names_search
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try CLIRunner.runProgram(
      URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", program, "bash", script.path] + words,
      currentDirectory: folder)
    #expect(result.status == 0, "\(result.stderrText)")
    return result.stdoutText.split(separator: "\n").map(String.init)
  }

  @Test("bash: options, inverses, enumerated values (both spellings), files, and none after --")
  func bash() throws {
    try TemporaryDirectory.with { folder in
      let script = try Self.script("bash", named: "names-search.bash", in: folder)
      try Data().write(to: folder.appendingPathComponent("contacts.plist"))
      try Data().write(to: folder.appendingPathComponent("contacts.csv"))
      func completions(_ words: String...) throws -> [String] {
        try Self.bash(["names-search"] + words, script: script, in: folder)
      }
      #expect(try completions("--col") == ["--color"])
      #expect(try completions("--no-rea") == ["--no-readings"])
      #expect(try completions("--rea") == ["--readings"])
      #expect(try completions("--no-t") == ["--no-table", "--no-typos"])
      #expect(try completions("--no-k") == ["--no-key"])
      #expect(try completions("--color", "") == ["auto", "always", "never"])
      #expect(try completions("--color", "=", "al") == ["always"])
      #expect(try completions("--color", "=") == ["auto", "always", "never"])
      #expect(Set(try completions("--fold", "")) == ["all", "cd"])
      #expect(try completions("--output-format", "") == ["xml", "binary", "json"])
      #expect(try completions("--format", "s") == ["sqlite"])
      #expect(try completions("--generate-completion-script", "") == ["bash", "zsh", "fish"])
      #expect(try completions("--max-typos", "") == (0...9).map(String.init))
      // ICU's collation locales: Swedish is one, Klingon is not.
      #expect(try completions("--locale", "sv").contains("sv"))
      #expect(try completions("--locale", "tlh").isEmpty)
      #expect(try completions("-f", "contacts.").sorted() == ["contacts.csv", "contacts.plist"])
      #expect(try completions("--file", "contacts.p") == ["contacts.plist"])
      #expect(try completions("-o", "contacts.c") == ["contacts.csv"])
      // A field name, a term, or anything after "--" is not completed.
      #expect(try completions("--key", "").isEmpty)
      #expect(try completions("ann").isEmpty)
      #expect(try completions("--", "--col").isEmpty)
      // Every name of every option, inverses included: from the table, through the shell.
      let all = Set(try completions("-"))
      var names = Set<String>()
      for option in OptionTable.options { names.formUnion(option.names) }
      #expect(all == names)
      #expect(all.isSuperset(of: ["-f", "--no-file", "--index", "--no-index", "--cache", "-h"]))
    }
  }

  @Test(
    "zsh: options, values and files, completed by the line editor",
    .enabled(if: HostTool.runs("zsh")))
  func zsh() throws {
    try TemporaryDirectory.with { folder in
      _ = try Self.script("zsh", named: "_names-search", in: folder)
      try Data().write(to: folder.appendingPathComponent("contacts.plist"))
      // An interactive zsh in a pseudo-terminal (zsh/zpty), with the script's folder on
      // fpath and compinit run, is sent what a user types, Tab included; what it shows back
      // is read until it has been quiet for a while: 2 s, 6 s under a sanitizer (reading
      // once after a fixed 0.7 s, CI on a busy machine read only the typed line back).
      let quietTenths =
        ProcessInfo.processInfo.environment["NAMES_SEARCH_SANITIZER"] == nil ? 20 : 60
      let driver = """
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "PS1='> '; fpath=(${(q)1} \\$fpath); autoload -Uz compinit; compinit -u -D; cd ${(q)1}"
        quiet=$2
        drain() {
          local chunk idle=0
          out=
          while (( idle < quiet )); do
            if zpty -r -t z chunk; then out+=$chunk; idle=0; else sleep 0.1; (( idle++ )); fi
          done
        }
        drain
        for line in "${@:3}"; do
          zpty -w -n z $'\\C-u'"$line"$'\\t'
          drain
          print -r -- "REPLY ${(V)out//$'\\r'/}"
        done
        zpty -d z
        """
      let typed = [
        "names-search --col", "names-search --fold ", "names-search -f contacts.p",
        "names-search --generate-completion-script f", "names-search -F",
        "names-search ann --ty", "names-search --no-search-key x --search-k",
      ]
      let result = try CLIRunner.runProgram(
        URL(fileURLWithPath: "/usr/bin/zsh"),
        ["-f", "-c", driver, "zsh", folder.path, "\(quietTenths)"] + typed)
      #expect(result.status == 0, "\(result.stderrText)")
      let replies = result.stdoutText.components(separatedBy: "REPLY ").dropFirst().map {
        String($0)
      }
      try #require(replies.count == typed.count, "\(result.stdoutText)")
      #expect(replies[0].contains("--color"), "\(replies[0])")
      #expect(replies[0].contains("Color section titles"), "\(replies[0])")
      #expect(replies[1].contains("all") && replies[1].contains("cd"), "\(replies[1])")
      #expect(replies[2].contains("contacts.plist"), "\(replies[2])")
      #expect(replies[3].contains("fish"), "\(replies[3])")
      // Short options do not stack, as the parser takes none stacked ("-Ff" is unknown).
      #expect(!replies[4].contains("-Ff") && !replies[4].contains("-Fi"), "\(replies[4])")
      // Options still complete after the term.
      #expect(replies[5].contains("names-search ann --typos"), "\(replies[5])")
      // --no-search-key drops the --search-key options before it, not those after.
      #expect(replies[6].contains("--no-search-key x --search-key"), "\(replies[6])")
    }
  }

  @Test("fish: options, values and files, by complete -C", .enabled(if: HostTool.runs("fish")))
  func fish() throws {
    try TemporaryDirectory.with { folder in
      let script = try Self.script("fish", named: "names-search.fish", in: folder)
      try Data().write(to: folder.appendingPathComponent("contacts.plist"))
      func completions(_ line: String) throws -> [String] {
        let result = try CLIRunner.runProgram(
          URL(fileURLWithPath: "/usr/bin/fish"),
          ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script.path, line],
          currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderrText)")
        // Each line is a completion, a tab, and its description.
        return result.stdoutText.split(separator: "\n").map {
          String($0.split(separator: "\t", maxSplits: 1)[0])
        }
      }
      #expect(try completions("names-search --col") == ["--color"])
      #expect(try completions("names-search --no-ca") == ["--no-cache", "--no-case-sensitive"])
      #expect(Set(try completions("names-search --color ")) == ["auto", "always", "never"])
      #expect(Set(try completions("names-search --fold ")) == ["all", "cd"])
      #expect(try completions("names-search -f contacts.p") == ["contacts.plist"])
      #expect(try completions("names-search --locale sv").contains("sv"))
      // The term completes nothing (no file names).
      #expect(try completions("names-search cont").isEmpty)
    }
  }

  @Test("A description is the help's first clause, short and on one line")
  func summaries() {
    #expect(
      CompletionScript.summary("Match case exactly (\"ann\" does not find \"Ann\").")
        == "Match case exactly (\"ann\" does not find \"Ann\")")
    #expect(CompletionScript.summary("How far it folds: all or cd. More.") == "How far it folds")
    #expect(
      CompletionScript.summary("Sort (sv: A; de: B) by it; then more.")
        == "Sort (sv: A; de: B) by it")
    #expect(
      CompletionScript.summary(String(repeating: "word ", count: 20)) == String(
        repeating: "word ", count: 10) + "word...")
  }
}
