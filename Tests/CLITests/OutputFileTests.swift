import Foundation
import Testing

/// `-o`: the written file's mode, atomicity, exit statuses and standard output. Expected
/// values are written out by hand; written lists are read back by Foundation.
@Suite("Output file")
struct OutputFileTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("names-search-output-\(UUID().uuidString)")

  func list(_ object: [String: [String]], format: PropertyListSerialization.PropertyListFormat)
    throws -> String
  {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("in-\(UUID().uuidString).plist").path
    try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
      .write(to: URL(fileURLWithPath: path))
    return path
  }

  func read(_ path: String) throws -> [String: [String]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(
      try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        as? [String: [String]])
  }

  @Test("writes the culled list; no match writes an empty dictionary and exits 1")
  func writesCulled() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try list(["A": ["Ann", "Abe"], "B": ["Bob"]], format: .xml)
    let out = folder.appendingPathComponent("out.plist").path
    let run = try CLIRunner.run(["-f", input, "--no-cache", "-o", out, "b"])
    #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty)
    #expect(try read(out) == ["A": ["Abe"], "B": ["Bob"]])
    // A new file gets 0666 less the umask (the tests' umask is the process's).
    let mask = umask(0)
    umask(mask)
    let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
    #expect(mode == Int(0o666 & ~mask))
    let none = try CLIRunner.run(["-f", input, "--no-cache", "-o", out, "zzz"])
    #expect(none.status == 1 && none.stderr.isEmpty)
    #expect(try read(out) == [:])
    // Standard output.
    let json = try CLIRunner.run(
      ["-f", input, "--no-cache", "-o", "-", "--output-format", "json", "a"])
    #expect(json.status == 0 && json.stdoutText == "{\"A\":[\"Ann\",\"Abe\"]}\n")
  }

  @Test("a name XML cannot carry: one line, exit 2, the target untouched; binary carries it")
  func refusedLeavesTarget() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try list(["A": ["Ann"], "B": ["Bob", "b\u{1}b"]], format: .binary)
    let out = folder.appendingPathComponent("out.plist").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: out))
    let run = try CLIRunner.run(["-f", input, "--no-cache", "-o", out])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(
      run.stderrLines == [
        "names-search: \(out): the name at position 2 of section \"B\" holds U+0001, which an "
          + "XML property list cannot carry (XML 1.0, section 2.2); nothing written (write it "
          + "with --output-format binary or json)"
      ])
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("old".utf8))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!leftovers.contains { $0.contains(".tmp-") })
    let binary = try CLIRunner.run(
      ["-f", input, "--no-cache", "-o", out, "--output-format", "binary"])
    #expect(binary.status == 0)
    #expect(try read(out) == ["A": ["Ann"], "B": ["Bob", "b\u{1}b"]])
  }

  @Test("a folder that cannot be written: one line naming the file, exit 2")
  func unwritable() throws {
    let input = try list(["A": ["Ann"]], format: .xml)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("missing/out.plist").path
    let run = try CLIRunner.run(["-f", input, "--no-cache", "-o", out])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(run.stderrLines == ["names-search: cannot write \(out): No such file or directory"])
  }
}
