import Foundation
import Testing

/// What the executable loads when it starts (issue 14): the system C libraries are linked
/// from their static archives (Package.swift), so no run, not even `--version` or a query on
/// a cached index, pays for loading and relocating libxml2, ICU, SQLite and the libraries
/// they bring (zlib, liblzma, the C++ runtime).
@Suite("Start-up links")
struct StartupLinkTests {
  /// The shared objects the dynamic loader maps for the executable, as glibc's `ldd` lists
  /// them (one `name => path (address)` line each): the loader's own answer, not the manifest's.
  static func sharedObjects() throws -> [String] {
    let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
    let result = try CLIRunner.runProgram(ldd, [try CLIRunner.executable().path])
    #expect(result.status == 0, "ldd: \(result.stderrText)")
    return result.stdoutText.split(separator: "\n").map {
      String($0.split(separator: " ").first ?? "").trimmingCharacters(in: .whitespaces)
    }
  }

  @Test("No shared libxml2, ICU, SQLite, zlib, liblzma or libstdc++ is loaded at start")
  func noSharedSystemLibraries() throws {
    let objects = try Self.sharedObjects()
    // The loader lists libc at least; an empty list would mean ldd said nothing.
    #expect(objects.contains { $0.hasPrefix("libc.so") })
    for prefix in ["libxml2.so", "libicuuc.so", "libicui18n.so", "libicudata.so", "libsqlite3.so"]
      + ["libz.so", "liblzma.so"]
    {
      #expect(!objects.contains { $0.hasPrefix(prefix) }, "\(prefix) is loaded: \(objects)")
    }
    // The C++ runtime is linked from its archive too; a build with the Swift runtime shared
    // (`swift build`, not README's --static-swift-stdlib) loads it for libswiftCore.so.
    // (Tests/Install/check-install.sh checks README's build.)
    if !objects.contains(where: { $0.hasPrefix("libswiftCore.so") }) {
      #expect(!objects.contains { $0.hasPrefix("libstdc++.so") }, "libstdc++ is loaded: \(objects)")
    }
  }

  /// Foundation (with CoreFoundation's initializer, its ICU and its relocations) cost every
  /// start about a millisecond: the library and the executable do not import it
  /// (`UnicodeMappings` holds the Unicode mappings taken from it). A build with the Swift
  /// runtime shared would list its shared objects if anything imported it again.
  @Test("Foundation is not linked: no Foundation, CoreFoundation or Foundation ICU is loaded")
  func noFoundation() throws {
    let objects = try Self.sharedObjects()
    #expect(objects.contains { $0.hasPrefix("libc.so") })
    for prefix in [
      "libFoundation", "libCoreFoundation", "lib_FoundationICU", "libFoundationEssentials",
      "libFoundationInternationalization",
    ] {
      #expect(!objects.contains { $0.hasPrefix(prefix) }, "\(prefix) is loaded: \(objects)")
    }
  }

  @Test("The relative relocations are packed (DT_RELR), none left one entry each")
  func packedRelocations() throws {
    let readelf = URL(fileURLWithPath: "/usr/bin/readelf")
    let executable = try CLIRunner.executable().path
    let dynamic = try CLIRunner.runProgram(readelf, ["-d", executable])
    #expect(dynamic.status == 0, "readelf: \(dynamic.stderrText)")
    #expect(dynamic.stdoutText.contains("(RELR)"))
    let relocations = try CLIRunner.runProgram(readelf, ["-r", "-W", executable])
    #expect(!relocations.stdoutText.contains("_RELATIVE"))
  }

  @Test("The statically linked libraries work: an XML list and --locale's ICU")
  // (SQLite tables: SQLiteInputTests.)
  func staticLibrariesWork() throws {
    // libxml2: the fixture is an XML property list.
    let xml = try CLIRunner.run(["-f", try CLIRunner.fixture().path, "--count", "ann"])
    #expect(xml.status == 0 && Int(xml.stdoutText.trimmingCharacters(in: .newlines)) ?? 0 > 0)
    // ICU: Swedish files Å after Z (ICU AlphabeticIndex; the root order puts it with A).
    try TemporaryDirectory.with { folder in
      let list = folder.appendingPathComponent("names.txt")
      try Data("Åsa\nZelda\nAnna\n".utf8).write(to: list)
      let swedish = try CLIRunner.run(["-f", list.path, "--locale", "sv", "--index", ""])
      #expect(swedish.stdoutText == "A Z Å\n", "\(swedish.stderrText)")
    }
  }
}
