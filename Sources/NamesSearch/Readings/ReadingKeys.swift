/// The readings of a catalog's names, as the numbers of their units' spellings
/// (`ReadingVocabulary`), for `ReadingMatcher` to scan.
///
/// Only names (and records' further keys, `FurtherKeys`) that hold a character with a
/// reading get a reading key: Han characters (pinyin), kana (romaji), Hangul syllables
/// (jamo and initial consonants), Cyrillic and Greek letters (romanizations); see
/// `ReadingUnitBuilder`. Key `r` is `spellings[ends[r - 1] ..< ends[r]]`: its units one after
/// another, each unit its spellings' numbers with the top bit set on the unit's last
/// (`unitEnd`); a unit that cannot be typed (a character of another script) is the single
/// number `barrier | unitEnd`.
public struct ReadingKeys: Sendable {
  /// The top bit of a unit's last spelling number.
  static let unitEnd: UInt32 = 0x8000_0000
  /// The number of a unit that no term can spell.
  static let barrier: UInt32 = 0x7FFF_FFFF

  /// The name each reading key belongs to, ascending.
  public let owners: [UInt32]
  /// For each reading key, whether it is its name's own text (not a further key), so a
  /// match in it can be shown on the name.
  public let isName: [Bool]
  /// The end of each reading key in `spellings`.
  public let ends: [UInt32]
  /// The units' spelling numbers, key after key.
  public let spellings: [UInt32]

  /// The number of reading keys.
  public var count: Int { owners.count }

  /// The spelling numbers of key `r`.
  @inline(__always)
  func key(_ r: Int) -> Range<Int> {
    (r == 0 ? 0 : Int(ends[r - 1]))..<Int(ends[r])
  }

  /// Builds the reading keys of `names` and their `further` keys, splitting the work across
  /// cores for large lists.
  ///
  /// - Complexity: O(n) in the names' total UTF-8 length; names written only in bytes below
  ///   0xCE (ASCII and Latin letters) are passed over eight bytes at a time.
  public init(names: NameStore, further: FurtherKeys? = nil) {
    let further = further.flatMap { $0.count > 0 ? $0 : nil }
    let chunkCount =
      names.count < 20_000 || !ThreadPool.isUsable ? 1 : ProcessInfoCores.count * 4
    let bounds = (0...chunkCount).map { names.count * $0 / chunkCount }
    typealias Part = (owners: [UInt32], isName: [Bool], ends: [UInt32], spellings: [UInt32])
    let parts = ConcurrentResults<Part>(count: chunkCount)
    ThreadPool.perform(iterations: chunkCount) { chunk in
      var builder = ReadingUnitBuilder()
      var part: Part = ([], [], [], [])
      var k =
        further?.firstKey(ofNameAtLeast: bounds[chunk]) ?? 0
      let lastKey = further?.firstKey(ofNameAtLeast: bounds[chunk + 1]) ?? 0
      func add(_ utf8: UnsafeBufferPointer<UInt8>, owner: Int, isName: Bool) {
        guard builder.appendSpellings(of: utf8, isName: isName, to: &part.spellings) else {
          return
        }
        part.owners.append(UInt32(owner))
        part.isName.append(isName)
        part.ends.append(UInt32(part.spellings.count))
      }
      for i in bounds[chunk]..<bounds[chunk + 1] {
        add(names.utf8(of: i), owner: i, isName: true)
        if let further {
          while k < lastKey && Int(further.owners[k]) == i {
            add(further.texts.utf8(of: k), owner: i, isName: false)
            k += 1
          }
        }
      }
      parts[chunk] = part
    }
    var owners: [UInt32] = []
    var isName: [Bool] = []
    var ends: [UInt32] = []
    var spellings: [UInt32] = []
    for part in parts.values {
      let part = part!
      let offset = UInt32(spellings.count)
      owners += part.owners
      isName += part.isName
      ends += part.ends.map { $0 + offset }
      spellings += part.spellings
    }
    self.owners = owners
    self.isName = isName
    self.ends = ends
    self.spellings = spellings
  }
}
