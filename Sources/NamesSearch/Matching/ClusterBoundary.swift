/// Where a match may start and end inside a folded key: only between user-perceived
/// characters, the extended grapheme clusters of Unicode UAX #29 (rules GB1–GB999,
/// Unicode 17.0.0 data, see `GraphemeBreakProperties`).
///
/// ```swift
/// var boundaries = ClusterBoundary()
/// // "🇰🇵🇰🇷" is two flags, KP and KR: 16 bytes, 4 per regional indicator.
/// boundaries.isBoundary(in: key, at: 8)   // true: between the flags
/// boundaries.isBoundary(in: key, at: 4)   // false: inside 🇰🇵
/// ```
///
/// A match of "e" must not end inside "e\u{301}" when diacritics count; "기" must not end
/// inside "김" (ᄀ ᅵ ᆷ, rules GB6–GB8); 🇵🇰 must not start inside the KP of "🇰🇵🇰🇷" (GB12,
/// GB13: regional indicators pair up from the start of their run); "👨" must not end before
/// "\u{200D}👩" (GB9, GB11); "क" must not end before "्ष" (GB9c, Indic conjuncts).
///
/// The boundaries are those of each key on its own: the start and the end of a key are
/// always boundaries (GB1, GB2), whatever the keys around it hold, and no rule looks past
/// them.
///
/// Cost: a position between two ASCII bytes is decided from those two bytes. Elsewhere the
/// scalars on both sides are looked up (`GraphemeBreakProperties`), and three rules look
/// back further: GB9c over the marks before a consonant, GB11 over the marks before a ZERO
/// WIDTH JOINER, GB12/GB13 over a run of regional indicators. The runs that GB9c and GB11
/// walk for different positions do not overlap; a run of regional indicators is counted
/// once and remembered, so checking positions in ascending order along a key costs O(n) in
/// all, even for a key of thousands of flags. Use one value per buffer of keys.
struct ClusterBoundary {
  /// Bytes `runStart ..< runEnd` are regional indicators, `runStart` the first of its run
  /// (the start of a key, or after a scalar that is not one).
  private var runStart = 0
  private var runEnd = -1

  /// Creates a checker that remembers nothing yet.
  init() {}

  /// Whether byte `offset` of `key` is a cluster boundary, the key being the bytes
  /// `keyStart ..< keyEnd` of `key` (`keyEnd` defaults to `key.count`). `key` holds valid
  /// UTF-8; offsets at or outside the key's ends are boundaries; an offset inside a
  /// scalar's UTF-8 is not.
  ///
  /// - Complexity: O(1) between two ASCII bytes; see the type for the rest.
  @inline(__always)
  mutating func isBoundary(
    in key: UnsafeRawBufferPointer, at offset: Int, keyStart: Int = 0, keyEnd: Int? = nil
  ) -> Bool {
    // GB1, GB2: the start and the end of the key.
    guard offset > keyStart, offset < (keyEnd ?? key.count) else { return true }
    let next = key[offset]
    let previous = key[offset &- 1]
    if next | previous < 0x80 {
      // Two ASCII scalars: GB3 keeps CR LF together; every other pair breaks (GB4, GB5,
      // GB999: no ASCII scalar is Extend, SpacingMark, Prepend or anything that joins).
      return previous != 0x0D || next != 0x0A
    }
    return isBoundaryBetweenScalars(in: key, at: offset, keyStart: keyStart)
  }

