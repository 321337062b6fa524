/// The exit statuses of `names-search`, as README documents them.
enum ExitStatus: Int32 {
  /// Something matched (or help or the version was printed).
  case matched = 0
  /// Nothing matched.
  case noMatch = 1
  /// An error: a file that cannot be read or is not a sortednames list, a write error.
  case failure = 2
  /// A usage error: unknown option, missing or invalid option value, extra argument.
  case usage = 64
  /// Interrupted: Ctrl-C (or Esc on an empty term in the live mode).
  case interrupted = 130
  /// The live mode's terminal hung up (SIGHUP).
  case hangUp = 129
  /// Terminated by SIGTERM (the terminal is restored first).
  case terminated = 143
}
