import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows how far a slow load has got, on standard error, only when standard error is a
/// terminal and the load has taken more than half a second; erases itself when done.
final class ProgressReporter {
  private let label: String
  private let start = Descriptor.now()
  private var shown = false
  private var lastPercent = -1
  private let enabled: Bool

  /// Creates a reporter for loading `label`.
  init(label: String, enabled: Bool = StandardStreams.isTerminal(STDERR_FILENO)) {
    self.label = label
    self.enabled = enabled
  }

  /// Reports `bytesRead` of `totalBytes` (unknown for pipes).
  func update(bytesRead: Int, totalBytes: Int?) {
    guard enabled, Descriptor.now() - start > 0.5 else { return }
    let text: String
    if let totalBytes, totalBytes > 0 {
      let percent = min(100, bytesRead * 100 / totalBytes)
      guard percent != lastPercent else { return }
      lastPercent = percent
      text = "\(percent)%"
    } else {
      text = "\(bytesRead >> 20) MiB"
    }
    shown = true
    StandardStreams.writeRaw(
      "\r\u{1B}[Knames-search: loading \(VisibleText.escaped(label))… \(text)")
  }

  /// Erases the progress line, if one was shown.
  func finish() {
    if shown { StandardStreams.writeRaw("\r\u{1B}[K") }
    shown = false
  }
}
