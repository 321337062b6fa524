/// Foundation's Unicode normalization, case folding and Latin-ASCII transliteration without
/// Foundation: lookups in `FoundationUnicodeTables` (made from Foundation by
/// Scripts/make-foundation-unicode-tables.swift), Hangul syllables by arithmetic (The Unicode
/// Standard 15.0, section 3.12), canonical ordering and composition as Unicode UAX #15 defines
/// them, with the standard library's canonical combining classes.
///
/// The library does not link Foundation (issue 14: its start-up cost every run about a
/// millisecond); these functions give what `decomposedStringWithCanonicalMapping`,
/// `decomposedStringWithCompatibilityMapping`, `precomposedStringWithCanonicalMapping`,
/// `folding(options: .caseInsensitive, locale: nil)` and
/// `applyingTransform(StringTransform("Latin-ASCII"), reverse: false)` gave, with one
/// difference: a composite followed by a mark that composes with it (a Hangul syllable and a
/// trailing jamo, U+0CCA and U+0CD5) composes (UAX #15), which Foundation's NFC leaves
/// apart. Canonical order takes the standard library's combining classes of the scalars
/// Foundation's Unicode version (`FoundationUnicodeTables.unicodeVersion`) has; a newer
/// scalar is unassigned to Foundation, class 0, and is so here.
///
/// ```swift
/// UnicodeMappings.canonicalDecomposition(of: "é")   // "e", U+0301
/// UnicodeMappings.compatibilityDecomposition(of: "ﬁ")  // "f", "i"
/// UnicodeMappings.composed(Array("e\u{301}".unicodeScalars))  // "é"
/// ```
enum UnicodeMappings {
  // Hangul (The Unicode Standard 15.0, section 3.12): the first syllable 가 (U+AC00), 19
  // leading consonants from U+1100, 21 vowels from U+1161, 27 trailing consonants from
  // U+11A8 (trail index 1…27; `trailBase` is the index 0, "none", one below), 11,172
  // syllables in all.
  private static let syllableBase: UInt32 = 0xAC00
  private static let leadBase: UInt32 = 0x1100
  private static let vowelBase: UInt32 = 0x1161
  private static let trailBase: UInt32 = 0x11A7
  private static let leadCount: UInt32 = 19
  private static let vowelCount: UInt32 = 21
  private static let trailCount: UInt32 = 28
  private static let syllableCount: UInt32 = 11_172

  /// The mapping of `value` in a table of `entries` (scalar << 32 | start << 8 | length) into
  /// `scalars`, or nil when the table leaves it unchanged.
  ///
  /// - Complexity: O(log n) in the table's entries.
  private static func lookUp(
    _ value: UInt32, entries: [UInt64], scalars: [UInt32]
  ) -> ArraySlice<UInt32>? {
    let at = firstIndex(notBelow: UInt64(value), in: entries, shift: 32)
    guard at < entries.count, entries[at] >> 32 == UInt64(value) else { return nil }
    let start = Int(entries[at] >> 8 & 0xFF_FFFF)
    return scalars[start..<start + Int(entries[at] & 0xFF)]
  }

