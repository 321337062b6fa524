/// A 64-bit signature of the pairs of scalars a reading key lets a term type one after the
/// other, so that a scan passes over a key whose signature lacks a pair of the term without
/// reading its units (a signature file, or a Bloom filter of one hash, over letter pairs:
/// Faloutsos and Christodoulakis, 1984).
///
/// What `ReadingMatcher` allows a term to type, pair by pair: two scalars of one spelling
/// one after the other; the last scalar a unit typed (any scalar of one of its spellings,
/// typed in full or cut short) then the first scalar of a spelling of the next unit, or of
/// a unit after it when every unit between can type nothing (an empty spelling, or an
/// abbreviation of length 0); and, before the term's first scalar, `start`, paired with the
/// first scalar of any spelling. A key's signature sets the bit of every such pair; a
/// term's (`ReadingSignature.of(term:)`) the bits of its pairs that no space parts. A key
/// whose signature holds all of a term's bits may match it; one that does not, cannot.
///
/// A pair `(a, b)` sets bit `(first(a) + second(b)) % 64`, so the pairs of every scalar of a
/// unit with one next scalar are its scalars' `first` bits rotated by that scalar's
/// `second`: a unit's pairs with the next unit cost a rotation per first scalar of the
/// next, not a hash per pair. The bits from `lengthShift` up are then folded onto the
/// lowest (`folded(_:)`), keys and terms alike, so that a Han name's signature can keep its
/// number of characters there (`ReadingKeys.hanSignatures`).
///
/// Reading cache files keep the signatures they were made with, under
/// `ReadingKeys.ruleVersion`: raise it whenever these rules, the hash constants or
/// `lengthShift` change (or `ReadingMatcher` comes to allow other pairs), so that files made
/// under the old ones are made again rather than read with missed names.
enum ReadingSignature {
  /// Where a Han name's number of characters starts in its signature (6 bits: 0 to 62,
  /// or 63 for 63 or more).
  static let lengthShift: UInt64 = 58
  /// The bits below `lengthShift`.
  static let pairBits: UInt64 = (1 << lengthShift) - 1

  /// `bits` with those from `lengthShift` up moved onto the lowest.
  @inline(__always)
  static func folded(_ bits: UInt64) -> UInt64 { bits & pairBits | bits >> lengthShift }

  /// A Han name's signature: its pairs' `bits` and its `count` of characters (63 for 63 or
  /// more).
  static func withLength(_ bits: UInt64, count: Int) -> UInt64 {
    folded(bits) | UInt64(min(count, 63)) << lengthShift
  }

  /// The number of characters a Han name's signature keeps: nil for 63 or more.
  @inline(__always)
  static func length(_ signature: UInt64) -> Int? {
    let count = Int(signature >> lengthShift)
    return count < 63 ? count : nil
  }

  /// The scalar paired with a term's first one (no spelling holds U+0000).
  static let start: UInt32 = 0

  /// The position, 0 to 63, of `scalar` as a pair's first (a multiplicative hash's top 6
  /// bits: Knuth, TAOCP vol. 3, 6.4).
  @inline(__always)
  static func first(_ scalar: UInt32) -> UInt64 { UInt64((scalar &* 0x9E37_79B1) >> 26) }

  /// The shift, 0 to 63, of `scalar` as a pair's second.
  @inline(__always)
  static func second(_ scalar: UInt32) -> UInt64 { UInt64((scalar &* 0x85EB_CA77) >> 26) }

  /// The bit of the pair `a` then `b`.
  @inline(__always)
  static func bit(_ a: UInt32, _ b: UInt32) -> UInt64 {
    1 << ((first(a) &+ second(b)) & 63)
  }

  /// The bits a key's signature must hold for `ReadingMatcher` to find `term` in it: its
  /// folded scalars (`ReadingMatcher.readingTerm`), a space standing between units.
  ///
  /// - Complexity: O(n) in the term's scalars.
  static func of(term: [UInt32]) -> UInt64 {
    guard let head = term.first else { return 0 }
    var bits = bit(start, head)
    for i in term.indices.dropLast() where term[i] != 0x20 && term[i + 1] != 0x20 {
      bits |= bit(term[i], term[i + 1])
    }
    return folded(bits)
  }

  /// What a spelling, or a unit of a key (the union of its spellings'), brings to a
  /// signature: the pairs within each spelling, the `first` bits of all their scalars, the
  /// `second` bits of their first scalars, and whether it can type nothing.
  struct Summary: Equatable {
    /// The bits of pairs within one spelling.
    var inner: UInt64 = 0
    /// Bit `first(s)` of every scalar `s` of every spelling: each as a pair's first.
    var asFirst: UInt64 = 0
    /// Bit `second(s)` of the first scalar `s` of every spelling (one that is not empty): the
    /// scalars that lead a spelling, each as a pair's second.
    var leads: UInt64 = 0
    /// Whether a spelling is empty, or has an abbreviation of length 0.
    var typesNothing = false

    /// The summary of one spelling.
    init(_ spelling: ReadingVocabulary.Spelling) {
      let text = spelling.text
      if let lead = text.first { leads = 1 << ReadingSignature.second(lead) }
      for (i, scalar) in text.enumerated() {
        asFirst |= 1 << ReadingSignature.first(scalar)
        if i + 1 < text.count { inner |= ReadingSignature.bit(scalar, text[i + 1]) }
      }
      typesNothing = text.isEmpty || spelling.abbreviations.contains(0)
    }

    /// A unit no term can type (a barrier, or a number past the vocabulary).
    init() {}

    /// Both units' spellings, as one unit's.
    mutating func formUnion(_ other: Summary) {
      inner |= other.inner
      asFirst |= other.asFirst
      leads |= other.leads
      typesNothing = typesNothing || other.typesNothing
    }
  }

  /// The summary of each spelling number of `vocabulary`, for `Accumulator.add(_:)`.
  ///
  /// - Complexity: O(n) in the vocabulary's scalars.
  static func summaries(of vocabulary: [ReadingVocabulary.Spelling]) -> [Summary] {
    vocabulary.map(Summary.init)
  }

  /// A key's signature, unit after unit.
  struct Accumulator {
    /// The pairs' bits so far (not folded).
    private(set) var bits: UInt64 = 0
    /// The signature so far: `bits` folded.
    var signature: UInt64 { ReadingSignature.folded(bits) }
    /// The `first` bits of the scalars that may come last before the next unit's: the last
    /// unit's, and the ones before it while each after them can type nothing.
    private var carried: UInt64 = 0

    /// An accumulator of no unit.
    init() {}

    /// Adds the next unit of the key.
    @inline(__always)
    mutating func add(_ unit: Summary) {
      // `start` before each leading scalar: their bits rotated by its `first`.
      var pairs =
        unit.inner | unit.leads.rotated(by: ReadingSignature.first(ReadingSignature.start))
      // The carried scalars before each.
      if carried != 0 {
        var leads = unit.leads
        while leads != 0 {
          pairs |= carried.rotated(by: UInt64(leads.trailingZeroBitCount))
          leads &= leads &- 1
        }
      }
      bits |= pairs
      carried = unit.typesNothing ? carried | unit.asFirst : unit.asFirst
    }
  }
}

extension UInt64 {
  /// The bits rotated left by `shift` (0 to 63).
  @inline(__always)
  fileprivate func rotated(by shift: UInt64) -> UInt64 {
    // Swift's shifts past the width give 0, so a shift of 0 gives `self`.
    (self << shift) | (self >> (64 &- shift))
  }
}
