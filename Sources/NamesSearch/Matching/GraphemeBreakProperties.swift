/// The properties of one Unicode scalar that extended grapheme cluster boundaries depend on
/// (Unicode UAX #29): its Grapheme_Cluster_Break value, whether it is Extended_Pictographic,
/// and its Indic_Conjunct_Break value. Unicode 17.0.0 data (`GraphemeBreakTable`, made by
/// `Scripts/make-grapheme-break-table.py`), the version of Swift 6.3's own `Character` data.
///
/// ```swift
/// GraphemeBreakProperties(of: 0x1F1F5).kind == .regionalIndicator   // true
/// GraphemeBreakProperties(of: 0x094D).conjunctBreak == .linker      // true (virama)
/// ```
struct GraphemeBreakProperties: Equatable {
  /// Grapheme_Cluster_Break values (UAX #29, table 2).
  enum Kind: UInt8 {
    case other = 0
    case cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark
    case l, v, t, lv, lvt
  }

  /// Indic_Conjunct_Break values (UAX #44; used by rule GB9c).
  enum ConjunctBreak: UInt8 {
    case none = 0
    case consonant, linker, extend
  }

  /// The packed byte: bits 0–3 the kind, bit 4 Extended_Pictographic, bits 5–6 InCB.
  let raw: UInt8

  /// The properties of the scalar `value` (any `UInt32`: values that are not scalars
  /// have the properties of unassigned code points, or of Other above U+10FFFF).
  ///
  /// - Complexity: O(1) for Hangul syllables, otherwise a binary search of the
  ///   1,371 runs: O(log n), 11 steps.
  init(of value: UInt32) {
    if value &- 0xAC00 < 11_172 {
      // Precomposed Hangul: LV at every 28th syllable from U+AC00, LVT elsewhere (UAX #29
      // table 2, from the syllable arithmetic of Unicode §3.12).
      raw = (value &- 0xAC00) % 28 == 0 ? Kind.lv.rawValue : Kind.lvt.rawValue
      return
    }
    guard value <= 0x10FFFF else {
      raw = 0
      return
    }
    let key = value << 8 | 0xFF
    raw = GraphemeBreakTable.runs.withUnsafeBufferPointer { runs in
      // The last run whose first code point is at most `value`.
      var low = 0
      var high = runs.count
      while low < high {
        let middle = (low &+ high) >> 1
        if runs[middle] <= key { low = middle &+ 1 } else { high = middle }
      }
      return low == 0 ? 0 : UInt8(truncatingIfNeeded: runs[low &- 1])
    }
  }

  /// The Grapheme_Cluster_Break value.
  var kind: Kind { Kind(rawValue: raw & 0x0F) ?? .other }

  /// Whether the scalar is Extended_Pictographic (emoji-data.txt; rule GB11).
  var isExtendedPictographic: Bool { raw & 0x10 != 0 }

  /// The Indic_Conjunct_Break value.
  var conjunctBreak: ConjunctBreak { ConjunctBreak(rawValue: raw >> 5 & 0x03) ?? .none }

  /// Whether the kind is Control, CR or LF (rules GB4, GB5).
  var isControlLike: Bool { raw & 0x0F != 0 && raw & 0x0F <= Kind.control.rawValue }
}
