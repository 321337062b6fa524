/// A catalog's further search keys, unfolded: the values of the record fields searched
/// besides the name (`RecordFields.search`, the command line's `--search-key`), such as a
/// nickname or an e-mail address.
///
/// Key `k` is `texts[k]` and belongs to name `owners[k]`; the owners are non-decreasing, so
/// a name's further keys are adjacent and in field order. A name may have none. They are
/// folded into the catalog's `SearchKeys` after the name's own folded text.
public struct FurtherKeys: Sendable {
  /// The text of every further key, as read from the list (unfolded).
  public let texts: NameStore
  /// The index (into the catalog's names) of the name each key belongs to, non-decreasing.
  public let owners: FrozenArray<UInt32>

  /// Creates further keys from their texts and owners.
  ///
  /// - Precondition: one owner per text; owners non-decreasing.
  public init(texts: NameStore, owners: FrozenArray<UInt32>) {
    precondition(texts.count == owners.count, "one owner per further key")
    self.texts = texts
    self.owners = owners
  }

  /// The number of further keys.
  public var count: Int { texts.count }

  /// The index of the first further key of name `name` or of a later one (`count` when
  /// there is none).
  ///
  /// - Complexity: O(log n) in the number of keys.
  public func firstKey(ofNameAtLeast name: Int) -> Int {
    var low = 0
    var high = owners.count
    while low < high {
      let middle = (low + high) / 2
      if Int(owners[middle]) < name { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The indices of the further keys of name `name`, adjacent.
  ///
  /// - Complexity: O(log n) in the number of keys.
  public func keys(ofName name: Int) -> Range<Int> {
    firstKey(ofNameAtLeast: name)..<firstKey(ofNameAtLeast: name + 1)
  }
}
