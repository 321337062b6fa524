import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An independent reader of XML sortednames lists for tests: FoundationXML's `XMLParser`
/// (libxml2 underneath, but none of the library's code), not `PropertyListSerialization`, so
/// expected values do not come from the code under test. It understands only a `<dict>` of
/// `<key>` / `<array>` of `<string>`, in file order; anything else is an error.
public enum ReferencePlist {
  /// Why a list could not be read: one line naming the file and the place.
  public struct ReadError: Error, CustomStringConvertible {
    /// `<path>: line <n>: <what went wrong>`, or `<path>: <what>` when no line applies.
    public var description: String
  }

  /// The sections of the XML plist at `path`, in file order. O(file size).
  ///
  /// - Throws: `ReadError` when the file cannot be opened, is not well-formed XML, or holds
  ///   something other than a flat sortednames list (an `<array>` without its `<key>`, a
  ///   `<string>` outside an `<array>`, any other element).
  public static func sections(atPath path: String) throws -> [ReferenceSection] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(description: "\(path): cannot be read")
    }
    let parser = XMLParser(data: data)
    let collector = SortedNamesCollector()
    parser.delegate = collector
    let parsed = parser.parse()
    if let problem = collector.problem {
      throw ReadError(description: "\(path): line \(problem.line): \(problem.message)")
    }
    guard parsed else {
      let reason = parser.parserError.map { "\($0)" } ?? "not well-formed XML"
      throw ReadError(description: "\(path): line \(parser.lineNumber): \(reason)")
    }
    return collector.sections
  }
}

/// An `XMLParser` delegate that reads a `<dict>` of `<key>` / `<array>` of `<string>`, and
/// stops at the first element that does not belong there.
private final class SortedNamesCollector: NSObject, XMLParserDelegate {
  var sections: [ReferenceSection] = []
  var problem: (line: Int, message: String)?
  private var text = ""
  private var pendingTitle: String?

  private func fail(_ parser: XMLParser, _ message: String) {
    if problem == nil { problem = (parser.lineNumber, message) }
    parser.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    text = ""
    switch elementName {
    case "plist", "dict", "key", "string":
      break
    case "array":
      guard let title = pendingTitle else { return fail(parser, "an <array> without a <key>") }
      sections.append(ReferenceSection(title: title, names: []))
    default:
      fail(parser, "unexpected element <\(elementName)>")
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
      guard !sections.isEmpty else { return fail(parser, "a <string> outside an <array>") }
      sections[sections.count - 1].names.append(text)
    case "array":
      pendingTitle = nil
    default:
      break
    }
    text = ""
  }
}
