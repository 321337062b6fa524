/// The most bytes an index cache file (`IndexCache`) may take for its list: `ratio` (8)
/// times the list's size plus `allowance` (64 MiB).
///
/// One rule on both sides. The writer stores no index past it, so a binary list that
/// references the same strings over and over (it can load within `ExpansionLimit` yet make
/// an index a hundred times its size) cannot fill the cache folder. The reader refuses a
/// file past it before mapping a byte, so a cache file grown by damage or on purpose (a
/// sparse 4 GiB file) costs a `stat` and a header read, not time and memory in proportion
/// to its size.
enum IndexSizeLimit {
  /// How many times its list's size an index may be, at most, plus `allowance`.
  static let ratio = 8
  /// 64 MiB: small lists always get an index.
  static let allowance = 64 << 20

  /// `ratio` × `listSize` + `allowance` bytes, or `Int.max` when that does not fit.
  ///
  /// - Parameter listSize: the list's size in bytes (its `SourceStamp` size).
  /// - Complexity: O(1).
  static func maximumBytes(listSize: UInt64) -> Int {
    let size = Int(clamping: listSize)
    let (scaled, overflow) = size.multipliedReportingOverflow(by: ratio)
    let (limit, overflowAgain) = scaled.addingReportingOverflow(allowance)
    return overflow || overflowAgain ? Int.max : limit
  }

  /// Whether an index of `bytes` bytes is within `maximumBytes(listSize:)`.
  ///
  /// - Complexity: O(1).
  static func allows(_ bytes: Int, listSize: UInt64) -> Bool {
    bytes <= maximumBytes(listSize: listSize)
  }
}
