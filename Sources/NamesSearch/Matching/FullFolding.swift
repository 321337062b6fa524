/// The folding `MatchOptions.Folding.all` adds to case and diacritics: `TextFolder`'s step 0,
/// applied to each scalar of the text before anything else, and its step 4, applied to
/// each scalar of the folded text.
///
/// Step 0 (`appendPrefold(of:to:)`):
/// - Width: full-width ASCII (U+FF01…U+FF5E) and U+3000 become the ordinary characters, and
///   the rest of the Halfwidth and Fullwidth Forms block (U+FF61…U+FFEE: half-width katakana
///   and Hangul, full-width symbols) takes its compatibility decomposition (`<narrow>` and
///   `<wide>`, Unicode UAX #15), so "ＵＳＢ" is "USB" and "ｻﾄｳ" is "サトウ"; a half-width
///   voiced mark becomes U+3099, so "ｶﾞ" is "ガ". (Hangul compatibility jamo stay: as
///   conjoining jamo, "ㅋㅋㅋ" would be one character. A reading term maps them instead:
///   `ReadingMatcher.readingTerm(_:)`.)
/// - Kana: hiragana (U+3041…U+3096, U+309D, U+309E) becomes the katakana 0x60 above it, so
///   "さとう" is "サトウ".
/// - Arabic: tatweel (U+0640) is dropped; with `ignoresDiacritics`, alef with madda or
///   hamza above or below and alef wasla (U+0622, U+0623, U+0625, U+0671…U+0673) are alef
///   (U+0627), as search engines fold them.
///
/// Step 4 (`appendPostfold(of:ignoresCase:ignoresDiacritics:dropsPunctuation:to:)`):
/// - Punctuation is made one: apostrophe and quote variants (’ ‘ ‛ ʼ ʻ ʹ ′ ´ `) are `'`,
///   hyphens and dashes (U+2010…U+2015, −, ﹘, ﹣) are `-`. Search keys are folded twice
///   for a name that has punctuation: once with it dropped (General_Category P*, and the
///   apostrophe variants above), the name's first key, and once with it kept, a further
///   key. A term is folded with punctuation kept: one without punctuation finds the first
///   key, so it may leave a name's punctuation out ("obrien" finds "O’Brien", "jeanpaul"
///   finds "Jean-Paul", "st john" finds "St. John"); one with punctuation finds the second
///   ("o'brien" finds "O’Brien", "-" finds "Jean-Paul").
/// - With `ignoresDiacritics`, a Latin letter that has no decomposition is spelled in
///   ASCII letters as ICU's Latin-ASCII transliterator spells it (Foundation's
///   `applyingTransform`, taken into `UnicodeMappings`'s tables): ø → o, æ → ae, œ → oe, ł → l, đ and ð → d, þ → th, ı → i, ŋ → n,
///   ħ → h; a letter it leaves outside ASCII (ə) stays. With `ignoresCase` the spelling is
///   lowercased: ICU spells small capitals in capitals (ʀ, the case folding of Ʀ, is "R").
///
/// Each rule maps one scalar alone, so folded text is still a concatenation of folded
/// characters (what `MatchHighlighter` relies on).
enum FullFolding {
  /// Whether the ASCII `byte` is punctuation to step 4: General_Category P* or the grave
  /// accent used as an apostrophe.
  @inline(__always)
  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    byte < 0x80 && (asciiPunctuation >> UInt128(byte)) & 1 != 0
  }

  /// Bit b set for the ASCII punctuation byte b: ! " # % & ' ( ) * , - . / : ; ? @ [ \ ] _
  /// ` { }.
  private static let asciiPunctuation: UInt128 = {
    var bits: UInt128 = 0
    for byte in Array("!\"#%&'()*,-./:;?@[\\]_`{}".utf8) { bits |= 1 << UInt128(byte) }
    return bits
  }()

  /// Bytes of `word` (read little-endian, eight bytes of text) that may be ASCII
  /// punctuation, as their top bits (0x80) set: each byte in 0x21…0x2F, 0x3A…0x40,
  /// 0x5B…0x60 or 0x7B…0x7E (a superset; `isASCIIPunctuation` decides). Right for every
  /// byte before the first byte of 0x80 or above (sums carry only toward later bytes, as in
  /// `lowercasedASCII(word:)`).
  @inline(__always)
  static func maybePunctuation(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    @inline(__always) func within(_ low: UInt64, _ high: UInt64) -> UInt64 {
      (word &+ (0x80 &- low) &* ones) & ~(word &+ (0x7F &- high) &* ones)
    }
    return (within(0x21, 0x2F) | within(0x3A, 0x40) | within(0x5B, 0x60) | within(0x7B, 0x7E))
      & 0x8080_8080_8080_8080
  }

  /// Step 4's form of the ASCII punctuation `byte`: nothing when dropping punctuation, else
  /// `'` for the grave accent and the byte itself for the rest.
  @inline(__always)
  static func postfoldASCIIPunctuation(_ byte: UInt8, dropsPunctuation: Bool) -> UInt8? {
    dropsPunctuation ? nil : byte == 0x60 ? 0x27 : byte
  }

  /// Appends step 0's form of `scalar` (itself when no rule applies).
  static func appendPrefold(
    of scalar: Unicode.Scalar, ignoresDiacritics: Bool, to out: inout [Unicode.Scalar]
  ) {
    let v = scalar.value
    switch v {
    case 0x3041...0x3096, 0x309D, 0x309E:
      out.append(Unicode.Scalar(v + 0x60)!)
    case 0x3000:
      out.append(" ")
    case 0xFF01...0xFF5E:
      out.append(Unicode.Scalar(v - 0xFEE0)!)
    case 0xFF61...0xFFEE:
      UnicodeMappings.appendCompatibilityDecomposition(of: scalar, to: &out)
    case 0x0640:
      break
    case _ where isAlefVariant(v):
      out.append(ignoresDiacritics ? "\u{0627}" : scalar)
    default:
      out.append(scalar)
    }
  }

  /// Whether step 0 makes `v` alef (with `ignoresDiacritics`): alef with madda or hamza
  /// above or below (U+0622, U+0623, U+0625) and alef wasla (U+0671…U+0673).
  @inline(__always)
  static func isAlefVariant(_ v: UInt32) -> Bool {
    v == 0x0622 || v == 0x0623 || v == 0x0625 || (v >= 0x0671 && v <= 0x0673)
  }

  /// Whether step 0 may change `scalar`: the ranges above.
  @inline(__always)
  static func prefoldApplies(to v: UInt32) -> Bool {
    (v >= 0x3000 && v <= 0x309E) || (v >= 0xFF01 && v <= 0xFFEE) || (v >= 0x0622 && v <= 0x0673)
  }

  /// Appends step 4's form of `scalar` (itself when no rule applies); whether punctuation
  /// was dropped.
  @discardableResult
  static func appendPostfold(
    of scalar: Unicode.Scalar, ignoresCase: Bool = false, ignoresDiacritics: Bool,
    dropsPunctuation: Bool, to out: inout [Unicode.Scalar]
  ) -> Bool {
    let v = scalar.value
    if v < 0x80 {
      guard isASCIIPunctuation(UInt8(v)) else {
        out.append(scalar)
        return false
      }
      guard let kept = postfoldASCIIPunctuation(UInt8(v), dropsPunctuation: dropsPunctuation)
      else { return true }
      out.append(Unicode.Scalar(kept))
      return false
    }
    switch v {
    case 0x2018, 0x2019, 0x201B, 0x02BC, 0x02BB, 0x02B9, 0x2032, 0x00B4:
      if !dropsPunctuation { out.append("'") }
      return dropsPunctuation
    case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63:
      if !dropsPunctuation { out.append("-") }
      return dropsPunctuation
    default:
      break
    }
    if isPunctuation(scalar) {
      if !dropsPunctuation { out.append(scalar) }
      return dropsPunctuation
    }
    if ignoresDiacritics, let ascii = latinASCII(of: scalar) {
      for letter in ascii.utf8 {
        out.append(Unicode.Scalar(ignoresCase ? lowercasedASCII(letter) : letter))
      }
      return false
    }
    out.append(scalar)
    return false
  }

  /// Whether `scalar` is punctuation: General_Category P*.
  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  /// The ASCII letters ICU's Latin-ASCII transliterator spells a Latin letter with, or nil
  /// when `scalar` is not such a letter or the transliterator leaves it outside ASCII.
  static func latinASCII(of scalar: Unicode.Scalar) -> String? {
    let v = scalar.value
    let latin =
      (0x00C0...0x024F).contains(v) || (0x0250...0x02AF).contains(v)
      || (0x1D00...0x1DBF).contains(v) || (0x1E00...0x1EFF).contains(v)
      || (0x2C60...0x2C7F).contains(v) || (0xA720...0xA7FF).contains(v)
      || (0xAB30...0xAB6F).contains(v)
    guard latin, scalar.properties.isAlphabetic else { return nil }
    return UnicodeMappings.latinASCII(of: scalar)
  }
}
