import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One section of the reference model: a title and its names, in file order.
struct ReferenceSection: Sendable, Equatable {
  var title: String
  var names: [String]
}

/// The fixture list read independently of the tool: with `XMLParser`, not
/// `PropertyListSerialization`, and searched with Foundation's `range(of:options:)`.
enum FixtureReference {
  /// The sections of the XML plist at `url`, in file order.
  ///
  /// - Throws: `CLITestSetupError` when the file cannot be parsed as a flat sortednames list.
  static func load(_ url: URL) throws -> [ReferenceSection] {
    guard let parser = XMLParser(contentsOf: url) else {
      throw CLITestSetupError(description: "cannot open \(url.path) for XML parsing")
    }
    let collector = SortedNamesCollector()
    parser.delegate = collector
    guard parser.parse(), collector.problem == nil else {
      throw CLITestSetupError(
        description: "cannot parse \(url.path): "
          + (collector.problem ?? parser.parserError.map { "\($0)" } ?? "unknown error"))
    }
    return collector.sections
  }

  /// The sections that keep at least one name containing `term` (case and diacritics
  /// ignored), each with only those names, sorted by title. An empty term keeps everything.
  static func search(_ term: String, in sections: [ReferenceSection]) -> [ReferenceSection] {
    sections.compactMap { section in
      let names = section.names.filter { name in
        term.isEmpty
          || name.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
      }
      return names.isEmpty ? nil : ReferenceSection(title: section.title, names: names)
    }
    // The fixture's titles are single ASCII capitals: plain ordering is the display order.
    .sorted { $0.title < $1.title }
  }

  /// The plain output for `sections`: each title, then each name indented by two spaces.
  static func plainOutput(_ sections: [ReferenceSection]) -> String {
    var text = ""
    for section in sections {
      text += section.title + "\n"
      for name in section.names { text += "  " + name + "\n" }
    }
    return text
  }
}

/// An `XMLParser` delegate that reads `<dict>` of `<key>` / `<array>` of `<string>`.
private final class SortedNamesCollector: NSObject, XMLParserDelegate {
  var sections: [ReferenceSection] = []
  var problem: String?
  private var text = ""
  private var pendingTitle: String?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    text = ""
    switch elementName {
    case "plist", "dict", "key", "string":
      break
    case "array":
      guard let title = pendingTitle else {
        problem = "an <array> without a <key>"
        return
      }
      sections.append(ReferenceSection(title: title, names: []))
    default:
      problem = "unexpected element <\(elementName)>"
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    switch elementName {
    case "key":
      pendingTitle = text
    case "string":
      guard !sections.isEmpty else {
        problem = "a <string> outside an <array>"
        return
      }
      sections[sections.count - 1].names.append(text)
    case "array":
      pendingTitle = nil
    default:
      break
    }
    text = ""
  }
}
