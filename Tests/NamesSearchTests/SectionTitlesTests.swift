import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Titles that a reader cannot tell apart are one title: canonically equivalent spellings
/// are refused with both named, in every reader (XML, binary, Foundation's objects).
@Suite("Equivalent section titles")
struct SectionTitlesTests {
  /// Pairs of canonically equivalent spellings (UAX #15), written out by hand, with the
  /// code points the message must name.
  static let equivalentPairs: [(String, String, String, String)] = [
    ("\u{C9}", "E\u{301}", "U+00C9", "U+0045 U+0301"),  // É precomposed, decomposed
    ("\u{C5}", "\u{212B}", "U+00C5", "U+212B"),  // Å and ANGSTROM SIGN (a singleton)
    ("\u{AC00}", "\u{1100}\u{1161}", "U+AC00", "U+1100 U+1161"),  // 가 and its jamo
    ("q\u{323}\u{307}", "q\u{307}\u{323}", "U+0071 U+0323 U+0307", "U+0071 U+0307 U+0323"),
  ]

  static func xml(_ titles: [String]) -> [UInt8] {
    Array(
      ("<plist><dict>"
        + titles.map { "<key>\($0)</key><array><string>x</string></array>" }
        .joined() + "</dict></plist>").utf8)
  }

  /// A binary list (bplist00, 1-byte offsets and references) with `titles` as keys, each
  /// holding the one name "x", laid out by hand (Apple's format: dict 0xD, UTF-16 string
  /// 0x6, ASCII string 0x5, array 0xA). Foundation's writer cannot make one: its
  /// dictionaries merge equivalent keys.
  static func binary(_ titles: [String]) -> [UInt8] {
    binary(titleUnits: titles.map { Array($0.utf16) })
  }

  /// `binary(_:)` with each title given as its UTF-16 units (at most 14), which need not be
  /// well-formed.
  static func binary(titleUnits titles: [[UInt16]]) -> [UInt8] {
    let n = titles.count
    // Objects: 0 = the dict, 1…n = titles, n+1 = the array ["x"], n+2 = "x".
    var objects: [[UInt8]] = [
      [0xD0 | UInt8(n)] + (1...n).map(UInt8.init) + Array(repeating: UInt8(n + 1), count: n)
    ]
    for units in titles {
      objects.append(
        [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }
    objects.append([0xA1, UInt8(n + 2)])
    objects.append([0x51, UInt8(ascii: "x")])
    var body = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(body.count))
      body += object
    }
    let table = body.count
    body += offsets
    func be(_ value: Int) -> [UInt8] {
      (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    return body + [0, 0, 0, 0, 0, 0, 1, 1] + be(objects.count) + be(0) + be(table)
  }

  static func loadError(_ bytes: [UInt8]) -> LoadError? {
    do {
      _ = try CatalogLoader.load(from: FileReader(bytes: bytes, source: "t.plist"))
      return nil
    } catch {
      return error
    }
  }

  @Test("equivalent titles in an XML list are refused, naming both spellings")
  func xmlEquivalent() {
    for (first, second, firstCodes, secondCodes) in Self.equivalentPairs {
      let error = Self.loadError(Self.xml(["A", first, second]))
      #expect(
        error?.message
          == "sections \"\(first)\" (\(firstCodes)) and \"\(second)\" (\(secondCodes))"
          + " are the same title written two ways")
    }
  }

  @Test("equivalent titles in a binary list are refused too")
  func binaryEquivalent() {
    for (first, second, _, _) in Self.equivalentPairs {
      let error = Self.loadError(Self.binary(["A", first, second]))
      #expect(error?.reason == .equivalentTitles(first, second))
      guard case .equivalentTitles(let a, let b) = error?.reason else { continue }
      // Hashable String equality is canonical equivalence: compare the code points too.
      #expect(Array(a.unicodeScalars) == Array(first.unicodeScalars))
      #expect(Array(b.unicodeScalars) == Array(second.unicodeScalars))
    }
  }

  @Test("exact duplicates are still 'appears twice'; different letters are two titles")
  func duplicatesAndDistinct() throws {
    #expect(Self.loadError(Self.xml(["A", "B", "A"]))?.reason == .duplicateTitle("A"))
    // Not canonically equivalent: case, compatibility forms, other letters.
    let distinct = ["a", "A", "\u{C5}", "\u{C4}", "\u{FB01}", "fi", "\u{212A}", "k", "K\u{301}"]
    let catalog = try CatalogLoader.load(from: FileReader(bytes: Self.xml(distinct), source: "t"))
    #expect(catalog.titles.count == distinct.count)
  }

  /// Decoded objects (`catalog(fromObject:)`) take the same `SectionsBuilder` checks. A
  /// dictionary cannot hold two equivalent `String` keys, and `NSString` keys that compare
  /// equal hash apart on Linux (Foundation breaks `Hashable` there), so the equivalence
  /// checks are tested on the builder itself (`SectionsBuilderTests`).
  @Test("decoded objects: an empty title is refused, distinct titles are read")
  func objectTitles() throws {
    let empty: [AnyHashable: Any] = ["A": ["x"], "": ["y"]]
    #expect(throws: LoadError(source: "o", reason: .emptyTitle)) {
      try FoundationReference.catalog(fromObject: empty, source: "o")
    }
    let distinct: [AnyHashable: Any] = ["\u{C5}": ["x"], "A": ["y"], "a": ["z"]]
    #expect(try FoundationReference.catalog(fromObject: distinct, source: "o").titles.count == 3)
  }

  @Test("among thousands of titles, each later equivalent or duplicate is found")
  func manyTitles() throws {
    // 3,000 distinct titles (past several growths of the table), then for every 97th one
    // its decomposed spelling and an exact copy: each refused, naming the earlier title.
    let bases = (0..<3_000).map { "T\($0)\u{C9}" }
    var titles = SectionTitles()
    for title in bases { try titles.insert(title, source: "s") }
    for title in bases.enumerated().filter({ $0.offset % 97 == 0 }).map(\.element) {
      let decomposed = title.replacingOccurrences(of: "\u{C9}", with: "E\u{301}")
      #expect(decomposed.unicodeScalars.count == title.unicodeScalars.count + 1)
      #expect(throws: LoadError(source: "s", reason: .equivalentTitles(title, decomposed))) {
        try titles.insert(decomposed, source: "s")
      }
      #expect(throws: LoadError(source: "s", reason: .duplicateTitle(title))) {
        try titles.insert(title, source: "s")
      }
    }
    // Titles that differ only after the shared prefix are still new.
    try titles.insert("T3000\u{C9}", source: "s")
  }

  @Test("an empty title is refused")
  func emptyTitle() {
    #expect(Self.loadError(Self.xml(["A", ""]))?.reason == .emptyTitle)
  }
}
