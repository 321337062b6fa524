/// A block of memory that `FrozenArray`s read: heap memory freed on release, or anonymous
/// pages or a read-only file mapping (`mmap`) unmapped on release. Never written after it
/// is shared.
final class StorageRegion: @unchecked Sendable {
  enum Kind {
    /// A heap block (`SystemMemory.reallocate`), freed on release.
    case heap
    /// Anonymous pages (`SystemMemory.mapAnonymous`), unmapped on release.
    case anonymous
    /// A read-only file mapping (`SystemMemory.mapFile`), unmapped on release.
    case file
  }

  let base: UnsafeMutableRawPointer?
  let byteCount: Int
  private let kind: Kind

  init(base: UnsafeMutableRawPointer?, byteCount: Int, kind: Kind) {
    self.base = base
    self.byteCount = byteCount
    self.kind = kind
  }

  /// Drops the pages wholly inside the `bytes` bytes at `start` (within the region) from
  /// the process's resident memory, for a file mapping (`SystemMemory.releaseFilePages`):
  /// what a reader that will not come back to them does, so that reading a large part of a
  /// mapped file piece by piece keeps only the piece being read. Their contents stay: a
  /// later read maps them again from the file. Heap memory and anonymous pages, which hold
  /// the only copy of their contents, are left as they are.
  ///
  /// - Complexity: O(p) in the pages dropped.
  func releasePages(from start: UnsafeRawPointer, bytes: Int) {
    guard kind == .file, bytes > 0, let base else { return }
    precondition(
      start >= UnsafeRawPointer(base) && start + bytes <= UnsafeRawPointer(base + byteCount),
      "pages within the region")
    SystemMemory.releaseFilePages(start, bytes: bytes)
  }

  deinit {
    switch kind {
    case .heap: SystemMemory.releaseHeap(base)
    case .anonymous, .file: if let base { SystemMemory.unmap(base, bytes: byteCount) }
    }
  }
}
