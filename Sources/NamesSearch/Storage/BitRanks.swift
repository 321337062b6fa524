import CBitCount

/// Set bits counted over whole arrays of 64-bit words, and their running totals: how the
/// reading keys number the heads of their repeats (`ReadingKeys`) and check a file's
/// (`ReadingCache`). Counted in C (`ns_bit_ranks`) with the processor's POPCNT instruction
/// when it has one, which Swift cannot choose at run time: the build's baseline x86-64
/// lacks it, and `nonzeroBitCount` is then about 15 instructions a word.
enum BitRanks {
  /// The set bits of `words[i] & ~clearing[i]` (of `words[i]` when `clearing` is `nil`),
  /// added up over every `i`.
  ///
  /// - Precondition: `clearing` has at least as many words as `words`.
  /// - Complexity: O(n) in the words.
  static func total(
    _ words: UnsafeBufferPointer<UInt64>, clearing: UnsafeBufferPointer<UInt64>? = nil
  ) -> Int {
    precondition(clearing.map { $0.count >= words.count } ?? true)
    guard let base = words.baseAddress else { return 0 }
    return Int(ns_bit_ranks(base, clearing?.baseAddress, nil, words.count))
  }

  /// The running totals of `total(_:clearing:)`: for each word, the set bits of the words
  /// before it, truncated to 32 bits (`ranks`, one a word), and the total of all.
  ///
  /// - Precondition: `clearing` has at least as many words as `words`.
  /// - Complexity: O(n) in the words.
  static func ranks(
    _ words: UnsafeBufferPointer<UInt64>, clearing: UnsafeBufferPointer<UInt64>? = nil
  ) -> (ranks: [UInt32], total: Int) {
    precondition(clearing.map { $0.count >= words.count } ?? true)
    guard let base = words.baseAddress else { return ([], 0) }
    var total = 0
    let ranks = [UInt32](unsafeUninitializedCapacity: words.count) { ranks, count in
      total = Int(ns_bit_ranks(base, clearing?.baseAddress, ranks.baseAddress, words.count))
      count = words.count
    }
    return (ranks, total)
  }
}
