/// The three property-list formats, told apart by their first bytes.
public enum PropertyListFormat: Sendable, Equatable {
  /// `bplist00…`.
  case binary
  /// `<?xml …` or `<plist …`, in UTF-8 or UTF-16, with or without a byte-order mark.
  case xml
  /// Anything else: OpenStep text (`{ A = (Ann); }`) or not a property list at all.
  case other

  /// Whether `byte` can tell a format: not white space, a byte-order mark or a UTF-16 zero.
  public static func isSignificant(_ byte: UInt8) -> Bool {
    ![0x00, 0x09, 0x0A, 0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF].contains(byte)
  }

  /// The format that `prefix`, the first bytes of a file, announces.
  ///
  /// - Complexity: O(n) in the leading white space.
  public static func detect(_ prefix: some Collection<UInt8>) -> PropertyListFormat {
    if prefix.starts(with: Array("bplist".utf8)) { return .binary }
    // UTF-16 text has at most one zero byte in a row before "<"; UTF-32 plists do not exist.
    if prefix.starts(with: [0, 0, 0]) { return .other }
    // Skip a byte-order mark, white space and the zero bytes of UTF-16.
    for byte in prefix {
      switch byte {
      case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF: continue
      case UInt8(ascii: "<"): return .xml
      default: return .other
      }
    }
    return .other
  }
}
