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
public final class OutputBuffer {
  /// Not checked for exclusive access at run time (the checks cost four runtime calls a
  /// printed name): only this class's methods touch it, and none calls another while it
  /// holds it, except `flush`, which reads it while the sink runs; a sink never writes
  /// to the buffer that calls it (see `init`).
  @exclusivity(unchecked) private var buffer: [UInt8] = []
  private let capacity: Int
  private let sink: (UnsafeRawBufferPointer) throws -> Void

  /// Creates a buffer that flushes to `sink` whenever `capacity` bytes are waiting. The
  /// sink must not write to this buffer.
  public init(capacity: Int = 64 * 1024, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.capacity = capacity
    self.sink = sink
    buffer.reserveCapacity(capacity)
  }

  /// Appends `bytes`, flushing first if the buffer is full.
  public func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws {
    if buffer.count + bytes.count > capacity { try flush() }
    buffer.append(contentsOf: bytes)
  }

  /// Appends the UTF-8 of `text`.
  public func write(_ text: String) throws {
    try write(text.utf8)
  }

  /// Appends one byte.
  public func write(byte: UInt8) throws {
    if buffer.count >= capacity { try flush() }
    buffer.append(byte)
  }

  /// Hands every waiting byte to the sink.
  public func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try sink($0) }
  }
}
