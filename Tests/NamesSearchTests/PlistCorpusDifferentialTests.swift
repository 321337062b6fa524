import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// Differential test of the property-list readers against Foundation's
/// `PropertyListSerialization` on this machine, over the OpenStep and XML corpus of
/// `Tests/Fixtures/plist-corpus` (written by `Scripts/make-plist-corpus.py`, with
/// `manifest.tsv`). For every file:
///
/// - Foundation reads a sortednames list (a dictionary of arrays of names, or an array: a
///   flat list; records when the manifest names their key): `CatalogLoader` reads the same
///   titles and names (as title → names, in order, since Foundation's dictionaries have no
///   order; a flat list's names in any order, filed into sections by names-search);
/// - Foundation reads something else (a string at the root, data in an item, …):
///   names-search refuses it with one of the shape errors that describe what Foundation read;
/// - Foundation refuses: names-search refuses, in one line;
/// - the manifest names a deliberate difference: names-search does what it says, exactly
///   (the refusal's message, the reference file, the format the sniffer picks).
@Suite("Property-list corpus against Foundation")
struct PlistCorpusDifferentialTests {
  static let folder = TestPaths.file("Tests/Fixtures/plist-corpus")

  /// A line of `manifest.tsv`.
  struct Entry: Sendable, CustomTestStringConvertible {
    var file: String
    /// The record field that is each item's name, or `nil` for a list of names.
    var key: String?
    /// The deliberate difference that applies, or `nil` where names-search agrees.
    var difference: String?
    /// The message of the refusal ("*" at the end: starts with), a file or a format.
    var detail: String?
    var testDescription: String { file }
  }

  /// The manifest's entries; empty when it cannot be read (`manifestListsEveryFile` fails).
  static let entries: [Entry] = (try? manifest()) ?? []

  static func manifest() throws -> [Entry] {
    let text = try String(
      contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
    return rows.map { row in
      let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      func column(_ i: Int) -> String? {
        i < columns.count && columns[i] != "-" ? columns[i] : nil
      }
      return Entry(file: columns[0], key: column(1), difference: column(2), detail: column(3))
    }
  }

  static func bytes(_ file: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(file))
  }

  // MARK: What a list holds

  /// A string compared scalar by scalar: `String`'s `==` is canonical equivalence, which
  /// would hide a reader that normalizes.
  struct Text: Hashable, Comparable, CustomStringConvertible {
    var scalars: [UInt32]

    init(_ string: String) { scalars = string.unicodeScalars.map(\.value) }

    var string: String {
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
      return text
    }

    static func < (a: Text, b: Text) -> Bool { a.scalars.lexicographicallyPrecedes(b.scalars) }

    var description: String { string.debugDescription }
  }

  /// What a reader read, compared between readers.
  enum Reading: Equatable, CustomStringConvertible {
    /// Title → names in file order.
    case sections([Text: [Text]])
    /// A flat list's names, sorted (names-search files them into sections).
    case flat([Text])

    static func sections(_ sections: [(title: String, names: [String])]) -> Reading {
      .sections(
        Dictionary(
          sections.map { (Text($0.title), $0.names.map(Text.init)) },
          uniquingKeysWith: { a, _ in a }
        ))
    }

    static func flat(_ names: [String]) -> Reading { .flat(names.map(Text.init).sorted()) }

    var description: String {
      switch self {
      case .sections(let sections):
        "sections "
          + sections.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
          .joined(separator: ", ")
      case .flat(let names): "flat \(names)"
      }
    }

