import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `ClusterBoundary` against Unicode's own conformance test for UAX #29,
/// `GraphemeBreakTest.txt`, in two versions committed under `Tests/Fixtures/unicode/` (see
/// the README there): 17.0.0, the version of the boundary tables and of Swift 6.3's
/// `Character`, and 15.0.0, Debian's `unicode-data` package.
@Suite("Grapheme break conformance")
struct GraphemeBreakConformanceTests {
  /// One line of a GraphemeBreakTest file: its scalars, and after how many of them there is
  /// a break (always 0 and the count: GB1, GB2).
  struct Case {
    var line: Int
    var scalars: [Unicode.Scalar]
    var breaks: [Int]

    /// The UTF-8 of the scalars.
    var utf8: [UInt8] { scalars.flatMap { Array(UTF8.encode($0)!) } }

    /// The text of the scalars.
    var text: String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      return String(view)
    }
  }

  /// The cases of `Tests/Fixtures/unicode/GraphemeBreakTest-<version>.txt`.
  static func cases(version: String) throws -> [Case] {
    let url = TestPaths.packageRoot.appendingPathComponent(
      "Tests/Fixtures/unicode/GraphemeBreakTest-\(version).txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    var cases: [Case] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let body = line.prefix { $0 != "#" }
      let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard !tokens.isEmpty else { continue }
      var item = Case(line: index + 1, scalars: [], breaks: [])
      for token in tokens {
        switch token {
        case "÷": item.breaks.append(item.scalars.count)
        case "×": break
        default:
          let scalar = UInt32(token, radix: 16).flatMap(Unicode.Scalar.init)
          try #require(scalar != nil, "line \(index + 1): \(token)")
          item.scalars.append(scalar!)
        }
      }
      cases.append(item)
    }
    return cases
  }

  /// After how many scalars `ClusterBoundary` puts a break, checking every scalar offset of
  /// the UTF-8 in ascending order with one checker (as the scanners do).
  static func ourBreaks(_ item: Case) -> [Int] {
    let bytes = item.utf8
    var breaks: [Int] = []
    bytes.withUnsafeBytes { key in
      var boundaries = ClusterBoundary()
      var offset = 0
      for (index, scalar) in item.scalars.enumerated() {
        if boundaries.isBoundary(in: key, at: offset) { breaks.append(index) }
        offset += UTF8.width(scalar)
      }
      if boundaries.isBoundary(in: key, at: offset) { breaks.append(item.scalars.count) }
    }
    return breaks
  }

  /// After how many scalars Swift's `String` starts a new `Character`.
  static func swiftBreaks(_ item: Case) -> [Int] {
    var breaks = [0]
    var count = 0
    for character in item.text {
      count += character.unicodeScalars.count
      breaks.append(count)
    }
    return breaks
  }

  @Test("the tables are Unicode 17.0.0, as the committed conformance file")
  func tableVersion() {
    #expect(GraphemeBreakTable.unicodeVersion == "17.0.0")
    #expect(GraphemeBreakTable.runs.first == 0x0000_0003)  // U+0000: Control
  }

  @Test("every line of GraphemeBreakTest-17.0.0.txt")
  func unicode17() throws {
    let cases = try Self.cases(version: "17.0.0")
    #expect(cases.count == 766)
    for item in cases {
      #expect(Self.ourBreaks(item) == item.breaks, "line \(item.line)")
    }
  }

  @Test("every line of GraphemeBreakTest-17.0.0.txt, each offset checked on its own")
  func unicode17OffsetsAlone() throws {
    // Descending, each offset with a fresh checker: nothing may depend on what an earlier
    // check remembered.
    for item in try Self.cases(version: "17.0.0") {
      let bytes = item.utf8
      var offsets = [0]
      for scalar in item.scalars { offsets.append(offsets.last! + UTF8.width(scalar)) }
      let breaks = bytes.withUnsafeBytes { key in
        offsets.indices.reversed().filter {
          var boundaries = ClusterBoundary()
          return boundaries.isBoundary(in: key, at: offsets[$0])
        }.reversed()
      }
      #expect(Array(breaks) == item.breaks, "line \(item.line)")
    }
  }

  @Test("every line of Debian's GraphemeBreakTest-15.0.0.txt, or of 17.0.0 where they differ")
  func unicode15() throws {
    let cases = try Self.cases(version: "15.0.0")
    #expect(cases.count == 602)
    // A 15.0.0 line that Swift 6.3 (Unicode 17.0.0) answers otherwise must have changed
    // between the versions: the same scalars are then a line of the 17.0.0 file, whose
    // answer counts. (Only line 625: U+2701 is no longer Extended_Pictographic.)
    let newer = Dictionary(
      try Self.cases(version: "17.0.0").map { ($0.scalars, $0.breaks) },
      uniquingKeysWith: { first, _ in first })
    var changed: [Int] = []
    for item in cases {
      var expected = item.breaks
      if Self.swiftBreaks(item) != item.breaks {
        changed.append(item.line)
        let replacement = try #require(newer[item.scalars], "line \(item.line)")
        #expect(replacement != item.breaks, "line \(item.line)")
        expected = replacement
      }
      #expect(Self.ourBreaks(item) == expected, "line \(item.line)")
    }
    #expect(changed == [625])
  }

  /// The Indic_Conjunct_Break linkers that Unicode 17.0.0 added to the six of 15.1 and 16.0
  /// (Myanmar, Khmer, Tai Tham, Balinese, …: DerivedCoreProperties-17.0.0.txt).
  static let linkersNewIn17: Set<UInt32> = [
    0x1039, 0x17D2, 0x1A60, 0x1B44, 0x1BAB, 0xA9C0, 0xAAF6, 0x10A3F, 0x11133, 0x113D0,
    0x1193E, 0x11A47, 0x11A99, 0x11F42,
  ]

  @Test("Swift's Character follows GraphemeBreakTest-17.0.0.txt but for the new GB9c linkers")
  func swiftAgreesButForNewLinkers() throws {
    // Swift 6.3 joins conjuncts (GB9c) only over the six linkers of Unicode 15.1/16.0, so
    // it splits the Myanmar, Khmer, Balinese… lines of the 17.0.0 file. The boundaries here
    // follow Unicode 17.0.0 there: a cluster of theirs is a run of Swift Characters, so a
    // match still starts and ends between Characters.
    var disagreeing: [Int] = []
    for item in try Self.cases(version: "17.0.0") where Self.swiftBreaks(item) != item.breaks {
      disagreeing.append(item.line)
      #expect(
        item.scalars.contains { Self.linkersNewIn17.contains($0.value) }, "line \(item.line)")
      #expect(Set(item.breaks).isSubset(of: Self.swiftBreaks(item)), "line \(item.line)")
    }
    #expect(disagreeing.count <= 8)
  }

  @Test("a few properties by hand")
  func propertiesByHand() {
    #expect(GraphemeBreakProperties(of: 0x0D).kind == .cr)
    #expect(GraphemeBreakProperties(of: 0x0A).kind == .lf)
    #expect(GraphemeBreakProperties(of: 0x41).kind == .other)
    #expect(GraphemeBreakProperties(of: 0x301).kind == .extend)
    #expect(GraphemeBreakProperties(of: 0x200D).kind == .zwj)
    #expect(GraphemeBreakProperties(of: 0x1F1E6).kind == .regionalIndicator)
    #expect(GraphemeBreakProperties(of: 0x1F1FF).kind == .regionalIndicator)
    #expect(GraphemeBreakProperties(of: 0x1F200).kind == .other)
    #expect(GraphemeBreakProperties(of: 0x0600).kind == .prepend)
    #expect(GraphemeBreakProperties(of: 0x0903).kind == .spacingMark)
    #expect(GraphemeBreakProperties(of: 0x1100).kind == .l)
    #expect(GraphemeBreakProperties(of: 0x1161).kind == .v)
    #expect(GraphemeBreakProperties(of: 0x11A8).kind == .t)
    #expect(GraphemeBreakProperties(of: 0xAC00).kind == .lv)  // 가
    #expect(GraphemeBreakProperties(of: 0xAC01).kind == .lvt)  // 각
    #expect(GraphemeBreakProperties(of: 0xAC1C).kind == .lv)  // 개 = AC00 + 28
    #expect(GraphemeBreakProperties(of: 0xD7A3).kind == .lvt)  // 힣
    #expect(GraphemeBreakProperties(of: 0x1F468).isExtendedPictographic)  // 👨
    #expect(GraphemeBreakProperties(of: 0xA9).isExtendedPictographic)  // ©
    #expect(!GraphemeBreakProperties(of: 0x2701).isExtendedPictographic)  // changed in 17.0
    #expect(GraphemeBreakProperties(of: 0x0915).conjunctBreak == .consonant)  // क
    #expect(GraphemeBreakProperties(of: 0x094D).conjunctBreak == .linker)  // ्
    #expect(GraphemeBreakProperties(of: 0x1039).conjunctBreak == .linker)  // Myanmar, 17.0
    #expect(GraphemeBreakProperties(of: 0x093C).conjunctBreak == .extend)  // nukta
    #expect(GraphemeBreakProperties(of: 0x200D).conjunctBreak == .extend)
    #expect(GraphemeBreakProperties(of: 0xE0000).kind == .control)  // Cn, default ignorable
    #expect(GraphemeBreakProperties(of: 0x10FFFF).kind == .other)  // noncharacter
    #expect(GraphemeBreakProperties(of: 0x110000).kind == .other)
  }
}
