import Dispatch
import Glibc

/// The number of online cores (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1. It ignores
/// CPU affinity and cgroup quotas: on a restricted machine the scan splits into more
/// slices than it can run at once, which costs a little, not correctness.
enum ProcessInfoCores {
  static let count = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// Where parallel work runs: on libdispatch's thread pool when the process can start it,
/// otherwise on the calling thread, one iteration after another. The answer is the same
/// either way; only the time differs.
///
/// libdispatch cannot report that it lacks resources. On Linux the first pool thread opens
/// the event loop's descriptors (an epoll instance, an eventfd and a timerfd); when the
/// descriptor limit (`ulimit -n`) leaves no room, the process dies of SIGILL. A thread it
/// cannot create (`ulimit -v`, `ulimit -u`) it retries once a second, for ever. So:
///
/// - once, at first use, three descriptors are opened and closed again, one thread is
///   started and joined, then one pool thread is started and waited for, so the event loop
///   takes its descriptors while they are free (they stay open for the process's life);
/// - before each use, the address space left under `ulimit -v` / `ulimit -d`
///   (`AddressSpace`) must hold what every core's thread takes (`threadReserve`).
///
/// Every parallel loop of the library goes through `perform(iterations:_:)` (`KeyScanner`,
/// `SearchKeys`) or, for the checks of cache files, which may be tiny,
/// `perform(iterations:reading:_:)` (`CacheReader`, `IndexChecksum`, `BlockChecksums`,
/// `CompanionFile`, `ReadingCache`), which leaves the pool unstarted for small ones.
package enum ThreadPool {
  /// Whether parallel work runs on the pool now (else on the calling thread).
  ///
  /// - Complexity: O(1) after the first call (two `getrlimit` calls; a small read of
  ///   `/proc/self/statm` when a memory limit is set).
  package static var isUsable: Bool {
    if let headroom = AddressSpace.headroom(), headroom < threadReserve { return false }
    return started
  }

  /// Runs `body(i)` for every `i` in `0 ..< iterations`: concurrently on the pool when it
  /// is usable and there is more than one iteration, else in order on the calling thread.
  /// Returns when every iteration has.
  static func perform(iterations: Int, _ body: @Sendable (Int) -> Void) {
    if iterations > 1 && isUsable {
      DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
    } else {
      for iteration in 0..<iterations { body(iteration) }
    }
  }

  /// Runs `body(i)` for every `i` in `0 ..< iterations`, as `perform(iterations:_:)` does,
  /// but in order on the calling thread when the iterations read fewer than
  /// `smallWork` bytes in all (`byteCount`): starting the pool (a thread started and
  /// joined, a pool thread and the event loop's descriptors) costs more than checking such
  /// bytes on one core. A cached query of a list without readings reads an 80-byte reading
  /// file; spreading its check started the pool for it, 0.8 ms of a 3.8 ms query (hyperfine).
  ///
  /// - Complexity: that of the iterations; O(1) more.
  static func perform(iterations: Int, reading byteCount: Int, _ body: @Sendable (Int) -> Void) {
    if byteCount < smallWork {
      for iteration in 0..<iterations { body(iteration) }
    } else {
      perform(iterations: iterations, body)
    }
  }

  /// Bytes below which `perform(iterations:reading:_:)` stays on the calling thread: 1 MiB,
  /// which XXH3 hashes in about 0.1 ms on one core of this project's machines.
  static let smallWork = 1 << 20

  /// Runs `work` on the pool in the background when it is usable, else now, on the calling
  /// thread, before returning.
  package static func run(_ work: @escaping @Sendable () -> Void) {
    if isUsable {
      DispatchQueue.global(qos: .userInitiated).async(execute: work)
    } else {
      work()
    }
  }

  /// The address space a use of the pool may need: for each core's thread and the event
  /// loop's two, a stack and a malloc arena (glibc gives a thread its own, 64 MiB reserved),
  /// plus 64 MiB, as an arena being set up reserves twice its size for a moment. Under a
  /// tighter limit, threads could take the room a load's buffers need: work runs on the
  /// calling thread instead.
  static let threadReserve: Int = {
    var attributes = pthread_attr_t()
    var stack = 8 << 20
    if pthread_attr_init(&attributes) == 0 {
      pthread_attr_getstacksize(&attributes, &stack)
      pthread_attr_destroy(&attributes)
    }
    return (ProcessInfoCores.count + 2) * (stack + (64 << 20)) + (64 << 20)
  }()

  /// Whether the pool could be started (decided once).
  private static let started: Bool = start()

  private static func start() -> Bool {
    #if os(Linux)
      // Room for the event loop's three descriptors.
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return false }
      let third = dup(ends[0])
      close(ends[0])
      close(ends[1])
      guard third >= 0 else { return false }
      close(third)
      // A thread can be created (as libdispatch creates them: default attributes).
      var thread = pthread_t()
      guard pthread_create(&thread, nil, { _ in nil }, nil) == 0 else { return false }
      pthread_join(thread, nil)
    #endif
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async { done.signal() }
    done.wait()
    return true
  }
}

/// Slots that `ThreadPool.perform` iterations fill, one slot per iteration, so
/// no two threads write the same slot. Read `values` only after the work has finished.
final class ConcurrentResults<Value>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<Value?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  /// The value of one slot; each iteration writes only its own.
  subscript(slot: Int) -> Value? {
    get { slots[slot] }
    set { slots[slot] = newValue }
  }

  /// Every slot, in order.
  var values: [Value?] { Array(UnsafeBufferPointer(start: slots, count: count)) }

  /// The slots' arrays joined in slot order, or `nil` when a slot holds none (its
  /// iteration gave up, as a cancelled scan does). The result is made to size once: grown by
  /// doubling, many hits were copied again into pages the kernel had to clear.
  ///
  /// - Complexity: O(*n*) for *n* elements in all.
  func joined<Element>() -> [Element]? where Value == [Element] {
    let found = values
    var all: [Element] = []
    var total = 0
    for value in found {
      guard let value else { return nil }
      total += value.count
    }
    all.reserveCapacity(total)
    for case let value? in found { all += value }
    return all
  }
}

/// A value handed to `ThreadPool.perform` iterations that only read it, such as a pointer to
/// memory that outlives the work.
struct SharedForReading<Value>: @unchecked Sendable {
  let value: Value
}
