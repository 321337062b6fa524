/// For each group of `groupSize` consecutive search keys, the set of byte values its keys
/// hold, so that a scan for a term passes over a group that lacks one of the term's bytes:
/// a key holds the term's bytes one after another only if it holds each of them. Kept
/// beside the n-gram index (`TrigramIndex`, in its `TrigramCache` file) for the terms the
/// scan answers, those shorter than a trigram: on a list of names in Han characters, whose
/// folded keys hold no Latin letter, a term of one or two letters reads no key at all; on a
/// list sorted by script, only the groups of its Latin names.
///
/// A set is 256 bits, four words (`UInt64`, little-endian in a file): byte `b` is bit
/// `b & 63` of word `b >> 6`; group `g` (keys `g * groupSize ..< (g + 1) * groupSize`, the
/// last group taking the rest) is words `4 * g ..< 4 * g + 4`. 32 bytes a 4,096 keys: 8 KB
/// for a million names.
struct KeyByteSets: Sendable {
  /// The keys a set covers: 4,096, so that a group of Latin names (about 64 KB of keys)
  /// that lacks a letter is rare, while a run of names in another script fills whole groups.
  static let groupSize = 4_096
  /// The words a set takes.
  static let wordsPerGroup = 4

  /// The sets, group after group.
  let words: FrozenArray<UInt64>

  /// The number of groups of `keyCount` keys.
  static func groupCount(keyCount: Int) -> Int { (keyCount + groupSize - 1) / groupSize }

  /// The number of 64-bit words the sets of `keyCount` keys take (`wordsPerGroup` a group).
  static func wordCount(keyCount: Int) -> Int { wordsPerGroup * groupCount(keyCount: keyCount) }

  /// Sets from their words, as a `TrigramCache` file keeps them.
  ///
  /// - Precondition: `words.count` is `wordsPerGroup` times a group count.
  init(words: FrozenArray<UInt64>) {
    precondition(words.count % Self.wordsPerGroup == 0, "four words a group")
    self.words = words
  }

  /// The sets of `keys`' groups.
  ///
  /// - Complexity: O(n) in the keys' total length (a store a byte), plus O(256) a group.
  init(keys: SearchKeys) {
    let bytes = keys.bytes.buffer
    let ends = keys.ends.buffer
    let groups = Self.groupCount(keyCount: ends.count)
    var words = GrowableArray<UInt64>(capacity: max(1, Self.wordsPerGroup * groups))
    var seen = [UInt8](repeating: 0, count: 256)
    seen.withUnsafeMutableBufferPointer { seen in
      var start = 0
      for group in 0..<groups {
        let last = min((group + 1) * Self.groupSize, ends.count) - 1
        let end = Int(ends[last])
        for i in start..<end { seen[Int(bytes[i])] = 1 }
        for word in 0..<Self.wordsPerGroup {
          var bits: UInt64 = 0
          for bit in 0..<64 where seen[64 * word + bit] != 0 { bits |= 1 << UInt64(bit) }
          words.append(bits)
        }
        for b in 0..<256 { seen[b] = 0 }
        start = end
      }
    }
    self.words = words.freeze()
  }

  /// The number of groups.
  var groupCount: Int { words.count / Self.wordsPerGroup }

  /// The set of the bytes of `term`, as a group's set is kept.
  static func set(of term: [UInt8]) -> SIMD4<UInt64> {
    var set = SIMD4<UInt64>(repeating: 0)
    for byte in term { set[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
    return set
  }

  /// Whether group `group` holds every byte of `needed` (`set(of:)`), so that a key of it may
  /// hold the term; true for a group past the sets.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func mayHold(group: Int, _ needed: SIMD4<UInt64>) -> Bool {
    let at = Self.wordsPerGroup &* group
    guard group >= 0, at &+ Self.wordsPerGroup <= words.count else { return true }
    let w = words.buffer
    let set = SIMD4<UInt64>(
      UInt64(littleEndian: w[at]), UInt64(littleEndian: w[at &+ 1]),
      UInt64(littleEndian: w[at &+ 2]), UInt64(littleEndian: w[at &+ 3]))
    return set & needed == needed
  }
}
