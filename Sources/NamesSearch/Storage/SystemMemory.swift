import Glibc

/// Memory from the system for `GrowableArray`, `StorageRegion` and the index cache: heap
/// blocks (the C library's `realloc(3)` and `free(3)`), anonymous page mappings and
/// read-only file mappings (`mmap(2)`, `munmap(2)`), sized in bytes. The library's other
/// files call none of them.
///
/// ```swift
/// let page = SystemMemory.pageSize                       // 4096 on x86-64 Linux
/// if let block = SystemMemory.mapAnonymous(bytes: 256 * page) {
///   SystemMemory.unmap(block, bytes: 256 * page)
/// }
/// ```
enum SystemMemory {
  /// The size of a page in bytes (`sysconf(_SC_PAGESIZE)`).
  ///
  /// - Complexity: one `sysconf` call.
  static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

  /// The heap block at `base` (`nil`: none yet) moved or resized to `bytes` bytes, its
  /// contents kept up to the smaller size (`realloc`); `nil`, with `base` still valid and
  /// unchanged, when the system refuses the memory.
  ///
  /// - Complexity: O(bytes) when the block moves.
  static func reallocate(_ base: UnsafeMutableRawPointer?, bytes: Int) -> UnsafeMutableRawPointer? {
    realloc(base, bytes)
  }

  /// Gives the heap block at `base` back (`free`); `nil` does nothing.
  static func releaseHeap(_ base: UnsafeMutableRawPointer?) {
    free(base)
  }

  /// `bytes` bytes (a multiple of `pageSize`) of private, readable and writable anonymous
  /// memory, reserved without backing (`MAP_NORESERVE`: only the pages written count in
  /// memory), or `nil` when the system refuses it.
  static func mapAnonymous(bytes: Int) -> UnsafeMutableRawPointer? {
    let mapped = mmap(
      nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let mapped, mapped != MAP_FAILED else { return nil }
    return mapped
  }

  /// The first `bytes` bytes (more than 0) of the file open as `fd`, mapped private and
  /// read-only, its pages read in at once (`MAP_POPULATE`, Linux) unless `populating` is
  /// false (a file a query reads a small part of: its pages are then read as touched), or
  /// `nil` when the system refuses the mapping. Unmap it with `unmap(_:bytes:)`.
  ///
  /// - Complexity: O(bytes) when populating: the pages are read before it returns; else O(1).
  static func mapFile(_ fd: Int32, bytes: Int, populating: Bool = true) -> UnsafeMutableRawPointer?
  {
    let flags = MAP_PRIVATE | (populating ? MAP_POPULATE : 0)
    let mapped = mmap(nil, bytes, PROT_READ, flags, fd, 0)
    guard let mapped, mapped != MAP_FAILED else { return nil }
    return mapped
  }

  /// Drops the pages of a read-only file mapping wholly inside the `bytes` bytes at `base`
  /// from the process (`madvise(MADV_DONTNEED)`, Linux): they stop counting in its resident
  /// memory, and a later read maps them again from the file (the page cache keeps them).
  /// Never for anonymous or heap memory, whose contents it would discard.
  ///
  /// - Complexity: O(p) in the pages dropped.
  static func releaseFilePages(_ base: UnsafeRawPointer, bytes: Int) {
    let page = UInt(pageSize)
    let start = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
    let end = (UInt(bitPattern: base) + UInt(bytes)) & ~(page - 1)
    guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(first, Int(end - start), MADV_DONTNEED)
  }

  /// Unmaps the `bytes` bytes of pages at `base` (`munmap`), a page-aligned part of an
  /// anonymous or file mapping.
  static func unmap(_ base: UnsafeMutableRawPointer, bytes: Int) {
    munmap(base, bytes)
  }
}
