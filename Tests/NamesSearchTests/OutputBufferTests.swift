import Testing

@testable import NamesSearch

/// `OutputBuffer` on its fixed block: what reaches the sink, chunk by chunk, worked out by
/// hand for small capacities (each chunk is what waited when the next write did not fit).
@Suite("Output buffer")
struct OutputBufferTests {
  /// The chunks a buffer of `capacity` hands its sink for `writes`, then a flush.
  func chunks(capacity: Int, _ writes: (OutputBuffer) throws -> Void) throws -> [String] {
    var chunks: [String] = []
    let output = OutputBuffer(capacity: capacity) {
      chunks.append(String(decoding: $0, as: UTF8.self))
    }
    try writes(output)
    try output.flush()
    return chunks
  }

  /// The chunks a buffer of `capacity` hands its sink for `lines` written with
  /// `write(line:indentedBy:)`, each a text and its indent, then a flush.
  func chunks(capacity: Int, lines: [(String, Int)]) throws -> [String] {
    try chunks(capacity: capacity) { output in
      for (text, indent) in lines {
        try Array(text.utf8).withUnsafeBytes { try output.write(line: $0, indentedBy: indent) }
      }
    }
  }

  @Test("bytes wait until the next write does not fit")
  func chunking() throws {
    let got = try chunks(capacity: 4) { output in
      try output.write("ab")
      try output.write("cd")  // fills the block: still waiting
      try output.write(byte: 0x65)  // "e" does not fit: "abcd" goes first
      try output.write("fg")
    }
    #expect(got == ["abcd", "efg"])
  }

  @Test("a write larger than the block goes whole, after what waits")
  func largeWrite() throws {
    let got = try chunks(capacity: 3) { output in
      try output.write("x")
      try output.write("0123456")
      try output.write("yz")
    }
    #expect(got == ["x", "0123456", "yz"])
  }

  @Test("bytes of any collection, contiguous or not")
  func collections() throws {
    let got = try chunks(capacity: 64) { output in
      try output.write([0x61, 0x62] as [UInt8])
      try output.write("cd".utf8.reversed())  // not contiguous: "dc"
      try output.write(Substring("--ef--").dropFirst(2).dropLast(2).utf8)
    }
    #expect(got == ["abdcef"])
  }

  @Test("an indented line: spaces, the bytes, a line feed, in one copy or byte by byte")
  func indentedLines() throws {
    // Room for 16 bytes: "  Ann\n" (6) in one copy; then 10 are left, fewer than the 16
    // the spaces are stored in, so "  Bo\n" and "  Cy\n" go byte by byte and fill the block.
    #expect(
      try chunks(capacity: 16, lines: [("Ann", 2), ("Bo", 2), ("Cy", 2), ("", 0)])
        == ["  Ann\n  Bo\n  Cy\n", "\n"])
    // Sixteen spaces, the most, and a line longer than the block.
    #expect(
      try chunks(capacity: 8, lines: [("z", 16), ("0123456789", 1)])
        == ["        ", "        ", "z\n ", "0123456789", "\n"])
  }

  @Test("a line given by its range: every length 0-40, near the text's end, every indent")
  func linesByRange() throws {
    // Names back to back, as a `NameStore` keeps them; the last ones have fewer than 32
    // bytes after their start (copied as other lines are), the others are copied as words.
    let names = (0...40).map { length in
      String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + ($0 + length) % 26))) })
    }
    let text = Array(names.joined().utf8)
    var ranges: [Range<Int>] = []
    var start = 0
    for name in names {
      ranges.append(start..<start + name.utf8.count)
      start += name.utf8.count
    }
    for capacity in [1, 16, 40, 49, 50, 64, 4096] {
      for indent in [0, 2, 16] {
        // Forwards and backwards, so that the bytes a word copy writes past a line are
        // written again by the next one or left after what waits.
        for order in [Array(ranges.indices), ranges.indices.reversed()] {
          let got = try chunks(capacity: capacity) { output in
            try text.withUnsafeBytes { text in
              for i in order {
                try output.write(line: ranges[i], of: text, indentedBy: indent)
              }
            }
          }
          let expected = order.map { String(repeating: " ", count: indent) + names[$0] + "\n" }
          #expect(got.joined() == expected.joined(), "capacity \(capacity), indent \(indent)")
        }
      }
    }
  }

  @Test("an indented line in one copy: no indent, sixteen spaces, a block filled exactly")
  func indentedLinesInOneCopy() throws {
    // 32 bytes: "abc\n" (4) in one copy, then 16 spaces, "x" and "\n" (18); then 10 are
    // left, fewer than 16: "012345678\n" goes byte by byte and fills the block.
    #expect(
      try chunks(capacity: 32, lines: [("abc", 0), ("x", 16), ("012345678", 0)])
        == ["abc\n" + String(repeating: " ", count: 16) + "x\n" + "012345678\n"])
    // A line that fills the block to its last byte (16 free, 16 written), then one more.
    #expect(
      try chunks(capacity: 16, lines: [("0123456789abc", 2), ("z", 0)])
        == ["  0123456789abc\n", "z\n"])
    // The smallest block, one byte: the space and the line end wait alone, and the name,
    // larger than the block, goes to the sink whole.
    #expect(try chunks(capacity: 0, lines: [("ab", 1)]) == [" ", "ab", "\n"])
  }
}
