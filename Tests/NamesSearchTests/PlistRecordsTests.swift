import Foundation
import Testing

@testable import NamesSearch

/// Records and flat lists in XML and binary property lists. The lists are written by
/// Foundation's `PropertyListSerialization` (the independent writer) or by hand; expected
/// names, titles and messages are written out by hand, and the records' JSON is read back
/// with Foundation's `JSONSerialization`.
@Suite("Plist records and flat lists")
struct PlistRecordsTests {
  enum Format: String, CaseIterable, CustomTestStringConvertible {
    case xml, binary
    var testDescription: String { rawValue }
    var foundation: PropertyListSerialization.PropertyListFormat {
      self == .xml ? .xml : .binary
    }
  }

  /// What a reader of the sniffed format reads from `data`, with `fields`.
  static func read(_ data: Data, fields: RecordFields = .none) throws(LoadError)
    -> SectionedNames
  {
    let reader = FileReader(bytes: Array(data), source: "r.plist")
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    let sniffed = try FormatSniffer.sniff(reader, chunk: &chunk, progress: nil)
    let input = ListInput(
      file: reader, prefix: sniffed.prefix, droppedLines: sniffed.droppedLines,
      options: LoadOptions(fields: fields), progress: nil)
    return try ListReaders.standard[sniffed.format]!.read(input)
  }

