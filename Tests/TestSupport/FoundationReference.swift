import Foundation
import NamesSearch

/// Foundation's reading of a sortednames property list, the reference the shipped loader
/// (`CatalogLoader.load`, which never calls Foundation's parser) is tested against: Apple's
/// `PropertyListSerialization` decodes any format it knows (XML, binary, OpenStep text), and
/// `CatalogLoader.catalog(fromObject:source:)` checks the decoded shape.
public enum FoundationReference {
  /// Parses `data` as a sortednames property list; `source` names it in errors.
  ///
  /// - Throws: `LoadError` `empty`, `blank`, `notAList` with Foundation's words (or, for a
  ///   damaged binary list, what it is), or the shape errors of
  ///   `CatalogLoader.catalog(fromObject:source:)`.
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
    return try CatalogLoader.catalog(fromObject: root, source: source)
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
