import Foundation
import Testing

@testable import NamesSearch

/// `UTF8Decoding.scalar(in:at:)` against the standard library's own UTF-8 decoding, and on
/// bytes that are not UTF-8 (a name of an index cache file forged with its checksum fixed).
@Suite("UTF8Decoding")
struct UTF8DecodingTests {
  /// Every scalar of `bytes`, decoded one after another from the start.
  static func decodeAll(_ bytes: [UInt8]) -> [(value: UInt32, length: Int)] {
    bytes.withUnsafeBufferPointer { utf8 in
      var out: [(UInt32, Int)] = []
      var i = 0
      while i < utf8.count {
        let decoded = UTF8Decoding.scalar(in: utf8, at: i)
        out.append(decoded)
        i += decoded.length
      }
      return out
    }
  }

  @Test("valid UTF-8 decodes as the standard library decodes it")
  func valid() {
    // Seeded: one to four bytes a scalar, every plane, the edges of each length.
    var state: UInt64 = 0x5EED
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let edges: [UInt32] = [
      0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF,
    ]
    for round in 0..<200 {
      var scalars = edges.compactMap(Unicode.Scalar.init)
      for _ in 0..<50 {
        let value = UInt32(truncatingIfNeeded: next()) % 0x11_0000
        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
      }
      if round % 2 == 1 { scalars.reverse() }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars)
      let bytes = Array(String(text).utf8)
      let decoded = Self.decodeAll(bytes)
      #expect(decoded.map(\.value) == scalars.map(\.value))
      #expect(decoded.map(\.length) == scalars.map { String($0).utf8.count })
    }
  }

  @Test(
    "bytes that are not UTF-8 give U+FFFD and never read past the end",
    arguments: [
      // A surrogate (U+D800) spelled in three bytes: U+FFFD of length 3.
      ([0xED, 0xA0, 0x80], 0, 0xFFFD, 3),
      // Past U+10FFFF (U+110000): U+FFFD of length 4.
      ([0xF4, 0x90, 0x80, 0x80], 0, 0xFFFD, 4),
      // A lead byte with nothing after it, at the end of the buffer.
      ([0x41, 0xE5], 1, 0xFFFD, 1),
      ([0xC3], 0, 0xFFFD, 1),
      ([0xF0, 0x9F, 0x98], 0, 0xFFFD, 1),
      // 0xFF leads nothing: its four bytes decode past U+10FFFF.
      ([0xFF, 0x80, 0x80, 0x80], 0, 0xFFFD, 4),
    ] as [([UInt8], Int, UInt32, Int)])
  func invalid(bytes: [UInt8], at: Int, value: UInt32, length: Int) {
    // The bytes alone in a buffer of their own size: a read past it would be outside.
    let decoded = bytes.withUnsafeBufferPointer { UTF8Decoding.scalar(in: $0, at: at) }
    #expect(decoded.value == value && decoded.length == length)
  }
}
