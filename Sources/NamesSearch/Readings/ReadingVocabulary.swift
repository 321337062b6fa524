import Synchronization

/// Every spelling a reading unit may be typed as, numbered: the pinyin syllables of Han
/// characters, the romaji of kana, the jamo of Hangul syllables, the romanizations of
/// Cyrillic and Greek letters, and the letters of mixed-script names as themselves.
///
/// A spelling is interned the first time a name needs it, so a list's reading keys hold
/// 32-bit numbers, not text, and a query compares its term with each distinct spelling once
/// (`ReadingMatcher`). Numbers are stable for the life of the process; a `ReadingCache` file
/// keeps the spellings its keys number, and the process that reads it adopts them.
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
    /// The number of each spelling; `nil` after `adopt(_:)` until a spelling is interned.
    var numbers: [Spelling: UInt32]? = [:]
    var spellings: [Spelling] = []
  }

  private let state = Mutex(State())

  /// The number of `spelling`, interning it if new.
  ///
  /// - Complexity: O(length) amortized, under a lock; O(v) in the vocabulary the first time
  ///   after `adopt(_:)`.
  package func number(of spelling: Spelling) -> UInt32 {
    state.withLock { state in
      if state.numbers == nil {
        var numbers: [Spelling: UInt32] = [:]
        numbers.reserveCapacity(state.spellings.count)
        for (number, known) in state.spellings.enumerated() { numbers[known] = UInt32(number) }
        state.numbers = numbers
      }
      if let number = state.numbers![spelling] { return number }
      let number = UInt32(state.spellings.count)
      precondition(number < ReadingKeys.barrier, "too many distinct spellings")
      state.numbers![spelling] = number
      state.spellings.append(spelling)
      return number
    }
  }

  /// Takes in the spellings another process numbered (`ReadingCache`), and says what each of
  /// their numbers is here: `nil` when it is the same number (this vocabulary was empty, or
  /// already began with exactly these spellings, as in a process that reads one cache file),
  /// else the number of each.
  ///
  /// - Complexity: O(1) into an empty vocabulary (its numbers are indexed on the next
  ///   `number(of:)`), else O(v) in the spellings' total length.
  @discardableResult
  package func adopt(_ spellings: [Spelling]) -> [UInt32]? {
    let prefixMatches = state.withLock { state -> Bool in
      if state.spellings.isEmpty {
        state.spellings = spellings
        state.numbers = nil
        return true
      }
      return state.spellings.count >= spellings.count
        && state.spellings[..<spellings.count].elementsEqual(spellings)
    }
    if prefixMatches { return nil }
    return spellings.map { number(of: $0) }
  }

  /// Every spelling interned so far, indexed by number.
  ///
  /// - Complexity: O(1) (the array is shared, copied on the next intern).
  package var spellings: [Spelling] {
    state.withLock { $0.spellings }
  }
}
