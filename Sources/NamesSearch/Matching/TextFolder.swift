/// Folds text into a search key: the UTF-8 bytes that names and terms are compared by.
///
/// ```swift
/// let folder = TextFolder(options: .default)
/// folder.fold("Jose\u{301}") == Array("jose".utf8)   // true
/// folder.fold("Straße") == Array("strasse".utf8)     // true
/// ```
///
/// The rule, applied to the whole text:
/// 0. With `MatchOptions.Folding.all` (the default), width, kana and Arabic alef variants
///    are folded scalar by scalar first (`FullFolding`, step 0).
/// 1. Canonical decomposition and canonical ordering (NFD, Unicode UAX #15), so spellings
///    that are canonically equivalent ("Müller" precomposed or with U+0308) fold alike.
/// 2. With `ignoresDiacritics`: every Grapheme_Extend scalar is dropped (combining marks
///    Mn and Me, the spacing marks that extend a cluster such as U+09BE, variation
///    selectors, ZERO WIDTH NON-JOINER, tag characters), on a base of any script, as
///    Foundation's `.diacriticInsensitive` does: "jose" finds "José", "محمد" finds
///    "مُحَمَّد", "שלום" finds "שָׁלוֹם", "علیرضا" finds "علی\u{200C}رضا". One exception:
///    a mark that canonical composition (NFC, Unicode UAX #15) merges into a letter whose
///    decomposition starts at or above U+0510 stays, since that letter is a letter of its
///    own to Foundation: "か" does not find "が" (か + U+3099), "ا" does not find "آ"
///    (ا + U+0653). Marks on letters below U+0510 (Latin, Greek, Cyrillic) always go.
///    Everything else stays: spacing marks that are not Grapheme_Extend (Devanagari
///    "ि"), format characters that are not (ZERO WIDTH JOINER, SOFT HYPHEN, bidi marks),
///    and letters with no decomposition (ø, æ, ł, đ), as in Foundation. Grapheme_Extend
///    is the toolchain's (`Unicode.Scalar.Properties`: Unicode 17.0 with Swift 6.3);
///    Foundation's own tables are Unicode 15.0. The differences from Foundation are listed,
///    with their reasons, in `DiacriticDifferentialTests` and README's "How names match".
/// 3. With `ignoresCase`: Unicode full case folding per scalar (CaseFolding.txt C + F, so
///    ß → ss, ﬁ → fi, ς → σ), then NFD again (canonical caseless match, Unicode §3.13 D145).
///    No Turkic special case: "I" folds to "i", "ı" stays (under `.cd`; `.all` spells it
///    "i" in step 4).
/// 4. With `MatchOptions.Folding.all`: punctuation is dropped and, with
///    `ignoresDiacritics`, Latin letters without a decomposition are spelled in ASCII
///    (`FullFolding`, step 4): "obrien" finds "O’Brien", "lodz" finds "Łódź".
///
/// Speed: text is read in one pass, written in place into room reserved in the key once per
/// text: runs of ASCII are lowercased eight bytes at a time; other scalars are decoded and
/// their folded form is looked up in a table filled on first use (from `UnicodeMappings`:
/// Foundation's canonical decompositions and case foldings, as tables).
/// Text whose scalars all fold alone (no combining marks left to reorder or strip) is the
/// concatenation of the table entries; other text takes the general path above, where the
/// compositions of step 2 come from a table too (`UnicodeMappings.primaryComposite` of each
/// letter-and-mark pair met).
///
/// A `TextFolder` is not `Sendable`: it owns its tables. Give each thread its own.
public struct TextFolder {
  /// The version of the folding rule above; stored search keys (the index cache) folded
  /// under another version are not used.
  public static let ruleVersion: UInt32 = 5

  /// The differences this folder removes.
  public let options: MatchOptions
  /// Whether step 4 drops punctuation (a name's first search key) rather than making it
  /// one (terms, and the key with punctuation kept); see `FullFolding`.
  public let dropsPunctuation: Bool
  private let tables: ScalarTables

