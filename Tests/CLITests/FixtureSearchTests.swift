import Foundation
import TestSupport
import Testing

/// `names-search -f <fixture>` against a reference computed without the tool: the fixture
/// parsed with `XMLParser` (`ReferencePlist`) and searched with Foundation's `range(of:options:)`.
@Suite("Searching the real sortednames fixture")
struct FixtureSearchTests {
  static let terms = ["ann", "ANN", "jose", "", "z", "ll", "qu", "xyz", "a"]

  let fixture: URL
  let reference: [ReferenceSection]

  init() throws {
    fixture = try CLIRunner.fixture()
    reference = try ReferencePlist.sections(atPath: fixture.path)
  }

  @Test("The reference parse sees 26 sections and 2,000 names, as the fixture's README says")
  func referenceIsSane() {
    #expect(reference.map(\.title) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { String($0) })
    #expect(reference.reduce(0) { $0 + $1.names.count } == 2_000)
    #expect(Set(reference.flatMap(\.names)).count == 1_938)
  }

  @Test("Plain output matches the reference byte for byte", arguments: terms)
  func plainOutput(term: String) throws {
    let expected = FixtureReference.search(term, in: reference)
    let result = try CLIRunner.run(["-f", fixture.path, "--fold", "cd", term])
    #expect(result.stdoutText == FixtureReference.plainOutput(expected))
    #expect(result.stdout == Data(FixtureReference.plainOutput(expected).utf8))
    #expect(result.stderrText == "")
    #expect(result.status == (expected.isEmpty ? 1 : 0))
  }

  @Test("--count prints the reference's number of matching names", arguments: terms)
  func count(term: String) throws {
    let expected = FixtureReference.search(term, in: reference)
    let total = expected.reduce(0) { $0 + $1.names.count }
    let result = try CLIRunner.run(["-f", fixture.path, "--fold", "cd", "--count", term])
    #expect(result.stdoutText == "\(total)\n")
    #expect(result.stderrText == "")
    #expect(result.status == (total == 0 ? 1 : 0))
  }

  @Test("--index prints the reference's remaining titles on one line", arguments: terms)
  func index(term: String) throws {
    let expected = FixtureReference.search(term, in: reference)
    let result = try CLIRunner.run(["-f", fixture.path, "--fold", "cd", "--index", term])
    #expect(result.stdoutText == expected.map(\.title).joined(separator: " ") + "\n")
    #expect(result.stderrText == "")
    #expect(result.status == (expected.isEmpty ? 1 : 0))
  }

  @Test("--json is one line that parses to the reference", arguments: terms)
  func json(term: String) throws {
    let expected = FixtureReference.search(term, in: reference)
    let result = try CLIRunner.run(["-f", fixture.path, "--fold", "cd", "--json", term])
    #expect(result.stderrText == "")
    #expect(result.status == (expected.isEmpty ? 1 : 0))
    #expect(result.stdoutText.hasSuffix("}\n"))
    #expect(result.stdoutText.filter { $0 == "\n" }.count == 1, "exactly one line")

    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
      "stdout is a JSON object")
    #expect(Set(object.keys) == ["query", "sections", "index", "total"])
    #expect(object["query"] as? String == term)
    let sections = try #require(object["sections"] as? [[String: Any]])
    #expect(sections.map { Set($0.keys) }.allSatisfy { $0 == ["title", "names"] })
    #expect(sections.map { $0["title"] as? String } == expected.map(\.title))
    #expect(sections.map { $0["names"] as? [String] } == expected.map(\.names))
    #expect(object["index"] as? [String] == expected.map(\.title))
    #expect(object["total"] as? Int == expected.reduce(0) { $0 + $1.names.count })
  }

  @Test("An absent term is the same reset as an empty one")
  func absentTermIsReset() throws {
    let expected = FixtureReference.plainOutput(FixtureReference.search("", in: reference))
    let result = try CLIRunner.run(["-f", fixture.path])
    #expect(result.stdoutText == expected)
    #expect(result.stderrText == "")
    #expect(result.status == 0)
  }

  @Test("The reset prints 26 titles and 2,000 names, \"Addison\" twice")
  func resetHandCounts() throws {
    let result = try CLIRunner.run(["-f", fixture.path, ""])
    var lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    lines.removeLast()
    let nameLines = lines.filter { $0.hasPrefix("  ") }
    let titleLines = lines.filter { !$0.hasPrefix("  ") }
    #expect(nameLines.count == 2_000)
    #expect(titleLines.count == 26)
    #expect(titleLines == "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { Substring(String($0)) })
    #expect(nameLines.filter { $0 == "  Addison" }.count == 2)
    #expect(result.status == 0)
  }

  @Test("--count \"\" on the fixture is 2000, duplicates included")
  func resetCount() throws {
    let result = try CLIRunner.run(["-f", fixture.path, "--count", ""])
    #expect(result.stdoutText == "2000\n")
    #expect(result.status == 0)
  }

  @Test("The fixture read from standard input gives the same output as from the file")
  func fixtureFromStandardInput() throws {
    let data = try Data(contentsOf: fixture)
    let fromFile = try CLIRunner.run(["-f", fixture.path, "ann"])
    let fromStdin = try CLIRunner.run(["-f", "-", "ann"], stdin: data)
    #expect(fromStdin.stdout == fromFile.stdout)
    #expect(fromStdin.stderrText == "")
    #expect(fromStdin.status == 0)
  }
}
