import Glibc
import Synchronization
import Testing

@testable import NamesSearch

/// `ThreadPool.perform(iterations:reading:_:)`: work that reads little stays on the calling
/// thread, in order (a cached query of a list without readings checked an 80-byte file on
/// the pool, and starting the pool cost more than the whole query's search); larger work
/// still runs every iteration once.
@Suite("Thread pool")
struct ThreadPoolTests {
  /// The iterations that ran, and on which thread, as each one reports itself.
  final class Log: Sendable {
    let entries = Mutex<[(iteration: Int, thread: pthread_t)]>([])
    func record(_ iteration: Int) {
      let thread = pthread_self()
      entries.withLock { $0.append((iteration, thread)) }
    }
  }

  @Test("Small work runs on the calling thread, in order", arguments: [0, 1, 80, (1 << 20) - 1])
  func smallWork(byteCount: Int) {
    let log = Log()
    ThreadPool.perform(iterations: 11, reading: byteCount) { log.record($0) }
    let entries = log.entries.withLock { $0 }
    #expect(entries.map(\.iteration) == Array(0..<11))
    let caller = pthread_self()
    #expect(entries.allSatisfy { pthread_equal($0.thread, caller) != 0 })
  }

  @Test("Large work runs every iteration once")
  func largeWork() {
    let log = Log()
    ThreadPool.perform(iterations: 64, reading: 1 << 26) { log.record($0) }
    let entries = log.entries.withLock { $0 }
    #expect(entries.map(\.iteration).sorted() == Array(0..<64))
  }
}
