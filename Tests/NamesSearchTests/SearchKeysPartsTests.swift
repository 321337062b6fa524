import Testing

@testable import NamesSearch

/// `SearchKeys.folding` over a list large enough to be folded in parts on several threads
/// and copied together: every key must be its name folded alone, at its place.
@Suite("Search keys folded in parts")
struct SearchKeysPartsTests {
  /// `--fold cd`, and `--fold all` with punctuation dropped (a name's first key) and kept
  /// (the keys a term with punctuation is searched in).
  static let rules: [(MatchOptions, Bool)] = [
    (.containsCD, true), (.default, true), (.default, false),
  ]

  @Test(
    "120,000 names folded in parts give each name's own fold, in order",
    arguments: rules.indices)
  func partsJoined(rule: Int) {
    let (options, dropsPunctuation) = Self.rules[rule]
    let pieces = [
      "Anna", "Müller", "JOSÉ", "ŉ", "և", "김민준", "Straße", "x", " ", "ﬃ", "O’Brien", "Jean-Paul",
      "Łódź", "ｻﾄｳ",
    ]
    var builder = NameStore.Builder()
    var names: [String] = []
    for i in 0..<120_000 {
      let name = (0..<(i % 5 + 1)).map { pieces[(i * 7 + $0 * 3) % pieces.count] }.joined()
      names.append(name)
      builder.append(name)
    }
    let keys = SearchKeys(
      names: builder.build(), options: options, dropsPunctuation: dropsPunctuation)
    #expect(keys.count == names.count)
    let folder = TextFolder(options: options, dropsPunctuation: dropsPunctuation)
    var wrong = 0
    for (k, name) in names.enumerated() where Array(keys.key(k)) != folder.fold(name) {
      wrong += 1
    }
    #expect(wrong == 0)
    #expect(Int(keys.ends.last!) == keys.bytes.count)
  }
}
