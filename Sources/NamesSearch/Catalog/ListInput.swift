/// A list as `CatalogLoader` hands it to a `ListReader`: the open file or stream, the bytes
/// `FormatSniffer` read from it already, and where progress goes.
///
/// A stream reader takes `prefix` first, then calls `read(into:)` until it answers 0. A
/// path reader opens `path` itself; the file was opened (and, for the cache, stamped) once
/// by `file`, which stays open while it reads.
final class ListInput {
  /// The open file or stream.
  let file: FileReader
  /// The bytes read so far, from the first one not dropped: white space before an XML
  /// document's first `<` is dropped as it is read (`FormatSniffer`).
  var prefix: [UInt8]
  /// The line breaks in the white space dropped before `prefix`.
  let droppedLines: Int
  /// The white-space bytes dropped after the last of those line breaks: the column before
  /// `prefix`'s first byte.
  let droppedColumns: Int
  /// How to read the list: the table of a database, the fields of records.
  let options: LoadOptions
  private let progress: CatalogLoader.Progress?

  /// Input from `file`, whose first bytes (after `droppedLines` dropped line breaks) are
  /// `prefix`, read with `options`; `progress` is told after each chunk read.
  init(
    file: FileReader, prefix: [UInt8], droppedLines: Int, droppedColumns: Int = 0,
    options: LoadOptions = .default, progress: CatalogLoader.Progress?
  ) {
    self.file = file
    self.prefix = prefix
    self.droppedLines = droppedLines
    self.droppedColumns = droppedColumns
    self.options = options
    self.progress = progress
  }

  /// What errors call the list (`FileReader.source`).
  var source: String { file.source }

  /// The path the file was opened by, or `nil` for standard input and bytes in memory.
  var path: PathName? { file.path }

  /// Reads the next bytes after those read so far into `buffer`; 0 at the end.
  ///
  /// - Throws: `LoadError` as `FileReader.read(into:)`.
  func read(into buffer: inout [UInt8]) throws(LoadError) -> Int {
    let count = try file.read(into: &buffer)
    progress?(file.bytesRead, file.expectedSize)
    return count
  }

  /// The whole list in one buffer: the prefix already read, then the rest of the input,
  /// with the buffer's size reserved once from the file's expected size and room for
  /// `extra` more bytes (a reader's sentinel). The prefix is released.
  ///
  /// - Throws: `LoadError` `memoryRefused` when the buffer cannot grow, or what reading
  ///   throws.
  /// - Complexity: O(n) in the input's size.
  func readAll(extra: Int = 0) throws(LoadError) -> GrowableArray<UInt8> {
    var bytes = GrowableArray<UInt8>(
      capacity: max(file.expectedSize ?? 0, prefix.count) + extra, failsSoftly: true)
    prefix.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    prefix = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = try read(into: &chunk)
      if count == 0 { break }
      chunk.withUnsafeBufferPointer {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
      }
      if bytes.isOutOfMemory { throw LoadError.memoryRefused(source: file.source) }
    }
    return bytes
  }

  /// The path of a regular file, for a reader that opens it by path.
  ///
  /// - Throws: `LoadError` `notAList` when the list is a stream (standard input, a pipe) or
  ///   bytes in memory, which have no path to open.
  func requirePath(format: ListFormat) throws(LoadError) -> PathName {
    guard let path, file.stamp != nil else {
      throw LoadError(
        source: source,
        reason: .unreadable(
          "\(format.name) can only be read from a regular file, not from a stream"))
    }
    return path
  }
}
