/// The words of a name as its sounds-like codes read them (`PhoneticCode`): runs of
/// letters, anything else between them (white space, hyphens, digits, dots) ending a
/// word, apostrophes (every character `--fold all` makes "'", `FullFolding`) left out
/// ("O’Brien" is one word, OBRIEN; "Anne-Marie" is two).
///
/// Each word is folded as `--fold all` folds it (case, diacritics, Latin letters without a
/// decomposition: "Łukasz" is LUKASZ, "Ørsted" ORSTED, "Strauß" STRAUSS); a word that does
/// not fold to the letters A–Z alone (Cyrillic, Greek, Han, kana) has no letters and so no
/// code.
///
/// ```swift
/// PhoneticWords.letters(in: "Anne-Marie O’Brien")   // ["ANNE", "MARIE", "OBRIEN"]
/// ```
///
/// Not `Sendable`: it owns a `TextFolder`; give each thread its own.
///
/// - Complexity: O(n) in the name's length; a name of ASCII characters is read a byte at a
///   time without folding.
public struct PhoneticWords {
  private let folder = TextFolder(options: .default, dropsPunctuation: false)
  private var letters: [UInt8] = []

  /// A reader of words.
  public init() { letters.reserveCapacity(64) }

  /// The letters (upper-case A–Z) of each word of `name` that has a code, in order.
  public static func letters(in name: String) -> [String] {
    var out: [String] = []
    var words = PhoneticWords()
    var name = name
    name.withUTF8 { utf8 in
      words.forEachCodableWord(in: utf8) { out.append(String(decoding: $0, as: UTF8.self)) }
    }
    return out
  }

  /// The upper-case letter of `byte` when it is an ASCII letter, else `nil`.
  @inline(__always)
  static func upperLetter(_ byte: UInt8) -> UInt8? {
    let upper = byte & 0xDF
    return upper >= 0x41 && upper <= 0x5A && byte < 0x80 ? upper : nil
  }

  /// The letters A–Z of `word` (upper-cased), anything else left out.
  static func upperLetters(of word: some StringProtocol) -> [UInt8] {
    word.utf8.compactMap(upperLetter)
  }

  /// What a folded scalar is to a word.
  enum Part {
    /// A letter A–Z (its upper-case byte).
    case letter(UInt8)
    /// Left out (an apostrophe).
    case skipped
    /// A letter (or mark) that is not A–Z: the word has no code.
    case otherLetter
    /// Anything else: it ends the word.
    case separator
  }

  /// What the folded scalar `scalar` is to a word.
  static func part(_ scalar: Unicode.Scalar) -> Part {
    let value = scalar.value
    if value < 0x80 {
      if let upper = upperLetter(UInt8(value)) { return .letter(upper) }
      // `--fold all` makes every apostrophe and the grave accent "'" (`FullFolding`).
      return value == 0x27 ? .skipped : .separator
    }
    let properties = scalar.properties
    if properties.isAlphabetic { return .otherLetter }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return .otherLetter
    default: return .separator
    }
  }

  /// Calls `body` with the letters (upper-case A–Z) of each word of the name `utf8` that
  /// has a code, in order.
  mutating func forEachCodableWord(
    in utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var isASCII = true
    for byte in utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    letters.removeAll(keepingCapacity: true)
    if isASCII {
      // Unfolded: "'" and "`" (which `--fold all` makes "'") are left out.
      for byte in utf8 {
        if let upper = Self.upperLetter(byte) {
          letters.append(upper)
        } else if byte != 0x27 && byte != 0x60 && !letters.isEmpty {
          letters.withUnsafeBufferPointer(body)
          letters.removeAll(keepingCapacity: true)
        }
      }
      if !letters.isEmpty { letters.withUnsafeBufferPointer(body) }
      return
    }
    var folded = GrowableArray<UInt8>(capacity: utf8.count + 8)
    folder.append(utf8: utf8, to: &folded)
    var codable = true
    func finish() {
      if codable && !letters.isEmpty { letters.withUnsafeBufferPointer(body) }
      letters.removeAll(keepingCapacity: true)
      codable = true
    }
    for scalar in String(decoding: folded.buffer, as: UTF8.self).unicodeScalars {
      switch Self.part(scalar) {
      case .letter(let upper): letters.append(upper)
      case .skipped: break
      case .otherLetter: codable = false
      case .separator: finish()
      }
    }
    finish()
  }

  /// Calls `body` with each word of `text` (its range; apostrophes inside it included) and
  /// its letters (upper-case A–Z), or `nil` when it does not fold to A–Z alone. Each
  /// character is folded alone, so a word is what `forEachCodableWord(in:_:)` finds in the
  /// whole name's fold but for folding that looks across characters.
  ///
  /// - Complexity: O(n) in the text's length.
  func forEachWord(in text: Substring, _ body: (Range<String.Index>, [UInt8]?) -> Void) {
    var start: String.Index?
    var word: [UInt8] = []
    var codable = true
    func finish(at end: String.Index) {
      guard let begin = start else { return }
      body(begin..<end, codable && !word.isEmpty ? word : nil)
      start = nil
      word = []
      codable = true
    }
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      var ends = false
      for scalar in String(decoding: folder.fold(String(text[index..<next])), as: UTF8.self)
        .unicodeScalars
      {
        switch Self.part(scalar) {
        case .letter(let upper):
          if start == nil { start = index }
          word.append(upper)
        case .skipped: break
        case .otherLetter:
          if start == nil { start = index }
          codable = false
        case .separator: ends = true
        }
      }
      if ends { finish(at: index) }
      index = next
    }
    finish(at: text.endIndex)
  }

  /// Whether a word of `text` that `word` compares with
  /// (`QueryExpression.Word.comparedWords(_:)`: the first for `^`, the last for `$`) has
  /// one of `codes` (`PhoneticCode`).
  func comparedWordSounds(
    like codes: [UInt64], by word: QueryExpression.Word, in utf8: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var words: [[UInt8]?] = []
    forEachWord(in: String(decoding: utf8, as: UTF8.self)[...]) { _, letters in
      words.append(letters)
    }
    return word.comparedWords(words).contains { letters in
      guard let letters else { return false }
      let own = letters.withUnsafeBufferPointer { PhoneticCode.codes(ofLetters: $0) }
      return own.contains { codes.contains($0) }
    }
  }
}
