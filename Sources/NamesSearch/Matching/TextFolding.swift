import Foundation

/// Folds text into a search key: the UTF-8 bytes that names and terms are compared by.
///
/// ```swift
/// let folder = TextFolder(options: .default)
/// folder.fold("Jose\u{301}") == Array("jose".utf8)   // true
/// folder.fold("Straße") == Array("strasse".utf8)     // true
/// ```
///
/// The rule, applied to the whole text:
/// 1. Canonical decomposition and canonical ordering (NFD, Unicode UAX #15), so spellings
///    that are canonically equivalent ("Müller" precomposed or with U+0308) fold alike.
/// 2. With `ignoresDiacritics`: every Grapheme_Extend scalar (combining marks, variation
///    selectors) whose base letter is below U+0510 (Latin, Greek, Cyrillic) is dropped, as
///    Foundation's `.diacriticInsensitive` does. Marks on other scripts (kana dakuten,
///    Devanagari vowel signs) are kept: "が" is not "か". Letters with no decomposition
///    (ø, æ, ł, đ) are kept, as in Foundation.
/// 3. With `ignoresCase`: Unicode full case folding per scalar (CaseFolding.txt C + F, so
///    ß → ss, ﬁ → fi, ς → σ), then NFD again (canonical caseless match, Unicode §3.13 D145).
///    No Turkic special case: "I" folds to "i", "ı" stays.
///
/// ASCII text takes a fast path (bytes lowercased in place). Non-ASCII scalars are mapped
/// through tables filled on first use from Foundation's `decomposedStringWithCanonicalMapping`
/// and `folding(options: .caseInsensitive)`, so a million names cost one lookup per scalar.
///
/// A `TextFolder` is not `Sendable`: it owns its tables. Give each thread its own.
public struct TextFolder {
  /// The differences this folder removes.
  public let options: MatchOptions
  private let tables = ScalarTables()

  /// Creates a folder for `options`.
  public init(options: MatchOptions = .default) {
    self.options = options
  }

  /// The folded UTF-8 of `text`.
  ///
  /// - Complexity: O(n) where n is the UTF-8 length of `text`.
  public func fold(_ text: String) -> [UInt8] {
    var key: [UInt8] = []
    append(text, to: &key)
    return key
  }

  /// The folded text as a `String` (for display and tests).
  public func foldedString(_ text: String) -> String {
    String(decoding: fold(text), as: UTF8.self)
  }

  /// Appends the folded UTF-8 of `text` to `key`.
  ///
  /// - Complexity: O(n) where n is the UTF-8 length of `text`, amortized.
  public func append(_ text: String, to key: inout [UInt8]) {
    var text = text
    text.withUTF8 { append(utf8: $0, to: &key) }
  }

  /// Appends the folded form of the valid UTF-8 `utf8` to `key`.
  ///
  /// - Complexity: O(n) where n is `utf8.count`, amortized.
  public func append(utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
    var high: UInt8 = 0
    for byte in utf8 { high |= byte }
    guard high >= 0x80 else {
      if options.ignoresCase {
        for byte in utf8 { key.append(byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)) }
      } else {
        key.append(contentsOf: utf8)
      }
      return
    }
    appendUnicode(String(decoding: utf8, as: UTF8.self), to: &key)
  }

  private func appendUnicode(_ text: String, to key: inout [UInt8]) {
    var scalars = tables.takeScratch()
    defer { tables.returnScratch(scalars) }
    for scalar in text.unicodeScalars {
      tables.appendDecomposition(of: scalar, to: &scalars)
    }
    Self.putInCanonicalOrder(&scalars)
    if options.ignoresDiacritics {
      Self.dropDiacritics(&scalars)
    }
    if options.ignoresCase {
      var folded = tables.takeScratch()
      for scalar in scalars { tables.appendCaseFolding(of: scalar, to: &folded) }
      Self.putInCanonicalOrder(&folded)
      swap(&scalars, &folded)
      tables.returnScratch(folded)
    }
    for scalar in scalars {
      key.append(contentsOf: UTF8.encode(scalar)!)
    }
  }

  /// Canonical ordering (UAX #15): stable sort of each run of non-starters by combining class.
  static func putInCanonicalOrder(_ scalars: inout [Unicode.Scalar]) {
    guard scalars.count > 1 else { return }
    for i in 1..<scalars.count {
      let ccc = scalars[i].properties.canonicalCombiningClass.rawValue
      guard ccc != 0 else { continue }
      var j = i
      while j > 0 {
        let before = scalars[j - 1].properties.canonicalCombiningClass.rawValue
        guard before > ccc else { break }
        scalars.swapAt(j - 1, j)
        j -= 1
      }
    }
  }

  /// Drops Grapheme_Extend scalars that follow a base below U+0510, or no base at all.
  static func dropDiacritics(_ scalars: inout [Unicode.Scalar]) {
    var base: UInt32 = 0
    var kept = 0
    for scalar in scalars {
      if scalar.properties.isGraphemeExtend {
        if base < 0x0510 { continue }
      } else if scalar.properties.canonicalCombiningClass.rawValue == 0 {
        base = scalar.value
      }
      scalars[kept] = scalar
      kept += 1
    }
    scalars.removeLast(scalars.count - kept)
  }
}

/// Per-scalar decomposition and case-folding tables, filled on first use.
private final class ScalarTables {
  private var decompositions: [UInt32: [Unicode.Scalar]] = [:]
  private var caseFoldings: [UInt32: [Unicode.Scalar]] = [:]
  private var scratch: [[Unicode.Scalar]] = []

  func takeScratch() -> [Unicode.Scalar] {
    var buffer = scratch.popLast() ?? []
    buffer.removeAll(keepingCapacity: true)
    return buffer
  }

  func returnScratch(_ buffer: [Unicode.Scalar]) {
    scratch.append(buffer)
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
    let decomposed = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
    decompositions[scalar.value] = decomposed
    out.append(contentsOf: decomposed)
  }

  /// Appends the NFD of the full case folding of `scalar`.
  func appendCaseFolding(of scalar: Unicode.Scalar, to out: inout [Unicode.Scalar]) {
    if scalar.value < 0x80 {
      let v = scalar.value
      out.append(v &- 0x41 < 26 ? Unicode.Scalar(UInt8(v + 0x20)) : scalar)
      return
    }
    if let known = caseFoldings[scalar.value] {
      out.append(contentsOf: known)
      return
    }
    let folded = String(scalar).folding(options: .caseInsensitive, locale: nil)
    let result = Array(folded.decomposedStringWithCanonicalMapping.unicodeScalars)
    caseFoldings[scalar.value] = result
    out.append(contentsOf: result)
  }
}
