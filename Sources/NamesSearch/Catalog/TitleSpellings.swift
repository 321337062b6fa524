/// The section titles a builder has filed items under, found by their UTF-8 spelling
/// without making a `String`: each spelling seen is kept with the index its `String` got.
///
/// A spelling seen before is found by a hash of its bytes (64-bit FNV-1a) and a byte
/// comparison; one not seen is `nil`, and the caller resolves it through `String` (whose
/// equality is canonical equivalence, Unicode UAX #15) before `insert`ing it, so two
/// spellings of one title still share its index.
///
/// ```swift
/// var spellings = TitleSpellings()
/// spellings.index(of: bytes)            // nil: not seen
/// spellings.insert(bytes, index: 3)
/// spellings.index(of: bytes)            // 3
/// ```
struct TitleSpellings {
  /// Hash → the numbers of the spellings with that hash.
  private var slots: [UInt64: [Int]] = [:]
  private var spellings: [[UInt8]] = []
  private var indices: [UInt32] = []

  /// The index stored for the spelling `utf8`, or `nil` when it was not inserted.
  ///
  /// - Complexity: O(n) in the spelling's length, expected.
  func index(of utf8: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard let candidates = slots[Self.hash(utf8)] else { return nil }
    for candidate in candidates where spellings[candidate].elementsEqual(utf8) {
      return indices[candidate]
    }
    return nil
  }

  /// Stores `index` for the spelling `utf8` (not yet inserted).
  ///
  /// - Complexity: O(n) in the spelling's length, amortized.
  mutating func insert(_ utf8: UnsafeBufferPointer<UInt8>, index: UInt32) {
    slots[Self.hash(utf8), default: []].append(spellings.count)
    spellings.append(Array(utf8))
    indices.append(index)
  }

  /// 64-bit FNV-1a of the bytes.
  private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}
