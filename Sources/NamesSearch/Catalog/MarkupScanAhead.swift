import Dispatch

/// `XMLMarkupGuard` run one chunk ahead of the XML parser: `start(_:)` scans the next chunk
/// on another core while libxml2 parses this one, `wait()` answers its message. The guard's
/// pass over a 1M-name plist is about 300M instructions, all of it on the parser's core
/// before; now the two overlap.
///
/// A chunk under 64 KiB is scanned at once, on the calling thread, as is every chunk when
/// the thread pool is not usable (`ThreadPool.run`): the answer is the same either way.
final class MarkupScanAhead: @unchecked Sendable {
  /// The guard. Touched only on the calling thread while no scan is started and not
  /// waited for, and only by the scan meanwhile.
  var markup: XMLMarkupGuard
  private var message: String?
  private var isPending = false
  private let done = DispatchSemaphore(value: 0)

  /// Bytes lent to the scan for as long as it runs.
  private struct Lent: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
  }

  /// A scanner that goes on from `markup`'s state.
  init(_ markup: XMLMarkupGuard) {
    self.markup = markup
  }

  /// Starts scanning `bytes`, the next chunk after those scanned so far.
  ///
  /// - Precondition: no scan is pending; `bytes` stay lent and unchanged until `wait()`
  ///   returns.
  func start(_ bytes: UnsafeRawBufferPointer) {
    precondition(!isPending)
    isPending = true
    guard bytes.count >= 1 << 16 else {
      message = markup.scan(bytes)
      done.signal()
      return
    }
    let lent = Lent(bytes: bytes)
    ThreadPool.run { [self] in
      message = markup.scan(lent.bytes)
      done.signal()
    }
  }

  /// Waits for the scan started last and answers its message (`XMLMarkupGuard.scan(_:)`):
  /// `nil` when the chunk is fine, or when no scan was started.
  func wait() -> String? {
    guard isPending else { return nil }
    done.wait()
    isPending = false
    return message
  }
}
