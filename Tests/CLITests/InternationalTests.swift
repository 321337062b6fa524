import Foundation
import Testing

/// Real full names in several scripts (the `Tests/Fixtures/international/<locale>.txt` fixtures),
/// searched by the tool and by Foundation's `range(of:options:)` with `.caseInsensitive` and
/// `.diacriticInsensitive`: the same names must match under `--fold cd`, the contract that
/// is Foundation's.
@Suite("International names")
struct InternationalTests {
  /// Locales whose names Foundation folds the way the contract does. (German is left out:
  /// Foundation on Linux does not find "hes" in "Heß", which full case folding does.)
  static let locales = ["fr_FR", "es_ES", "cs_CZ", "pl_PL", "sv_SE", "tr_TR", "ru_RU", "el_GR"]

  static func names(of locale: String) throws -> [String] {
    let url = CLIRunner.fixtureURL.deletingLastPathComponent()
      .appendingPathComponent("international/\(locale).txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw CLITestSetupError(description: "fixture not found at \(url.path)")
    }
    return text.split(separator: "\n").map(String.init)
  }

  /// Terms cut from the names themselves: three letters of a surname, as typed, in
  /// capitals, and without their diacritics.
  static func terms(from names: [String]) -> [String] {
    var terms: [String] = []
    for (n, name) in names.enumerated() where n % 15 == 0 {
      guard let word = name.split(separator: " ").last, word.count >= 4 else { continue }
      let piece = String(word.dropFirst().prefix(3))
      terms += [
        piece, piece.uppercased(), piece.folding(options: .diacriticInsensitive, locale: nil),
      ]
    }
    return Array(Set(terms)).sorted()
  }

  @Test("The tool and Foundation find the same names", arguments: locales)
  func sameMatchesAsFoundation(locale: String) throws {
    let names = try Self.names(of: locale)
    #expect(names.count == 150)
    // Sections by first character, in file order; titles are whatever the names start with.
    var sections: [(title: String, names: [String])] = []
    for name in names {
      let title = String(name.first!)
      let same = { (other: String) in other.unicodeScalars.elementsEqual(title.unicodeScalars) }
      if let s = sections.firstIndex(where: { same($0.title) }) {
        sections[s].names.append(name)
      } else {
        sections.append((title, [name]))
      }
    }
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(PlistFile.xml(sections), named: "\(locale).plist", in: folder)
      for term in Self.terms(from: names) {
        let expected = names.filter {
          $0.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        let result = try CLIRunner.run(["-f", file.path, "--fold", "cd", "--json", "--", term])
        let object = try #require(
          try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
          "JSON for \(term)")
        let sectionsFound = try #require(object["sections"] as? [[String: Any]])
        let found = sectionsFound.flatMap { $0["names"] as? [String] ?? [] }
        #expect(found.sorted() == expected.sorted(), "\(locale): term \(term)")
        #expect(object["total"] as? Int == expected.count, "\(locale): term \(term)")
        #expect(result.status == (expected.isEmpty ? 1 : 0))
      }
    }
  }
}
