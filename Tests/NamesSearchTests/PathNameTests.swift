import Foundation
import Testing

@testable import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths are bytes: kept exact up to the system call, shown escaped. The display of
/// ill-formed UTF-8 is checked against Python's own decoder
/// (`Scripts/make-utf8-display-reference.py`, `Tests/Fixtures/paths/utf8-display.tsv`);
/// the rest is worked out by hand.
@Suite("PathName")
struct PathNameTests {
  /// `utf8-display.tsv`: (bytes, display) pairs.
  static func displayTable() throws -> [([UInt8], String)] {
    let url = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/paths/utf8-display.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0].count % 2 == 0 else {
        throw CocoaError(.fileReadCorruptFile)
      }
      let hex = Array(parts[0])
      let bytes = stride(from: 0, to: hex.count, by: 2).map {
        UInt8(String(hex[$0...$0 + 1]), radix: 16)!
      }
      return (bytes, String(parts[1]))
    }
  }

  @Test("ill-formed bytes are shown as \\xFF, as Python's decoder finds them")
  func displayReference() throws {
    let table = try Self.displayTable()
    #expect(table.count == 428)
    for (bytes, shown) in table {
      #expect(PathName(bytes: bytes)?.description == shown, "\(bytes)")
      #expect(VisibleText.escaped(utf8: bytes) == shown, "\(bytes)")
    }
  }

  @Test("controls are escaped too, so a path is one inert line")
  func controls() {
    let cases: [([UInt8], String)] = [
      ([0x6D, 0x0A, 0x78], "m\\u{A}x"),  // a newline
      ([0x1B, 0x5B, 0x32, 0x4A, 0xFF], "\\e[2J\\xFF"),  // ESC then a bad byte
      ([0xE2, 0x80, 0xAE, 0xFF, 0x61], "\\u{202E}\\xFFa"),  // right-to-left override
      ([0xC2, 0x9B, 0xC2], "\\u{9B}\\xC2"),  // C1 CSI, then a lone lead byte
      ([0x09, 0x80, 0x7F], "\\u{9}\\x80\\u{7F}"),
      (Array("José/ünïcode".utf8), "José/ünïcode"),
    ]
    for (bytes, shown) in cases {
      #expect(PathName(bytes: bytes)?.description == shown, "\(bytes)")
    }
  }

  @Test("a path holds any byte but NUL")
  func bytes() throws {
    #expect(PathName(bytes: [0x61, 0x00, 0x62]) == nil)
    #expect(PathName("a\u{0}b") == nil)
    let all = try #require(PathName(bytes: Array(1...255)))
    #expect(all.bytes == Array(1...255))
    #expect(all.string == nil)
    // The C string carries every byte, and `init(cString:)` gets them back.
    let copy = all.withCString { pointer in
      #expect(strlen(pointer) == 255)
      return PathName(cString: pointer)
    }
    #expect(copy == all)
    #expect(PathName("José")?.bytes == [0x4A, 0x6F, 0x73, 0xC3, 0xA9])
    #expect(PathName("José")?.string == "José")
    #expect(PathName(bytes: [0x2F, 0x78, 0xFF])?.isAbsolute == true)
    #expect(PathName(bytes: [0x78, 0x2F])?.isAbsolute == false)
    #expect(PathName("")?.isAbsolute == false)
    #expect(
      PathName(bytes: [0x2F, 0x78, 0xFF])?.appending(".cache/names-search").bytes
        == [0x2F, 0x78, 0xFF] + Array("/.cache/names-search".utf8))
  }
}
