/// Which names have a word with each sounds-like code (`PhoneticCode`): an inverted index
/// made once a list is searched by sound, and kept beside the list's index cache
/// (`PhoneticCache`), so that a query's word is answered by looking up its few codes
/// instead of coding every name again.
///
/// Three arrays: the distinct codes of every word of the names and their further keys
/// (`PhoneticWords`), ascending; where each code's names start (one more entry than the
/// codes); the names (indices into `Catalog.names`), ascending within each code, each once.
///
/// - Complexity: made in O(n log n) in the names' words (every word coded, on every core);
///   a lookup is O(c log d + m) in the query's codes, the distinct codes, and the names
///   found.
struct PhoneticIndex: Sendable {
  /// The distinct codes, ascending.
  let codes: FrozenArray<UInt64>
  /// Where the names of `codes[i]` are: `names[starts[i]..<starts[i + 1]]`.
  let starts: FrozenArray<UInt32>
  /// The names of each code, ascending within it.
  let names: FrozenArray<UInt32>

  init(codes: FrozenArray<UInt64>, starts: FrozenArray<UInt32>, names: FrozenArray<UInt32>) {
    self.codes = codes
    self.starts = starts
    self.names = names
  }

  /// The index of the words of `names` and of their `further` keys (each owned by its name).
  init(names store: NameStore, further: FurtherKeys?) {
    struct Pair {
      var code: UInt64
      var name: UInt32
    }
    let count = store.count
    let pieces = count < 4096 ? 1 : 4 * ProcessInfoCores.count
    let results = ConcurrentResults<[Pair]>(count: pieces)
    let shared = SharedForReading(value: (store, further))
    ThreadPool.perform(iterations: pieces) { piece in
      let (store, further) = shared.value
      let range = (count * piece / pieces)..<(count * (piece + 1) / pieces)
      var pairs: [Pair] = []
      pairs.reserveCapacity(range.count * 4)
      var ofName: [UInt64] = []
      var words = PhoneticWords()
      // Repeated words (given names) are coded once a piece: a word of up to 12 letters
      // is its letters packed five bits each.
      var memo: [UInt64: [UInt64]] = [:]
      let collect = { (letters: UnsafeBufferPointer<UInt8>) in
        var packed: UInt64 = 0
        if letters.count <= 12 {
          for letter in letters { packed = packed << 5 | UInt64(letter - 0x40) }
          if let known = memo[packed] {
            ofName += known
            return
          }
        }
        let codes = PhoneticCode.codes(ofLetters: letters)
        if letters.count <= 12 && memo.count < 1 << 17 { memo[packed] = codes }
        ofName += codes
      }
      for name in range {
        ofName.removeAll(keepingCapacity: true)
        words.forEachCodableWord(in: store.utf8(of: name), collect)
        if let further {
          for key in further.keys(ofName: name) {
            words.forEachCodableWord(in: further.texts.utf8(of: key), collect)
          }
        }
        ofName.sort()
        var last: UInt64?
        for code in ofName where code != last {
          pairs.append(Pair(code: code, name: UInt32(name)))
          last = code
        }
      }
      // By code, and within a code by name: appended ascending, which Swift's sort, being
      // stable, keeps.
      pairs.sort { $0.code < $1.code }
      results[piece] = pairs
    }
    // The pieces are merged code by code: each code's names, piece after piece, ascend.
    let sorted = results.values.map { $0 ?? [] }
    var cursors = [Int](repeating: 0, count: sorted.count)
    var codes = GrowableArray<UInt64>()
    var starts = GrowableArray<UInt32>()
    var names = GrowableArray<UInt32>(capacity: sorted.reduce(0) { $0 + $1.count })
    while true {
      var smallest: UInt64?
      for (p, pairs) in sorted.enumerated() where cursors[p] < pairs.count {
        let code = pairs[cursors[p]].code
        if smallest == nil || code < smallest! { smallest = code }
      }
      guard let code = smallest else { break }
      codes.append(code)
      starts.append(UInt32(names.count))
      for (p, pairs) in sorted.enumerated() {
        var c = cursors[p]
        while c < pairs.count && pairs[c].code == code {
          names.append(pairs[c].name)
          c += 1
        }
        cursors[p] = c
      }
    }
    starts.append(UInt32(names.count))
    self.init(codes: codes.freeze(), starts: starts.freeze(), names: names.freeze())
  }

  /// The names (ascending, each once) with a word that has one of `wanted`'s codes.
  func names(withAnyOf wanted: [UInt64]) -> [UInt32] {
    var found: [UInt32] = []
    for code in Set(wanted) {
      // The first code not below `code`.
      var low = 0
      var high = codes.count
      while low < high {
        let middle = (low + high) / 2
        if codes[middle] < code { low = middle + 1 } else { high = middle }
      }
      guard low < codes.count, codes[low] == code else { continue }
      let slice = Array(names[Int(starts[low])..<Int(starts[low + 1])])
      found = ExpressionEvaluation.union(found, slice)
    }
    return found
  }
}
