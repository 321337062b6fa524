import Testing

@testable import NamesSearch

/// `ConcurrentResults.joined()`: the slots' arrays in slot order, `nil` when one slot was
/// left empty (a cancelled iteration), and the result made to size once, not grown by
/// doubling (the hits of a one-letter term were copied again at each doubling).
@Suite("Concurrent results")
struct ConcurrentResultsTests {
  @Test("the slots' arrays come back in slot order, in one array made to size")
  func joinedInOrder() throws {
    let results = ConcurrentResults<[Int]>(count: 3)
    ThreadPool.perform(iterations: 3) { slot in
      results[slot] = Array(slot * 1_000..<(slot + 1) * 1_000)
    }
    let all = try #require(results.joined())
    #expect(all == Array(0..<3_000))
    // Appended one slot at a time, the array would grow 1,000 -> 2,000 -> 4,000 elements;
    // reserved once, it holds 3,000 and what the allocator rounds its block up to.
    #expect(all.capacity < 3_500)
  }

  @Test("a slot left empty makes the whole answer nil")
  func emptySlot() {
    let results = ConcurrentResults<[Int]>(count: 3)
    results[0] = [1]
    results[2] = [3]
    #expect(results.joined() == nil)
  }
}
