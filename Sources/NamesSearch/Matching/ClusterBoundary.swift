/// Where a match may end inside a folded key: not in the middle of a user-perceived
/// character (an extended grapheme cluster, Unicode UAX #29).
///
/// A match of "e" must not end inside "e\u{301}" when diacritics count, and a match of the
/// Hangul "기" must not end inside "김" (decomposed to ᄀ ᅵ ᆷ). The check looks at the scalar
/// that follows the match: a cluster continues over Grapheme_Extend scalars, spacing marks
/// (GB9a), ZERO WIDTH JOINER, emoji modifiers, and Hangul vowel and trailing jamo (GB7, GB8).
enum ClusterBoundary {
  /// Whether a match ending at byte `end` of `key` ends on a cluster boundary. `keyEnd`
  /// is where the key stops when `key` holds more keys after it: the end of a key is always
  /// a boundary, whatever the next key starts with.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func isBoundary(in key: UnsafeRawBufferPointer, at end: Int, keyEnd: Int? = nil) -> Bool {
    guard end < (keyEnd ?? key.count) else { return true }
    let lead = key[end]
    if lead < 0x80 { return true }
    return !continuesCluster(decodeScalar(in: key, at: end))
  }

  /// Whether `scalar` continues the cluster before it.
  static func continuesCluster(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FB).contains(v) { return true }
    if v == 0x200D { return true }
    let properties = scalar.properties
    return properties.isGraphemeExtend || properties.generalCategory == .spacingMark
      || properties.isEmojiModifier
  }

  /// Decodes the scalar whose lead byte is at `offset` (the key is valid UTF-8).
  static func decodeScalar(in key: UnsafeRawBufferPointer, at offset: Int) -> Unicode.Scalar {
    let lead = UInt32(key[offset])
    var value: UInt32
    var length: Int
    switch lead {
    case 0xF0...: (value, length) = (lead & 0x07, 4)
    case 0xE0...: (value, length) = (lead & 0x0F, 3)
    case 0xC0...: (value, length) = (lead & 0x1F, 2)
    default: return Unicode.Scalar(UInt8(truncatingIfNeeded: lead))
    }
    for i in 1..<length where offset + i < key.count {
      value = value << 6 | UInt32(key[offset + i] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}
