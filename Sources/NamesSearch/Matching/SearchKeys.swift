/// The folded search keys of a catalog's names for one set of match options, stored as one
/// contiguous UTF-8 buffer plus end offsets (not as a million `String`s).
///
/// Key `k` is `bytes[ends[k - 1] ..< ends[k]]` and belongs to name `owner(of: k)`. Today every
/// name has exactly one key (its folded text); the owner table lets a name carry several keys
/// (for instance a transliteration) without changing the scan.
public struct SearchKeys: Sendable {
  /// The options the keys were folded with.
  public let options: MatchOptions
  /// The folded UTF-8 of every key, back to back.
  public private(set) var bytes: [UInt8] = []
  /// The end offset of each key in `bytes`.
  public private(set) var ends: [UInt32] = []
  /// The name each key belongs to, or `nil` when key `k` belongs to name `k`.
  public private(set) var owners: [UInt32]? = nil

  /// Folds every name of `names` once.
  ///
  /// - Complexity: O(n) where n is the names' total UTF-8 length.
  public init(names: NameStore, options: MatchOptions) {
    self.options = options
    let folder = TextFolder(options: options)
    bytes.reserveCapacity(names.bytes.count + names.bytes.count / 8)
    ends.reserveCapacity(names.count)
    names.bytes.withUnsafeBufferPointer { all in
      for i in 0..<names.count {
        folder.append(utf8: UnsafeBufferPointer(rebasing: all[names.byteRange(of: i)]), to: &bytes)
        precondition(bytes.count <= Int(UInt32.max), "SearchKeys hold at most 4 GiB")
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
      }
    }
  }

  /// The number of keys.
  public var count: Int { ends.count }

  /// The byte range of key `k` in `bytes`.
  @inline(__always)
  public func byteRange(of k: Int) -> Range<Int> {
    (k == 0 ? 0 : Int(ends[k - 1]))..<Int(ends[k])
  }

  /// The name that key `k` belongs to.
  @inline(__always)
  public func owner(of k: Int) -> Int {
    owners.map { Int($0[k]) } ?? k
  }
}
