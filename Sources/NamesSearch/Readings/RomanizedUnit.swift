/// One reading unit of a name written in a non-Latin script: the characters it covers and
/// the Latin-letter spellings a person may type for them (issue 12).
///
/// A name's run of kana, Cyrillic or Greek letters is cut into units that cover it in order
/// with no gaps (`KanaRomanization`, `CyrillicRomanization`, `GreekRomanization`); a term
/// spells the name when it is one spelling of each of consecutive units.
package struct RomanizedUnit: Hashable, Sendable {
  /// The characters covered: indices into the run of scalars the unit was made from
  /// (a half-open range, never empty).
  package var range: Range<Int>

  /// How the unit may be typed: distinct strings of lowercase ASCII letters and, for a few
  /// marks of a romanization, `'` or `"` (ン as `n'`, ь as `'`, ъ as `"`). `""` is allowed:
  /// the unit may be left out (a long vowel, a soft sign). Empty for a scalar the table does
  /// not know: no term spells through it.
  package var spellings: [String]

  /// A unit covering `range` typed as any of `spellings`.
  package init(range: Range<Int>, spellings: [String]) {
    self.range = range
    self.spellings = spellings
  }
}