  /// The first index of ascending `entries` whose entry, shifted right by `shift` bits, is
  /// `key` or more; `entries.count` if none is.
  ///
  /// - Complexity: O(log n) in the entries.
  private static func firstIndex(notBelow key: UInt64, in entries: [UInt64], shift: UInt64)
    -> Int
  {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] >> shift < key {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  private static func append(_ values: ArraySlice<UInt32>, to out: inout [Unicode.Scalar]) {
    for value in values { out.append(Unicode.Scalar(value)!) }
  }

  /// Appends the jamo of the Hangul syllable `value` (two or three) and returns true, or
  /// returns false when `value` is not a syllable.
  private static func appendJamo(ofSyllable value: UInt32, to out: inout [Unicode.Scalar]) -> Bool {
    let index = value &- syllableBase
    guard index < syllableCount else { return false }
    out.append(Unicode.Scalar(leadBase + index / (vowelCount * trailCount))!)
    out.append(Unicode.Scalar(vowelBase + index % (vowelCount * trailCount) / trailCount)!)
    if index % trailCount != 0 { out.append(Unicode.Scalar(trailBase + index % trailCount)!) }
    return true
  }

  /// Appends the decomposition of `scalar` in the table `entries`/`scalars`: itself below
  /// `firstMapped` (no scalar below it decomposes), a Hangul syllable's jamo, or its entry.
  private static func appendDecomposition(
    of scalar: Unicode.Scalar, firstMapped: UInt32, entries: [UInt64], scalars: [UInt32],
    to out: inout [Unicode.Scalar]
  ) {
    let value = scalar.value
    if value < firstMapped {
      out.append(scalar)
    } else if !appendJamo(ofSyllable: value, to: &out) {
      if let mapped = lookUp(value, entries: entries, scalars: scalars) {
        append(mapped, to: &out)
      } else {
        out.append(scalar)
      }
    }
  }

  /// Appends the canonical decomposition of `scalar` alone (NFD), fully decomposed and in
  /// canonical order.
  ///
  /// - Complexity: O(log n) in the table's 2,061 entries.
  static func appendCanonicalDecomposition(
    of scalar: Unicode.Scalar, to out: inout [Unicode.Scalar]
  ) {
    appendDecomposition(
      of: scalar, firstMapped: 0xC0,
      entries: FoundationUnicodeTables.canonicalDecompositionEntries,
      scalars: FoundationUnicodeTables.canonicalDecompositionScalars, to: &out)
  }

  /// The canonical decomposition of `scalar` alone (NFD).
  static func canonicalDecomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    appendCanonicalDecomposition(of: scalar, to: &out)
    return out
  }

  /// Appends the compatibility decomposition of `scalar` alone (NFKD).
  ///
  /// - Complexity: O(log n) in the table's 5,857 entries.
  static func appendCompatibilityDecomposition(
    of scalar: Unicode.Scalar, to out: inout [Unicode.Scalar]
  ) {
    appendDecomposition(
      of: scalar, firstMapped: 0xA0,
      entries: FoundationUnicodeTables.compatibilityDecompositionEntries,
      scalars: FoundationUnicodeTables.compatibilityDecompositionScalars, to: &out)
  }

