/// Names kept as one contiguous UTF-8 buffer plus an end offset for each name, instead of
/// one Swift `String` per name.
///
/// Name `i` is the bytes `ends[i - 1] ..< ends[i]` (`0 ..< ends[0]` for the first name).
/// A million ten-letter names take about 14 MB: 10 bytes of text and 4 of offset each.
public struct NameStore: Sendable {
  /// The UTF-8 of every name, back to back, exactly as stored in the source.
  public private(set) var bytes: [UInt8] = []
  /// The end offset of each name in `bytes`.
  public private(set) var ends: [UInt32] = []

  /// Creates an empty store.
  public init() {}

  /// The number of names.
  public var count: Int { ends.count }

  /// Appends the UTF-8 of `name`.
  ///
  /// - Complexity: O(n) where n is the UTF-8 length of `name`, amortized.
  /// - Precondition: the store stays under 4 GiB of text.
  public mutating func append(_ name: String) {
    var name = name
    name.withUTF8 { bytes.append(contentsOf: $0) }
    precondition(bytes.count <= Int(UInt32.max), "NameStore holds at most 4 GiB of text")
    ends.append(UInt32(truncatingIfNeeded: bytes.count))
  }

  /// Appends a name given as UTF-8 bytes.
  ///
  /// - Precondition: `utf8` is valid UTF-8 and the store stays under 4 GiB of text.
  public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: utf8)
    precondition(bytes.count <= Int(UInt32.max), "NameStore holds at most 4 GiB of text")
    ends.append(UInt32(truncatingIfNeeded: bytes.count))
  }

  /// Reserves room for `count` names of `byteCount` UTF-8 bytes in all.
  public mutating func reserveCapacity(names count: Int, bytes byteCount: Int) {
    ends.reserveCapacity(count)
    bytes.reserveCapacity(byteCount)
  }

  /// The byte range of name `i` in `bytes`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  public func byteRange(of i: Int) -> Range<Int> {
    (i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])
  }

  /// Name `i` as a `String`, decoded from its exact stored UTF-8.
  ///
  /// - Complexity: O(n) where n is the name's UTF-8 length.
  public subscript(i: Int) -> String {
    let range = byteRange(of: i)
    return bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
    }
  }
}
