/// Reads a file or a stream in chunks with plain POSIX calls, so every failure has the
/// system's own words ("No such file or directory", "Permission denied", "Is a
/// directory"), and a size limit stops endless inputs such as `/dev/zero`.
public final class FileReader {
  /// The default size limit: 1 GiB (a list of about 30 million names), so an endless input
  /// such as `/dev/zero` stops with a clear message.
  public static let defaultMaximumSize = 1 << 30

  /// What errors call the input: the path as given, in its display form
  /// (`PathName.description`), or `<stdin>`.
  public let source: String
  /// The size `fstat` reports for a regular file, or `nil` for a pipe or device.
  public let expectedSize: Int?
  /// The file's identity when it was opened (`nil` for streams and memory).
  package let stamp: SourceStamp?
  /// The path the file was opened by (`nil` for a descriptor or memory), for a reader that
  /// opens the file by its path (`ListAccess.path`).
  package let path: PathName?
  /// The bytes read so far (of the input as it is, before any decoding).
  public private(set) var bytesRead = 0
  /// Whether the end of the input was reached and every byte of it handed out.
  public var reachedEnd: Bool {
    rawEnd && givenBack.isEmpty && (decoder == nil || decodedToEnd && decodedStart == decoded.count)
  }
  /// Whether the input's own end was reached.
  private var rawEnd = false
  /// Bytes given back (`unread(_:)`), served before the input's next.
  private var givenBack: [UInt8] = []
  /// UTF-16 or UTF-32 input handed out as UTF-8 (`decode(from:after:)`): the decoder, the
  /// UTF-8 decoded and not yet handed out (from `decodedStart`), the read buffer.
  private var decoder: WideText.Decoder?
  private var decoded: [UInt8] = []
  private var decodedStart = 0
  private var decodedToEnd = false
  private var rawChunk: [UInt8] = []
  /// The `FastHash` of the bytes read so far.
  package private(set) var contentHash = FastHash()
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// The most bytes it reads (and, for binary lists, the most the names may decode to).
  public let maximumSize: Int
  /// Bytes served instead of a descriptor's (see `init(bytes:source:)`).
  private var memory: [UInt8]?

  /// Opens the file at `path`, byte for byte; errors name it `source` (by default, `path`'s
  /// display form, `PathName.description`).
  ///
  /// - Throws: `LoadError` (`unreadable` with the system's words, `isDirectory`, or
  ///   `tooLarge` for a regular file bigger than `maximumSize`).
  public init(path: PathName, source: String? = nil, maximumSize: Int = defaultMaximumSize)
    throws(LoadError)
  {
    let source = source ?? path.description
    guard let fd = Descriptor.openForReading(path) else {
      throw LoadError(source: source, reason: .unreadable(Descriptor.lastErrorText()))
    }
    guard let info = Descriptor.status(of: fd) else {
      let error = LoadError(source: source, reason: .unreadable(Descriptor.lastErrorText()))
      Descriptor.closeAfterReading(fd)
      throw error
    }
    if info.kind == .directory {
      Descriptor.closeAfterReading(fd)
      throw LoadError(source: source, reason: .isDirectory)
    }
    if info.kind == .regular && info.size > maximumSize {
      Descriptor.closeAfterReading(fd)
      throw LoadError(source: source, reason: .tooLarge(limit: maximumSize))
    }
    self.source = source
    descriptor = fd
    ownsDescriptor = true
    self.maximumSize = maximumSize
    expectedSize = info.kind == .regular ? Int(info.size) : nil
    stamp = SourceStamp(info)
    self.path = path
  }

  /// `init(path:source:maximumSize:)` with the path given as text, which names every path
  /// whose bytes are valid UTF-8 (use `PathName` for the others).
  ///
  /// - Throws: `LoadError` as the `PathName` form; `unreadable("Invalid argument")` when
  ///   `path` holds U+0000, which no path can.
  public convenience init(
    path: String, source: String? = nil, maximumSize: Int = defaultMaximumSize
  ) throws(LoadError) {
    guard let name = PathName(path) else { throw Self.nulInPath(path, source: source) }
    try self.init(path: name, source: source, maximumSize: maximumSize)
  }

  /// Reads from an open descriptor (standard input), which it does not close.
  public init(descriptor: Int32, source: String, maximumSize: Int = defaultMaximumSize) {
    self.source = source
    self.descriptor = descriptor
    ownsDescriptor = false
    self.maximumSize = maximumSize
    expectedSize = nil
    stamp = nil
    path = nil
  }

  /// Reads bytes already in memory, as if from a file (for tests and fuzzing).
  public init(bytes: [UInt8], source: String, maximumSize: Int = defaultMaximumSize) {
    self.source = source
    descriptor = -1
    ownsDescriptor = false
    self.maximumSize = maximumSize
    expectedSize = bytes.count
    stamp = nil
    path = nil
    memory = bytes
  }

  deinit {
    if ownsDescriptor { Descriptor.closeAfterReading(descriptor) }
  }

  /// The open file's identity now (`fstat` of the same descriptor), to tell whether it
  /// changed while it was read; `nil` for streams and memory.
  package var currentStamp: SourceStamp? {
    guard ownsDescriptor else { return nil }
    return Descriptor.status(of: descriptor).flatMap { SourceStamp($0) }
  }