  /// Creates a folder for `options`; under `Folding.all` it drops punctuation if
  /// `dropsPunctuation`, else keeps it made one (as terms are folded).
  public init(options: MatchOptions = .default, dropsPunctuation: Bool = false) {
    self.options = options
    self.dropsPunctuation = dropsPunctuation && options.foldsAll
    self.tables = ScalarTables(options: options, dropsPunctuation: self.dropsPunctuation)
  }

  /// The folded UTF-8 of `text`.
  ///
  /// - Complexity: O(n) where n is the UTF-8 length of `text`.
  public func fold(_ text: String) -> [UInt8] {
    var key = GrowableArray<UInt8>(capacity: text.utf8.count + 8)
    append(text, to: &key)
    return Array(key.buffer)
  }

  /// The folded text as a `String` (for display and tests).
  public func foldedString(_ text: String) -> String {
    String(decoding: fold(text), as: UTF8.self)
  }

  /// Appends the folded UTF-8 of `text` to `key`.
  ///
  /// - Complexity: O(n) where n is the UTF-8 length of `text`, amortized.
  package func append(_ text: String, to key: inout GrowableArray<UInt8>) {
    var text = text
    _ = text.withUTF8 { append(utf8: $0, to: &key) }
  }

  /// Appends the folded form of the valid UTF-8 `utf8` to `key`.
  ///
  /// - Complexity: O(n) where n is `utf8.count`, amortized.
  /// - Returns: whether punctuation was dropped (only when `dropsPunctuation`; a scalar
  ///   that folds to nothing may count too), so that the caller may fold `utf8` again with
  ///   punctuation kept.
  @discardableResult
  package func append(utf8: UnsafeBufferPointer<UInt8>, to key: inout GrowableArray<UInt8>)
    -> Bool
  {
    var dropped = false
    if !tables.appendSimple(
      utf8, ignoresCase: options.ignoresCase, foldsAll: options.foldsAll,
      dropsPunctuation: dropsPunctuation, dropped: &dropped, to: &key)
    {
      dropped = appendGeneral(String(decoding: utf8, as: UTF8.self), to: &key)
    }
    return dropped
  }

  /// The general path: NFD, strip, fold, NFD on the whole text; whether punctuation was
  /// dropped.
  private func appendGeneral(_ text: String, to key: inout GrowableArray<UInt8>) -> Bool {
    var dropped = false
    var scalars: [Unicode.Scalar] = []
    let foldsAll = options.foldsAll
    var prefolded: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars {
      if foldsAll && FullFolding.prefoldApplies(to: scalar.value) {
        prefolded.removeAll(keepingCapacity: true)
        FullFolding.appendPrefold(
          of: scalar, ignoresDiacritics: options.ignoresDiacritics, to: &prefolded)
        for each in prefolded { tables.appendDecomposition(of: each, to: &scalars) }
      } else {
        tables.appendDecomposition(of: scalar, to: &scalars)
      }
    }
    Self.putInCanonicalOrder(&scalars)
    if options.ignoresDiacritics {
      Self.dropDiacritics(&scalars, compose: tables.composition(of:with:))
    }
    if options.ignoresCase {
      var folded: [Unicode.Scalar] = []
      folded.reserveCapacity(scalars.count)
      for scalar in scalars { tables.appendCaseFolding(of: scalar, to: &folded) }
      Self.putInCanonicalOrder(&folded)
      scalars = folded
    }
    if foldsAll {
      var folded: [Unicode.Scalar] = []
      folded.reserveCapacity(scalars.count)
      for scalar in scalars {
        if FullFolding.appendPostfold(
          of: scalar, ignoresCase: options.ignoresCase,
          ignoresDiacritics: options.ignoresDiacritics,
          dropsPunctuation: dropsPunctuation, to: &folded)
        {
          dropped = true
        }
      }
      if folded.count != scalars.count { Self.putInCanonicalOrder(&folded) }
      scalars = folded
    }
    for scalar in scalars {
      for byte in UTF8.encode(scalar)! { key.append(byte) }
    }
    return dropped
  }

