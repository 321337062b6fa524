import Synchronization

/// A flag that a newer search sets to stop an older one; scans look at it as they go.
///
/// ```swift
/// let flag = CancellationFlag()
/// flag.cancel()
/// flag.isCancelled   // true
/// ```
public final class CancellationFlag: Sendable {
  private let state = Atomic<Bool>(false)

  /// Creates a flag that is not set.
  public init() {}

  /// Asks every scan holding this flag to stop.
  public func cancel() { state.store(true, ordering: .relaxed) }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { state.load(ordering: .relaxed) }
}
