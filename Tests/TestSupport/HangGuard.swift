import Testing

extension Trait where Self == TimeLimitTrait {
  /// The time limit of a test that could hang (a reader gone quadratic, a child process that
  /// never exits): 15 minutes, longer than the whole suite takes (about 9 minutes in a debug
  /// build on two cores).
  ///
  /// Swift Testing counts a limit from the moment it schedules the test, so the time a test
  /// waits for one of the shared pool's threads (two on two cores) counts too: in a CI run
  /// of the whole suite, a test that takes seconds alone waited 492 s. A shorter limit
  /// measures that queue, not the test; 15 minutes still ends a hang well inside CI's 90.
  /// How fast a test's own work is belongs in the test (a `ContinuousClock` measure of it)
  /// or in the benchmark.
  public static var hangGuard: Self { .timeLimit(.minutes(15)) }
}