  /// Canonical ordering (UAX #15): a stable sort of each run of non-starters by combining
  /// class, in O(n log n) however long the run (a name can hold thousands of marks).
  static func putInCanonicalOrder(_ scalars: inout [Unicode.Scalar]) {
    var i = 0
    while i < scalars.count {
      guard scalars[i].properties.canonicalCombiningClass.rawValue != 0 else {
        i += 1
        continue
      }
      var end = i + 1
      while end < scalars.count && scalars[end].properties.canonicalCombiningClass.rawValue != 0 {
        end += 1
      }
      if end - i > 1 {
        let run = scalars[i..<end].enumerated().sorted {
          let a = $0.element.properties.canonicalCombiningClass.rawValue
          let b = $1.element.properties.canonicalCombiningClass.rawValue
          return a != b ? a < b : $0.offset < $1.offset
        }
        scalars.replaceSubrange(i..<end, with: run.map(\.element))
      }
      i = end
    }
  }

  /// Drops the diacritics of `scalars`, which are in NFD and canonical order (step 2):
  /// every Grapheme_Extend scalar except one that canonical composition (UAX #15) merges
  /// into a letter at or above U+0510.
  ///
  /// `compose(a, b)` is the primary composite of `a` and `b`, or nil. Composition is tried
  /// only with Grapheme_Extend scalars as `b`: every other second half of a composite in
  /// Unicode is a Hangul vowel or trailing jamo, and no composite of those takes a mark.
  ///
  /// - Complexity: O(n), one `compose` call per mark on a letter at or above U+0510.
  static func dropDiacritics(
    _ scalars: inout [Unicode.Scalar],
    compose: (Unicode.Scalar, Unicode.Scalar) -> Unicode.Scalar?
  ) {
    // The letter at or above U+0510 that marks may still compose into, as composed so far;
    // nil before any letter, after a letter below U+0510, or once a mark that does not
    // compose and is a starter (class 0) stands between.
    var letter: Unicode.Scalar? = nil
    // The combining class of the last scalar since `letter` that did not compose into it
    // (0: none): a mark of that class or lower is blocked from the letter (UAX #15 D115).
    var lastClass: UInt8 = 0
    let joining = conjunctLinkers(in: scalars)
    var kept = 0
    for (index, scalar) in scalars.enumerated() {
      let properties = scalar.properties
      let combiningClass = properties.canonicalCombiningClass.rawValue
      if properties.isGraphemeExtend && !joining.contains(index) {
        guard let current = letter, lastClass == 0 || lastClass < combiningClass,
          let composite = compose(current, scalar)
        else {
          if combiningClass == 0 { letter = nil } else { lastClass = combiningClass }
          continue
        }
        letter = composite
      } else if combiningClass == 0 {
        letter = scalar.value >= 0x0510 ? scalar : nil
        lastClass = 0
      } else {
        lastClass = combiningClass
      }
      scalars[kept] = scalar
      kept += 1
    }
    scalars.removeLast(scalars.count - kept)
  }
}

extension TextFolder {
  /// The positions of the linkers (viramas) in `scalars` that join two consonants into one
  /// conjunct: `InCB=Consonant [InCB=Extend InCB=Linker]* InCB=Linker [InCB=Extend
  /// InCB=Linker]* × InCB=Consonant` (Unicode UAX #29, rule GB9c). Such a conjunct ("क्ष")
  /// is one user-perceived character, and a match never starts or ends inside one, so its
  /// linker is kept when diacritics are dropped ("ष" does not find "लक्ष्मी"), though it is
  /// a Grapheme_Extend mark that Foundation ignores.
  ///
  /// - Complexity: O(n).
  static func conjunctLinkers(in scalars: [Unicode.Scalar]) -> Set<Int> {
    var joining: Set<Int> = []
    var afterConsonant = false
    var pending: [Int] = []
    for (index, scalar) in scalars.enumerated() where scalar.value >= 0x0300 || afterConsonant {
      switch GraphemeBreakProperties(of: scalar.value).conjunctBreak {
      case .consonant:
        joining.formUnion(pending)
        pending.removeAll()
        afterConsonant = true
      case .linker where afterConsonant:
        pending.append(index)
      case .linker, .extend:
        break
      case .none:
        pending.removeAll()
        afterConsonant = false
      }
    }
    return joining
  }
}

