import Synchronization

/// Every spelling a reading unit may be typed as, numbered: the pinyin syllables of Han
/// characters, the romaji of kana, the jamo of Hangul syllables, the romanizations of
/// Cyrillic and Greek letters, and the letters of mixed-script names as themselves.
///
/// A spelling is interned the first time a name needs it, so a list's reading keys hold
/// 32-bit numbers, not text, and a query compares its term with each distinct spelling once
/// (`ReadingMatcher`). Numbers are stable for the life of the process, not stored anywhere.
///
/// Thread-safe; a builder keeps its own cache in front of it (`ReadingUnitBuilder`).
package final class ReadingVocabulary: Sendable {
  /// One way a unit may be typed.
  package struct Spelling: Sendable, Hashable {
    /// The spelling's scalars: lowercase ASCII letters and digits, or conjoining Hangul jamo
    /// (U+1100…U+11FF). May be empty (a long vowel that is often not written).
    package var text: [UInt32]
    /// The lengths of the prefixes of `text` that may stand for the whole unit ("z" and
    /// "zh" for "zhang"; the initial consonant of a Hangul syllable), ascending; empty when
    /// the unit must be typed in full (the last unit of a term may always be unfinished).
    package var abbreviations: [UInt8]
    /// Whether the spelling may only continue a match, never start one: a long vowel
    /// written "h" or left out ("satoh" and "sato" for サトウ, but "htaro" does not find
    /// サトウ タロウ).
    package var continuesOnly: Bool

    /// Creates a spelling.
    package init(text: [UInt32], abbreviations: [UInt8] = [], continuesOnly: Bool = false) {
      self.text = text
      self.abbreviations = abbreviations
      self.continuesOnly = continuesOnly
    }

    /// A spelling of ASCII text.
    package init(_ ascii: String, abbreviations: [UInt8] = [], continuesOnly: Bool = false) {
      self.init(
        text: ascii.unicodeScalars.map(\.value), abbreviations: abbreviations,
        continuesOnly: continuesOnly)
    }
  }

  /// The vocabulary every list shares.
  package static let shared = ReadingVocabulary()

  private struct State {
    var numbers: [Spelling: UInt32] = [:]
    var spellings: [Spelling] = []
  }

  private let state = Mutex(State())

  /// The number of `spelling`, interning it if new.
  ///
  /// - Complexity: O(length) amortized, under a lock.
  package func number(of spelling: Spelling) -> UInt32 {
    state.withLock { state in
      if let number = state.numbers[spelling] { return number }
      let number = UInt32(state.spellings.count)
      precondition(number < ReadingKeys.barrier, "too many distinct spellings")
      state.numbers[spelling] = number
      state.spellings.append(spelling)
      return number
    }
  }

  /// Every spelling interned so far, indexed by number.
  ///
  /// - Complexity: O(1) (the array is shared, copied on the next intern).
  package var spellings: [Spelling] {
    state.withLock { $0.spellings }
  }
}
