/// A small, seeded pseudo-random generator, so random tests repeat exactly, run after run and
/// machine after machine: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014). Each `next()` is O(1); the same seed gives the same
/// sequence of 64-bit values.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed` (any value, 0 included).
  public init(seed: UInt64) { state = seed }

  /// The next 64-bit value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
