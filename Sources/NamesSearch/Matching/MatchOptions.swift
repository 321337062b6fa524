/// Which differences a match ignores, like NSPredicate's `[c]` and `[d]` flags, and how far
/// folding and readings go beyond them.
///
/// The default ignores case and diacritics, folds everything `Folding.all` names and uses
/// readings: "jose" finds "José", "lodz" finds "Łódź", "obrien" finds "O’Brien" and
/// "zhangsan" finds "张三". `MatchOptions(folding: .cd)` is `CONTAINS[cd]` exactly.
public struct MatchOptions: Sendable, Hashable {
  /// How far folding goes beyond case and diacritics.
  public enum Folding: String, Sendable, Hashable, CaseIterable {
    /// Case and diacritics only, as Foundation's `CONTAINS[cd]` (`--fold cd`).
    case cd
    /// Also letters without a decomposition to their base letters (ø → o, æ → ae, ł → l,
    /// þ → th: ICU's Latin-ASCII transliterator), Arabic alef variants to alef and tatweel
    /// dropped, full- and half-width forms to the ordinary ones (Unicode's `<wide>` and
    /// `<narrow>` decompositions), hiragana to katakana, and punctuation dropped, so that
    /// "obrien" finds "O’Brien" and "jeanpaul" finds "Jean-Paul" (`--fold all`). The rule is
    /// `TextFolder`'s steps 0 and 4.
    case all
  }

  /// Ignore case: compare under Unicode full case folding (CaseFolding.txt, status C and F),
  /// so "ANN" finds "Ann" and "strasse" finds "Straße".
  public var ignoresCase: Bool
  /// Ignore diacritics: after canonical decomposition, drop every Grapheme_Extend scalar
  /// (combining marks, variation selectors, ZERO WIDTH NON-JOINER) on any script, except a
  /// mark that canonical composition merges into a letter at or above U+0510; so "jose"
  /// finds "José" and "محمد" finds "مُحَمَّد", but "か" does not find "が". The exact rule
  /// is `TextFolder`'s step 2.
  public var ignoresDiacritics: Bool
  /// How far folding goes beyond case and diacritics.
  public var folding: Folding
  /// Whether a term also finds names by their readings (pinyin of Han characters, romaji of
  /// kana, initial consonants of Hangul, romanized Cyrillic and Greek; see
  /// `ReadingMatcher`). Readings apply with `Folding.all` only.
  public var usesReadings: Bool

  /// Creates match options; case and diacritics are ignored, folding is `.all` and
  /// readings are used unless told otherwise.
  public init(
    ignoresCase: Bool = true, ignoresDiacritics: Bool = true, folding: Folding = .all,
    usesReadings: Bool = true
  ) {
    self.ignoresCase = ignoresCase
    self.ignoresDiacritics = ignoresDiacritics
    self.folding = folding
    self.usesReadings = usesReadings
  }

  /// Ignore case and diacritics, fold everything, use readings.
  public static let `default` = MatchOptions()

  /// `CONTAINS[cd]` exactly: case and diacritics ignored, nothing more.
  public static let containsCD = MatchOptions(folding: .cd, usesReadings: false)

  /// Whether the search keys fold with `Folding.all`.
  var foldsAll: Bool { folding == .all }

  /// Whether readings are searched: `usesReadings` under `Folding.all`.
  public var searchesReadings: Bool { usesReadings && folding == .all }

  /// The options the search keys are folded with: these without `usesReadings`, which
  /// changes no key.
  var keyOptions: MatchOptions {
    var options = self
    options.usesReadings = true
    return options
  }
}