/// `byte` with A–Z lowercased, every other byte unchanged.
@inline(__always)
func lowercasedASCII(_ byte: UInt8) -> UInt8 {
  byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
}

/// `lowercasedASCII(_:)` of each of the eight bytes of `word`, all ASCII (below 0x80), at
/// once: a byte's top bit is set by adding 0x3F when it is at least "A" (0x41), and by adding
/// 0x25 when it is above "Z" (0x5A); no sum carries into the next byte, since every byte is
/// below 0x80. Where the first is set and not the second, 0x20 is added (bytes compared in
/// parallel, Hacker's Delight, 2nd ed., §6-1).
///
/// A word with bytes of 0x80 and above gives the right bytes before the first of them (in
/// memory order, the word read little-endian): their sums carry only toward later bytes.
@inline(__always)
func lowercasedASCII(word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let atLeastA = word &+ 0x3F &* ones
  let aboveZ = word &+ 0x25 &* ones
  return word | ((atLeastA & ~aboveZ & 0x8080_8080_8080_8080) >> 2)
}

/// Per-scalar tables, filled on first use: each scalar's canonical decomposition, its case
/// folding, and (for the fast path) its whole fold when it folds alone.
private final class ScalarTables {
  private let options: MatchOptions
  private let dropsPunctuation: Bool
  private var decompositions: [UInt32: [Unicode.Scalar]] = [:]
  private var caseFoldings: [UInt32: [Unicode.Scalar]] = [:]
  /// Primary composites by `first << 32 | second`; 0 = the pair does not compose.
  private var compositions: [UInt64: UInt32] = [:]
  /// For each scalar below U+10000: 0 = not yet known, 1 = does not fold alone, else
  /// `(offset + 1) << 8 | length` of its folded UTF-8 in `pool`.
  private let bmpEntries: UnsafeMutablePointer<UInt32>
  /// Whether `bmpEntries` is a page mapping (else an allocated block).
  private let bmpEntriesAreMapped: Bool
  /// The size of `bmpEntries` in bytes: 256 KiB.
  private static let bmpEntriesBytes = 0x10000 * MemoryLayout<UInt32>.stride
  /// The same for scalars above U+FFFF.
  private var astralEntries: [UInt32: UInt32] = [:]
  /// The folded forms, back to back, followed by `poolPadding` zero bytes past
  /// `poolCapacity` so that 8 bytes can be read from any entry.
  private var pool: UnsafeMutablePointer<UInt8>
  private var poolCount = 0
  private var poolCapacity = 4096
  private static let poolPadding = 8

  init(options: MatchOptions, dropsPunctuation: Bool) {
    self.options = options
    self.dropsPunctuation = dropsPunctuation
    // Zeroed pages mapped as they are touched: a list of Latin names touches the first
    // one or two of the table's 256 KiB. (`calloc` did so only while glibc's threshold for
    // mapping was below 256 KiB; it rises once a larger mapped block is freed, and then
    // every table was cleared with memset: a quarter of the built-in list's folding, four
    // tables a search; callgrind.) Should the mapping be refused, an allocated block.
    if let mapped = SystemMemory.mapAnonymous(bytes: Self.bmpEntriesBytes) {
      bmpEntries = mapped.bindMemory(to: UInt32.self, capacity: 0x10000)
      bmpEntriesAreMapped = true
    } else {
      bmpEntries = .allocate(capacity: 0x10000)
      bmpEntries.initialize(repeating: 0, count: 0x10000)
      bmpEntriesAreMapped = false
    }
    pool = .allocate(capacity: poolCapacity + Self.poolPadding)
    pool.initialize(repeating: 0, count: poolCapacity + Self.poolPadding)
  }

