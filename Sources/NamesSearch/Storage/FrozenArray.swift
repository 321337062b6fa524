/// An immutable array of plain values in memory it shares but never copies: heap memory
/// handed over by a `GrowableArray`, or a slice of a mapped cache file.
///
/// ```swift
/// var builder = GrowableArray<UInt32>()
/// builder.append(7)
/// let frozen = builder.freeze()   // frozen[0] == 7, no copy made
/// ```
///
/// Copies share the memory; it is released with the last copy.
public struct FrozenArray<Element: BitwiseCopyable>: @unchecked Sendable, RandomAccessCollection {
  private let region: StorageRegion?
  /// The elements.
  public let buffer: UnsafeBufferPointer<Element>

  /// An empty array.
  public init() {
    region = nil
    buffer = UnsafeBufferPointer(start: nil, count: 0)
  }

  /// A copy of `elements`.
  ///
  /// - Complexity: O(n).
  public init(_ elements: some Collection<Element>) {
    var builder = GrowableArray<Element>(capacity: elements.count)
    for element in elements { builder.append(element) }
    self = builder.freeze()
  }

  init(region: StorageRegion, byteOffset: Int, count: Int) {
    self.region = region
    let start = region.base.map { ($0 + byteOffset).assumingMemoryBound(to: Element.self) }
    buffer = UnsafeBufferPointer(start: count == 0 ? nil : start, count: count)
  }

  /// Drops the pages that hold only elements of `elements` (clamped to the array) from the
  /// process's resident memory when the array lies in a mapped file (`StorageRegion
  /// .releasePages`); the elements keep their values, read again from the file when next
  /// read. Does nothing for heap memory or anonymous pages, which hold their only copy.
  ///
  /// - Complexity: O(p) in the pages dropped.
  func releasePages(of elements: Range<Int>) {
    let lower = Swift.min(Swift.max(elements.lowerBound, 0), buffer.count)
    let upper = Swift.min(Swift.max(elements.upperBound, lower), buffer.count)
    guard let region, let start = buffer.baseAddress, upper > lower else { return }
    region.releasePages(
      from: UnsafeRawPointer(start + lower),
      bytes: (upper - lower) * MemoryLayout<Element>.stride)
  }

  /// The raw bytes of the elements.
  public var rawBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { buffer.count }

  /// The element at `position`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  public subscript(position: Int) -> Element { buffer[position] }
}
