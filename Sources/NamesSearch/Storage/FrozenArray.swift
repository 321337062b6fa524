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
