import TestSupport
import Testing

@testable import NamesSearch

/// `UTF8Validation.isValid(_:rejectingZero:)`, the whole-buffer automaton, against the
/// standard library's own validator (`String(validating:as:)`, SE-0405), which shares no
/// code with it: every sequence of one and two bytes, three and four bytes around the
/// edges of table 3-7's ranges, and random mixtures long enough to cross the 16-byte
/// blocks the automaton skips ASCII by.
@Suite("UTF8Validation")
struct UTF8ValidationTests {
  /// Whether the standard library reads `bytes` as UTF-8.
  static func reference(_ bytes: [UInt8]) -> Bool {
    String(validating: bytes, as: UTF8.self) != nil
  }

  static func check(_ bytes: [UInt8]) {
    let expected = reference(bytes)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(UTF8Validation.isValid(buffer) == expected, "\(bytes)")
      #expect(
        UTF8Validation.isValid(buffer, rejectingZero: true) == (expected && !bytes.contains(0)),
        "\(bytes)")
      #expect((UTF8Validation.firstInvalid(in: buffer) == nil) == expected, "\(bytes)")
    }
  }

  @Test("every sequence of one and two bytes")
  func short() {
    for a in 0...255 {
      Self.check([UInt8(a)])
      for b in 0...255 { Self.check([UInt8(a), UInt8(b)]) }
    }
  }

  /// The bytes where table 3-7's ranges begin and end, and a few between.
  static let edges: [UInt8] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED,
    0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
  ]

  @Test("three and four bytes: every lead, the later bytes at the ranges' edges")
  func long() {
    for a in 0xC0...0xFF {
      for b in Self.edges {
        for c in Self.edges {
          Self.check([UInt8(a), b, c])
          for d in Self.edges { Self.check([UInt8(a), b, c, d]) }
        }
      }
    }
  }

  @Test("random text of ASCII runs, letters, damage and zeros, cut at every length")
  func mixtures() {
    var random = SeededGenerator(seed: 11)
    let letters: [[UInt8]] = [
      Array("Annabelle Lavr".utf8), Array("é".utf8), Array("ł".utf8), Array("王".utf8),
      Array("😀".utf8), Array(" ".utf8), Array("abcdefghijklmnopqrstuvwxyz".utf8),
    ]
    let damage: [[UInt8]] = [
      [0], [0x80], [0xC3], [0xE0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90],
    ]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        let pool = Int.random(in: 0..<8, using: &random) == 0 ? damage : letters
        bytes += pool.randomElement(using: &random)!
      }
      Self.check(bytes)
      Self.check(Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random))))
    }
  }
}
