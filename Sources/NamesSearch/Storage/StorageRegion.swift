/// A block of memory that `FrozenArray`s read: heap memory freed on release, or a read-only
/// file mapping (`mmap`) unmapped on release. Never written after it is shared.
final class StorageRegion: @unchecked Sendable {
  enum Kind {
    case heap
    case mapped
  }

  let base: UnsafeMutableRawPointer?
  let byteCount: Int
  private let kind: Kind

  init(base: UnsafeMutableRawPointer?, byteCount: Int, kind: Kind) {
    self.base = base
    self.byteCount = byteCount
    self.kind = kind
  }

  deinit {
    switch kind {
    case .heap: SystemMemory.releaseHeap(base)
    case .mapped: if let base { SystemMemory.unmap(base, bytes: byteCount) }
    }
  }
}
