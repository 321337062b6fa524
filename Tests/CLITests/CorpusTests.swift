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

  static var cases: [Case] {
    let manifest =
      (try? String(contentsOf: folder.appendingPathComponent("expected.tsv"), encoding: .utf8))
      ?? ""
    return manifest.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      return Case(
        file: String(fields[0]), status: Int32(fields[1])!,
        expected: fields[2].replacingOccurrences(of: "\\n", with: "\n"))
    }
  }

  @Test("the manifest is there and names every case file")
  func manifestIsComplete() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.folder.appendingPathComponent("cases").path)
    #expect(Self.cases.count >= 50)
    #expect(Set(Self.cases.map(\.file)) == Set(files))
  }

  @Test("every case: its message and status, nothing else", arguments: cases)
  func corpusCase(_ item: Case) throws {
    let path = Self.folder.appendingPathComponent("cases/\(item.file)").path
    for viaStandardInput in [false, true] {
      let result =
        viaStandardInput
        ? try CLIRunner.run(["-f", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
        : try CLIRunner.run(["--no-cache", "-f", path])
      let source = viaStandardInput ? "<stdin>" : path
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
