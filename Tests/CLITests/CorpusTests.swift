import Foundation
import TestSupport
import Testing

/// The hostile-input corpus (`Tests/Corpus`, made by `make-corpus.py`): each file with its
/// exact message and status, written by hand in the generator.
@Suite("Hostile input corpus")
struct CorpusTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var status: Int32
    var expected: String
    var testDescription: String { file }
  }

  static let folder = TestPaths.file("Tests/Corpus")

  /// The cases of `expected.tsv` (file, status, message; `\n` for a newline), in file order.
  ///
  /// - Throws: `CLITestSetupError` naming the manifest when it cannot be read, and the line
  ///   when one is malformed, so that a lost manifest fails every test here instead of
  ///   running no case at all.
  static func cases() throws -> [Case] {
    let url = folder.appendingPathComponent("expected.tsv")
    let manifest: String
    do {
      manifest = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw CLITestSetupError(
        description: "\(url.path): cannot be read: \(error.localizedDescription)")
    }
    let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    return try lines.filter { !$0.element.isEmpty }.map { number, line in
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3, let status = Int32(fields[1]) else {
        throw CLITestSetupError(
          description: "\(url.path): line \(number + 1): not FILE<tab>STATUS<tab>MESSAGE")
      }
      return Case(
        file: String(fields[0]), status: status,
        expected: fields[2].replacingOccurrences(of: "\\n", with: "\n"))
    }
  }

  @Test("the manifest is there and names every case file")
  func manifestIsComplete() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.folder.appendingPathComponent("cases").path)
    let cases = try Self.cases()
    #expect(cases.count >= 50)
    #expect(Set(cases.map(\.file)) == Set(files))
  }

  @Test("every case: its message and status, nothing else", arguments: try cases())
  func corpusCase(_ item: Case) throws {
    let path = Self.folder.appendingPathComponent("cases/\(item.file)").path
    for viaStandardInput in [false, true] {
      let result =
        viaStandardInput
        ? try CLIRunner.run(["-f", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
        : try CLIRunner.run(["--no-cache", "-f", path])
      let source = viaStandardInput ? "<stdin>" : path
      if viaStandardInput
        && FileManager.default.contents(atPath: path)?.starts(
          with: Array("SQLite format 3\0".utf8)) == true
      {
        // A database is opened by its path: from standard input it is refused.
        #expect(result.status == 2)
        #expect(
          result.stderrText == "names-search: <stdin>: not a property list: an SQLite database"
            + " can only be read from a regular file\n")
        continue
      }
      #expect(result.status == item.status, "\(item.file) \(result.stderrText)")
      if item.status == 0 {
        #expect(result.stdoutText == item.expected)
        #expect(result.stderrText == "")
      } else {
        #expect(result.stdout.isEmpty)
        let prefix = "names-search: \(source): "
        #expect(result.stderrLines.count == 1, "\(result.stderrText)")
        if item.expected.hasSuffix("*") {
          #expect(
            result.stderrText.hasPrefix(prefix + item.expected.dropLast()), "\(result.stderrText)")
        } else {
          #expect(result.stderrText == prefix + item.expected + "\n")
        }
      }
    }
  }
}
