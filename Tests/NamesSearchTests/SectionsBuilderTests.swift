import Testing

@testable import NamesSearch

/// The one place every reader builds its sections and checks its titles; expected values
/// written out by hand.
@Suite("SectionsBuilder")
struct SectionsBuilderTests {
  static func names(_ store: NameStore) -> [String] {
    (0..<store.count).map { store[$0] }
  }

  @Test("builds titles, names and ranges in file order; names may come in parts")
  func builds() throws {
    var builder = SectionsBuilder(source: "t", expansion: nil)
    try builder.beginSection("B")
    try builder.appendName("Bob")
    try builder.appendName("Abe")
    #expect(builder.title == "B" && builder.namesInSection == 2)
    builder.endSection()
    try builder.beginSection("E")  // a section with no names
    try builder.beginSection("A")  // ends "E"
    for part in ["An", "", "n"] {
      Array(part.utf8).withUnsafeBufferPointer { builder.appendPart(utf8: $0) }
    }
    try builder.endName()
    try Array("Åsa".utf8).withUnsafeBufferPointer { (utf8) throws(LoadError) in
      try builder.appendName(utf8: utf8)
    }
    let sections = try builder.finish()  // ends "A"
    #expect(sections.titles == ["B", "E", "A"])
    #expect(sections.ranges == [0..<2, 2..<2, 2..<4])
    #expect(Self.names(sections.names) == ["Bob", "Abe", "Ann", "Åsa"])
  }

  @Test("refuses an empty title, a duplicate, and an equivalent spelling naming both")
  func titles() throws {
    func error(_ titles: [String]) -> LoadError? {
      var builder = SectionsBuilder(source: "t.plist", expansion: nil)
      do {
        for title in titles { try builder.beginSection(title) }
        return nil
      } catch { return error }
    }
    #expect(error(["A", ""]) == LoadError(source: "t.plist", reason: .emptyTitle))
    #expect(error(["A", "B", "A"])?.reason == .duplicateTitle("A"))
    for (first, second, _, _) in SectionTitlesTests.equivalentPairs {
      let reason = error(["A", first, second])?.reason
      guard case .equivalentTitles(let a, let b)? = reason else {
        Issue.record("expected equivalentTitles, got \(String(describing: reason))")
        continue
      }
      #expect(Array(a.unicodeScalars) == Array(first.unicodeScalars))
      #expect(Array(b.unicodeScalars) == Array(second.unicodeScalars))
    }
    #expect(error(["a", "A", "\u{C5}", "\u{212A}", "k"]) == nil)
  }

  @Test("counts titles and names against the ExpansionLimit it is given")
  func expansion() throws {
    // Limit 100 bytes: a section costs its title + 64, a name its bytes + 16.
    var builder = SectionsBuilder(
      source: "t",
      expansion: ExpansionLimit(inputSize: 0, maximumSize: 100, source: "t"))
    try builder.beginSection("A")  // 65
    try builder.appendName(String(repeating: "x", count: 10))  // 91
    #expect(throws: LoadError(source: "t", reason: .namesTooLarge(limit: 100))) {
      try builder.appendName(String(repeating: "y", count: 10))  // 117
    }
    // Without a limit, the same list builds.
    var unlimited = SectionsBuilder(source: "t", expansion: nil)
    try unlimited.beginSection("A")
    for name in ["xxxxxxxxxx", "yyyyyyyyyy"] { try unlimited.appendName(name) }
    #expect(try unlimited.finish().names.count == 2)
  }
}
