/// A growable buffer of plain values, frozen without a copy into a `FrozenArray` when
/// complete. Used while loading a list.
///
/// Small buffers live on the heap (`malloc`/`realloc`). Buffers of 1 MiB and more are
/// anonymous memory maps reserved without backing (`MAP_NORESERVE`): only the pages written
/// count in memory, so a generous capacity costs nothing, and freeing always returns the
/// memory to the system (glibc keeps freed heap chunks resident). Give large buffers their
/// upper bound as capacity so they never grow; growing a map copies it. Freezing a map
/// gives back the pages past the last element.
///
/// A reservation still counts against the process's address-space limits (`ulimit -v`,
/// `ulimit -d`). When the system refuses memory, a buffer made with `failsSoftly` does not
/// stop the process: a capacity it cannot reserve is only a hint (it starts smaller and
/// grows as needed), and an append it cannot make room for sets `isOutOfMemory` and is
/// dropped, as are the appends after it. Under a limit it also leaves the last
/// `AddressSpace.reserve` bytes to allocations that cannot fail softly. Its owner checks
/// `isOutOfMemory` and reports the failure; `freeze()` of such a buffer stops the process,
/// so a partial buffer is never used. Other buffers stop the process at once ("out of
/// memory").
package struct GrowableArray<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutableRawPointer?
  private var capacity: Int
  /// `capacity`, or 0 once out of memory, so every later append takes the slow path.
  private var room = 0
  private var isMapped = false
  private let failsSoftly: Bool
  /// The number of elements appended.
  package private(set) var count = 0
  /// Whether the system refused memory for an append (only with `failsSoftly`); the
  /// appends since were dropped.
  package private(set) var isOutOfMemory = false

  private static var mapThreshold: Int { 1 << 20 }

  /// Creates an empty buffer with room for `capacity` elements.
  ///
  /// - Parameters:
  ///   - fallbackCapacity: with `failsSoftly`, the room to start with when `capacity`
  ///     cannot be reserved (an upper bound may be out of reach where the likely size is
  ///     not); by default at most 1 MiB. The buffer grows from there as needed.
  ///   - failsSoftly: when memory runs out, record it in `isOutOfMemory` instead of
  ///     stopping the process (see the type's description).
  package init(capacity: Int = 16, fallbackCapacity: Int? = nil, failsSoftly: Bool = false) {
    self.capacity = 0
    self.failsSoftly = failsSoftly
    base = nil
    let wanted = max(capacity, 16)
    if !reallocate(toCapacity: wanted) {
      let smaller = min(
        wanted, max(fallbackCapacity ?? Self.mapThreshold / MemoryLayout<Element>.stride, 16))
      if smaller == wanted || !reallocate(toCapacity: smaller) { outOfMemory() }
    }
  }

  deinit {
    Self.release(base, bytes: capacity * MemoryLayout<Element>.stride, mapped: isMapped)
  }

  private static func release(_ base: UnsafeMutableRawPointer?, bytes: Int, mapped: Bool) {
    if mapped {
      if let base { SystemMemory.unmap(base, bytes: bytes) }
    } else {
      SystemMemory.releaseHeap(base)
    }
  }

  /// Grows to hold at least `needed` elements: half as much again as now (amortized O(1)
  /// appends), or just `needed` when the system refuses the larger size.
  private mutating func grow(toAtLeast needed: Int) {
    let generous = max(needed, capacity + capacity / 2 + 16)
    if reallocate(toCapacity: generous) { return }
    if generous > needed && reallocate(toCapacity: needed) { return }
    outOfMemory()
  }

  private mutating func outOfMemory() {
    precondition(failsSoftly, "out of memory")
    isOutOfMemory = true
    room = 0
  }

  /// Moves the elements to a block of `wanted` elements (or a little more, to fill a page);
  /// false, with nothing changed, when the system refuses the memory or the size overflows.
  private mutating func reallocate(toCapacity wanted: Int) -> Bool {
    let stride = MemoryLayout<Element>.stride
    let oldBytes = capacity * stride
    let (requested, overflow) = wanted.multipliedReportingOverflow(by: stride)
    guard !overflow, requested <= Int.max - SystemMemory.pageSize else { return false }
    if failsSoftly && requested > 4096 && !AddressSpace.allows(requested) { return false }
    if requested >= Self.mapThreshold {
      let page = SystemMemory.pageSize
      let newBytes = (requested + page - 1) / page * page
      guard let mapped = SystemMemory.mapAnonymous(bytes: newBytes) else { return false }
      if let base { mapped.copyMemory(from: base, byteCount: count * stride) }
      Self.release(base, bytes: oldBytes, mapped: isMapped)
      base = mapped
      isMapped = true
      capacity = newBytes / stride
      room = capacity
      return true
    }
    guard let grown = SystemMemory.reallocate(base, bytes: requested) else { return false }
    base = grown
    capacity = wanted
    room = capacity
    return true
  }

  /// Makes room for `total` elements in all.
  package mutating func reserveCapacity(_ total: Int) {
    if total > capacity && !isOutOfMemory { grow(toAtLeast: total) }
  }

  private var elements: UnsafeMutablePointer<Element> {
    base!.assumingMemoryBound(to: Element.self)
  }

  /// Appends one element.
  ///
  /// - Complexity: amortized O(1).
  @inline(__always)
  package mutating func append(_ element: Element) {
    if count >= room {
      if isOutOfMemory { return }
      grow(toAtLeast: count + 1)
      if isOutOfMemory { return }
    }
    elements[count] = element
    count += 1
  }

  /// Appends every element of `elements`.
  package mutating func append(contentsOf more: UnsafeBufferPointer<Element>) {
    guard !more.isEmpty, !isOutOfMemory else { return }
    if count + more.count > room {
      grow(toAtLeast: count + more.count)
      if isOutOfMemory { return }
    }
    (elements + count).update(from: more.baseAddress!, count: more.count)
    count += more.count
  }

  /// The free room past the last element, made at least `minimum` elements long (growing
  /// as `append` does), for writing elements in place before counting them with
  /// `commitRoom(_:)`; nil when out of memory (only with `failsSoftly`; nothing changed).
  ///
  /// The room is valid until the next call that appends, reserves or grows; elements
  /// written there and not committed are not kept when the buffer grows.
  ///
  /// - Complexity: O(1) when the room is there, else O(count) to grow.
  @inline(__always)
  package mutating func reserveRoom(_ minimum: Int) -> UnsafeMutableBufferPointer<Element>? {
    if count + minimum > room {
      if isOutOfMemory { return nil }
      grow(toAtLeast: count + minimum)
      if isOutOfMemory { return nil }
    }
    return UnsafeMutableBufferPointer(start: elements + count, count: capacity - count)
  }

  /// Counts the first `written` elements of the room returned by `reserveRoom(_:)` as
  /// appended.
  ///
  /// - Precondition: `written` elements were written there, within the room.
  @inline(__always)
  package mutating func commitRoom(_ written: Int) {
    precondition(written >= 0 && count + written <= capacity, "written past the room")
    count += written
  }

  /// Removes the last `k` elements.
  package mutating func removeLast(_ k: Int) {
    precondition(k <= count)
    count -= k
  }

  /// The element at `i`.
  package subscript(i: Int) -> Element {
    get { elements[i] }
    set { elements[i] = newValue }
  }

  /// The elements appended so far, valid until the next append.
  package var buffer: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base?.assumingMemoryBound(to: Element.self), count: count)
  }

  /// Hands the memory to a `FrozenArray` without copying it; a map keeps only the pages
  /// that hold elements.
  ///
  /// - Precondition: `isOutOfMemory` is false.
  package consuming func freeze() -> FrozenArray<Element> {
    precondition(!isOutOfMemory, "out of memory")
    let stride = MemoryLayout<Element>.stride
    let region: StorageRegion
    if isMapped {
      let page = SystemMemory.pageSize
      let mappedBytes = capacity * stride
      let keptBytes = (count * stride + page - 1) / page * page
      if keptBytes < mappedBytes, let base {
        SystemMemory.unmap(base + keptBytes, bytes: mappedBytes - keptBytes)
      }
      region = StorageRegion(
        base: keptBytes == 0 ? nil : base, byteCount: keptBytes, kind: .anonymous)
    } else {
      let bytes = count * stride
      let shrunk: UnsafeMutableRawPointer? =
        bytes == 0 ? base : SystemMemory.reallocate(base, bytes: bytes) ?? base
      region = StorageRegion(base: shrunk, byteCount: bytes, kind: .heap)
    }
    let result = FrozenArray<Element>(region: region, byteOffset: 0, count: count)
    discard self
    return result
  }
}
