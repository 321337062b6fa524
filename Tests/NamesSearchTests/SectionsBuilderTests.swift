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

/// Records, flat lists, section and search keys; expected values computed by hand.
@Suite("SectionsBuilder records")
struct SectionsBuilderRecordTests {
  static func names(_ store: NameStore?) -> [String] {
    guard let store else { return [] }
    return (0..<store.count).map { store[$0] }
  }

  static func record(_ fields: [(String, RecordValue)]) -> RecordValue {
    .dictionary(fields.map { RecordField(key: $0.0, value: $0.1) })
  }

  static func fields(_ name: String?, search: [String] = [], section: String? = nil)
    -> RecordFields
  {
    RecordFields(
      name: name.flatMap(RecordKeyPath.init), search: search.compactMap(RecordKeyPath.init),
      section: section.flatMap(RecordKeyPath.init))
  }

  @Test("a record gives its name, its search keys and its JSON")
  func record() throws {
    var builder = SectionsBuilder(
      source: "t", expansion: nil, fields: Self.fields("who.first", search: ["k", "n"]))
    try builder.beginSection("A")
    try builder.appendRecord(
      Self.record([
        ("who", Self.record([("first", .string("Ann"))])),
        ("k", .array([.string("x"), .number("1")])),
        ("n", .number("3")), ("d", .date("2024-05-01T12:00:00Z")), ("b", .data([0xFF])),
        ("z", .null), ("t", .boolean(true)),
      ]))
    let sections = try builder.finish()
    #expect(sections.titles == ["A"] && Self.names(sections.names) == ["Ann"])
    // Arrays give their strings only; numbers count as keys.
    #expect(Self.names(sections.searchKeys?.texts) == ["x", "3"])
    #expect(sections.searchKeys?.owners == [0, 0])
    #expect(
      Self.names(sections.records)
        == [
          #"{"who":{"first":"Ann"},"k":["x",1],"n":3,"d":"2024-05-01T12:00:00Z","b":"/w==","z":null,"t":true}"#
        ])
  }

  @Test("a flat list is filed by the SectionMaker: first letters, sorted, # last in order")
  func flat() throws {
    var builder = SectionsBuilder(source: "t", expansion: nil)
    for name in ["bob", "ann", "1a", "Al", "Éva", "ǆemal"] { try builder.appendName(name) }
    let sections = try builder.finish()
    #expect(sections.titles == ["B", "A", "#", "E", "D"])
    #expect(sections.ranges == [0..<1, 1..<3, 3..<4, 4..<5, 5..<6])
    #expect(Self.names(sections.names) == ["bob", "Al", "ann", "1a", "Éva", "ǆemal"])
  }

  /// A maker that files every name under "All", last name first.
  struct Reversed: SectionMaker {
    func sections(of names: NameStore) -> [(title: String, members: [Int])] {
      [("All", Array((0..<names.count).reversed()))]
    }
  }

  @Test("the SectionMaker is replaceable")
  func maker() throws {
    var builder = SectionsBuilder(source: "t", expansion: nil, maker: Reversed())
    for name in ["a", "b", "c"] { try builder.appendName(name) }
    let sections = try builder.finish()
    #expect(sections.titles == ["All"] && Self.names(sections.names) == ["c", "b", "a"])
  }

  @Test("a section field re-files records; keys and records follow their names")
  func sectionKey() throws {
    var builder = SectionsBuilder(
      source: "t", expansion: nil, fields: Self.fields("n", search: ["k"], section: "s"))
    try builder.appendRecord(
      Self.record([("n", .string("Ann")), ("s", .string("Red")), ("k", .string("a1"))]))
    try builder.appendRecord(
      Self.record([
        ("n", .string("Bo")), ("s", .string("Blue")),
        ("k", .array([.string("b1"), .string("b2")])),
      ]))
    try builder.appendRecord(Self.record([("n", .string("Cy")), ("s", .string("Red"))]))
    let sections = try builder.finish()
    #expect(sections.titles == ["Red", "Blue"])
    #expect(sections.ranges == [0..<2, 2..<3])
    #expect(Self.names(sections.names) == ["Ann", "Cy", "Bo"])
    #expect(Self.names(sections.searchKeys?.texts) == ["a1", "b1", "b2"])
    #expect(sections.searchKeys?.owners == [0, 2, 2])
    #expect(
      Self.names(sections.records) == [
        #"{"n":"Ann","s":"Red","k":"a1"}"#, #"{"n":"Cy","s":"Red"}"#,
        #"{"n":"Bo","s":"Blue","k":["b1","b2"]}"#,
      ])
  }

  @Test("a section field also re-files a sectioned list")
  func refileSectioned() throws {
    var builder = SectionsBuilder(
      source: "t", expansion: nil, fields: Self.fields("n", section: "s"))
    try builder.beginSection("A")
    try builder.appendRecord(Self.record([("n", .string("Ann")), ("s", .string("X"))]))
    try builder.beginSection("B")
    try builder.appendRecord(Self.record([("n", .string("Bo")), ("s", .string("Y"))]))
    try builder.appendRecord(Self.record([("n", .string("Bea")), ("s", .string("X"))]))
    let sections = try builder.finish()
    #expect(sections.titles == ["X", "Y"])
    #expect(Self.names(sections.names) == ["Ann", "Bea", "Bo"])
  }

  @Test("rows without a record read as null beside those with one")
  func rows() throws {
    var builder = SectionsBuilder(source: "t", expansion: nil)
    try builder.beginSection("A")
    try builder.appendRow(name: "a", searchKeys: [], title: nil, record: nil)
    try builder.appendRow(name: "b", searchKeys: ["bee"], title: nil, record: Array("{}".utf8))
    try builder.appendRow(name: "c", searchKeys: [], title: nil, record: nil)
    let sections = try builder.finish()
    #expect(Self.names(sections.records) == ["null", "{}", "null"])
    #expect(sections.searchKeys?.owners == [1])
  }

  @Test("messages: records need a key, a field missing or not a string, names are not records")
  func errors() {
    func message(_ fields: RecordFields, sectioned: Bool, _ items: [RecordValue?]) -> String? {
      var builder = SectionsBuilder(source: "t.plist", expansion: nil, fields: fields)
      do {
        if sectioned { try builder.beginSection("B") }
        for item in items {
          if let item { try builder.appendRecord(item) } else { try builder.appendName("x") }
        }
        _ = try builder.finish()
        return nil
      } catch { return error.description }
    }
    let ann = Self.record([("name", .string("Ann")), ("age", .number("3"))])
    #expect(
      message(.none, sectioned: true, [ann])
        == #"t.plist: the items are records; choose the field that is the name (fields: "name", "age")"#
    )
    #expect(
      message(Self.fields("nick"), sectioned: true, [ann])
        == #"t.plist: section "B", item 1: no field "nick""#)
    #expect(
      message(
        Self.fields("name"), sectioned: false, [ann, Self.record([("name", .boolean(true))])])
        == #"t.plist: item 2: field "name" is a boolean, not a string"#)
    #expect(
      message(Self.fields("name", section: "age"), sectioned: false, [ann])
        == #"t.plist: item 1: field "age" is a number, not a string"#)
    #expect(
      message(Self.fields("name.first"), sectioned: true, [ann])
        == #"t.plist: section "B", item 1: no field "name.first""#)
    #expect(
      message(Self.fields("name"), sectioned: true, [nil])
        == #"t.plist: the list holds names, not records, so it has no field "name""#)
  }
}
