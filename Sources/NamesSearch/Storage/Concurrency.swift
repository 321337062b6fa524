import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of online cores (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1. It ignores
/// CPU affinity and cgroup quotas: on a restricted machine the scan splits into more
/// slices than it can run at once, which costs a little, not correctness.
enum ProcessInfoCores {
  static let count = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// Slots that `DispatchQueue.concurrentPerform` iterations fill, one slot per iteration, so
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
}

/// A value handed to `concurrentPerform` iterations that only read it, such as a pointer to
/// memory that outlives the work.
struct SharedForReading<Value>: @unchecked Sendable {
  let value: Value
}