    /// The same reading with CR LF and CR made LF, as an XML parser reads them.
    var withXMLLineEnds: Reading {
      func fold(_ text: Text) -> String {
        text.string.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
          of: "\r", with: "\n")
      }
      switch self {
      case .sections(let sections):
        return .sections(sections.map { (fold($0.key), $0.value.map(fold)) })
      case .flat(let names): return .flat(names.map(fold))
      }
    }
  }

  /// What Foundation makes of a file.
  enum Expected: CustomStringConvertible {
    /// A sortednames list.
    case reads(Reading)
    /// Something else: the shape errors that describe it (names-search reports one of them,
    /// the first it meets in file order).
    case shape([LoadError.Reason])
    /// Not a property list; Foundation's words.
    case refuses(String)

    var description: String {
      switch self {
      case .reads(let reading): "reads \(reading)"
      case .shape(let reasons): "shape \(reasons)"
      case .refuses(let why): "refuses (\(why))"
      }
    }
  }

  /// Foundation's reading of `data`, with `key` the records' name field.
  static func foundation(_ data: Data, key: String?) -> Expected {
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let nsError = error as NSError
      return .refuses(
        (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription)
    }
    return expectation(of: root, key: key)
  }

  /// What names-search must make of the property-list object `root`, by the rules of
  /// `LoadError`'s shape errors: every problem it has (names-search names the first).
  static func expectation(of root: Any, key: String?) -> Expected {
    var problems: [LoadError.Reason] = []
    func type(_ value: Any) -> String { FoundationReference.describeType(of: value) }
    /// The names of `items` (a section titled `title`, or the flat list), or nil after
    /// noting the problems.
    func names(_ items: [Any], title: String?) -> [String] {
      var names: [String] = []
      for (index, item) in items.enumerated() {
        let position = index + 1
        switch item {
        case let name as String:
          if let key {
            problems.append(
              .itemNotRecord(title: title, position: position, field: key, found: "a string"))
          }
          names.append(name)
        case let record as [AnyHashable: Any]:
          guard let key else {
            problems.append(.recordsNeedKey(fields: record.keys.compactMap { $0.base as? String }))
            continue
          }
          switch record[key] {
          case let name as String: names.append(name)
          case nil: problems.append(.fieldMissing(title: title, position: position, field: key))
          case let other?:
            problems.append(
              .fieldNotString(title: title, position: position, field: key, found: type(other)))
          }
        default:
          if let title {
            problems.append(.nameNotString(title: title, position: position, found: type(item)))
          } else {
            problems.append(.itemNotNameOrRecord(position: position, found: type(item)))
          }
        }
      }
      return names
    }
    let reading: Reading
    switch root {
    case let dictionary as [AnyHashable: Any]:
      var sections: [(title: String, names: [String])] = []
      for (titleKey, value) in dictionary {
        guard let title = titleKey.base as? String else {
          problems.append(.titleNotString(found: type(titleKey.base)))
          continue
        }
        if title.isEmpty { problems.append(.emptyTitle) }
        guard let items = value as? [Any] else {
          problems.append(.sectionNotArray(title: title, found: type(value)))
          continue
        }
        sections.append((title, names(items, title: title)))
      }
      reading = .sections(sections)
    case let items as [Any]:
      reading = .flat(names(items, title: nil))
    default:
      problems.append(.rootNotDictionary(found: type(root)))
      reading = .flat([Text]())
    }
    return problems.isEmpty ? .reads(reading) : .shape(problems)
  }

  /// Whether names-search's `reason` is one of `problems` (a record's fields compared as a
  /// set: Foundation's dictionaries have no order).
  static func isOne(of problems: [LoadError.Reason], _ reason: LoadError.Reason) -> Bool {
    problems.contains { problem in
      if case .recordsNeedKey(let expected) = problem, case .recordsNeedKey(let fields) = reason {
        return expected.sorted() == fields.sorted()
      }
      return problem == reason
    }
  }

  // MARK: What names-search makes of a file

  static func load(_ data: Data, _ entry: Entry, format: ListFormat? = nil) -> Result<
    Catalog, LoadError
  > {
    let fields = entry.key.map { RecordFields(name: RecordKeyPath($0)) } ?? .none
    do {
      return .success(
        try CatalogLoader.load(
          from: FileReader(bytes: Array(data), source: entry.file),
          options: LoadOptions(format: format, fields: fields)))
    } catch {
      return .failure(error)
    }
  }

  /// The catalog as `expected` reads: title → names, or all names sorted for a flat list.
  static func reading(of catalog: Catalog, as expected: Reading) -> Reading {
    switch expected {
    case .sections: .sections(catalog.sections.map { ($0.title, $0.names) })
    case .flat: .flat(catalog.sections.flatMap(\.names))
    }
  }

  /// Checks names-search's `actual` outcome against Foundation's `expected` one.
  static func check(
    _ actual: Result<Catalog, LoadError>, against expected: Expected, _ entry: Entry,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    switch (expected, actual) {
    case (.reads(let expectedReading), .success(let catalog)):
      #expect(
        reading(of: catalog, as: expectedReading) == expectedReading, "\(entry.file)",
        sourceLocation: sourceLocation)
      if case .sections(let sections) = expectedReading {
        #expect(
          catalog.sectionCount == sections.count, "\(entry.file): \(catalog.titles)",
          sourceLocation: sourceLocation)
      }
    case (.shape(let problems), .failure(let error)):
      #expect(
        isOne(of: problems, error.reason), "\(entry.file): \(error) is none of \(problems)",
        sourceLocation: sourceLocation)
    case (.refuses, .failure(let error)):
      #expect(
        isOneLine(error), "\(entry.file): \(error)",
        sourceLocation: sourceLocation)
    case (_, .failure(let error)):
      Issue.record(
        "\(entry.file): Foundation \(expected), names-search \(error)",
        sourceLocation: sourceLocation)
    case (_, .success(let catalog)):
      Issue.record(
        "\(entry.file): Foundation \(expected), names-search reads \(catalog.sections)",
        sourceLocation: sourceLocation)
    }
  }

  static func isOneLine(_ error: LoadError) -> Bool {
    !error.description.contains(where: \.isNewline)
  }

  /// The refusals the manifest lists (the detail is the message); Foundation reads each of
  /// these files.
  static let refusals: Set<String> = [
    "duplicate-title", "equivalent-titles", "duplicate-key", "blank", "lone-surrogate",
    "too-deep", "cut-unit", "stray-semicolon", "data-cut-by-paren", "unmarked-utf16",
    "xml-not-well-formed",
  ]

  // MARK: Tests

  @Test("agrees with Foundation, or differs as the manifest says", arguments: entries)
  func agreesWithFoundation(_ entry: Entry) throws {
    let data = try Self.bytes(entry.file)
    let expected = Self.foundation(data, key: entry.key)
    let actual = Self.load(data, entry)
    switch entry.difference {
    case nil:
      Self.check(actual, against: expected, entry)
    case let difference? where Self.refusals.contains(difference):
      if case .refuses(let why) = expected {
        Issue.record("\(entry.file): Foundation refuses it (\(why)): no difference")
      }
      let detail = try #require(entry.detail)
      switch actual {
      case .success(let catalog):
        Issue.record("\(entry.file): names-search reads \(catalog.sections)")
      case .failure(let error):
        if detail.hasSuffix("*") {
          #expect(error.message.hasPrefix(detail.dropLast()), "\(entry.file): \(error.message)")
        } else {
          #expect(error.message == detail, "\(entry.file)")
        }
        #expect(Self.isOneLine(error), "\(entry.file)")
      }
    case "xml-unmarked-utf16":
      if case .refuses = expected {
      } else {
        Issue.record("\(entry.file): Foundation \(expected): no difference")
      }
      let reference = try Self.bytes(#require(entry.detail))
      Self.check(actual, against: Self.foundation(reference, key: entry.key), entry)
    case "xml-line-ends":
      guard case .reads(let reading) = expected else {
        Issue.record("\(entry.file): Foundation \(expected)")
        return
      }
      #expect(reading.withXMLLineEnds != reading, "\(entry.file): no CR in what Foundation reads")
      Self.check(actual, against: .reads(reading.withXMLLineEnds), entry)
    case "sniffed":
      // The sniffer tells another format; read as OpenStep, the file follows Foundation.
      let format = try #require(entry.detail.flatMap(ListFormat.init(rawValue:)))
      let reader = FileReader(bytes: Array(data), source: entry.file)
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let sniffed = try FormatSniffer.sniff(reader, chunk: &chunk, progress: nil)
      #expect(sniffed.format == format, "\(entry.file)")
      Self.check(Self.load(data, entry, format: .openStepPropertyList), against: expected, entry)
    case let difference?:
      Issue.record("\(entry.file): unknown difference \(difference)")
    }
  }

  @Test("the manifest lists every file of the corpus, and the corpus holds both formats")
  func manifestListsEveryFile() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0 != "manifest.tsv" }.sorted()
    #expect(Self.entries.map(\.file).sorted() == files)
    // Most of the corpus is lists Foundation reads, told OpenStep by the sniffer: without
    // the OpenStep reader, each of them fails the test above.
    var openStep = 0
    var xml = 0
    for entry in Self.entries where entry.difference == nil {
      let data = try Self.bytes(entry.file)
      guard case .reads = Self.foundation(data, key: entry.key) else { continue }
      let reader = FileReader(bytes: Array(data), source: entry.file)
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      switch try? FormatSniffer.sniff(reader, chunk: &chunk, progress: nil).format {
      case .openStepPropertyList?: openStep += 1
      case .xmlPropertyList?: xml += 1
      default: break
      }
    }
    #expect(openStep >= 150, "\(openStep) OpenStep lists Foundation reads")
    #expect(xml >= 30, "\(xml) XML lists Foundation reads")
  }
}
