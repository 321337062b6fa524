import Testing

@testable import NamesSearch

/// The markup limits, at their exact boundaries, counted from `<` to `>` inclusive.
@Suite("XML markup limits")
struct XMLMarkupGuardTests {
  static func scan(_ text: String, width: Int = 1) -> String? {
    var guardian = XMLMarkupGuard()
    return Array(text.utf8).withUnsafeBytes { guardian.scan($0) }
  }

  @Test("a tag of exactly 64 KiB passes; one byte more is refused")
  func tagBoundary() {
    // "<plist" (6) + spaces + ">" (1) = 65,536 bytes, by hand.
    let spaces = String(repeating: " ", count: 65_536 - 7)
    #expect(Self.scan("<plist" + spaces + ">") == nil)
    #expect(Self.scan("<plist" + spaces + " >") == "line 1: a tag longer than 65536 bytes")
  }

  @Test("a comment, processing instruction or CDATA of exactly 1 MiB passes; one more is refused")
  func blockBoundary() {
    let limit = 1_048_576
    for (open, close, what) in [
      ("<!--", "-->", "a comment"), ("<?pi ", "?>", "a processing instruction"),
      ("<![CDATA[", "]]>", "a CDATA section"),
    ] {
      let filler = String(repeating: "x", count: limit - open.utf8.count - close.utf8.count)
      #expect(Self.scan("\n" + open + filler + close) == nil, "\(what)")
      #expect(
        Self.scan("\n" + open + filler + "x" + close)
          == "line 2: \(what) longer than 1048576 bytes")
    }
  }

  @Test("chunks split anywhere give the same answer")
  func chunked() {
    let text = Array(
      ("<a>" + "<!--" + String(repeating: "y", count: 100) + "-->" + "<b c='>'>").utf8)
    for cut in 0...text.count {
      var guardian = XMLMarkupGuard()
      let first = text[..<cut].withUnsafeBytes { guardian.scan($0) }
      let second = text[cut...].withUnsafeBytes { guardian.scan($0) }
      #expect(first == nil && second == nil, "cut at \(cut)")
    }
  }

  @Test("\"<!--->\" and \"<?>\" open a comment and an instruction; they do not close them")
  func shortestEnds() {
    // A tag-like run inside the comment is text: over 64 KiB of it is no tag (XML 1.0 §2.5:
    // a comment ends at the first "-->" after its "<!--").
    let text = "<" + String(repeating: "a", count: 70_000)
    #expect(Self.scan("<!--->" + text + "-->") == nil)
    #expect(Self.scan("<?>" + text + "?>") == nil)
    // The same comment past 1 MiB is over the comment limit, from its start.
    let filler = String(repeating: "x", count: 1_048_576)
    #expect(Self.scan("\n<!--->" + filler + "-->") == "line 2: a comment longer than 1048576 bytes")
    // The shortest real ends still end them.
    #expect(Self.scan("<!---->" + text) == "line 1: a tag longer than 65536 bytes")
    #expect(Self.scan("<??>" + text) == "line 1: a tag longer than 65536 bytes")
  }

  @Test("a DOCTYPE's internal subset: quotes and brackets in its comments and PIs are text")
  func doctypeSubset() {
    // Each DOCTYPE ends at its last ">"; the tag after it is then over the tag limit,
    // which shows the DOCTYPE was closed where XML 1.0 §2.8 closes it.
    let tag = "<" + String(repeating: "a", count: 70_000)
    for doctype in [
      "<!DOCTYPE plist [ <!-- it's a comment --> ]>",
      "<!DOCTYPE plist [ <!-- [ --> ]>",
      "<!DOCTYPE plist [ <?pi it's ?> ]>",
      "<!DOCTYPE plist [ <!ENTITY x \"<!-- ' \"> ]>",
      "<!DOCTYPE plist [ <!---> ' --> ]>",
    ] {
      #expect(
        Self.scan(doctype + "\n" + tag) == "line 2: a tag longer than 65536 bytes", "\(doctype)")
    }
  }
}