  /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end.
  ///
  /// - Throws: `LoadError` when reading fails or the input passes the size limit.
  public func read(into buffer: inout [UInt8]) throws(LoadError) -> Int {
    guard decoder != nil else { return try readRaw(into: &buffer) }
    while decodedStart == decoded.count && !decodedToEnd {
      decoded.removeAll(keepingCapacity: true)
      decodedStart = 0
      if rawChunk.isEmpty { rawChunk = [UInt8](repeating: 0, count: 1 << 20) }
      let count = try readRaw(into: &rawChunk)
      do {
        if count == 0 {
          try decoder!.finish()
          decodedToEnd = true
        } else {
          try rawChunk.withUnsafeBufferPointer { (raw) throws(WideText.DecodingError) in
            try decoder!.decode(UnsafeBufferPointer(rebasing: raw[..<count]), into: &decoded)
          }
        }
      } catch {
        throw decodingError(error, in: decoder!.encoding)
      }
    }
    let count = min(buffer.count, decoded.count - decodedStart)
    buffer.withUnsafeMutableBufferPointer { target in
      decoded.withUnsafeBufferPointer { source in
        guard count > 0 else { return }
        target.baseAddress!.update(from: source.baseAddress! + decodedStart, count: count)
      }
    }
    decodedStart += count
    return count
  }

  /// The encoding the input is decoded from, when it is UTF-16 or UTF-32 text handed out
  /// as UTF-8 (`decode(from:after:)`); `nil` when its bytes are handed out as they are.
  package var decodedEncoding: WideText.Encoding? { decoder?.encoding }

  /// From now on hands out the input as UTF-8, decoded from `encoding`: first
  /// `alreadyRead` (bytes read before, past the byte-order mark), then the rest.
  ///
  /// - Throws: `LoadError` `notAList` naming the line where `alreadyRead` is not text in
  ///   `encoding`.
  package func decode(from encoding: WideText.Encoding, after alreadyRead: ArraySlice<UInt8>)
    throws(LoadError)
  {
    var decoder = WideText.Decoder(encoding)
    do {
      try alreadyRead.withUnsafeBufferPointer { (raw) throws(WideText.DecodingError) in
        try decoder.decode(raw, into: &decoded)
      }
    } catch {
      throw decodingError(error, in: encoding)
    }
    self.decoder = decoder
  }

  /// Names the encoding itself: text refused before decoding starts (in the bytes read
  /// with the byte-order mark) has no decoder yet.
  private func decodingError(_ error: WideText.DecodingError, in encoding: WideText.Encoding)
    -> LoadError
  {
    LoadError(
      source: source,
      reason: .notAList("line \(error.line): not valid \(encoding.name): \(error.what)"))
  }

  /// Serves bytes given back by `unread(_:)` first, then the input's own.
  private func readRaw(into buffer: inout [UInt8]) throws(LoadError) -> Int {
    if !givenBack.isEmpty {
      let count = min(buffer.count, givenBack.count)
      buffer.replaceSubrange(0..<count, with: givenBack[..<count])
      givenBack.removeFirst(count)
      return count
    }
    let count: Int
    if let memory {
      count = min(buffer.count, memory.count - bytesRead)
      buffer.withUnsafeMutableBufferPointer { target in
        memory.withUnsafeBufferPointer { source in
          for i in 0..<count { target[i] = source[bytesRead + i] }
        }
      }
    } else {
      // `readSome` retries EINTR; nil leaves errno as the failed read set it.
      guard let read = buffer.withUnsafeMutableBytes({ Descriptor.readSome(descriptor, into: $0) })
      else { throw LoadError(source: source, reason: .unreadable(Descriptor.lastErrorText())) }
      count = read
    }
    bytesRead += count
    guard bytesRead <= maximumSize else {
      throw LoadError(source: source, reason: .tooLarge(limit: maximumSize))
    }
    if count == 0 { rawEnd = true }
    buffer.withUnsafeBytes { contentHash.combine(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    return count
  }

  /// Gives back `bytes`, the last read, to be read again (before the decoding starts).
  package func unread(_ bytes: ArraySlice<UInt8>) {
    givenBack = Array(bytes) + givenBack
  }

  /// Every remaining byte, after `prefix`.
  ///
  /// - Throws: `LoadError` as `read(into:)`, and `empty` when there is nothing at all.
  public func readAll(after prefix: some Collection<UInt8> = [UInt8]()) throws(LoadError)
    -> [UInt8]
  {
    var data = [UInt8](prefix)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = try read(into: &chunk)
      if count == 0 { break }
      data.append(contentsOf: chunk[..<count])
    }
    guard !data.isEmpty else { throw LoadError(source: source, reason: .empty) }
    return data
  }

  /// The bytes of the file at `path`.
  ///
  /// - Throws: `LoadError` (`unreadable`, `isDirectory`, `empty`, `tooLarge`) naming `path`.
  /// - Complexity: O(n) in the file's size.
  public static func contents(
    ofFile path: PathName, maximumSize: Int = defaultMaximumSize
  ) throws(LoadError) -> [UInt8] {
    try FileReader(path: path, maximumSize: maximumSize).readAll()
  }

  /// `contents(ofFile:maximumSize:)` with the path given as text (valid UTF-8 paths only).
  public static func contents(
    ofFile path: String, maximumSize: Int = defaultMaximumSize
  ) throws(LoadError) -> [UInt8] {
    try FileReader(path: path, maximumSize: maximumSize).readAll()
  }

  /// The bytes read from `fd` until end of file.
  public static func contents(
    ofDescriptor fd: Int32, source: String, maximumSize: Int = defaultMaximumSize
  ) throws(LoadError) -> [UInt8] {
    try FileReader(descriptor: fd, source: source, maximumSize: maximumSize).readAll()
  }

  /// The error for a path given as text that holds U+0000: the system's words for EINVAL.
  static func nulInPath(_ path: String, source: String?) -> LoadError {
    LoadError(
      source: source ?? VisibleText.escaped(path),
      reason: .unreadable(Descriptor.errorText(Descriptor.invalidArgument)))
  }
}
