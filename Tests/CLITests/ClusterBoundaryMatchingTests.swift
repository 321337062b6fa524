import Foundation
import Testing

/// A match neither starts nor ends inside a user-perceived character (issue 8): the flag
/// cases through the built command, with every combination of the sensitivity options.
/// Expected output worked out by hand: regional indicators pair up from the start of their
/// run (Unicode UAX #29, GB12/GB13), so "🇰🇵🇰🇷" is KP KR and holds no PK.
@Suite("Matching between characters")
struct ClusterBoundaryMatchingTests {
  static let catalog: [(title: String, names: [String])] = [
    ("F", ["Kim 🇰🇵🇰🇷", "🇦🇺🇸🇪", "🇯🇵", "🇺🇸 Sam"]),
    ("I", ["लक्ष्मी", "Dad 👨\u{200D}👩\u{200D}👧"]),
  ]

  static let flagSets: [[String]] = [
    [], ["--diacritic-sensitive"], ["--case-sensitive"],
    ["--case-sensitive", "--diacritic-sensitive"],
  ]

  /// Term → the output that lists what it finds; "" when it finds nothing.
  static let cases: [(term: String, output: String)] = [
    ("🇵🇰", ""),
    ("🇺🇸", "F\n  🇺🇸 Sam\n"),
    ("🇯", ""),
    ("🇵", ""),
    ("🇰🇷", "F\n  Kim 🇰🇵🇰🇷\n"),
    ("🇰🇵", "F\n  Kim 🇰🇵🇰🇷\n"),
    ("🇦🇺", "F\n  🇦🇺🇸🇪\n"),
    ("🇸🇪", "F\n  🇦🇺🇸🇪\n"),
    ("Kim 🇰🇵", "F\n  Kim 🇰🇵🇰🇷\n"),
    ("ष", ""),  // inside the conjunct क्ष (GB9c)
    ("👧", ""),  // joined to 👩 by ZERO WIDTH JOINER (GB11)
    ("👨\u{200D}👩\u{200D}👧", "I\n  Dad 👨\u{200D}👩\u{200D}👧\n"),
  ]

  @Test("flags, conjuncts and emoji sequences", arguments: 0..<4)
  func flags(flagSet: Int) throws {
    let flags = Self.flagSets[flagSet]
    for (term, output) in Self.cases {
      let result = try CLIRunner.run(flags + [term], catalog: Self.catalog)
      #expect(result.stdoutText == output, "\(flags) \(term)")
      #expect(result.stderrText == "")
      #expect(result.status == (output.isEmpty ? 1 : 0), "\(flags) \(term)")
    }
  }

  @Test("--color always marks only the whole flag")
  func highlightedFlag() throws {
    let red = "\u{1B}[1;31m"
    let reset = "\u{1B}[0m"
    let result = try CLIRunner.run(["--color", "always", "🇰🇷"], catalog: Self.catalog)
    let expected = "\u{1B}[1mF\(reset)\n  Kim 🇰🇵\(red)🇰🇷\(reset)\n"
    #expect(result.stdoutText == expected)
    #expect(result.status == 0)
  }
}
