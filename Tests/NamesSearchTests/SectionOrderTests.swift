import Testing

@testable import NamesSearch

@Suite("SectionOrder")
struct SectionOrderTests {
  @Test("letters by collation first, then the rest by code point")
  func order() {
    let titles = ["b", "#", "Ä", "A", "0", "a", "", "Å", "…", "Z", "ä"]
    // By hand: a < A (case is tertiary, lowercase first), Å, ä, Ä (accents secondary),
    // then b, Z; then "" < "#" (U+23) < "0" (U+30) < "…" (U+2026).
    #expect(
      SectionOrder.sorted(titles) == ["a", "A", "Å", "ä", "Ä", "b", "Z", "", "#", "0", "…"])
  }

  @Test("titles are never merged: A, Å and Ä stay three sections")
  func neverMerged() {
    let catalog = Catalog(sections: [
      Section(title: "Ä", names: ["Äbel"]), Section(title: "A", names: ["Abel"]),
      Section(title: "Å", names: ["Åsa"]),
    ])
    #expect(catalog.titles == ["A", "Å", "Ä"])
    #expect(Searcher().search(Query(term: "a"), in: catalog).index == ["A", "Å", "Ä"])
  }

  /// Foundation's `compare(_:options:range:locale:)` on Linux answered "before" for both
  /// orders of such a pair when the texts were about 65 characters or longer (at 55 and 63
  /// b's after the accent, among others), so a sort's result depended on the order it
  /// compared in.
  @Test("long titles that differ by one accent are ordered one way, whatever their length")
  func longTitlesOneWay() {
    for length in 0..<160 {
      let tail = String(repeating: "b", count: length)
      let plain = "bbbbbbbbba" + tail
      let accented = "bbbbbbbbbä" + tail
      // By hand: the accent is a secondary difference, a before ä (UCA), at every length.
      #expect(SectionOrder.areInIncreasingOrder(plain, accented), "\(length)")
      #expect(!SectionOrder.areInIncreasingOrder(accented, plain), "\(length)")
    }
  }

  @Test("made sections order long names that differ by accents and case as by hand")
  func longNamesInMadeSections() {
    let stem = "B" + String(repeating: "b", count: 8)
    let tail = String(repeating: "b", count: 55)
    // By hand: a < A (case, tertiary) < ä < Ä (accent, secondary), then the shorter name
    // first among names equal up to its end; file order shuffled.
    let expected = ["a", "a" + tail, "A" + tail, "ä" + tail, "Ä" + tail].map { stem + $0 }
    for rotation in 0..<expected.count {
      let names = Array(expected[rotation...] + expected[..<rotation]).reversed()
      let sections = FirstLetterSections().sections(of: NameStore(Array(names)))
      #expect(sections.map(\.title) == ["B"])
      #expect(sections.first?.members.map { Array(names)[$0] } == expected)
    }
  }

  @Test("titles of one ASCII letter are ordered as the system ICU's root sort keys order them")
  func asciiLetters() throws {
    let root = try ICUAlphabeticIndex("root")
    let letters = (0x41...0x5A).flatMap { [$0, $0 | 0x20] }.map { String(UnicodeScalar(UInt8($0))) }
    // Beside them: titles that take the collator (two letters, an accented letter).
    let titles = letters + ["Aa", "ab", "Å", "ä", "Zz"]
    func key(_ title: String) -> [UInt8] {
      Array(title.utf8).withUnsafeBufferPointer { root.sortKey(of: $0) }
    }
    for a in titles {
      for b in titles {
        let expected = key(a) != key(b) ? key(a).lexicographicallyPrecedes(key(b)) : false
        #expect(SectionOrder.areInIncreasingOrder(a, b) == expected, "\(a) \(b)")
      }
    }
  }

  @Test("names written two canonically equivalent ways sort together, in scalar order")
  func canonicalEquivalents() {
    // "Bậc" precomposed (U+1EAD), the same with its marks typed circumflex first (not in
    // canonical order), and "Bạc". By hand (UTS #10: both spellings normalize to a + U+0323
    // + U+0302 and compare equal): "Bạc" first (its next secondary weight is c's common one,
    // below the circumflex's), then the two spellings of "Bậc", which tie and are ordered
    // by their scalars (a, U+0061, before U+1EAD).
    let precomposed = "B\u{1EAD}c"
    let marksSwapped = "Ba\u{0302}\u{0323}c"
    let dotBelow = "B\u{1EA1}c"
    #expect(
      SectionOrder.sorted([precomposed, marksSwapped, dotBelow]) == [
        dotBelow, marksSwapped, precomposed,
      ])
    for rotation in 0..<3 {
      let names = Array(
        ([precomposed, marksSwapped, dotBelow] + [precomposed, marksSwapped])[
          rotation..<rotation + 3])
      let sections = FirstLetterSections().sections(of: NameStore(names))
      #expect(sections.first?.members.map { names[$0] } == [dotBelow, marksSwapped, precomposed])
    }
  }

  @Test("a name's first character is classed alike however its marks are typed")
  func firstCharacterCanonically() {
    // U+0345 (Alphabetic) and U+0327 (not) typed in both orders are one character to
    // Swift's equality. By hand: both decompose (NFD) to U+0327 U+0345, not a letter, so
    // both names go under "#" in scalar order, U+0327 (CC A7) before U+0345 (CD 85),
    // whichever the file lists first.
    let a = "\u{345}\u{327}a"
    let b = "\u{327}\u{345}b"
    for names in [[a, b], [b, a]] {
      let sections = FirstLetterSections().sections(of: NameStore(names))
      #expect(sections.map(\.title) == ["#"])
      #expect(sections.first?.members.map { names[$0] } == [b, a])
    }
    #expect(!SectionOrder.isLetter(a.first!) && !SectionOrder.isLetter(b.first!))
    #expect(SectionOrder.isLetter("\u{1EAD}") && SectionOrder.isLetter("e\u{301}"))
    #expect(!SectionOrder.isLetter("1") && !SectionOrder.isLetter("#"))
    // Starters with a canonical decomposition, by hand: letters (Å as U+212B, Ω as U+2126,
    // a Hangul syllable) and not (the Greek question mark U+037E, which decomposes to ";").
    for letter in ["\u{212B}", "\u{2126}", "\u{AC00}", "\u{C5}", "A\u{30A}"] {
      #expect(SectionOrder.isLetter(Character(letter)), "\(letter)")
    }
    #expect(!SectionOrder.isLetter("\u{37E}") && !SectionOrder.isLetter("\u{2001}"))
  }
}
