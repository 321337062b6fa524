import Testing

@testable import NamesSearch

/// Buffers that report refused memory instead of stopping the process, and the words and
/// figures of the resulting error. (Runs under real `ulimit -v` limits are in the
/// command-line tests: `ProcessLimitTests`.)
@Suite("Memory limits")
struct MemoryLimitTests {
  /// Whether `buffer` ran out (a function: `#expect` cannot capture a non-copyable value).
  private func isOutOfMemory<Element>(_ buffer: borrowing GrowableArray<Element>) -> Bool {
    buffer.isOutOfMemory
  }

  @Test("a buffer that fails softly drops appends once memory is refused, keeping the rest")
  func softFailure() {
    var buffer = GrowableArray<UInt64>(capacity: 4, failsSoftly: true)
    for value in [UInt64(7), 8, 9] { buffer.append(value) }
    // 2^58 elements of 8 bytes, 2 EiB: more than any address space holds.
    buffer.reserveCapacity(1 << 58)
    #expect(isOutOfMemory(buffer) == true)
    buffer.append(10)
    [UInt64(11), 12].withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
    let count = buffer.count
    #expect(count == 3)
    let kept = Array(buffer.buffer)
    #expect(kept == [7, 8, 9])
  }

  @Test("a size that overflows is refused memory too")
  func overflow() {
    var buffer = GrowableArray<UInt64>(capacity: 4, failsSoftly: true)
    buffer.append(1)
    buffer.reserveCapacity(Int.max / 4)  // times 8 bytes overflows Int
    #expect(isOutOfMemory(buffer) == true)
    let kept = Array(buffer.buffer)
    #expect(kept == [1])
  }

  @Test("a capacity that cannot be reserved is a hint: the buffer starts smaller and grows")
  func capacityIsAHint() {
    var buffer = GrowableArray<UInt8>(capacity: 1 << 62, fallbackCapacity: 100, failsSoftly: true)
    #expect(isOutOfMemory(buffer) == false)
    let bytes = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    for byte in bytes { buffer.append(byte) }
    #expect(isOutOfMemory(buffer) == false)
    #expect(Array(buffer.freeze()) == bytes)
    var defaultFallback = GrowableArray<UInt32>(capacity: 1 << 59, failsSoftly: true)
    defaultFallback.append(5)
    #expect(isOutOfMemory(defaultFallback) == false)
    #expect(Array(defaultFallback.freeze()) == [5])
  }

  @Test("a large buffer, mapped, keeps its elements when frozen")
  func mappedFreeze() {
    // 3 MiB reserved (a map), 1.5 MiB used: freezing gives back the pages past them.
    var buffer = GrowableArray<UInt32>(capacity: 3 << 18, failsSoftly: true)
    for i in 0..<(3 << 17) { buffer.append(UInt32(i) &* 2_654_435_761) }
    let frozen = buffer.freeze()
    #expect(frozen.count == 3 << 17)
    #expect(frozen.indices.allSatisfy { frozen[$0] == UInt32($0) &* 2_654_435_761 })
  }

  @Test("the out-of-memory message: what is needed rounded up, what is left rounded down")
  func messages() {
    let mebibyte = 1 << 20
    let estimated = LoadError(
      source: "big.plist",
      reason: .outOfMemory(needed: 10 * mebibyte + 1, available: 3 * mebibyte + mebibyte - 1))
    #expect(
      estimated.description
        == "big.plist: out of memory (about 11 MiB needed, 3 MiB left under the memory limit,"
        + " ulimit -v or -d)")
    let refused = LoadError(source: "<stdin>", reason: .memoryRefused(underLimit: true))
    #expect(
      refused.description == "<stdin>: out of memory (under the memory limit, ulimit -v or -d)")
    let unlimited = LoadError(source: "a.plist", reason: .memoryRefused(underLimit: false))
    #expect(unlimited.description == "a.plist: out of memory")
  }

  @Test("the load estimate: a quarter of an XML file, 1.2 times a binary one, plus 3 MiB")
  func loadEstimate() {
    let fixed = 3 << 20
    #expect(LoadMemory.estimate(fileSize: 4_000_000, format: .xmlPropertyList) == 1_000_000 + fixed)
    #expect(
      LoadMemory.estimate(fileSize: 4_000_000, format: .binaryPropertyList) == 4_800_000 + fixed)
    #expect(LoadMemory.estimate(fileSize: 4_000_000, format: nil) == 1_000_000 + fixed)
    #expect(LoadMemory.estimate(fileSize: 0, format: .binaryPropertyList) == fixed)
    #expect(LoadMemory.estimate(fileSize: Int.max, format: .binaryPropertyList) == Int.max)
  }

  @Test("the search estimate: 16 bytes a name, and the keys for other match options")
  func searchEstimate() {
    let catalog = Catalog(sections: [Section(title: "A", names: ["Ann", "Abby", "Al"])])
    // 3 names, 9 bytes of names.
    #expect(SearchMemory.needed(for: .default, in: catalog) == 3 * 16 + (2 << 20))
    var sensitive = MatchOptions.default
    sensitive.ignoresCase = false
    #expect(
      SearchMemory.needed(for: sensitive, in: catalog)
        == 3 * 16 + (2 << 20) + 9 * 9 / 8 + 3 * 4 + AddressSpace.reserve)
  }
}
