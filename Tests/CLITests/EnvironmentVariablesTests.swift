import Testing

@testable import names_search

/// The environment variables the tool reads (`EnvironmentVariables`) and what colors make
/// of them (`TerminalStyle.allowsColor`), with values set by hand.
@Suite("Environment variables")
struct EnvironmentVariablesTests {
  @Test("set, read, replaced and removed by name; a name given twice keeps its last value")
  func lookups() {
    var variables: EnvironmentVariables = ["HOME": [0x2F], "TERM": Array("xterm".utf8)]
    #expect(variables["HOME"] == [0x2F])
    #expect(variables["home"] == nil)
    variables["HOME"] = [0x2F, 0x72]
    #expect(variables["HOME"] == [0x2F, 0x72])
    variables["HOME"] = nil
    #expect(variables["HOME"] == nil)
    #expect(variables.text("TERM") == "xterm")
    let twice: EnvironmentVariables = ["LANG": Array("C".utf8), "LANG": Array("sv_SE".utf8)]
    #expect(twice.text("LANG") == "sv_SE")
  }

  @Test("as text, a byte that is not UTF-8 reads as U+FFFD; an empty value is set")
  func text() {
    let variables: EnvironmentVariables = ["TERM": [0x64, 0xFF, 0x62], "NO_COLOR": []]
    #expect(variables.text("TERM") == "d\u{FFFD}b")
    #expect(variables.text("NO_COLOR") == "")
    #expect(variables.text("COLUMNS") == nil)
  }

  @Test("colors: an empty NO_COLOR allows them (no-color.org), a set one and TERM=dumb do not")
  func colors() {
    func allows(_ variables: EnvironmentVariables) -> Bool {
      TerminalStyle.allowsColor(.auto, environment: variables)
    }
    #expect(allows([:]))
    #expect(allows(["NO_COLOR": []]))
    #expect(!allows(["NO_COLOR": Array("1".utf8)]))
    #expect(!allows(["TERM": Array("dumb".utf8)]))
    #expect(allows(["TERM": Array("xterm-256color".utf8)]))
    #expect(TerminalStyle.allowsColor(.always, environment: ["NO_COLOR": Array("1".utf8)]))
    #expect(!TerminalStyle.allowsColor(.never, environment: [:]))
  }
}
