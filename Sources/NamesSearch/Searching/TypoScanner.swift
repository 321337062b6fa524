/// Finds the names with a word within a few typos of a query's word (`TypoTolerance`):
/// every word of every key is measured as the keys are scanned, with no table of words to
/// build first.
///
/// A key's words are its runs of scalars between white space (Unicode `White_Space`); keys
/// are folded (`SearchKeys`, punctuation left out), so "O’Brien" gives "obrien". Most words
/// are ruled out as they are read, by two necessary conditions: their length (a scalar is
/// 1 to 4 bytes, and each typo changes the length by at most one), and their signature,
/// the set of their scalars' values modulo 64 as bits (one edit adds at most one bit and
/// takes away at most one, a swap none, so a word within k edits has at most k bits the
/// query's word lacks, and lacks at most k of its bits). Only the words left have
/// their Damerau–Levenshtein distance computed (`DamerauLevenshtein`). Large sets of keys
/// are scanned in slices on every core (`ThreadPool`), looking at `cancellation` every
/// 4,096 keys.
///
/// - Complexity: O(n) in the keys' total length, plus O(a · b) for each word that passes
///   the filters.
enum TypoScanner {
  /// Sets of keys smaller than this are scanned on one thread.
  static let parallelThreshold = 100_000

  /// Which words of a key are compared.
  enum Place: Sendable {
    /// Every word (a plain word of the query).
    case any
    /// The first word only (`^word`).
    case first
    /// The last word only (`word$`).
    case last
    /// The key's one word, when it has one (`^word$`).
    case whole
  }

  /// The names (ascending) of `keys` with a word (at `place`) within `typos` edits of
  /// `word` (its scalars), or `nil` if `cancellation` was set.
  static func names(
    in keys: SearchKeys, within typos: Int, of word: [UInt32], at place: Place = .any,
    cancellation: CancellationFlag?
  ) -> [UInt32]? {
    let count = keys.count
    let slices = count < parallelThreshold || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    let bounds = (0...slices).map { count * $0 / slices }
    let parts = ConcurrentResults<[UInt32]>(count: slices)
    let needle = Needle(word, typos: typos, place: place)
    ThreadPool.perform(iterations: slices) { slice in
      var found: [UInt32] = []
      for k in bounds[slice]..<bounds[slice + 1] {
        if k & 0xFFF == 0, cancellation?.isCancelled == true { return }
        let owner = UInt32(keys.owners.isEmpty ? k : keys.owner(of: k))
        if found.last == owner { continue }
        if hasWord(in: keys.key(k).assumingMemoryBound(to: UInt8.self), needle) {
          found.append(owner)
        }
      }
      parts[slice] = found
    }
    return parts.joined()
  }

  /// What a query's word brings to the filters: its scalars, its signature, and how many
  /// of its scalars fall in each of 64 buckets (value modulo 64).
  struct Needle {
    let scalars: [UInt32]
    let typos: Int
    let place: Place
    let signature: UInt64
    let buckets: [Int32]

    init(_ scalars: [UInt32], typos: Int, place: Place = .any) {
      self.scalars = scalars
      self.typos = typos
      self.place = place
      signature = scalars.reduce(UInt64(0)) { $0 | 1 << UInt64($1 & 63) }
      var buckets = [Int32](repeating: 0, count: 64)
      for scalar in scalars { buckets[Int(scalar & 63)] &+= 1 }
      self.buckets = buckets
    }
  }

  /// Whether one of the words of `key` (at `needle.place`) is within `needle.typos` edits
  /// of the needle's word.
  ///
  /// A word is measured (`DamerauLevenshtein`) only if it passes, in turn: its length in
  /// bytes, its signature, its length in scalars, and its bag distance over the 64 buckets
  /// (the scalars one word has more of than the other, whichever side has more: a lower
  /// bound of the edit distance, since an edit changes one count on each side at most).
  ///
  /// - Complexity: O(n) in the key's length, plus the distance of each word that passes.
  static func hasWord(in key: UnsafeBufferPointer<UInt8>, _ needle: Needle) -> Bool {
    let typos = needle.typos
    let length = needle.scalars.count
    let fewest = max(length - typos, 1)
    let most = 4 * (length + typos)
    var start = 0
    var bits: UInt64 = 0
    var i = 0
    let count = key.count
    // The words seen so far, and whether the last one was within the typos.
    var words = 0
    var lastWithin = false
    while i <= count {
      var ends = i == count
      var step = 1
      var value: UInt32 = 0
      if !ends {
        let byte = key[i]
        value = UInt32(byte)
        if byte < 0x80 {
          ends = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
        } else {
          (value, step) = UTF8Decoding.scalar(in: key, at: i)
          ends = isWhitespace(value)
        }
      }
      if !ends {
        bits |= 1 << UInt64(value & 63)
        i += step
        continue
      }
      let bytes = i - start
      if bytes > 0 {
        words += 1
        let within =
          bytes >= fewest && bytes <= most
          && (bits & ~needle.signature).nonzeroBitCount <= typos
          && (needle.signature & ~bits).nonzeroBitCount <= typos
          && measures(UnsafeBufferPointer(rebasing: key[start..<i]), needle)
        switch needle.place {
        case .any: if within { return true }
        case .first: return within
        case .last, .whole: lastWithin = within
        }
      }
      i += step
      start = i
      bits = 0
    }
    switch needle.place {
    case .any, .first: return false
    case .last: return lastWithin
    case .whole: return words == 1 && lastWithin
    }
  }

  /// Whether the scalar `value`, at U+0080 or above, is white space: Unicode's White_Space
  /// property (PropList.txt, unchanged since Unicode 6.3) beyond ASCII, written out because
  /// the standard library's `properties.isWhitespace` costs about a hundred times more, and
  /// this runs on every scalar of every key.
  ///
  /// - Complexity: O(1).
  static func isWhitespace(_ value: UInt32) -> Bool {
    switch value {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }

  /// Whether `word` (UTF-8 without white space) is within the needle's typos, after the
  /// scalar-length and bag-distance filters.
  private static func measures(_ word: UnsafeBufferPointer<UInt8>, _ needle: Needle) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: word.count) { scalars in
      var count = 0
      var j = 0
      while j < word.count {
        let (value, used) = UTF8Decoding.scalar(in: word, at: j)
        scalars[count] = value
        count += 1
        j += used
      }
      guard abs(count - needle.scalars.count) <= needle.typos else { return false }
      let bag = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { buckets -> Int in
        _ = buckets.initialize(from: needle.buckets)
        for scalar in scalars[..<count] { buckets[Int(scalar & 63)] &-= 1 }
        var more = 0
        var fewer = 0
        for b in buckets {
          if b > 0 { more += Int(b) } else { fewer -= Int(b) }
        }
        return max(more, fewer)
      }
      guard bag <= needle.typos else { return false }
      return needle.scalars.withUnsafeBufferPointer {
        DamerauLevenshtein.isWithin(
          needle.typos, $0, UnsafeBufferPointer(rebasing: scalars[..<count]))
      }
    }
  }
}
