/// Collects output bytes and hands them to a sink in large chunks.
///
/// The sink decides where bytes go (a file descriptor, an array in tests) and may throw,
/// for instance on a full disk; the error reaches whoever called `write` or `flush`.
///
/// ```swift
/// var collected: [UInt8] = []
/// let output = OutputBuffer { collected.append(contentsOf: $0) }
/// try output.write("Ann\n")
/// try output.flush()
/// ```
///
/// The bytes wait in one fixed block of `capacity` bytes written through a pointer: a write
/// is a bounds check and a copy, with no growth, uniqueness or exclusivity check (an
/// `Array` buffer cost about 160 instructions more a printed name, a third of a cached
/// query that prints 700,000 names; callgrind, issue 14). A write that does not fit in what
/// is left flushes what waits first; one larger than the block goes to the sink whole.
public final class OutputBuffer {
  /// The number of bytes waiting, `storage[0 ..< count]`. Not checked for exclusive access
  /// at run time: only this class's methods touch it, and none calls another while it
  /// holds it, except `flush`, which reads it while the sink runs; a sink never writes to
  /// the buffer that calls it (see `init`).
  @exclusivity(unchecked) private var count = 0
  /// The block, `capacity` bytes, allocated once.
  private let storage: UnsafeMutableRawPointer
  /// The block's size in bytes.
  private let capacity: Int
  private let sink: (UnsafeRawBufferPointer) throws -> Void

  /// Creates a buffer of `capacity` bytes (a capacity below 1 is taken as 1) that hands
  /// what waits to `sink` when a write does not fit in what is left, and on `flush()`. The
  /// sink must not write to this buffer.
  public init(capacity: Int = 64 * 1024, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.capacity = max(1, capacity)
    self.storage = .allocate(byteCount: self.capacity, alignment: 16)
    self.sink = sink
  }

  deinit {
    storage.deallocate()
  }

  /// Appends `bytes`, flushing first if they do not fit in what is left.
  ///
  /// - Complexity: O(n) in `bytes`.
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    let n = bytes.count
    if n > capacity &- count {
      try flush()
      if n > capacity {
        try sink(bytes)
        return
      }
    }
    if n > 0 { (storage + count).copyMemory(from: bytes.baseAddress!, byteCount: n) }
    count &+= n
  }

  /// Appends `bytes`.
  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    try write(UnsafeRawBufferPointer(bytes))
  }

  /// Appends `bytes`: at once when they are contiguous, byte by byte otherwise.
  public func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws {
    let written: Void? = try bytes.withContiguousStorageIfAvailable {
      try write(UnsafeRawBufferPointer($0))
    }
    if written == nil {
      for byte in bytes { try write(byte: byte) }
    }
  }

  /// Appends the UTF-8 of `text`.
  public func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
  }

  /// Appends one byte.
  public func write(byte: UInt8) throws {
    if count >= capacity { try flush() }
    storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
    count &+= 1
  }

  /// Appends `indent` spaces, `line`, then a line feed: one bounds check and one copy for
  /// an indented name and its line end when at least 16 bytes (and the whole line) fit in
  /// what is left (the spaces are stored 16 at a time), else byte by byte as `write(byte:)`
  /// and `write(_:)` do.
  ///
  /// - Precondition: `indent` is 0 to 16.
  /// - Throws: whatever the sink throws.
  /// - Complexity: O(n) in `line`.
  public func write(line: UnsafeRawBufferPointer, indentedBy indent: Int) throws {
    precondition((0...16).contains(indent), "an indent of at most 16 spaces")
    let n = indent &+ line.count &+ 1
    // The spaces are stored 16 at a time, so 16 bytes must be free even for a shorter line.
    guard max(n, 16) <= capacity &- count else {
      for _ in 0..<indent { try write(byte: 0x20) }
      try write(line)
      try write(byte: 0x0A)
      return
    }
    let at = storage + count
    // Sixteen spaces stored as two words, of which `indent` bytes count.
    at.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 0, as: UInt64.self)
    at.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 8, as: UInt64.self)
    if line.count > 0 { (at + indent).copyMemory(from: line.baseAddress!, byteCount: line.count) }
    at.storeBytes(of: 0x0A as UInt8, toByteOffset: n &- 1, as: UInt8.self)
    count &+= n
  }

  /// Appends `indent` spaces, the bytes `range` of `text`, then a line feed, as
  /// `write(line:indentedBy:)` does; a line of at most 32 bytes whose 32 bytes from its
  /// start lie in `text` (a name not among the last ones of a `NameStore`) is copied as four
  /// 8-byte words (what they copy past the line lies past the bytes waiting: the line feed
  /// and later writes overwrite it, and the sink never sees it): no call to `memcpy`, whose
  /// set-up for such short lines cost about 20 instructions a printed name of a cached
  /// query that prints 720,000 (callgrind, issue 14).
  ///
  /// - Precondition: `indent` is 0 to 16; `range` lies within `text`.
  /// - Throws: whatever the sink throws.
  /// - Complexity: O(n) in the line.
  @inline(__always)
  public func write(line range: Range<Int>, of text: UnsafeRawBufferPointer, indentedBy indent: Int)
    throws
  {
    let length = range.count
    let start = range.lowerBound
    guard length <= 32, start >= 0, start &+ 32 <= text.count, indent >= 0, indent <= 16,
      capacity &- count >= indent &+ 33
    else {
      try write(line: UnsafeRawBufferPointer(rebasing: text[range]), indentedBy: indent)
      return
    }
    let at = storage + count
    at.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 0, as: UInt64.self)
    at.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 8, as: UInt64.self)
    let from = text.baseAddress! + start
    let to = at + indent
    for word in 0..<4 {
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: 8 &* word, as: UInt64.self),
        toByteOffset: 8 &* word, as: UInt64.self)
    }
    to.storeBytes(of: 0x0A as UInt8, toByteOffset: length, as: UInt8.self)
    count &+= indent &+ length &+ 1
  }

  /// Hands every waiting byte to the sink.
  public func flush() throws {
    guard count > 0 else { return }
    defer { count = 0 }
    try sink(UnsafeRawBufferPointer(start: storage, count: count))
  }
}
