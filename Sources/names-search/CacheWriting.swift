import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the index cache once the answer is out, so that nothing about it can change the
/// outcome: any failure means no cache, and a signal never leaves a temporary file.
///
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT are held back on this thread while the cache is
/// written (libdispatch's threads block them, so they wait). One that arrives stops the
/// write at its next chunk, the temporary file is removed, and the signal then takes effect
/// as it would have without a cache. SIGKILL cannot be held: what it leaves is swept by a
/// later write (`IndexCache`).
enum CacheWriting {
  static let heldSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Writes `loaded`'s index if it was read from the list, and the reading keys the run
  /// made (`CachedCatalogLoader.writeCache`).
  static func write(_ loaded: CachedCatalogLoader?) {
    guard let loaded, loaded.origin != .uncached else { return }
    var held = sigset_t()
    sigemptyset(&held)
    for signal in heldSignals { sigaddset(&held, signal) }
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &held, &previous)
    loaded.writeCache(shouldStop: {
      var pending = sigset_t()
      guard sigpending(&pending) == 0 else { return false }
      return heldSignals.contains { sigismember(&pending, $0) == 1 }
    })
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}
