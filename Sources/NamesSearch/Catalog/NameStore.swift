/// Names kept as one contiguous UTF-8 buffer plus an end offset for each name, instead of
/// one Swift `String` per name.
///
/// Name `i` is the bytes `ends[i - 1] ..< ends[i]` (`0 ..< ends[0]` for the first name).
/// A million ten-letter names take about 14 MB: 10 bytes of text and 4 of offset each. The
/// memory is heap memory or a mapped cache file (`FrozenArray`).
public struct NameStore: Sendable {
  /// The UTF-8 of every name, back to back, exactly as stored in the source.
  public let bytes: FrozenArray<UInt8>
  /// The end offset of each name in `bytes`.
  public let ends: FrozenArray<UInt32>

  /// Creates a store from its two buffers.
  ///
  /// - Precondition: `ends` is non-decreasing and its last value is `bytes.count`; every
  ///   name is valid UTF-8.
  public init(bytes: FrozenArray<UInt8>, ends: FrozenArray<UInt32>) {
    precondition(Int(ends.last ?? 0) == bytes.count, "name ends do not match the text")
    self.bytes = bytes
    self.ends = ends
  }

  /// A store holding `names` in order.
  public init(_ names: some Sequence<String>) {
    var builder = Builder()
    for name in names { builder.append(name) }
    self = builder.build()
  }

  /// The number of names.
  public var count: Int { ends.count }

  /// The byte range of name `i` in `bytes`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  public func byteRange(of i: Int) -> Range<Int> {
    (i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])
  }

  /// The UTF-8 of name `i`, exactly as stored.
  @inline(__always)
  public func utf8(of i: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes.buffer[byteRange(of: i)])
  }

  /// Drops from resident memory the pages that hold only names of `range` and their ends,
  /// when the store lies in a mapped file (a cached index, `FrozenArray.releasePages`): for
  /// a reader that goes through the names in ascending order and does not come back, such
  /// as a printer, so that printing names spread over a whole index keeps a few pages of
  /// it at a time. The names stay as they are, read again from the file when asked for.
  /// A read maps the pages around the one it needs (the kernel's fault-around), so a
  /// reader releases the names well behind the one it reads (`releaseLag`).
  /// Does nothing for names in heap memory or anonymous pages, or for a range that is not
  /// within the store. The ends read to find the names' bytes need not have been checked
  /// (a cached index checks only what a query reads): ends out of order release fewer
  /// pages or others, which a later read maps again from the file, and never trap.
  ///
  /// - Complexity: O(p) in the pages dropped.
  func releasePages(of range: Range<Int>) {
    guard range.lowerBound >= 0, range.upperBound <= count, !range.isEmpty else { return }
    // Read before any page goes: reading one after would map it again.
    let lower = range.lowerBound == 0 ? 0 : Int(ends[range.lowerBound - 1])
    let upper = Int(ends[range.upperBound - 1])
    ends.releasePages(of: range.lowerBound..<range.upperBound - 1)
    if upper > lower { bytes.releasePages(of: lower..<upper) }
  }

  /// How many names behind the one it reads, and how many at a time, a reader going through
  /// the names in ascending order releases their pages (`releasePages(of:)`): 65,536, 1 MiB
  /// of names of 16 bytes, so that a query on a million names releases in a few dozen
  /// calls (each costs a flush of the address translations of every core the process runs
  /// on), and past what the kernel maps around a read (64 KiB, or a large folio of the page
  /// cache, up to 2 MiB, which a later read maps again whole).
  static let releaseLag = 65_536

  /// Name `i` as a `String`, decoded from its exact stored UTF-8.
  ///
  /// - Complexity: O(n) where n is the name's UTF-8 length.
  public subscript(i: Int) -> String {
    String(decoding: utf8(of: i), as: UTF8.self)
  }

  /// Builds a `NameStore` one name at a time.
  ///
  /// When the system refuses memory (for instance under `ulimit -v`), appends are dropped
  /// and `isOutOfMemory` turns true: a loader checks it and reports the failure instead of
  /// stopping the process.
  public struct Builder: ~Copyable {
    private var bytes: GrowableArray<UInt8>
    private var ends: GrowableArray<UInt32>

    /// Creates an empty builder with room for `names` names of `bytes` bytes in all (a
    /// hint: less is reserved when the system refuses that much).
    public init(names: Int = 16, bytes byteCount: Int = 256) {
      bytes = GrowableArray(capacity: byteCount, failsSoftly: true)
      ends = GrowableArray(capacity: names, failsSoftly: true)
    }

    /// Whether the system refused memory for a name; the names since were dropped.
    public var isOutOfMemory: Bool { bytes.isOutOfMemory || ends.isOutOfMemory }

    /// The number of names appended.
    public var count: Int { ends.count }

    /// The number of bytes appended.
    public var byteCount: Int { bytes.count }

    /// Appends a name.
    public mutating func append(_ name: String) {
      var name = name
      name.withUTF8 { append(utf8: $0) }
    }

    /// Appends a name given as UTF-8.
    ///
    /// - Precondition: `utf8` is valid UTF-8; the store stays under 4 GiB of text.
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: utf8)
      endName()
    }

    /// Appends bytes to the name being built; `endName()` completes it.
    public mutating func appendPart(utf8: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: utf8)
    }

    /// Completes the name whose bytes were appended with `appendPart`.
    public mutating func endName() {
      precondition(bytes.count <= Int(UInt32.max), "a list holds at most 4 GiB of names")
      ends.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// The finished store.
    ///
    /// - Precondition: `isOutOfMemory` is false.
    public consuming func build() -> NameStore {
      NameStore(bytes: bytes.freeze(), ends: ends.freeze())
    }
  }
}
