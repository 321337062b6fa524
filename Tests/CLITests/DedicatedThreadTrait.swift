import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift Testing's shared pool.
///
/// The shared pool has one thread per core (two on CI's machines), and a synchronous test
/// holds its thread while it sleeps or polls. The pseudo-terminal suite mostly waits (for the
/// screen, the debounce, the lone Escape's 50 ms; about 8 s alone), and on the shared pool
/// each of those waits took one of the two threads from the other suites' queue. With this
/// trait each of its tests runs on a new thread, named ``DedicatedThreadExecutor/threadName``;
/// apply it to suites that wait, never to many at once (each test then runs beside the pool,
/// not in it, and Swift Testing starts a whole suite's tests together unless serialized).
struct DedicatedThreadTrait: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // The preference takes effect when the task is next enqueued: without a suspension
    // before it, the test's first job could run on where the task already was (CI once saw
    // the suite's thread check run on a pool thread, "oot.default-qos"). Yielding first
    // enqueues the rest of the task, the test included, on the dedicated executor.
    try await withTaskExecutorPreference(DedicatedThreadExecutor()) {
      await Task.yield()
      try await function()
    }
  }
}

extension Trait where Self == DedicatedThreadTrait {
  /// Each test of the suite on a thread of its own (see ``DedicatedThreadTrait``).
  static var dedicatedThread: Self { Self() }
}

/// A task executor that runs every job it is given on a new thread.
///
/// A test's jobs are the pieces between its suspension points: a synchronous test is one job,
/// so one thread. Threads are made per job (about 0.1 ms each), which suits tests, not
/// production.
final class DedicatedThreadExecutor: TaskExecutor {
  /// The name each of its threads carries, so a test can tell where it runs (at most 15
  /// bytes: Linux keeps no longer thread names, `pthread_setname_np(3)`).
  static let threadName = "test-dedicated"

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread {
      Thread.current.name = Self.threadName
      job.runSynchronously(on: executor)
    }.start()
  }
}
