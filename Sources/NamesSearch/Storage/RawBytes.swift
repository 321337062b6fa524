#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's byte-block functions (`memchr(3)`, `memcmp(3)`; glibc vectorizes both)
/// for the substring searches, so that `SubstringSearch` and `KeyScanner` need no system
/// module. Always inlined: they cost what the C calls do.
enum RawBytes {
  /// Whether the `count` bytes at `a` and at `b` are the same (`memcmp(3)` is 0).
  ///
  /// - Complexity: O(count).
  @inline(__always)
  static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// Where `byte` first occurs among the `count` bytes at `start` (`memchr(3)`), or `nil`.
  ///
  /// - Complexity: O(count).
  @inline(__always)
  static func first(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
  }
}
