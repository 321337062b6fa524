import Foundation
import NamesSearch

/// Foundation's reading of a sortednames property list, the reference the shipped loader
/// (`CatalogLoader.load`, which never calls Foundation's parser) is tested against: Apple's
/// `PropertyListSerialization` decodes any format it knows (XML, binary, OpenStep text), and
/// `catalog(fromObject:source:)` checks the decoded shape.
public enum FoundationReference {
  /// Parses `data` as a sortednames property list; `source` names it in errors.
  ///
  /// - Throws: `LoadError` `empty`, `blank`, `notAList` with Foundation's words (or, for a
  ///   damaged binary list, what it is), or the shape errors of
  ///   `catalog(fromObject:source:)`.
  public static func catalog(fromPropertyList data: Data, source: String) throws(LoadError)
    -> Catalog
  {
    guard !data.isEmpty else { throw LoadError(source: source, reason: .empty) }
    guard data.contains(where: { ![0x09, 0x0A, 0x0D, 0x20].contains($0) }) else {
      throw LoadError(source: source, reason: .blank)
    }
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      // Foundation reports a damaged binary list with the text parser's last complaint
      // ("unexpected character b at line 1"): say what it is instead.
      let why =
        ListFormat.detect(data.prefix(8)) == .binaryPropertyList
        ? "damaged binary property list (bad offsets, object references or counts)"
        : parserMessage(of: error)
      throw LoadError(source: source, reason: .notAList(why))
    }
    return try catalog(fromObject: root, source: source)
  }

  /// Checks and converts a property-list object Foundation decoded: a dictionary of arrays
  /// of strings. Sections are checked in title order (by code points), so the first error
  /// reported does not depend on hashing; titles are checked by the library
  /// (`CatalogLoader.catalog(fromSections:source:)`), as every reader's are.
  ///
  /// - Throws: `LoadError` `rootNotDictionary`, `titleNotString`, `sectionNotArray`,
  ///   `nameNotString` (naming the type found, as `describeType(of:)` does), `emptyTitle`,
  ///   `duplicateTitle` or `equivalentTitles`, or `memoryRefused`.
  public static func catalog(fromObject root: Any, source: String) throws(LoadError) -> Catalog {
    guard let dictionary = root as? [AnyHashable: Any] else {
      throw LoadError(source: source, reason: .rootNotDictionary(found: describeType(of: root)))
    }
    let entries = try dictionary.map { (key, value) throws(LoadError) -> (String, Any) in
      guard let title = key.base as? String else {
        throw LoadError(source: source, reason: .titleNotString(found: describeType(of: key.base)))
      }
      return (title, value)
    }.sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
    var sections: [(title: String, names: [String])] = []
    for (title, value) in entries {
      guard let items = value as? [Any] else {
        // A section's title is checked before its contents, as the library's readers do.
        _ = try CatalogLoader.catalog(fromSections: sections + [(title, [])], source: source)
        throw LoadError(
          source: source, reason: .sectionNotArray(title: title, found: describeType(of: value)))
      }
      var names: [String] = []
      for (index, item) in items.enumerated() {
        guard let name = item as? String else {
          _ = try CatalogLoader.catalog(fromSections: sections + [(title, names)], source: source)
          throw LoadError(
            source: source,
            reason: .nameNotString(
              title: title, position: index + 1, found: describeType(of: item)))
        }
        names.append(name)
      }
      sections.append((title, names))
    }
    return try CatalogLoader.catalog(fromSections: sections, source: source)
  }

  /// "a string", "a number", "a boolean", "a date", "data", "an array", "a dictionary".
  public static func describeType(of value: Any) -> String {
    switch value {
    case is String: "a string"
    case is [Any]: "an array"
    case is [AnyHashable: Any]: "a dictionary"
    case is Date: "a date"
    case is Data: "data"
    case _ where type(of: value) == Bool.self: "a boolean"
    case is NSNumber: "a number"
    default: "a value of type \(type(of: value))"
    }
  }

  /// Foundation's own words for a parse failure ("Unexpected character h at line 1"),
  /// first letter lowercased.
  static func parserMessage(of error: Error) -> String {
    let nsError = error as NSError
    let text =
      (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    let line = text.split(whereSeparator: \.isNewline).joined(separator: "; ")
    guard let first = line.first else { return "unreadable data" }
    return first.lowercased() + line.dropFirst()
  }
}
