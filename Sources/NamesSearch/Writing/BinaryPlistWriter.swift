/// Writes a result as a binary property list, `bplist00`, in the layout of Apple's
/// CFBinaryPList.c: the header, the objects, the offset table and the 32-byte trailer.
///
/// Objects are numbered: 0 the root dictionary, then the section titles, then the
/// sections' arrays, then every name. A string of ASCII characters is written as ASCII
/// (marker 0x5), any other as UTF-16 big-endian (0x6); a count of 15 or more follows its
/// marker as an integer object. Object references take the fewest bytes (1, 2 or 4) that
/// number every object, offsets the fewest (1, 2, 4 or 8) that reach the offset table.
/// Strings are not shared: each object is written once, in order. Every character fits,
/// so `check(_:)` refuses nothing.
public struct BinaryPlistWriter: ListWriter {
  /// Creates the writer.
  public init() {}

  public var format: ListFormat { .binaryPropertyList }

  public func check(_ result: SearchResult) throws(ListWriteError) {}

  public func write(_ result: SearchResult, to output: OutputBuffer) throws {
    let sections = result.groups.count
    let objectCount = 1 + 2 * sections + result.total
    let refSize = Self.byteCount(for: UInt64(objectCount - 1))
    var offsets: [UInt64] = []
    offsets.reserveCapacity(objectCount)
    var position: UInt64 = 0
    func put<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws {
      try output.write(bytes)
      position += UInt64(bytes.count)
    }
    func putInteger(_ value: UInt64, size: Int) throws {
      for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
        try output.write(byte: UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      }
      position += UInt64(size)
    }
    /// A marker with its count in the low nibble, or 0xF and an integer object after it.
    func putMarker(_ high: UInt8, count: Int) throws {
      if count < 15 {
        try put([high | UInt8(count)])
      } else {
        let size = Self.byteCount(for: UInt64(count))
        let power: UInt8 = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3
        try put([high | 0x0F, 0x10 | power])
        try putInteger(UInt64(count), size: size)
      }
    }
    func putString<Bytes: Collection<UInt8>>(_ utf8: Bytes) throws {
      offsets.append(position)
      if utf8.allSatisfy({ $0 < 0x80 }) {
        try putMarker(0x50, count: utf8.count)
        try put(utf8)
      } else {
        let units = Array(String(decoding: utf8, as: UTF8.self).utf16)
        try putMarker(0x60, count: units.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count * 2)
        for unit in units {
          bytes.append(UInt8(unit >> 8))
          bytes.append(UInt8(unit & 0xFF))
        }
        try put(bytes)
      }
    }
    try put(Array("bplist00".utf8))
    // The root: titles are objects 1...S, arrays S+1...2S.
    offsets.append(position)
    try putMarker(0xD0, count: sections)
    for s in 0..<sections { try putInteger(UInt64(1 + s), size: refSize) }
    for s in 0..<sections { try putInteger(UInt64(1 + sections + s), size: refSize) }
    for group in result.groups { try putString(result.title(of: group).utf8) }
    var next = 1 + 2 * sections
    for group in result.groups {
      offsets.append(position)
      try putMarker(0xA0, count: group.matches.count)
      for _ in group.matches {
        try putInteger(UInt64(next), size: refSize)
        next += 1
      }
    }
    let names = result.catalog.names
    for group in result.groups {
      for name in result.nameIndices(of: group) { try putString(names.utf8(of: Int(name))) }
    }
    let tableOffset = position
    let offsetSize = Self.byteCount(for: tableOffset)
    for offset in offsets { try putInteger(offset, size: offsetSize) }
    // Trailer: 5 unused bytes, the sort version, the two sizes, then three 64-bit numbers.
    try put([0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
    try putInteger(UInt64(objectCount), size: 8)
    try putInteger(0, size: 8)
    try putInteger(tableOffset, size: 8)
  }

  /// The fewest bytes, 1, 2, 4 or 8, that hold `value`.
  static func byteCount(for value: UInt64) -> Int {
    value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
  }
}
