import CXXHash

/// The content hash of a list file, which an index cache file records: XXH64 (seed 0) from
/// the xxHash reference library (Debian package `libxxhash-dev`), fed in pieces as the file
/// is read. Not cryptographic: it tells an edited list from the one the index was built from.
///
/// The state is a plain 88-byte value (no allocation), so copies are independent.
///
/// ```swift
/// var hash = FastHash()
/// hash.combine(bytes)
/// let digest = hash.finalize()   // == FastHash.hash(bytes)
/// ```
package struct FastHash: @unchecked Sendable {
  private var state = XXH64_state_t()

  /// A hash of nothing yet.
  package init() {
    XXH64_reset(&state, 0)
  }

  /// Adds `bytes`; hashing in one piece or many gives the same digest.
  ///
  /// - Complexity: O(n).
  package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    XXH64_update(&state, base, bytes.count)
  }

  /// The digest of everything combined so far (XXH64 of the concatenation).
  package func finalize() -> UInt64 {
    var copy = state
    return XXH64_digest(&copy)
  }

  /// The digest of `bytes`.
  ///
  /// - Complexity: O(n).
  package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    XXH64(bytes.baseAddress, bytes.count, 0)
  }
}
