#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of files the process may have open (`RLIMIT_NOFILE`, `ulimit -n`).
enum DescriptorLimit {
  /// Raises the soft limit to the hard limit, as Go's runtime and many servers do at
  /// start: a shell's `ulimit -Sn 5` then still leaves room for the thread pool's event
  /// loop and the files a run opens. (`ulimit -n 5` sets both limits; then `ThreadPool`
  /// finds no room and work runs on one thread.) Failure changes nothing.
  static func raiseSoftLimit() {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(resource, &limit)
  }
}
