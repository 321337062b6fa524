import NamesSearch
import Testing

@testable import names_search

/// The command line's line for a load error: the library's message, plus "(see --max-size)"
/// where that option lifts the limit.
@Suite("Load error line")
struct LoadErrorLineTests {
  @Test(
    "Size limits point to --max-size; other errors have no hint",
    arguments: [
      (
        LoadError.Reason.tooLarge(limit: 1),
        "names-search: f: file is larger than 1 byte (see --max-size)\n"
      ),
      (
        .namesTooLarge(limit: 1024),
        "names-search: f: once loaded, it would take more than 1024 bytes (see --max-size)\n"
      ),
      (.empty, "names-search: f: file is empty\n"),
      (.isDirectory, "names-search: f: Is a directory\n"),
      (.duplicateTitle("A"), "names-search: f: section \"A\" appears twice\n"),
    ])
  func line(reason: LoadError.Reason, expected: String) {
    #expect(LoadErrorLine.text(LoadError(source: "f", reason: reason)) == expected)
  }
}
