/// The locale whose alphabet orders section titles and files a flat list's names
/// (`--locale`): an ICU locale ID such as "sv", "sv_SE", "zh_CN" or "de@collation=phonebook",
/// opened once in the system ICU (Debian libicu-dev 72).
///
/// ```swift
/// let swedish = try SectionLocale("sv_SE")
/// swedish.sectionTitles   // ["A", "B", …, "Z", "Å", "Ä", "Ö"]
/// ```
///
/// No locale (`nil` where one is optional) is the root collation: `SectionOrder` and
/// `FirstLetterSections`, as before locales existed. An ID ICU knows the language of but not
/// the rest ("sv_FI", "de_XX") falls back as ICU does (to "sv", "de"); an ID whose language
/// ICU has no collation for ("xx_YY", "tlh") is refused rather than silently sorted as root.
/// English ("en", "en_US") uses the root collation, which is English's.
///
/// Two locales are equal when their identifiers are: the identifier is part of the index
/// cache's identity (`LoadOptions.locale`).
public struct SectionLocale: Sendable, Hashable, CustomStringConvertible {
  /// The ICU locale ID as given.
  public let identifier: String
  /// The opened index and collator.
  let index: ICUAlphabeticIndex

  /// Why a locale cannot be used.
  public struct Unknown: Error, Sendable, Equatable {
    /// The identifier given.
    public var identifier: String
    /// One line: why ("ICU has no collation for the language 'xx'").
    public var reason: String
  }

  /// Opens the locale `identifier` (ICU syntax: language, then optional script, region and
  /// variant separated by "_" or "-", then optional "@key=value" keywords).
  ///
  /// - Throws: `Unknown` when the identifier is empty, longer than 100 bytes, holds
  ///   characters other than ASCII letters, digits, "_", "-", "@", "=", ";" and ".", or
  ///   names a language ICU has no collation for.
  /// - Complexity: ICU loads the locale's collation and index data: about a millisecond.
  public init(_ identifier: String) throws(Unknown) {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-@=;.".utf8)
    if identifier.isEmpty {
      throw Unknown(identifier: identifier, reason: "the value is empty")
    }
    if identifier.utf8.count > 100 {
      throw Unknown(identifier: identifier, reason: "longer than 100 bytes")
    }
    if let bad = identifier.unicodeScalars.first(where: {
      !$0.isASCII || !allowed.contains(UInt8($0.value))
    }) {
      // A printable ASCII character as itself, any other by its code point.
      let hex = String(bad.value, radix: 16, uppercase: true)
      let shown =
        (0x21...0x7E).contains(bad.value)
        ? "\"\(bad)\"" : "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      throw Unknown(identifier: identifier, reason: "\(shown) cannot be part of a locale ID")
    }
    do {
      index = try ICUAlphabeticIndex(identifier)
    } catch {
      throw Unknown(identifier: identifier, reason: error.reason)
    }
    self.identifier = identifier
  }

  /// The identifier.
  public var description: String { identifier }

  /// The IDs of the locales the system ICU has a collation for ("af", "ar", …, "sv",
  /// "zh_Hant", …), in ICU's order (`ucol_getAvailable`), as shell completion offers them.
  /// Every one opens with `init(_:)`. O(number of locales, about 100): ICU's list, read each
  /// time.
  public static var availableIdentifiers: [String] {
    ICUAlphabeticIndex.availableLocales
  }

  /// The titles of the locale's alphabetic index, in its order: the letters ICU's
  /// AlphabeticIndex labels its buckets with (A … Z Å Ä Ö for Swedish, あ か さ … for
  /// Japanese), without the underflow and overflow buckets ("…"), which sections title "#".
  public var sectionTitles: [String] {
    zip(index.labels, index.kinds).filter { $0.1 == .normal }.map(\.0)
  }

  /// Where a title goes among the index's buckets: a label's own bucket, the bucket a
  /// title starting with a letter falls in, or `nil` for any other title ("#", "0").
  ///
  /// - Complexity: O(log b) collations for b buckets.
  func rank(ofTitle title: String) -> Int? {
    if let bucket = index.labelBuckets[title] { return bucket }
    guard title.first?.isLetter ?? false else { return nil }
    var title = title
    return title.withUTF8 { index.bucket(of: $0) }
  }

  /// The language subtag, lower case ("sv" for "sv_SE", "zh" for "zh-Hant-TW").
  public var language: String {
    String(identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" && $0 != "." }).lowercased()
  }

  public static func == (a: SectionLocale, b: SectionLocale) -> Bool {
    a.identifier == b.identifier
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