  deinit {
    if bmpEntriesAreMapped {
      SystemMemory.unmap(bmpEntries, bytes: Self.bmpEntriesBytes)
    } else {
      bmpEntries.deallocate()
    }
    pool.deallocate()
  }

  /// Appends the fold of `utf8` if every scalar folds alone; otherwise appends nothing and
  /// returns false. A key out of memory (`GrowableArray.isOutOfMemory`) gets nothing more.
  ///
  /// One pass, writing through a pointer into room reserved once: each step takes the
  /// next eight bytes (fewer at the end), writes them lowercased (`lowercasedASCII(word:)`)
  /// and keeps as many as lead up to the first non-ASCII byte; that scalar is decoded and
  /// its table entry copied as one 8-byte word (entries of up to 8 bytes; the pool is padded).
  /// The room holds the rest of the text at one byte per byte plus 8 for the word writes;
  /// it is checked again only where an entry is longer than its scalar ("և", 2 bytes, folds
  /// to "եւ", 4). A byte at a time, with the key's capacity checked and a copy call per
  /// entry, this cost about 35 instructions a byte (callgrind, 1M benchmark names).
  ///
  /// - Complexity: O(n) where n is `utf8.count`, amortized.
  func appendSimple(
    _ utf8: UnsafeBufferPointer<UInt8>, ignoresCase: Bool, foldsAll: Bool,
    dropsPunctuation: Bool, dropped: inout Bool, to key: inout GrowableArray<UInt8>
  ) -> Bool {
    let n = utf8.count
    guard n > 0, let source = utf8.baseAddress else { return true }
    let mark = key.count
    guard let room = key.reserveRoom(n + 8) else { return true }
    var start = room.baseAddress!
    var end = start + room.count
    var out = start
    var pool = self.pool
    let entries = bmpEntries
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    // Invariant: end - out >= (n - i) + 8.
    while i < n {
      let left = n &- i
      var word: UInt64
      if left >= 8 {
        word = UInt64(
          littleEndian: UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self))
      } else if n >= 8 {
        // The last eight bytes of the text, shifted down to start at byte i.
        word =
          UInt64(littleEndian: UnsafeRawPointer(source + n - 8).loadUnaligned(as: UInt64.self))
          >> UInt64((8 &- left) &* 8)
      } else {
        word = Self.load(source + i, count: left)
      }
      let high = word & highBits
      // Bytes below the first non-ASCII one are lowercased right: the adds of
      // `lowercasedASCII(word:)` carry only toward later bytes.
      let written = ignoresCase ? lowercasedASCII(word: word) : word
      UnsafeMutableRawPointer(out).storeBytes(of: written.littleEndian, as: UInt64.self)
      // Bytes past the text are zero: a non-ASCII byte, if any, is within the text.
      let ascii = min(high.trailingZeroBitCount &>> 3, left)
      if foldsAll,
        FullFolding.maybePunctuation(in: word)
          & (ascii == 8 ? ~0 : (1 &<< UInt64(ascii &* 8)) &- 1) != 0
      {
        // Write the word's ASCII bytes again, with its punctuation folded (`FullFolding`).
        var kept = 0
        for j in 0..<ascii {
          var byte = UInt8(truncatingIfNeeded: written &>> UInt64(j &* 8))
          if FullFolding.isASCIIPunctuation(byte) {
            guard
              let folded = FullFolding.postfoldASCIIPunctuation(
                byte, dropsPunctuation: dropsPunctuation)
            else {
              dropped = true
              continue
            }
            byte = folded
          }
          out[kept] = byte
          kept &+= 1
        }
        out += kept
      } else {
        out += ascii
      }
      i &+= ascii
      if high == 0 { continue }
      // source[i] >= 0x80: the lead byte of a scalar of 2 to 4 bytes.
      let lead = source[i]
      guard i &+ 1 < n else { return fail(key: &key, mark: mark) }
      let second = UInt32(source[i &+ 1] & 0x3F)
      var value: UInt32
      var length: Int
      if lead < 0xE0 {
        (value, length) = (UInt32(lead & 0x1F) << 6 | second, 2)
      } else {
        guard i &+ 2 < n else { return fail(key: &key, mark: mark) }
        let third = UInt32(source[i &+ 2] & 0x3F)
        if lead < 0xF0 {
          (value, length) = (UInt32(lead & 0x0F) << 12 | second << 6 | third, 3)
        } else {
          guard i &+ 3 < n else { return fail(key: &key, mark: mark) }
          let fourth = UInt32(source[i &+ 3] & 0x3F)
          (value, length) = (
            UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4
          )
        }
      }
      i &+= length
      var entry = value < 0x10000 ? entries[Int(value)] : astralEntries[value] ?? 0
      if entry == 0 {
        entry = computeAlone(value)
        if value < 0x10000 { entries[Int(value)] = entry } else { astralEntries[value] = entry }
        pool = self.pool
      }
      guard entry >= 2 else { return fail(key: &key, mark: mark) }
      let count = Int(entry & 0xFF)
      if count == 0 { dropped = true }
      if count > length && end - out < count &+ (n &- i) &+ 8 {
        key.commitRoom(out - start)
        guard let more = key.reserveRoom(count + (n - i) + 8) else { return true }
        start = more.baseAddress!
        end = start + more.count
        out = start
      }
      let from = pool + (Int(entry >> 8) &- 1)
      if count <= 8 {
        UnsafeMutableRawPointer(out).storeBytes(
          of: UnsafeRawPointer(from).loadUnaligned(as: UInt64.self), as: UInt64.self)
      } else {
        out.update(from: from, count: count)
      }
      out += count
    }
    key.commitRoom(out - start)
    return true
  }

  /// The `count` (1 to 7) bytes at `bytes` as a little-endian word, zero above them.
  @inline(__always)
  private static func load(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let raw = UnsafeRawPointer(bytes)
    var word: UInt64 = 0
    var offset = 0
    if count & 4 != 0 {
      word = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      offset = 4
    }
    if count & 2 != 0 {
      let pair = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
      word |= UInt64(pair) << UInt64(offset &* 8)
      offset &+= 2
    }
    if count & 1 != 0 {
      word |= UInt64(bytes[offset]) << UInt64(offset &* 8)
    }
    return word
  }

  private func fail(key: inout GrowableArray<UInt8>, mark: Int) -> Bool {
    key.removeLast(key.count - mark)
    return false
  }

  /// The table entry for scalar `value`: whether it folds alone, and to what.
  private func computeAlone(_ value: UInt32) -> UInt32 {
    guard let scalar = Unicode.Scalar(value),
      !scalar.properties.isGraphemeExtend,
      scalar.properties.canonicalCombiningClass.rawValue == 0
    else { return 1 }
    var scalars: [Unicode.Scalar] = []
    if options.foldsAll {
      var prefolded: [Unicode.Scalar] = []
      FullFolding.appendPrefold(
        of: scalar, ignoresDiacritics: options.ignoresDiacritics, to: &prefolded)
      for each in prefolded { appendDecomposition(of: each, to: &scalars) }
    } else {
      appendDecomposition(of: scalar, to: &scalars)
    }
    if options.ignoresDiacritics {
      TextFolder.dropDiacritics(&scalars, compose: composition(of:with:))
    }
    if options.ignoresCase {
      var folded: [Unicode.Scalar] = []
      for s in scalars { appendCaseFolding(of: s, to: &folded) }
      scalars = folded
    }
    if options.foldsAll {
      var folded: [Unicode.Scalar] = []
      for s in scalars {
        FullFolding.appendPostfold(
          of: s, ignoresCase: options.ignoresCase, ignoresDiacritics: options.ignoresDiacritics,
          dropsPunctuation: dropsPunctuation, to: &folded)
      }
      scalars = folded
    }
    // Folds alone only if no combining mark is left that could reorder or attach to text
    // around it.
    guard
      scalars.allSatisfy({
        $0.properties.canonicalCombiningClass.rawValue == 0 && !$0.properties.isGraphemeExtend
      })
    else { return 1 }
    let bytes = scalars.flatMap { Array(UTF8.encode($0)!) }
    // A scalar that folds to nothing (punctuation under `Folding.all`) has an entry of
    // length 0; without `Folding.all` none does.
    guard !bytes.isEmpty || options.foldsAll, bytes.count < 256,
      poolCount + bytes.count < (1 << 24) - 1
    else {
      return 1
    }
    if poolCount + bytes.count > poolCapacity {
      let grown = UnsafeMutablePointer<UInt8>.allocate(
        capacity: poolCapacity * 2 + Self.poolPadding)
      grown.initialize(repeating: 0, count: poolCapacity * 2 + Self.poolPadding)
      grown.update(from: pool, count: poolCount)
      pool.deallocate()
      pool = grown
      poolCapacity *= 2
    }
    let offset = poolCount
    (pool + offset).update(from: bytes, count: bytes.count)
    poolCount += bytes.count
    return UInt32(offset + 1) << 8 | UInt32(bytes.count)
  }

  /// Appends the full canonical decomposition of `scalar` (NFD of the scalar alone).
  func appendDecomposition(of scalar: Unicode.Scalar, to out: inout [Unicode.Scalar]) {
    if scalar.value < 0xC0 {
      out.append(scalar)
      return
    }
    if let known = decompositions[scalar.value] {
      out.append(contentsOf: known)
      return
    }
    let decomposed = UnicodeMappings.canonicalDecomposition(of: scalar)
    decompositions[scalar.value] = decomposed
    out.append(contentsOf: decomposed)
  }

  /// The primary composite of `first` and `second` (UAX #15 canonical composition, from
  /// `UnicodeMappings`, as Foundation's `precomposedStringWithCanonicalMapping`), or nil: "か" and U+3099 give
  /// "が"; "क" and U+093C give nil (U+0958 is excluded from composition).
  func composition(of first: Unicode.Scalar, with second: Unicode.Scalar) -> Unicode.Scalar? {
    let key = UInt64(first.value) << 32 | UInt64(second.value)
    if let known = compositions[key] {
      return known == 0 ? nil : Unicode.Scalar(known)
    }
    var composite = UnicodeMappings.primaryComposite(of: first, with: second)
    // Under `Folding.all` step 0 makes alef with madda or hamza alef (`FullFolding`): their
    // decomposed spellings (alef + U+0653, U+0654, U+0655) lose the mark too, so that
    // canonically equivalent spellings fold alike.
    if options.foldsAll, let made = composite, FullFolding.isAlefVariant(made.value) {
      composite = nil
    }
    compositions[key] = composite?.value ?? 0
    return composite
  }

  /// Appends the NFD of the full case folding of `scalar`.
  func appendCaseFolding(of scalar: Unicode.Scalar, to out: inout [Unicode.Scalar]) {
    if scalar.value < 0x80 {
      let v = scalar.value
      out.append(Unicode.Scalar(lowercasedASCII(UInt8(v))))
      return
    }
    if let known = caseFoldings[scalar.value] {
      out.append(contentsOf: known)
      return
    }
    let result = UnicodeMappings.canonicalDecomposition(
      of: String(String.UnicodeScalarView(UnicodeMappings.caseFolding(of: scalar))))
    caseFoldings[scalar.value] = result
    out.append(contentsOf: result)
  }
}
