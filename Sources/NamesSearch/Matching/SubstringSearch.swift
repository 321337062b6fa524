/// Byte substring search: `memchr` finds each candidate first byte, `memcmp` checks the rest.
enum SubstringSearch {
  /// The offset of the first occurrence of `needle` in `haystack` at or after `start`,
  /// or `nil`.
  ///
  /// - Complexity: O(n · m) worst case, O(n) in practice; n, m the byte lengths.
  @inline(__always)
  static func firstOccurrence(
    of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, from start: Int
  ) -> Int? {
    let m = needle.count
    guard m > 0 else { return start <= haystack.count ? start : nil }
    guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
    let first = needle[0]
    var position = start
    let lastStart = haystack.count - m
    while position <= lastStart {
      guard let hit = RawBytes.first(first, in: base + position, count: lastStart - position + 1)
      else {
        return nil
      }
      let offset = base.distance(to: hit)
      if m == 1 || RawBytes.equal(base + offset + 1, needleBase + 1, count: m - 1) {
        return offset
      }
      position = offset + 1
    }
    return nil
  }
}
