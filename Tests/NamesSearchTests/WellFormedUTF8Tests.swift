import TestSupport
import Testing

@testable import NamesSearch

/// `WellFormedUTF8` against the standard library's own validation (`String(validating:)`),
/// another implementation of the same rule (Unicode §3.9, Table 3-7), and against cases
/// worked out by hand from the table.
@Suite("Well-formed UTF-8")
struct WellFormedUTF8Tests {
  static func check(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { WellFormedUTF8.check($0) }
  }

  static func check(_ bytes: [UInt8], cutAt ends: [UInt32]) -> Bool {
    bytes.withUnsafeBytes { raw in
      ends.map(\.littleEndian).withUnsafeBytes { WellFormedUTF8.check(raw, cutAt: $0) }
    }
  }

  @Test("the boundaries of Table 3-7, by hand")
  func table() {
    let wellFormed: [[UInt8]] = [
      [], [0x00], [0x7F], Array("plain ASCII, longer than a word".utf8),
      [0xC2, 0x80], [0xDF, 0xBF],  // U+0080, U+07FF
      [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],  // U+10000, U+10FFFF
      Array("Åsa Müller 王芳 😀 and then ASCII again".utf8),
    ]
    let illFormed: [[UInt8]] = [
      [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF],  // lone continuation, overlong
      [0xC2], [0xC2, 0x41], [0xE0, 0x9F, 0xBF],  // missing, not a continuation, overlong
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],  // surrogates
      [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
      [0xE1, 0x80], [0xF1, 0x80, 0x80], [0xFF], Array("ASCII word then".utf8) + [0xE9],
    ]
    for bytes in wellFormed { #expect(Self.check(bytes), "\(bytes)") }
    for bytes in illFormed { #expect(!Self.check(bytes), "\(bytes)") }
  }

  @Test("agrees with String(validating:) on 20,000 random byte strings")
  func differential() {
    var generator = SeededGenerator(seed: 0x5EED_0010)
    // Bytes drawn mostly from the interesting ranges, so that most strings are near misses.
    let pool: [UInt8] =
      Array(0x41...0x43) + Array(0x7E...0x81) + Array(0x8E...0x91) + Array(0x9E...0xA1)
      + Array(0xBE...0xC2) + [0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4]
      + [0xF5, 0xFF]
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...12, using: &generator)
      let bytes = (0..<count).map { _ in pool.randomElement(using: &generator)! }
      let reference = String(validating: bytes, as: UTF8.self) != nil
      #expect(Self.check(bytes) == reference, "\(bytes)")
    }
  }

  @Test("names cut inside a character are refused though the whole is well-formed")
  func cuts() {
    let bytes = Array("AÄB".utf8)  // 41 C3 84 42
    #expect(Self.check(bytes, cutAt: [1, 3, 4]))  // "A", "Ä", "B"
    #expect(!Self.check(bytes, cutAt: [2, 4]))  // "A\xC3", "\x84B"
    #expect(Self.check(bytes, cutAt: [4]))
    #expect(!Self.check(bytes + [0xC3], cutAt: [4, 5]))
  }
}
