/// The list formats the loader reads, told apart by their first bytes (`FormatSniffer`).
///
/// Each format has one `ListReader` (see `ListReaders`); a new format is a new case, its
/// rule in `FormatSniffer` and `detect(_:)`, and its reader.
public enum ListFormat: Sendable, Hashable {
  /// An XML property list: `<?xml …` or `<plist …`, in UTF-8 or UTF-16, with or without a
  /// byte-order mark (Apple's plist DTD).
  case xmlPropertyList
  /// A binary property list: `bplist00…` (Apple's CFBinaryPList.c).
  case binaryPropertyList

  /// The format in words, for messages: "an XML property list".
  public var name: String {
    switch self {
    case .xmlPropertyList: "an XML property list"
    case .binaryPropertyList: "a binary property list"
    }
  }

  /// Whether `byte` can tell a format: not white space, a byte-order mark or a UTF-16 zero.
  public static func isSignificant(_ byte: UInt8) -> Bool {
    ![0x00, 0x09, 0x0A, 0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF].contains(byte)
  }

  /// The format that `prefix`, the first bytes of a file, announces, or `nil` for anything
  /// else (OpenStep text such as `{ A = (Ann); }`, or not a list at all).
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
