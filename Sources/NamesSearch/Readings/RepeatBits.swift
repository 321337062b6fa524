/// Bit sets that mark the entries repeating the one before them (`ReadingKeys.keyRepeats`,
/// `hanRepeats`): entry `i` at bit `i % 64` of word `i / 64`, never bit 0 of a word, so that
/// each run of repeats has its *head*, the entry it repeats, in the same word.
enum RepeatBits {
  /// The entry whose answer entry `i` takes: `i` when its bit is clear, else the nearest
  /// entry below it, in its word, whose bit is clear; the word's first entry when every bit
  /// up to `i`'s is set (only a forged file could say so). `i` itself when `repeats` has no
  /// word `i / 64` (no repeats).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func head(of i: Int, in repeats: UnsafeBufferPointer<UInt64>) -> Int {
    guard i >> 6 < repeats.count else { return i }
    // `2 &<< 63` is 0: every bit.
    let upToI: UInt64 = (2 &<< UInt64(i & 63)) &- 1
    let clear = ~repeats[i >> 6] & upToI
    guard clear != 0 else { return i & ~63 }
    return (i & ~63) + 63 - clear.leadingZeroBitCount
  }

  /// How many entries after `i`, in its word, are marked one after another (the run that
  /// takes `i`'s answer), stopping before `end`; 0 when `repeats` has no word `i / 64`.
  ///
  /// - Precondition: `i < end`.
  /// - Complexity: O(1).
  @inline(__always)
  static func run(after i: Int, in repeats: UnsafeBufferPointer<UInt64>, end: Int) -> Int {
    guard i >> 6 < repeats.count else { return 0 }
    // `>>` past the word's last bit gives 0: no run.
    let above = repeats[i >> 6] >> UInt64((i & 63) + 1)
    return min((~above).trailingZeroBitCount, end - i - 1)
  }
}
