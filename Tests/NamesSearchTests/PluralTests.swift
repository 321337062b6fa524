import Testing

@testable import NamesSearch

/// Counts with their nouns, and the library's messages that carry a count; expected texts
/// written by hand.
@Suite("Plural")
struct PluralTests {
  @Test("one is singular; zero, two and more are plural")
  func counted() {
    #expect(Plural.counted(0, "name") == "0 names")
    #expect(Plural.counted(1, "name") == "1 name")
    #expect(Plural.counted(2, "name") == "2 names")
    #expect(Plural.counted(UInt64(1), "object") == "1 object")
    #expect(Plural.counted(-1, "byte") == "-1 bytes")
    #expect(Plural.counted(1, "entry", "entries") == "1 entry")
    #expect(Plural.counted(3, "entry", "entries") == "3 entries")
  }

  @Test("size limits in load errors")
  func loadErrors() {
    #expect(
      LoadError(source: "f", reason: .tooLarge(limit: 1)).description
        == "f: file is larger than 1 byte")
    #expect(
      LoadError(source: "f", reason: .namesTooLarge(limit: 1)).description
        == "f: once loaded, it would take more than 1 byte")
    #expect(
      LoadError(source: "f", reason: .namesTooLarge(limit: 1024)).description
        == "f: once loaded, it would take more than 1024 bytes")
  }
}
