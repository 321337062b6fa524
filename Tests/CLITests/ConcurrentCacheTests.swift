import Dispatch
import Foundation
import Testing

/// Several processes loading the same new list at once all write its index cache: every
/// one answers right, the cache left behind is whole, and no temporary file remains.
@Suite("Concurrent runs and the index cache")
struct ConcurrentCacheTests {
  @Test("eight processes at once on a fresh list")
  func eightAtOnce() throws {
    try TemporaryDirectory.with { folder in
      let names = (0..<20_000).map { "Name\($0) Ann\($0 % 97)" }
      let file = try PlistFile.write(PlistFile.xml([("N", names)]), named: "list.plist", in: folder)
      let old = Date(timeIntervalSinceNow: -3_600)
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
      var environment = CLIRunner.defaultEnvironment
      environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
      let expected = names.filter { $0.hasSuffix("Ann42") }
      let runs = 8
      let outputs = (0..<runs).map { _ in LockedBox<CLIResult?>(nil) }
      let shared = environment
      DispatchQueue.concurrentPerform(iterations: runs) { i in
        outputs[i].value = try? CLIRunner.run(["-f", file.path, "ann42"], environment: shared)
      }
      for output in outputs {
        let result = try #require(output.value)
        #expect(result.status == 0)
        #expect(result.stdoutText == "N\n" + expected.map { "  \($0)\n" }.joined())
      }
      let cacheFolder = folder.appendingPathComponent("cache/names-search").path
      // One index, the reading keys beside it (written even when, as here, no name has a
      // reading, so later runs need not look at the names again), the n-gram index if a
      // run mapped the index another wrote (`TrigramCache`), and the remembered Unicode
      // version; no temporary file.
      let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder).sorted()
      let stem = files.first.map { String($0.dropLast(4)) } ?? ""
      let expectedFiles =
        [stem + ".idx", stem + ".rdg"] + (files.count == 4 ? [stem + ".tri"] : [])
      #expect(files == expectedFiles + ["unicode-version"], "\(files)")
      // The cache left behind answers like the list does.
      let again = try CLIRunner.run(["-f", file.path, "--count", "ann4"], environment: environment)
      #expect(again.stdoutText == "\(names.filter { $0.contains("Ann4") }.count)\n")
    }
  }
}

/// A value shared by `concurrentPerform` iterations, each writing its own box.
final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
