import Glibc

/// The C library's byte-block functions (`memchr(3)`, `memcmp(3)`, `strlen(3)`; glibc
/// vectorizes them) for the substring searches, the XML reader and C strings, so that
/// `SubstringSearch`, `KeyScanner`, `XMLPlistReader` and `PathName` need no system module.
/// Always inlined: they cost what the C calls do.
enum RawBytes {
  /// Whether the `count` bytes at `a` and at `b` are the same (`memcmp(3)` is 0).
  ///
  /// - Complexity: O(count).
  @inline(__always)
  static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// The number of bytes before the first NUL at `start` (`strlen(3)`): the length of a C
  /// string.
  ///
  /// - Complexity: O(length).
  @inline(__always)
  static func cStringLength(_ start: UnsafeRawPointer) -> Int {
    strlen(start.assumingMemoryBound(to: CChar.self))
  }

  /// Where `byte` first occurs among the `count` bytes at `start` (`memchr(3)`), or `nil`.
  ///
  /// - Complexity: O(count).
  @inline(__always)
  static func first(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
  }
}
