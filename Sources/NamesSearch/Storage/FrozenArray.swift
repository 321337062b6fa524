#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

/// A growable buffer of plain values, frozen without a copy into a `FrozenArray` when
/// complete. Used while loading a list.
///
/// Small buffers live on the heap (`malloc`/`realloc`). Buffers of 1 MiB and more are
/// anonymous memory maps reserved without backing (`MAP_NORESERVE`): only the pages written
/// count in memory, so a generous capacity costs nothing, and freeing always returns the
/// memory to the system (glibc keeps freed heap chunks resident). Give large buffers their
/// upper bound as capacity so they never grow; growing a map copies it.
public struct GrowableArray<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutableRawPointer?
  private var capacity: Int
  private var isMapped = false
  /// The number of elements appended.
  public private(set) var count = 0

  private static var mapThreshold: Int { 1 << 20 }

  /// Creates an empty buffer with room for `capacity` elements.
  public init(capacity: Int = 16) {
    self.capacity = 0
    base = nil
    grow(toAtLeast: max(capacity, 16))
  }

  deinit {
    Self.release(base, bytes: capacity * MemoryLayout<Element>.stride, mapped: isMapped)
  }

  private static func release(_ base: UnsafeMutableRawPointer?, bytes: Int, mapped: Bool) {
    if mapped {
      if let base { munmap(base, bytes) }
    } else {
      free(base)
    }
  }

  private mutating func grow(toAtLeast needed: Int) {
    var newCapacity = max(capacity, 16)
    while newCapacity < needed { newCapacity = newCapacity * 3 / 2 + 16 }
    let stride = MemoryLayout<Element>.stride
    let oldBytes = capacity * stride
    var newBytes = newCapacity * stride
    if newBytes >= Self.mapThreshold {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      newBytes = (newBytes + page - 1) / page * page
      newCapacity = newBytes / stride
      let mapped = mmap(
        nil, newBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
      precondition(mapped != MAP_FAILED && mapped != nil, "out of memory")
      if let base { mapped!.copyMemory(from: base, byteCount: count * stride) }
      Self.release(base, bytes: oldBytes, mapped: isMapped)
      base = mapped
      isMapped = true
      capacity = newCapacity
      return
    }
    let grown = realloc(base, newBytes)
    precondition(grown != nil, "out of memory")
    base = grown
    capacity = newCapacity
  }

  /// Makes room for `total` elements in all.
  public mutating func reserveCapacity(_ total: Int) {
    if total > capacity { grow(toAtLeast: total) }
  }

  private var elements: UnsafeMutablePointer<Element> {
    base!.assumingMemoryBound(to: Element.self)
  }

  /// Appends one element.
  ///
  /// - Complexity: amortized O(1).
  @inline(__always)
  public mutating func append(_ element: Element) {
    if count == capacity { grow(toAtLeast: count + 1) }
    elements[count] = element
    count += 1
  }

  /// Appends every element of `elements`.
  public mutating func append(contentsOf more: UnsafeBufferPointer<Element>) {
    guard !more.isEmpty else { return }
    if count + more.count > capacity { grow(toAtLeast: count + more.count) }
    (elements + count).update(from: more.baseAddress!, count: more.count)
    count += more.count
  }

  /// Removes the last `k` elements.
  public mutating func removeLast(_ k: Int) {
    precondition(k <= count)
    count -= k
  }

  /// The element at `i`.
  public subscript(i: Int) -> Element {
    get { elements[i] }
    set { elements[i] = newValue }
  }

  /// The elements appended so far, valid until the next append.
  public var buffer: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base?.assumingMemoryBound(to: Element.self), count: count)
  }

  /// Hands the memory to a `FrozenArray` without copying it.
  public consuming func freeze() -> FrozenArray<Element> {
    let stride = MemoryLayout<Element>.stride
    let region: StorageRegion
    if isMapped {
      region = StorageRegion(base: base, byteCount: capacity * stride, kind: .mapped)
    } else {
      let bytes = count * stride
      let shrunk: UnsafeMutableRawPointer? = bytes == 0 ? base : realloc(base, bytes) ?? base
      region = StorageRegion(base: shrunk, byteCount: bytes, kind: .heap)
    }
    let result = FrozenArray<Element>(region: region, byteOffset: 0, count: count)
    discard self
    return result
  }
}
