/// The time limit of a test that could hang (a reader gone quadratic, a child process that
/// never exits), for `.timeLimit(.minutes(TestTimeLimit.hangMinutes))`.
///
/// Swift Testing counts a limit from the moment it schedules the test, so the time a test
/// waits for one of the shared pool's threads (two on two cores) counts too: in a CI run of
/// the whole suite, a test that takes seconds alone waited 492 s, and most tests reported 6
/// to 7 minutes. A limit shorter than the whole suite (8 to 9 minutes in a debug build on two
/// cores) measures that queue, not the test; 15 minutes still ends a hang well inside CI's
/// 90. How fast a test's own work is belongs in the test (a `ContinuousClock` measure of
/// it) or in the benchmark.
///
/// (A number, not a trait: this target is built by `swift build` too, where the Testing
/// module is not available.)
public enum TestTimeLimit {
  /// 15 minutes.
  public static let hangMinutes = 15
}
