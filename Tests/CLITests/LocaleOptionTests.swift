import Foundation
import TestSupport
import Testing

@testable import names_search

/// `--locale` and the locale variables end to end: the tool's `--index` of a flat fixture
/// list against the titles ICU's AlphabeticIndex gives it (through PyICU:
/// `Tests/Fixtures/locale/<list>-buckets.tsv`, see `Scripts/make-alphabetic-index-reference.py`).
@Suite("--locale")
struct LocaleOptionTests {
  static let swedishList = TestPaths.file("Tests/Fixtures/international/sv_SE.txt").path

  /// The titles of `list`'s sections in ICU's order, "#" last, as `--index` prints them.
  static func expectedIndex(_ list: String) throws -> String {
    let text = try String(
      contentsOf: TestPaths.file("Tests/Fixtures/locale/\(list)-buckets.tsv"), encoding: .utf8)
    var titles: [String] = []
    for line in text.split(separator: "\n") {
      let title = String(line.split(separator: "\t")[0])
      if titles.last != title { titles.append(title) }
    }
    return titles.joined(separator: " ") + "\n"
  }

  /// The environment without any locale variable, plus `variables`.
  static func environment(_ variables: [String: String]) -> [String: String] {
    var environment = CLIRunner.defaultEnvironment
    for name in ["LC_ALL", "LC_COLLATE", "LANG"] { environment[name] = nil }
    environment.merge(variables) { $1 }
    return environment
  }

  @Test(
    "POSIX locale names to ICU IDs (hand table): codeset and modifier dropped, C and POSIX root",
    arguments: [
      ("sv_SE.UTF-8@euro", "sv_SE"), ("sv_SE.UTF-8", "sv_SE"), ("ja_JP.eucJP", "ja_JP"),
      ("de", "de"), ("de_DE@collation=phonebook", "de_DE@collation=phonebook"),
      ("C", nil), ("POSIX", nil), ("C.UTF-8", nil), ("root", nil), ("", nil),
    ] as [(String, String?)])
  func posixNames(name: String, identifier: String?) {
    #expect(LocaleSetting.identifier(posix: name) == identifier)
  }

  @Test("the environment: LC_ALL, then LC_COLLATE, then LANG, the first not empty")
  func environmentPrecedence() {
    func locale(_ variables: [String: String]) -> String? {
      var environment = EnvironmentVariables()
      for (name, value) in variables { environment[name] = Array(value.utf8) }
      return LocaleSetting.fromEnvironment(environment)?.identifier
    }
    #expect(locale([:]) == nil)
    #expect(locale(["LANG": "de_DE.UTF-8"]) == "de_DE")
    #expect(locale(["LANG": "de_DE.UTF-8", "LC_COLLATE": "sv_SE.UTF-8"]) == "sv_SE")
    #expect(locale(["LANG": "de_DE", "LC_COLLATE": "sv_SE", "LC_ALL": "es_ES"]) == "es_ES")
    #expect(locale(["LANG": "de_DE", "LC_ALL": ""]) == "de_DE")
    #expect(locale(["LANG": "de_DE", "LC_ALL": "C.UTF-8"]) == nil)
    #expect(locale(["LANG": "xx_YY.UTF-8"]) == nil)
  }

  @Test("--locale sv files a flat list A … Z Å Ä Ö, as ICU does")
  func swedishOption() throws {
    let result = try CLIRunner.run(
      ["--locale", "sv", "-f", Self.swedishList, "--index"], environment: Self.environment([:]))
    #expect(result.status == 0)
    #expect(result.stdoutText == (try Self.expectedIndex("sv_SE")))
    #expect(result.stdoutText.hasSuffix("Y Å\n"))
  }

  @Test(
    "a locale variable ICU cannot read is the root order, not a crash",
    arguments: ["LANG", "LC_ALL"])
  func unreadableLocaleVariable(name: String) throws {
    let root = try CLIRunner.run(
      ["-f", Self.swedishList, "--index"], environment: Self.environment([:]))
    for value in [
      "aaaaaaaaaaaa", "Chinese (Simplified)_China.936", "Norwegian (Bokmål)_Norway.1252",
    ] {
      let result = try CLIRunner.run(
        ["-f", Self.swedishList, "--index"], environment: Self.environment([name: value]))
      #expect(result.status == 0, "\(name)=\(value): \(result.stderrText)")
      #expect(result.stdoutText == root.stdoutText, "\(name)=\(value)")
    }
  }

