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
/// `Array` buffer cost about 150 instructions a printed name in all, a third of a cached
/// query that prints 700,000 names; callgrind, issue 14). A write larger than the block
/// goes to the sink whole, after what waits.
public final class OutputBuffer {
  /// The waiting bytes are `storage[0 ..< count]`. Not checked for exclusive access at run
  /// time: only this class's methods touch it, and none calls another while it holds it,
  /// except `flush`, which reads it while the sink runs; a sink never writes to the buffer
  /// that calls it (see `init`).
  @exclusivity(unchecked) private var count = 0
  private let storage: UnsafeMutableRawPointer
  private let capacity: Int
  private let sink: (UnsafeRawBufferPointer) throws -> Void

  /// Creates a buffer that flushes to `sink` whenever `capacity` bytes (at least 1) are
  /// waiting. The sink must not write to this buffer.
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

  /// Appends `indent` spaces (at most 16), `line`, then a line feed: one bounds check and
  /// one copy for an indented name and its line end.
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

  /// Hands every waiting byte to the sink.
  public func flush() throws {
    guard count > 0 else { return }
    defer { count = 0 }
    try sink(UnsafeRawBufferPointer(start: storage, count: count))
  }
}
