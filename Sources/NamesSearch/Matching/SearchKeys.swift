/// The folded search keys of a catalog's names for one set of match options, stored as one
/// contiguous UTF-8 buffer plus end offsets (not as a million `String`s).
///
/// Key `k` is `bytes[ends[k - 1] ..< ends[k]]` and belongs to name `owner(of: k)`. A name has
/// one key (its folded text) unless its list has further keys (`FurtherKeys`: records'
/// `--search-key` fields) or readings; the owner table lets a name carry several keys
/// without changing the scan. Keys of one name are adjacent,
/// the first being the name's folded text (`mapping(of:)`); the index cache stores them all.
/// A further key may carry its own map back to its name's characters (`mappings`), so that
/// a match in it can be shown on the name.
public struct SearchKeys: Sendable {
  /// The options the keys were folded with.
  public let options: MatchOptions
  /// Whether punctuation was dropped from the keys (under `MatchOptions.Folding.all`: the
  /// keys that terms without punctuation are searched in) rather than kept, made one (the
  /// keys that terms with punctuation are searched in); see `FullFolding`.
  public let dropsPunctuation: Bool
  /// The folded UTF-8 of every key, back to back.
  public let bytes: FrozenArray<UInt8>
  /// The end offset of each key in `bytes`.
  public let ends: FrozenArray<UInt32>
  /// The name each key belongs to, or empty when key `k` belongs to name `k`.
  public let owners: FrozenArray<UInt32>
  /// The maps back to their names of the keys that supply one (a reading's
  /// `KeyMapping.anchors`), by key index; read only to show a match, never by a scan. Not
  /// stored in the index cache (a list read from a file has no such key).
  public let mappings: [Int: KeyMapping]

  /// Creates keys from their buffers (for instance read from a cache file), with the maps
  /// of the keys that supply one (see `mapping(of:)`).
  ///
  /// - Precondition: `ends` is non-decreasing and ends at `bytes.count`; `owners` is empty
  ///   or has one non-decreasing entry per key; every key of `mappings` is below
  ///   `ends.count`.
  /// - Complexity: O(m) in the number of `mappings`.
  public init(
    options: MatchOptions, bytes: FrozenArray<UInt8>, ends: FrozenArray<UInt32>,
    owners: FrozenArray<UInt32> = FrozenArray(), mappings: [Int: KeyMapping] = [:],
    dropsPunctuation: Bool = true
  ) {
    precondition(Int(ends.last ?? 0) == bytes.count, "key ends do not match the text")
    precondition(owners.isEmpty || owners.count == ends.count, "one owner per key")
    precondition(mappings.keys.allSatisfy { $0 >= 0 && $0 < ends.count }, "a map per key")
    self.options = options
    self.dropsPunctuation = dropsPunctuation
    self.bytes = bytes
    self.ends = ends
    self.owners = owners
    self.mappings = mappings
  }

  /// Folds every name of `names` once, splitting the work across cores for large lists,
  /// and after each name its `further` keys, if any (the name's folded text is its first
  /// key; the owners are then stored).
  ///
  /// - Precondition: the system grants the memory (see `folding(_:further:options:)`).
  /// - Complexity: O(n) where n is the names' and further keys' total UTF-8 length.
  public init(
    names: NameStore, further: FurtherKeys? = nil, options: MatchOptions,
    dropsPunctuation: Bool = true
  ) {
    guard
      let keys = Self.folding(
        names, further: further, options: options, dropsPunctuation: dropsPunctuation)
    else {
      fatalError("out of memory")
    }
    self = keys
  }

