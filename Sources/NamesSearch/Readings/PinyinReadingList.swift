/// The Mandarin readings of one character: syllable indices into `PinyinReadings.syllables`,
/// most common first. A view of `PinyinReadings`' table, which lives as long as the process:
/// making, copying and keeping one costs nothing (no allocation, no reference counting), and
/// it stays valid for good. Indices 0..<count; subscripting is O(1).
package struct PinyinReadingList: RandomAccessCollection, @unchecked Sendable {
  // The table's storage is immutable and never freed, so sharing a view of it is safe.
  let buffer: UnsafeBufferPointer<UInt16>

  package var startIndex: Int { 0 }
  package var endIndex: Int { buffer.count }

  /// The syllable index of reading `position` (0 is the most common reading); a position
  /// outside `startIndex..<endIndex` is a precondition failure, as for an `Array`.
  package subscript(position: Int) -> UInt16 {
    precondition(position >= 0 && position < buffer.count, "PinyinReadingList: index out of range")
    return buffer[position]
  }
}
