import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An independent reader of XML sortednames lists for tests: FoundationXML's `XMLParser`,
/// not `PropertyListSerialization`, so expected values do not come from the code under test.
/// It understands only `<dict>` of `<key>` and `<array>` of `<string>`, in file order.
final class ReferencePlist: NSObject, XMLParserDelegate {
  private(set) var sections: [(title: String, names: [String])] = []
  private var text = ""
  private var inString = false
  private var inKey = false

  /// The sections of the XML plist at `path`, in file order.
  static func sections(atPath path: String) throws -> [(title: String, names: [String])] {
    let reader = ReferencePlist()
    let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
    parser.delegate = reader
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    return reader.sections
  }

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    text = ""
    inKey = element == "key"
    inString = element == "string"
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inKey || inString { text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if element == "key" { sections.append((text, [])) }
    if element == "string" { sections[sections.count - 1].names.append(text) }
    inKey = false
    inString = false
  }
}

/// Paths of the package and of its test fixtures.
enum TestPaths {
  /// The package root (the folder holding Package.swift).
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    {
      url.deleteLastPathComponent()
    }
    return url
  }()

  /// `Tests/Fixtures/sortednames.plist`: the 2,000-name list of the iOS "Sections" example
  /// (see `Tests/Fixtures/README.md` for where it came from).
  static let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/sortednames.plist").path

  /// `Resources/sortednames.plist`: the source of the built-in list.
  static let builtInSource = packageRoot.appendingPathComponent("Resources/sortednames.plist").path
}

/// A small, seeded pseudo-random generator (SplitMix64), so random tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