  /// Folds every name of `names` once, splitting the work across cores (`ThreadPool`) for
  /// large lists; `nil` when the system refuses the memory (for instance under `ulimit -v`).
  ///
  /// Each name's key is its folded text; when `further` holds keys, each name's further
  /// keys follow its first key, folded the same way, and every key's owner is stored.
  ///
  /// The keys take about as much memory as the names. Each part reserves room for its
  /// names folded at their longest (folding at most triples a name: U+0390 "ΐ", 2 bytes,
  /// folds to 6), which costs address space, not memory; under an address-space limit a
  /// part that cannot reserve that much starts with its names' size and an eighth, and
  /// grows if it must.
  ///
  /// - Complexity: O(n) where n is the names' and further keys' total UTF-8 length.
  public static func folding(
    _ names: NameStore, further: FurtherKeys? = nil, options: MatchOptions,
    dropsPunctuation: Bool = true
  ) -> SearchKeys? {
    let further = further.flatMap { $0.count > 0 ? $0 : nil }
    // One part when the work runs on this thread anyway: no parts to copy together.
    let chunkCount =
      names.count < 50_000 || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 8
    let bounds = (0...chunkCount).map { names.count * $0 / chunkCount }
    typealias Part = (
      bytes: FrozenArray<UInt8>, ends: FrozenArray<UInt32>, owners: FrozenArray<UInt32>
    )
    let parts = ConcurrentResults<Part>(count: chunkCount)
    ThreadPool.perform(iterations: chunkCount) { chunk in
      let folder = TextFolder(options: options, dropsPunctuation: dropsPunctuation)
      let range = bounds[chunk]..<bounds[chunk + 1]
      let start = range.isEmpty ? 0 : names.byteRange(of: range.lowerBound).lowerBound
      let end = range.isEmpty ? 0 : names.byteRange(of: range.upperBound - 1).upperBound
      // The further keys of this part's names: adjacent, found by their owners.
      let keyRange =
        further.map {
          $0.firstKey(
            ofNameAtLeast: range.lowerBound)..<$0.firstKey(
              ofNameAtLeast: range.upperBound)
        } ?? 0..<0
      let keyBytes =
        keyRange.isEmpty
        ? 0
        : further!.texts.byteRange(of: keyRange.upperBound - 1).upperBound
          - further!.texts.byteRange(of: keyRange.lowerBound).lowerBound
      let size = end - start + keyBytes
      // The ends first: their size is known, and the text's upper bound is reserved only
      // if it leaves them room.
      var ends = GrowableArray<UInt32>(
        capacity: range.count + keyRange.count, failsSoftly: true)
      var owners = GrowableArray<UInt32>(
        capacity: further == nil ? 0 : range.count + keyRange.count, failsSoftly: true)
      var bytes = GrowableArray<UInt8>(
        capacity: size * 3 + 16, fallbackCapacity: size * 9 / 8 + 16, failsSoftly: true)
      var k = keyRange.lowerBound
      for i in range {
        folder.append(utf8: names.utf8(of: i), to: &bytes)
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        if let further {
          owners.append(UInt32(i))
          while k < keyRange.upperBound && Int(further.owners[k]) == i {
            folder.append(utf8: further.texts.utf8(of: k), to: &bytes)
            ends.append(UInt32(truncatingIfNeeded: bytes.count))
            owners.append(UInt32(i))
            k += 1
          }
        }
        if bytes.isOutOfMemory || ends.isOutOfMemory || owners.isOutOfMemory { return }
      }
      parts[chunk] = (bytes.freeze(), ends.freeze(), owners.freeze())
    }
    guard parts.values.allSatisfy({ $0 != nil }) else { return nil }
    let total = parts.values.reduce(0) { $0 + $1!.bytes.count }
    precondition(total <= Int(UInt32.max), "a list holds at most 4 GiB of folded names")
    if chunkCount == 1 {
      return SearchKeys(
        options: options, bytes: parts[0]!.bytes, ends: parts[0]!.ends,
        owners: parts[0]!.owners, dropsPunctuation: dropsPunctuation)
    }
    // Copy the parts into one buffer, releasing each part once copied, so the peak stays
    // near one copy of the keys.
    let keyCount = parts.values.reduce(0) { $0 + $1!.ends.count }
    var bytes = GrowableArray<UInt8>(capacity: total, failsSoftly: true)
    var ends = GrowableArray<UInt32>(capacity: keyCount, failsSoftly: true)
    var owners = GrowableArray<UInt32>(
      capacity: further == nil ? 0 : keyCount, failsSoftly: true)
    for slot in 0..<chunkCount {
      let part = parts[slot]!
      parts[slot] = nil
      let offset = UInt32(bytes.count)
      bytes.append(contentsOf: part.bytes.buffer)
      // The part's ends moved by its offset, written in place: appended one at a time,
      // with the capacity checked for each, they cost about 60 instructions a key
      // (callgrind, 1M names).
      guard let room = ends.reserveRoom(part.ends.count) else { return nil }
      let from = part.ends.buffer
      for j in 0..<from.count { room[j] = from[j] &+ offset }
      ends.commitRoom(from.count)
      owners.append(contentsOf: part.owners.buffer)
      if bytes.isOutOfMemory || ends.isOutOfMemory || owners.isOutOfMemory { return nil }
    }
    return SearchKeys(
      options: options, bytes: bytes.freeze(), ends: ends.freeze(), owners: owners.freeze(),
      dropsPunctuation: dropsPunctuation)
  }

  /// The number of keys.
  public var count: Int { ends.count }

  /// The byte range of key `k` in `bytes`.
  @inline(__always)
  public func byteRange(of k: Int) -> Range<Int> {
    (k == 0 ? 0 : Int(ends[k - 1]))..<Int(ends[k])
  }

  /// The folded UTF-8 of key `k`.
  @inline(__always)
  public func key(_ k: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes.rawBytes[byteRange(of: k)])
  }

  /// How key `k` leads back to its name's characters, for showing a match in it: the map
  /// given for it in `mappings` if any; otherwise `.folding` for a name's first key (its
  /// folded text) and `.unmapped` for a further key.
  ///
  /// - Complexity: O(1).
  public func mapping(of k: Int) -> KeyMapping {
    if !mappings.isEmpty, let mapping = mappings[k] { return mapping }
    return owners.isEmpty || k == 0 || owners[k - 1] != owners[k] ? .folding : .unmapped
  }

  /// The name that key `k` belongs to.
  @inline(__always)
  public func owner(of k: Int) -> Int {
    owners.isEmpty ? k : Int(owners[k])
  }
}
