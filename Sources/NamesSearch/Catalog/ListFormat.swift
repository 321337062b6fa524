/// The list formats the loader reads. Each has one `ListReader` (see `ListReaders`); most
/// are told apart by their first bytes (`FormatSniffer`), and any can be named outright
/// (`LoadOptions.format`). A new format is a new case, its rule in `FormatSniffer` and its
/// reader.
public enum ListFormat: String, Sendable, Hashable, CaseIterable {
  /// An XML property list: `<?xml …` or `<plist …`, in UTF-8 or UTF-16 (with or without a
  /// byte-order mark) or UTF-32 (with one), as Foundation reads them (Apple's plist DTD).
  case xmlPropertyList = "xml"
  /// A binary property list: `bplist00…` (Apple's CFBinaryPList.c).
  case binaryPropertyList = "binary"
  /// An OpenStep (old-style ASCII) property list: `{ A = (Ann, "Anna Lee"); }`, in UTF-8,
  /// or UTF-16 or UTF-32 with a byte-order mark (CoreFoundation's `CFOldStylePList.c`).
  case openStepPropertyList = "openstep"
  /// JSON text (RFC 8259) in UTF-8: an object of title → array, an array, or either
  /// holding records (objects).
  case json
  /// Comma-separated values (RFC 4180) in UTF-8: a header row naming the fields, then one
  /// record per row.
  case csv
  /// Plain UTF-8 text, one name a line (LF or CRLF), blank lines skipped.
  case text
  /// An SQLite 3 database file (`SQLite format 3\0` header), read through the SQLite C
  /// library: one table's rows are the records.
  case sqlite

  /// The format's short name, as a tool lets its user name it: "xml", "binary", "json",
  /// "csv", "text", "sqlite", "openstep" (the raw value).
  public var identifier: String { rawValue }

  /// The format in words, for messages: "an XML property list".
  public var name: String {
    switch self {
    case .xmlPropertyList: "an XML property list"
    case .binaryPropertyList: "a binary property list"
    case .openStepPropertyList: "an OpenStep property list"
    case .json: "JSON"
    case .csv: "CSV"
    case .text: "a text list"
    case .sqlite: "an SQLite database"
    }
  }

  /// Whether `byte` can tell a format: not white space, a byte-order mark or a UTF-16 zero.
  public static func isSignificant(_ byte: UInt8) -> Bool {
    ![0x00, 0x09, 0x0A, 0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF].contains(byte)
  }

  /// The property-list format that `prefix`, the first bytes of a file, announces, or `nil`
  /// for anything else (OpenStep text such as `{ A = (Ann); }`, or not a property list).
  ///
  /// - Complexity: O(n) in the leading white space.
  public static func detect(_ prefix: some Collection<UInt8>) -> ListFormat? {
    if prefix.starts(with: Array("bplist".utf8)) { return .binaryPropertyList }
    // UTF-16 text has at most one zero byte in a row before "<"; UTF-32 plists do not exist.
    if prefix.starts(with: [0, 0, 0]) { return nil }
    // Skip a byte-order mark, white space and the zero bytes of UTF-16.
    for byte in prefix {
      switch byte {
      case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF: continue
      case UInt8(ascii: "<"): return .xmlPropertyList
      default: return nil
      }
    }
    return nil
  }
}