  @Test("LANG=sv_SE.UTF-8 is --locale sv_SE; LC_ALL=C overrides it with the root order")
  func environmentLocale() throws {
    let swedish = try CLIRunner.run(
      ["-f", Self.swedishList, "--index"],
      environment: Self.environment(["LANG": "sv_SE.UTF-8"]))
    #expect(swedish.stdoutText == (try Self.expectedIndex("sv_SE")))
    let root = try CLIRunner.run(
      ["-f", Self.swedishList, "--index"], environment: Self.environment([:]))
    let c = try CLIRunner.run(
      ["-f", Self.swedishList, "--index"],
      environment: Self.environment(["LC_ALL": "C", "LANG": "sv_SE.UTF-8"]))
    #expect(c.stdoutText == root.stdoutText)
    // The root order files Å under A: no "Å" section.
    #expect(!root.stdoutText.contains("Å"))
    let collate = try CLIRunner.run(
      ["-f", Self.swedishList, "--index"],
      environment: Self.environment(["LC_COLLATE": "sv_SE.UTF-8", "LANG": "C.UTF-8"]))
    #expect(collate.stdoutText == swedish.stdoutText)
    // --locale wins over the environment.
    let option = try CLIRunner.run(
      ["--locale", "C", "-f", Self.swedishList, "--index"],
      environment: Self.environment(["LC_ALL": "sv_SE.UTF-8"]))
    #expect(option.stdoutText == root.stdoutText)
  }

  @Test("a sectioned list's titles are only reordered: sv puts Å Ä Ö after Z")
  func reordersTitles() throws {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(
        PlistFile.xml([("Ö", ["Öberg"]), ("A", ["Anna"]), ("Z", ["Zack"]), ("Å", ["Åsa"])]),
        named: "titles.plist", in: folder)
      let swedish = try CLIRunner.run(
        ["--locale", "sv_SE.UTF-8", "-f", file.path, "--index"],
        environment: Self.environment([:]))
      #expect(swedish.stdoutText == "A Z Å Ö\n")
      let root = try CLIRunner.run(
        ["-f", file.path, "--index"], environment: Self.environment([:]))
      #expect(root.stdoutText == "A Å Ö Z\n")
    }
  }

  @Test("an unknown locale is a usage error naming the value (exit 64)")
  func unknownLocale() throws {
    let result = try CLIRunner.run(["--locale", "xx_YY", "ann"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.first?.contains("'xx_YY'") == true)
    #expect(result.stderrLines.first?.contains("--locale <locale>") == true)
    // The environment is not the user's typing: an unknown LANG is the root order.
    let fromEnvironment = try CLIRunner.run(
      ["--index"], environment: Self.environment(["LANG": "xx_YY.UTF-8"]))
    #expect(fromEnvironment.status == 0)
  }

  @Test("one cache folder keeps sv and de apart")
  func cacheKeepsLocales() throws {
    try TemporaryDirectory.with { folder in
      let environment = Self.environment(["XDG_CACHE_HOME": folder.path])
      // Swedish's sections are in German's order too: only the cache's identity keeps
      // German from reading Swedish's index.
      let list = folder.appendingPathComponent("names.txt")
      try "Örjan\nÅsa\n".write(to: list, atomically: true, encoding: .utf8)
      for _ in 0..<2 {
        let swedish = try CLIRunner.run(
          ["--locale", "sv", "-f", list.path, "--index"], environment: environment)
        #expect(swedish.stdoutText == "Å Ö\n")
      }
      for _ in 0..<2 {
        let german = try CLIRunner.run(
          ["--locale", "de", "-f", list.path, "--index"], environment: environment)
        #expect(german.stdoutText == "A O\n")
      }
    }
  }
}