  static func read(_ object: Any, _ format: Format, fields: RecordFields = .none)
    throws -> SectionedNames
  {
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: format.foundation, options: 0)
    return try read(data, fields: fields)
  }

  static func reason(_ object: Any, _ format: Format, fields: RecordFields = .none)
    -> LoadError?
  {
    do {
      _ = try read(object, format, fields: fields)
      return nil
    } catch let error as LoadError { return error } catch { return nil }
  }

  /// Title → names, for lists whose section order is the writer's.
  static func sections(_ list: SectionedNames) -> [String: [String]] {
    var out: [String: [String]] = [:]
    for (title, range) in zip(list.titles, list.ranges) {
      out[title] = range.map { list.names[$0] }
    }
    return out
  }

  static func fields(_ name: String, search: [String] = [], section: String? = nil)
    -> RecordFields
  {
    RecordFields(
      name: RecordKeyPath(name), search: search.compactMap(RecordKeyPath.init),
      section: section.flatMap(RecordKeyPath.init))
  }

  /// The records' JSON texts, parsed by Foundation.
  static func records(_ list: SectionedNames) throws -> [NSDictionary] {
    let store = try #require(list.records)
    return try (0..<store.count).map {
      try #require(
        JSONSerialization.jsonObject(with: Data(store[$0].utf8)) as? NSDictionary)
    }
  }

  static var movies: [String: Any] {
    [
      "A": [
        ["name": "Ann", "description": "first", "image": "ann.png"],
        ["name": "Abe", "description": "second", "image": "abe.png"],
      ],
      "B": [["name": "Bea", "description": "third", "image": "bea.png"]],
    ]
  }

  @Test("sections of records: names by --key, each record kept as JSON", arguments: Format.allCases)
  func sectionedRecords(format: Format) throws {
    let list = try Self.read(Self.movies, format, fields: Self.fields("name"))
    #expect(Self.sections(list) == ["A": ["Ann", "Abe"], "B": ["Bea"]])
    let records = try Self.records(list)
    #expect(records.count == 3)
    for (i, record) in records.enumerated() {
      let name = list.names[i]
      let section = (Self.movies[String(name.prefix(1))] as! [[String: String]])
      #expect(record == (section.first { $0["name"] == name }! as NSDictionary))
    }
    #expect(list.searchKeys == nil)
  }

  @Test("every value type of a record, nested", arguments: Format.allCases)
  func valueTypes(format: Format) throws {
    let date = Date(timeIntervalSince1970: 1_714_564_800)  // 2024-05-01T12:00:00Z
    let record: [String: Any] = [
      "name": ["first": "Ann", "last": "Lee"],
      "age": 42, "height": 1.5, "big": UInt64.max, "negative": -7,
      "alive": true, "dead": false, "born": date, "photo": Data([1, 2, 3]),
      "tags": ["x", ["y": 1]],
    ]
    let list = try Self.read(["A": [record]], format, fields: Self.fields("name.first"))
    #expect(Self.sections(list) == ["A": ["Ann"]])
    let json = try #require(list.records?[0])
    let parsed = try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(parsed["name"] as? [String: String] == ["first": "Ann", "last": "Lee"])
    #expect((parsed["age"] as? NSNumber)?.intValue == 42)
    #expect((parsed["height"] as? NSNumber)?.doubleValue == 1.5)
    #expect((parsed["negative"] as? NSNumber)?.intValue == -7)
    #expect(json.contains("\"big\":18446744073709551615"))
    #expect(parsed["alive"] as? Bool == true && parsed["dead"] as? Bool == false)
    #expect(parsed["born"] as? String == "2024-05-01T12:00:00Z")
    #expect(parsed["photo"] as? String == "AQID")
    let tags = try #require(parsed["tags"] as? [Any])
    #expect(tags.first as? String == "x")
    #expect((tags.last as? [String: Int]) == ["y": 1])
  }

  @Test("hand-written XML: the record's JSON keeps file order")
  func xmlFileOrder() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>A</key><array><dict>
      <key>name</key><string>Ann</string>
      <key>description</key><string>a "quoted" line</string>
      <key>image</key><string>ann.png</string>
      <key>n</key><integer>0x1F</integer><key>r</key><real>-2.50</real>
      <key>when</key><date>2024-05-01T12:00:00Z</date><key>d</key><data> AQ ID </data>
      <key>e</key><array/><key>f</key><dict/><key>t</key><true/>
      </dict></array></dict></plist>
      """
    let list = try Self.read(Data(xml.utf8), fields: Self.fields("name"))
    #expect(
      list.records?[0]
        == #"{"name":"Ann","description":"a \"quoted\" line","image":"ann.png","n":31,"#
        + #""r":-2.5,"when":"2024-05-01T12:00:00Z","d":"AQID","e":[],"f":{},"t":true}"#)
  }

  @Test(
    "search keys: strings, numbers and arrays of strings; nulls skipped", arguments: Format.allCases
  )
  func searchKeys(format: Format) throws {
    let object: [String: Any] = [
      "A": [
        ["name": "Ann", "nick": "Annie", "mail": ["ann@x.org", "a@y.org"]],
        ["name": "Abe", "nick": 7],
      ]
    ]
    let list = try Self.read(object, format, fields: Self.fields("name", search: ["nick", "mail"]))
    let keys = try #require(list.searchKeys)
    let pairs = (0..<keys.texts.count).map { (keys.texts[$0], keys.owners[$0]) }
    #expect(pairs.map(\.0) == ["Annie", "ann@x.org", "a@y.org", "7"])
    #expect(pairs.map(\.1) == [0, 0, 0, 1])
  }

  @Test("--section-key re-files the records by that field", arguments: Format.allCases)
  func sectionKey(format: Format) throws {
    let object: [String: Any] = [
      "A": [["name": "Ann", "team": "Red"], ["name": "Abe", "team": "Blue"]],
      "B": [["name": "Bea", "team": "Red"]],
    ]
    let list = try Self.read(object, format, fields: Self.fields("name", section: "team"))
    #expect(
      Self.sections(list) == ["Red": ["Ann", "Bea"], "Blue": ["Abe"]].mapValues { $0 }
        || Self.sections(list) == ["Red": ["Bea", "Ann"], "Blue": ["Abe"]])
    #expect(Set(list.titles) == ["Red", "Blue"])
    // Records follow their names.
    let records = try Self.records(list)
    for (i, record) in records.enumerated() { #expect(record["name"] as? String == list.names[i]) }
  }

  @Test("a flat array of names gets made sections", arguments: Format.allCases)
  func flatNames(format: Format) throws {
    let list = try Self.read(["bob", "Élise", "alice", "42", "Bea", "ernst", "Anna"], format)
    #expect(list.titles == ["B", "E", "A", "#"])
    #expect(
      Self.sections(list) == [
        "B": ["Bea", "bob"], "E": ["Élise", "ernst"], "A": ["alice", "Anna"], "#": ["42"],
      ])
  }

  @Test("a flat array of records, filed by --section-key", arguments: Format.allCases)
  func flatRecords(format: Format) throws {
    let object = [
      ["title": "Up", "genre": "Family"], ["title": "Alien", "genre": "Horror"],
      ["title": "Brave", "genre": "Family"],
    ]
    let list = try Self.read(object, format, fields: Self.fields("title", section: "genre"))
    #expect(list.titles == ["Family", "Horror"])
    #expect(Self.sections(list) == ["Family": ["Up", "Brave"], "Horror": ["Alien"]])
    let made = try Self.read(object, format, fields: Self.fields("title"))
    #expect(Self.sections(made) == ["U": ["Up"], "A": ["Alien"], "B": ["Brave"]])
  }

  @Test("errors name the section, the item and the field", arguments: Format.allCases)
  func errors(format: Format) {
    let need = Self.reason(["A": [["only": "x"]]], format)
    #expect(
      need?.description
        == #"r.plist: the items are records; choose the field that is the name (fields: "only")"#
    )
    let missing = Self.reason(
      ["A": [["name": ["first": "Ann"]], ["name": ["last": "Lee"]]]], format,
      fields: Self.fields("name.first"))
    #expect(missing?.description == #"r.plist: section "A", item 2: no field "name.first""#)
    let wrong = Self.reason(["B": [["name": 12]]], format, fields: Self.fields("name"))
    #expect(
      wrong?.description == #"r.plist: section "B", item 1: field "name" is a number, not a string"#
    )
    let flat = Self.reason(["Ann", 3] as [Any], format)
    #expect(
      flat?.description == "r.plist: item 2: expected a string or a dictionary, found a number")
    let flatMissing = Self.reason(
      [["name": "Ann"], ["nom": "Bo"]], format, fields: Self.fields("name"))
    #expect(flatMissing?.description == #"r.plist: item 2: no field "name""#)
    let notRecords = Self.reason(["A": ["Ann"]], format, fields: Self.fields("name"))
    #expect(
      notRecords?.reason
        == .itemNotRecord(title: "A", position: 1, field: "name", found: "a string"))
    let inSection = Self.reason(["A": ["Ann", 3]] as [String: Any], format)
    #expect(inSection?.reason == .nameNotString(title: "A", position: 2, found: "a number"))
  }

  @Test(
    "a record nested past the depth limit is refused, not recursed without end",
    arguments: Format.allCases)
  func deep(format: Format) throws {
    var value: Any = "x"
    for _ in 0..<(PlistScalar.maximumRecordDepth + 2) { value = [value] }
    let error = Self.reason(
      ["A": [["name": "Ann", "deep": value]]], format, fields: Self.fields("name"))
    #expect(error?.message.contains("nests deeper than 128 levels") == true)
    #expect(
      try Self.read(
        ["A": [["name": "Ann", "deep": [[["x"]]]]]], format, fields: Self.fields("name")
      ).names.count == 1)
  }

  @Test(
    "hand-written XML records that are not well formed",
    arguments: [
      (
        "<dict><key>A</key><array><dict><string>x</string></dict></array></dict>",
        "not a property list: line 1: expected <key>, found <string>"
      ),
      (
        "<dict><key>A</key><array><dict><key>n</key></dict></array></dict>",
        #"not a property list: line 1: the key "n" has no value"#
      ),
      (
        "<dict><key>A</key><array><dict><key>n</key><string>a</string><key>n</key><string>b</string></dict></array></dict>",
        #"not a property list: line 1: the key "n" appears twice"#
      ),
      (
        "<dict><key>A</key><array><dict><key>n</key><integer>x1</integer></dict></array></dict>",
        #"not a property list: line 1: <integer> "x1" is not an integer"#
      ),
      (
        "<dict><key>A</key><array><dict><key>n</key><date>2024-13-01T00:00:00Z</date></dict></array></dict>",
        #"not a property list: line 1: <date> "2024-13-01T00:00:00Z" is not a date (YYYY-MM-DDTHH:MM:SSZ)"#
      ),
    ])
  func xmlMalformed(xml: String, message: String) {
    do {
      _ = try Self.read(Data(xml.utf8), fields: Self.fields("n"))
      Issue.record("no error")
    } catch { #expect(error.message == message) }
  }
}