  /// The rules of UAX #29 for the scalars on both sides of `offset` (not the key's ends).
  @inline(never)
  private mutating func isBoundaryBetweenScalars(
    in key: UnsafeRawBufferPointer, at offset: Int, keyStart: Int
  ) -> Bool {
    // Inside a scalar's UTF-8.
    if key[offset] & 0xC0 == 0x80 { return false }
    let before = Self.scalarStart(in: key, before: offset, notBelow: keyStart)
    let x = Self.decodeScalar(in: key, at: before, end: offset)
    let y = Self.decodeScalar(in: key, at: offset, end: key.count)
    // Below U+0300 every scalar is Other or Control (with CR and LF): GB3–GB5, GB999.
    if x < 0x300 && y < 0x300 { return x != 0x0D || y != 0x0A }
    let a = GraphemeBreakProperties(of: x)
    let b = GraphemeBreakProperties(of: y)
    if a.kind == .cr && b.kind == .lf { return false }  // GB3
    if a.isControlLike || b.isControlLike { return true }  // GB4, GB5
    switch (a.kind, b.kind) {
    case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt): return false  // GB6
    case (.lv, .v), (.lv, .t), (.v, .v), (.v, .t): return false  // GB7
    case (.lvt, .t), (.t, .t): return false  // GB8
    case (_, .extend), (_, .zwj): return false  // GB9
    case (_, .spacingMark): return false  // GB9a
    case (.prepend, _): return false  // GB9b
    default: break
    }
    // GB9c: Consonant [Extend Linker]* Linker [Extend Linker]* × Consonant
    if b.conjunctBreak == .consonant && a.conjunctBreak != .none && a.conjunctBreak != .consonant
      && Self.followsConjunctLinker(in: key, at: offset, keyStart: keyStart)
    {
      return false
    }
    // GB11: ExtPict Extend* ZWJ × ExtPict
    if a.kind == .zwj && b.isExtendedPictographic
      && Self.followsPictographicJoiner(in: key, joiner: before, keyStart: keyStart)
    {
      return false
    }
    // GB12, GB13: regional indicators pair up from the start of their run.
    if a.kind == .regionalIndicator && b.kind == .regionalIndicator {
      return regionalIndicators(in: key, before: offset, keyStart: keyStart) % 2 == 0
    }
    return true  // GB999
  }

  /// Whether the scalars before `offset` are `Consonant [Extend Linker]* Linker
  /// [Extend Linker]*` by Indic_Conjunct_Break (rule GB9c), within the key.
  ///
  /// - Complexity: O(k), k the bytes of the marks walked over.
  private static func followsConjunctLinker(
    in key: UnsafeRawBufferPointer, at offset: Int, keyStart: Int
  ) -> Bool {
    var position = offset
    var sawLinker = false
    while position > keyStart {
      let start = scalarStart(in: key, before: position, notBelow: keyStart)
      switch GraphemeBreakProperties(of: decodeScalar(in: key, at: start, end: position))
        .conjunctBreak
      {
      case .linker: sawLinker = true
      case .extend: break
      case .consonant: return sawLinker
      case .none: return false
      }
      position = start
    }
    return false
  }

  /// Whether the ZERO WIDTH JOINER at `joiner` follows `ExtPict Extend*` (rule GB11),
  /// within the key.
  ///
  /// - Complexity: O(k), k the bytes of the Extend scalars walked over.
  private static func followsPictographicJoiner(
    in key: UnsafeRawBufferPointer, joiner: Int, keyStart: Int
  ) -> Bool {
    var position = joiner
    while position > keyStart {
      let start = scalarStart(in: key, before: position, notBelow: keyStart)
      let properties = GraphemeBreakProperties(
        of: decodeScalar(in: key, at: start, end: position))
      if properties.kind != .extend { return properties.isExtendedPictographic }
      position = start
    }
    return false
  }

  /// The number of regional indicators right before `offset` in the key (rules GB12,
  /// GB13), counted back to the start of their run; the run is remembered, so the next
  /// position along it costs only the indicators after the last one counted.
  ///
  /// - Complexity: O(1) inside the remembered run; else O(k), k the indicators not yet
  ///   counted.
  private mutating func regionalIndicators(
    in key: UnsafeRawBufferPointer, before offset: Int, keyStart: Int
  ) -> Int {
    let remembered = runStart >= keyStart && runStart < runEnd
    if remembered && runStart < offset && offset <= runEnd {
      return (offset &- runStart) >> 2
    }
    var position = offset
    while true {
      if remembered && position == runEnd {
        position = runStart
        break
      }
      guard position &- 4 >= keyStart, Self.isRegionalIndicator(in: key, at: position &- 4) else {
        break
      }
      position &-= 4
    }
    runStart = position
    runEnd = offset
    return (offset &- position) >> 2
  }

  /// Whether the 4 bytes at `offset` are a regional indicator, U+1F1E6…U+1F1FF
  /// (F0 9F 87 A6…BF).
  @inline(__always)
  private static func isRegionalIndicator(in key: UnsafeRawBufferPointer, at offset: Int) -> Bool {
    key[offset] == 0xF0 && key[offset &+ 1] == 0x9F && key[offset &+ 2] == 0x87
      && key[offset &+ 3] &- 0xA6 < 26
  }

  /// The offset of the first byte of the scalar that ends at `offset` (at least
  /// `notBelow`, at most 3 bytes back).
  @inline(__always)
  static func scalarStart(in key: UnsafeRawBufferPointer, before offset: Int, notBelow: Int) -> Int
  {
    var start = offset &- 1
    while start > notBelow && offset &- start < 4 && key[start] & 0xC0 == 0x80 { start &-= 1 }
    return start
  }

  /// The scalar whose UTF-8 starts at `offset`, reading no byte at or past `end`; U+FFFD
  /// when the bytes there are not a whole scalar.
  static func decodeScalar(in key: UnsafeRawBufferPointer, at offset: Int, end: Int) -> UInt32 {
    let lead = UInt32(key[offset])
    var value: UInt32
    var length: Int
    switch lead {
    case 0..<0x80: return lead
    case 0xF0...: (value, length) = (lead & 0x07, 4)
    case 0xE0...: (value, length) = (lead & 0x0F, 3)
    case 0xC0...: (value, length) = (lead & 0x1F, 2)
    default: return 0xFFFD
    }
    guard offset &+ length <= end else { return 0xFFFD }
    for i in 1..<length {
      value = value << 6 | UInt32(key[offset &+ i] & 0x3F)
    }
    return value
  }
}
