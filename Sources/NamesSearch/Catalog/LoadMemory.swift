/// The memory a list takes to load, estimated from its file's size before it is parsed,
/// and checked against what the process's limits leave (`AddressSpace`): a list far too
/// large for `ulimit -v` is refused at once, in one line, instead of failing midway.
///
/// The estimate is a lower bound, so no list that would load is refused. What a load holds
/// at its peak, per byte of file, is at least:
///
/// - XML: the names and their folded keys, each name's n bytes twice plus two 4-byte
///   offsets, against `<string></string>` (17 bytes), the name, and up to 15 bytes of
///   indentation and line break in the file: (2n + 8) / (n + 32), at least a quarter
///   (deeper indentation lowers it further);
/// - binary: the file itself, held whole while the names are built beside it (n bytes and
///   a 4-byte offset for a string object of n + 1 to n + 4 bytes, a reference and an offset
///   of up to 8 bytes each): 1 + (n + 4) / (n + 20), at least 1.2;
///
/// plus `fixedBytes` for the read buffers and the parser. (Measured on 1,040,000 names of
/// about 24 bytes: 1.5 times the file for XML, 1.9 times for binary, and 16 bytes a name
/// for a search; see README's Safety section.) A load that passes and still runs out is
/// stopped where an allocation fails, with `memoryRefused` (`GrowableArray` with
/// `failsSoftly`, libxml2's own out-of-memory error).
enum LoadMemory {
  /// Bytes of address space a load takes per 100 bytes of an XML file, at least.
  static let xmlPercent = 25
  /// Bytes of address space a load takes per 100 bytes of a binary file, at least.
  static let binaryPercent = 120
  /// Bytes a load takes whatever the file's size: two 1 MiB read buffers and the parser.
  static let fixedBytes = 3 << 20

  /// The estimated bytes of address space loading a file of `fileSize` bytes takes, in
  /// `format` (the lower estimate when it is not known yet).
  ///
  /// - Complexity: O(1).
  static func estimate(fileSize: Int, format: ListFormat?) -> Int {
    let percent = format == .binaryPropertyList ? binaryPercent : xmlPercent
    let (scaled, overflow) = (fileSize / 100).multipliedReportingOverflow(by: percent)
    return overflow ? Int.max : scaled.addingReportingOverflow(fixedBytes).partialValue
  }

  /// Refuses a file that cannot load under the process's memory limits: a file of
  /// `fileSize` bytes (0 for a stream: then only `fixedBytes` is checked) in `format`
  /// (`nil`: not known yet).
  ///
  /// - Throws: `LoadError` `outOfMemory(needed:available:)` when the estimate exceeds the
  ///   address space left.
  static func check(fileSize: Int, format: ListFormat?, source: String)
    throws(LoadError)
  {
    guard let available = AddressSpace.headroom() else { return }
    let needed = estimate(fileSize: fileSize, format: format)
    guard needed > available else { return }
    throw LoadError(source: source, reason: .outOfMemory(needed: needed, available: available))
  }
}
