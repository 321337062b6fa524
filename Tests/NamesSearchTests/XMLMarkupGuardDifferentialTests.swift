import TestSupport
import Testing

@testable import NamesSearch

/// The guard's fast UTF-8 `scan` against its plain per-unit state machine
/// (`scanUnitByUnit`, the reference): the same message and the same `line` for generated
/// documents of every kind of markup, fed whole and cut into chunks of every size and at
/// every position.
@Suite("XML markup guard: fast scan against the per-unit machine")
struct XMLMarkupGuardDifferentialTests {
  /// What a scan answered: the first message, and the line where the scan stopped (at the
  /// refused byte, or after the last).
  struct Outcome: Equatable, CustomStringConvertible {
    var message: String?
    var line: Int
    var description: String { "\(message ?? "nil") @ line \(line)" }
  }

  /// Feeds `text` in pieces cut at `cuts` (ascending offsets), stopping at the first
  /// message, as `XMLPlistReader` does.
  static func outcome(_ text: [UInt8], cuts: [Int], unitByUnit: Bool) -> Outcome {
    var guardian = XMLMarkupGuard(firstLine: 1)
    var start = 0
    for end in cuts + [text.count] where end >= start {
      let message = text[start..<end].withUnsafeBytes {
        unitByUnit ? guardian.scanUnitByUnit($0) : guardian.scan($0)
      }
      start = end
      if let message { return Outcome(message: message, line: guardian.line) }
    }
    return Outcome(message: nil, line: guardian.line)
  }

  /// Pieces of markup: names, white space, tags with quotes and `>` inside them, comments,
  /// CDATA, processing instructions, DOCTYPEs, and unfinished starts of each.
  static let pieces: [String] = [
    "Aaron", "Zoë Ångström", "中文名", "\n", "\t\t", " ", "\r\n", "&amp;", ">", "\"", "'", "]]>",
    "-->", "?>", "<string>", "</string>", "<key>A</key>", "<array>", "</array>", "<dict/>",
    "<plist version=\"1.0\">", "<a b=\"x>y\" c='z\"w'>", "<a\nb='\n>'\n>", "<>", "<\"q>",
    "<'q>", "<a b=\"", "\">", "<a b='", "'>", "<!-- c -->", "<!-- - -- \n -->", "<!--->",
    "<!-->", "<!---->", "<!--", "<![CDATA[ x ] ]] ]]>", "<![CDATA[\n]]>", "<![CDATA[",
    "<![CD", "<?pi a ? > ?>", "<?>", "<??>", "<?", "<!DOCTYPE plist>",
    "<!DOCTYPE x [ <!ENTITY a \"b>\"> ]>", "<!DOCTYPE x [\n[ ] ' ] > ' ]\n>", "<!DOC",
    "<!", "<!-", "<![", "<", "</", "<\n", "\n<a\n\n>\n",
  ]

  /// A document of `count` random pieces; when `big`, with one piece at or over the tag
  /// limit inserted, or (`blocks`) one over the comment limit too.
  static func document(
    _ random: inout SeededGenerator, count: Int, big: Bool, blocks: Bool = false
  ) -> [UInt8] {
    var text = ""
    for _ in 0..<count {
      text += pieces.randomElement(using: &random)!
    }
    if big {
      let tag = XMLMarkupGuard.maximumTagLength
      let filler = String(repeating: "ab\n\"x>'", count: tag / 7)
      var long = [
        // A tag at the limit, a tag over it (quotes and line feeds inside), a quoted value
        // over it, and a comment over the block limit.
        "<a" + String(repeating: "\n", count: tag - 3) + ">",
        "<a " + filler + filler.prefix(Int.random(in: 0...20, using: &random)),
        "<a b='" + String(repeating: "x\n", count: tag / 2) + "'>",
      ]
      if blocks {
        long.append(
          "<!--" + String(repeating: "-\n>", count: XMLMarkupGuard.maximumBlockLength / 3)
            + "-->")
      }
      let at = Int.random(in: 0...text.count, using: &random)
      let index = text.index(text.startIndex, offsetBy: at)
      text.insert(contentsOf: long.randomElement(using: &random)!, at: index)
    }
    return Array(text.utf8)
  }

  @Test("whole and in 1-, 2-, 3- and 7-byte chunks", arguments: 0..<40)
  func fixedChunks(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let text = Self.document(&random, count: 60, big: seed % 4 == 3)
    let expected = Self.outcome(text, cuts: [], unitByUnit: true)
    #expect(Self.outcome(text, cuts: [], unitByUnit: false) == expected, "whole")
    for size in [1, 2, 3, 7] {
      let cuts = Array(stride(from: size, to: text.count, by: size))
      #expect(Self.outcome(text, cuts: cuts, unitByUnit: false) == expected, "\(size)-byte chunks")
      #expect(Self.outcome(text, cuts: cuts, unitByUnit: true) == expected, "reference chunked")
    }
  }

  @Test("cut in two at every position", arguments: 0..<40)
  func everyCut(seed: UInt64) {
    var random = SeededGenerator(seed: 1000 + seed)
    let text = Self.document(&random, count: 30, big: false)
    let expected = Self.outcome(text, cuts: [], unitByUnit: true)
    for cut in 0...text.count {
      #expect(Self.outcome(text, cuts: [cut], unitByUnit: false) == expected, "cut at \(cut)")
    }
  }

  @Test("over-limit pieces, whole and cut near the limit", arguments: 0..<8)
  func overLimit(seed: UInt64) {
    var random = SeededGenerator(seed: 2000 + seed)
    let text = Self.document(&random, count: 20, big: true, blocks: true)
    let expected = Self.outcome(text, cuts: [], unitByUnit: true)
    #expect(Self.outcome(text, cuts: [], unitByUnit: false) == expected)
    // Cuts near where a limit can fall, and anywhere.
    var cuts = (0..<40).map { _ in Int.random(in: 0...text.count, using: &random) }
    for place in [XMLMarkupGuard.maximumTagLength, XMLMarkupGuard.maximumBlockLength]
    where place < text.count {
      cuts += max(0, place - 9)...min(text.count, place + 9)
    }
    for cut in cuts {
      #expect(Self.outcome(text, cuts: [cut], unitByUnit: false) == expected, "cut at \(cut)")
    }
    let sevens = Array(stride(from: 7, to: text.count, by: 7))
    #expect(Self.outcome(text, cuts: sevens, unitByUnit: false) == expected, "7-byte chunks")
  }

  /// By hand: the line a refused piece starts on, and the line where the scan stops (the
  /// byte past the limit), with line feeds before, inside and after the piece.
  @Test("lines of a refused tag, counted by hand")
  func handCounted() {
    let limit = XMLMarkupGuard.maximumTagLength
    // Lines 1-3 before the tag; the tag opens on line 4 with "<a b='" (6 bytes), then
    // line feeds: the byte past the limit (the tag's byte number `limit + 1`) is line feed
    // number `limit - 5`, so the scan stops on line 4 + (limit - 5).
    let text = Array(("x\ny\n\n<a b='" + String(repeating: "\n", count: limit)).utf8)
    let expected = Outcome(
      message: "line 4: a tag longer than \(limit) bytes", line: 4 + (limit - 5))
    #expect(Self.outcome(text, cuts: [], unitByUnit: false) == expected)
    #expect(Self.outcome(text, cuts: [], unitByUnit: true) == expected)
  }
}
