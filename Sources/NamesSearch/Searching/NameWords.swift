/// The distinct words of a catalog's folded keys, each with the names it is in: what a word
/// with typos (`TypoTolerance`) is compared with, once per distinct word rather than once
/// per name.
///
/// A key's words are its runs of scalars between white space (Unicode `White_Space`); keys
/// are folded (`SearchKeys`, punctuation left out), so "O’Brien" gives "obrien" and
/// "Jean-Paul" "jeanpaul".
///
/// - Complexity: made in O(n) in the keys' total length (a hash of each word), once per
///   catalog and options (`Catalog.words(for:)`).
struct NameWords: Sendable {
  /// Each distinct word's scalars.
  let words: [[UInt32]]
  /// Per word, the names (ascending, no repeats) whose keys hold it.
  let names: [[UInt32]]

  /// The words of `keys`.
  init(keys: SearchKeys) {
    var numbers: [[UInt32]: Int] = [:]
    var words: [[UInt32]] = []
    var names: [[UInt32]] = []
    var word: [UInt32] = []
    func finish(_ owner: UInt32) {
      guard !word.isEmpty else { return }
      let number: Int
      if let known = numbers[word] {
        number = known
      } else {
        number = words.count
        numbers[word] = number
        words.append(word)
        names.append([])
      }
      if names[number].last != owner { names[number].append(owner) }
      word.removeAll(keepingCapacity: true)
    }
    for k in 0..<keys.count {
      let owner = UInt32(keys.owners.isEmpty ? k : keys.owner(of: k))
      for scalar in String(decoding: keys.key(k), as: UTF8.self).unicodeScalars {
        if scalar.properties.isWhitespace {
          finish(owner)
        } else {
          word.append(scalar.value)
        }
      }
      finish(owner)
    }
    self.words = words
    self.names = names
  }

  /// The names (ascending) with a word within `typos` edits of `word`
  /// (`DamerauLevenshtein`).
  ///
  /// - Complexity: O(v · n · m) in the distinct words and the two lengths, only for words
  ///   whose length is within `typos` of the word's; plus the names found.
  func names(within typos: Int, of word: [UInt32]) -> [UInt32] {
    var found: [UInt32] = []
    for (number, candidate) in words.enumerated()
    where DamerauLevenshtein.isWithin(typos, word, candidate) {
      found += names[number]
    }
    found.sort()
    var unique: [UInt32] = []
    unique.reserveCapacity(found.count)
    for name in found where unique.last != name { unique.append(name) }
    return unique
  }
}
