/// The words of a name as its sounds-like codes read them (`PhoneticCode`): runs of
/// letters, anything else between them (white space, hyphens, digits, dots) ending a
/// word, apostrophes left out ("O’Brien" is one word, OBRIEN; "Anne-Marie" is two).
///
/// Each word is folded as `--fold all` folds it (case, diacritics, Latin letters without a
/// decomposition: "Łukasz" is LUKASZ, "Ørsted" ORSTED, "Strauß" STRAUSS); a word that does
/// not fold to the letters A–Z (Cyrillic, Greek, Han, kana) has no letters and so no code.
///
/// ```swift
/// PhoneticWords.letters(in: "Anne-Marie O’Brien")   // ["ANNE", "MARIE", "OBRIEN"]
/// ```
///
/// - Complexity: O(n) in the name's length; a name of ASCII characters is read a byte at a
///   time without finding character boundaries.
public enum PhoneticWords {
  /// The apostrophes left out of a word: `'` and the marks people type for it (the same
  /// set `--fold all` makes one, `FullFolding`).
  static let apostrophes: Set<Unicode.Scalar> = [
    "'", "\u{2019}", "\u{2018}", "\u{02BC}", "\u{02BB}", "\u{2032}", "\u{00B4}",
  ]

  /// The letters (upper-case A–Z) of each word of `name` that has a code, in order.
  public static func letters(in name: String) -> [String] {
    var out: [String] = []
    var name = name
    name.withUTF8 { utf8 in
      forEachCodableWord(in: utf8) { out.append(String(decoding: $0, as: UTF8.self)) }
    }
    return out
  }

  /// Calls `body` with the letters (upper-case A–Z) of each word of the name `utf8` that
  /// has a code, in order.
  static func forEachCodableWord(
    in utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var isASCII = true
    for byte in utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    var letters: [UInt8] = []
    letters.reserveCapacity(32)
    if isASCII {
      for byte in utf8 {
        let upper = byte & 0xDF
        if upper >= 0x41 && upper <= 0x5A {
          letters.append(upper)
        } else if byte != 0x27 && !letters.isEmpty {
          letters.withUnsafeBufferPointer(body)
          letters.removeAll(keepingCapacity: true)
        }
      }
      if !letters.isEmpty { letters.withUnsafeBufferPointer(body) }
      return
    }
    let text = String(decoding: utf8, as: UTF8.self)
    forEachWord(in: text[...]) { _, word in
      if let word { word.withUnsafeBufferPointer(body) }
    }
  }

  /// Calls `body` with each word of `text` (its range; apostrophes inside it included) and
  /// its letters (upper-case A–Z), or `nil` when it does not fold to A–Z.
  ///
  /// - Complexity: O(n) in the text's length.
  static func forEachWord(
    in text: Substring, _ body: (Range<String.Index>, [UInt8]?) -> Void
  ) {
    let folder = TextFolder(options: .default, dropsPunctuation: false)
    var start: String.Index?
    var word = ""
    func finish(at end: String.Index) {
      guard let begin = start else { return }
      start = nil
      let folded = folder.fold(word)
      word = ""
      var letters: [UInt8]? = []
      for byte in folded {
        let upper = byte & 0xDF
        if upper >= 0x41 && upper <= 0x5A, byte < 0x80 {
          letters!.append(upper)
        } else if !(byte == 0x27) {
          letters = nil
          break
        }
      }
      if letters?.isEmpty == true { letters = nil }
      body(begin..<end, letters)
    }
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character.unicodeScalars.count == 1, apostrophes.contains(character.unicodeScalars.first!)
      {
        // Left out, inside a word or not.
      } else if character.isLetter {
        if start == nil { start = index }
        word.append(character)
      } else {
        finish(at: index)
      }
      index = next
    }
    finish(at: text.endIndex)
  }

  /// Whether the first word of the name `utf8` (`atStart`), its last (`atEnd`), or, for
  /// both, its only word, has one of `codes` (`PhoneticCode`).
  static func anchoredWordSounds(
    like codes: [UInt64], in utf8: UnsafeBufferPointer<UInt8>, atStart: Bool, atEnd: Bool
  ) -> Bool {
    var words: [[UInt8]?] = []
    forEachWord(in: String(decoding: utf8, as: UTF8.self)[...]) { _, letters in
      words.append(letters)
    }
    if atStart && atEnd && words.count != 1 { return false }
    guard let chosen = atStart ? words.first : words.last, let letters = chosen else {
      return false
    }
    let own = letters.withUnsafeBufferPointer { PhoneticCode.codes(ofLetters: $0) }
    return own.contains { codes.contains($0) }
  }
}
