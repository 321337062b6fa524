/// Finds the names with a word within a few typos of a query's word (`TypoTolerance`):
/// every word of every key is measured as the keys are scanned, with no table of words to
/// build first.
///
/// A key's words are its runs of scalars between white space (Unicode `White_Space`); keys
/// are folded (`SearchKeys`, punctuation left out), so "O’Brien" gives "obrien". Most words
/// are ruled out as they are read, by two necessary conditions: their length (a scalar is
/// 1 to 4 bytes, and each typo changes the length by at most one), and their signature,
/// the set of their scalars' values modulo 64 as bits (one edit changes at most two bits,
/// a swap none, so words within k edits differ in at most 2k). Only the words left have
/// their Damerau–Levenshtein distance computed (`DamerauLevenshtein`). Large sets of keys
/// are scanned in slices on every core (`ThreadPool`), looking at `cancellation` every
/// 4,096 keys.
///
/// - Complexity: O(n) in the keys' total length, plus O(a · b) for each word that passes
///   the filters.
enum TypoScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 100_000

  /// The names (ascending) of `keys` with a word within `typos` edits of `word` (its
  /// scalars), or `nil` if `cancellation` was set.
  static func names(
    in keys: SearchKeys, within typos: Int, of word: [UInt32], cancellation: CancellationFlag?
  ) -> [UInt32]? {
    let count = keys.count
    let slices = count < parallelThreshold || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    let bounds = (0...slices).map { count * $0 / slices }
    let parts = ConcurrentResults<[UInt32]>(count: slices)
    let signature = word.reduce(UInt64(0)) { $0 | 1 << UInt64($1 & 63) }
    ThreadPool.perform(iterations: slices) { slice in
      var found: [UInt32] = []
      for k in bounds[slice]..<bounds[slice + 1] {
        if k & 0xFFF == 0, cancellation?.isCancelled == true { return }
        let owner = UInt32(keys.owners.isEmpty ? k : keys.owner(of: k))
        if found.last == owner { continue }
        if hasWord(
          within: typos, of: word, signature: signature,
          in: keys.key(k).assumingMemoryBound(to: UInt8.self))
        {
          found.append(owner)
        }
      }
      parts[slice] = found
    }
    var all: [UInt32] = []
    for part in parts.values {
      guard let part else { return nil }
      all += part
    }
    return all
  }

  /// Whether one of the words of `key` is within `typos` edits of `word`.
  ///
  /// - Complexity: O(n) in the key's length, plus the distance of each word that passes.
  static func hasWord(
    within typos: Int, of word: [UInt32], signature: UInt64, in key: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var start = 0
    var bits: UInt64 = 0
    var i = 0
    // The fewest and most bytes a word within `typos` edits can have.
    let fewest = max(word.count - typos, 0)
    let most = 4 * (word.count + typos)
    func passes(_ end: Int) -> Bool {
      let length = end - start
      guard length > 0, length >= fewest, length <= most,
        (bits ^ signature).nonzeroBitCount <= 2 * typos
      else { return false }
      var scalars: [UInt32] = []
      var j = start
      while j < end {
        let (value, used) = UTF8Decoding.scalar(in: key, at: j)
        scalars.append(value)
        j += used
      }
      return DamerauLevenshtein.isWithin(typos, word, scalars)
    }
    while i < key.count {
      let byte = key[i]
      var length = 1
      var value = UInt32(byte)
      let isSpace: Bool
      if byte < 0x80 {
        isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
      } else {
        (value, length) = UTF8Decoding.scalar(in: key, at: i)
        isSpace = value >= 0x85 && Unicode.Scalar(value)?.properties.isWhitespace == true
      }
      if isSpace {
        if passes(i) { return true }
        start = i + length
        bits = 0
      } else {
        bits |= 1 << UInt64(value & 63)
      }
      i += length
    }
    return passes(key.count)
  }
}