  /// The compatibility decomposition of `scalar` alone (NFKD).
  static func compatibilityDecomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    appendCompatibilityDecomposition(of: scalar, to: &out)
    return out
  }

  /// The case-insensitive folding of `scalar` (Foundation's `folding(options:
  /// .caseInsensitive, locale: nil)`, from CoreFoundation's case tables): "ß" → "ss",
  /// "Σ" → "σ", U+13A0 → U+AB70.
  ///
  /// - Complexity: O(log n) in the table's 1,521 entries.
  static func caseFolding(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    let value = scalar.value
    if value < 0x80 {
      return [Unicode.Scalar(UInt8(value) | (value &- 0x41 < 26 ? 0x20 : 0))]
    }
    var out: [Unicode.Scalar] = []
    if let mapped = lookUp(
      value, entries: FoundationUnicodeTables.caseFoldingEntries,
      scalars: FoundationUnicodeTables.caseFoldingScalars)
    {
      append(mapped, to: &out)
    } else {
      out.append(scalar)
    }
    return out
  }

  /// The ASCII letters ICU's Latin-ASCII transliterator spells `scalar` with, when
  /// `scalar` is in one of the Latin blocks (U+00C0–U+02AF, U+1D00–U+1DBF, U+1E00–U+1EFF,
  /// U+2C60–U+2C7F, U+A720–U+A7FF, U+AB30–U+AB6F) and the spelling is ASCII letters only;
  /// nil otherwise.
  ///
  /// - Complexity: O(log n) in the table's 803 entries.
  static func latinASCII(of scalar: Unicode.Scalar) -> String? {
    guard
      let mapped = lookUp(
        scalar.value, entries: FoundationUnicodeTables.latinASCIIEntries,
        scalars: FoundationUnicodeTables.latinASCIIScalars)
    else { return nil }
    return String(decoding: mapped.map { UInt8($0) }, as: UTF8.self)
  }

  /// The scalar `first` and `second` compose to (a primary composite, Unicode UAX #15), or
  /// nil: "e" and U+0301 give "é"; "क" and U+093C give nil (U+0958 is excluded from
  /// composition); Hangul jamo compose by arithmetic.
  ///
  /// - Complexity: O(log n) in the table's 941 pairs.
  static func primaryComposite(of first: Unicode.Scalar, with second: Unicode.Scalar)
    -> Unicode.Scalar?
  {
    let lead = first.value &- leadBase
    let vowel = second.value &- vowelBase
    if lead < leadCount, vowel < vowelCount {
      return Unicode.Scalar(syllableBase + (lead * vowelCount + vowel) * trailCount)
    }
    let syllable = first.value &- syllableBase
    let trail = second.value &- trailBase
    if syllable < syllableCount, syllable % trailCount == 0, trail > 0, trail < trailCount {
      return Unicode.Scalar(first.value + trail)
    }
    let key = UInt64(first.value) << 32 | UInt64(second.value)
    let pairs = FoundationUnicodeTables.primaryCompositePairs
    let at = firstIndex(notBelow: key, in: pairs, shift: 0)
    guard at < pairs.count, pairs[at] == key else { return nil }
    return Unicode.Scalar(FoundationUnicodeTables.primaryComposites[at])
  }

  /// The canonical combining class of `scalar` in Foundation's Unicode version: the
  /// standard library's, or 0 for a scalar assigned since (unassigned to Foundation).
  ///
  /// - Complexity: O(1); a scalar of class 0 is not looked up further.
  static func combiningClass(of scalar: Unicode.Scalar) -> UInt8 {
    let ccc = scalar.properties.canonicalCombiningClass.rawValue
    guard ccc != 0, let age = scalar.properties.age else { return 0 }
    let known = FoundationUnicodeTables.unicodeVersion
    return (age.major, age.minor) <= (known.major, known.minor) ? ccc : 0
  }

  /// Puts each run of non-starters of `scalars` in canonical order: a stable sort by
  /// canonical combining class (`combiningClass(of:)`; Unicode UAX #15, the Canonical
  /// Ordering Algorithm).
  ///
  /// - Complexity: O(n) when the marks are in order, O(k log k) for a run of k marks
  ///   otherwise.
  static func reorderCanonically(_ scalars: inout [Unicode.Scalar]) {
    var i = 0
    while i < scalars.count {
      guard combiningClass(of: scalars[i]) != 0 else {
        i += 1
        continue
      }
      // A run of non-starters: sorted by class, keeping the order within a class.
      var end = i
      var classes: [UInt8] = []
      var inOrder = true
      while end < scalars.count {
        let ccc = combiningClass(of: scalars[end])
        if ccc == 0 { break }
        if let last = classes.last, last > ccc { inOrder = false }
        classes.append(ccc)
        end += 1
      }
      if !inOrder {
        let order = classes.indices.sorted { (classes[$0], $0) < (classes[$1], $1) }
        let run = Array(scalars[i..<end])
        for (k, from) in order.enumerated() { scalars[i + k] = run[from] }
      }
      i = end
    }
  }

  /// The NFD of `text`: each scalar's canonical decomposition, in canonical order.
  static func canonicalDecomposition(of text: some StringProtocol) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars { appendCanonicalDecomposition(of: scalar, to: &out) }
    reorderCanonically(&out)
    return out
  }

  /// The NFKD of `text`: each scalar's compatibility decomposition, in canonical order.
  static func compatibilityDecomposition(of text: some StringProtocol) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars { appendCompatibilityDecomposition(of: scalar, to: &out) }
    reorderCanonically(&out)
    return out
  }

  /// The canonical composition of `scalars`, which are in NFD (Unicode UAX #15, the
  /// Canonical Composition Algorithm): each scalar is composed with the last starter before
  /// it when the two have a primary composite and no scalar between them blocks it (one of
  /// class 0, or of a class at least its own).
  ///
  /// - Complexity: O(n log m) for n scalars and the table's m pairs.
  static func composed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(scalars.count)
    var starter = -1
    // The class of the last scalar kept after the starter; -1 when there is none.
    var lastClass = -1
    for scalar in scalars {
      let ccc = Int(combiningClass(of: scalar))
      if starter >= 0, lastClass < ccc,
        let composite = primaryComposite(of: out[starter], with: scalar)
      {
        out[starter] = composite
        continue
      }
      if ccc == 0 {
        starter = out.count
        lastClass = -1
      } else {
        lastClass = ccc
      }
      out.append(scalar)
    }
    return out
  }

  /// The NFC of `text` (Foundation's `precomposedStringWithCanonicalMapping`).
  static func precomposed(_ text: some StringProtocol) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: composed(canonicalDecomposition(of: text)))
    return String(view)
  }
}
