import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The live mode's keymap: what each key does, and README's key table kept in step with it.
@Suite("Keymap")
struct KeymapTests {
  /// Each key and the action README's key table gives it, written out by hand.
  static let expected: [(key: Key, action: Action?)] = [
    (.text("ann"), .insert("ann")),
    (.paste("a\nb"), .paste("a\nb")),
    (.backspace, .deleteBackward),
    (.enter, .choose),
    (.up, .moveUp),
    (.down, .moveDown),
    (.control("p"), .moveUp),
    (.control("n"), .moveDown),
    (.pageUp, .pageUp),
    (.pageDown, .pageDown),
    (.tab, .toggleIndexFocus),
    (.control("u"), .clearTerm),
    (.escape, .clearOrLeave),
    (.control("c"), .interrupt),
    (.control("z"), .suspend),
    // Not in README's table: ignored.
    (.control("a"), nil),
    (.control("h"), nil),
  ]

  @Test("each key gives the action README's table says")
  func standardActions() {
    for (key, action) in Self.expected {
      #expect(Keymap.standard.action(for: key) == action, "\(key)")
    }
    // Every binding is one of the keys above (a new one needs a line there too).
    #expect(Keymap.standard.bindings.count == Self.expected.count - 2)
  }

  @Test("no trigger is bound twice in the standard keymap")
  func noDuplicates() {
    let triggers = Keymap.standard.bindings.map(\.trigger)
    #expect(Set(triggers).count == triggers.count)
    // Text and pastes are bound by `.typing` and `.pasting`, never as one key.
    for case .key(let key) in triggers {
      switch key {
      case .text, .paste: Issue.record("\(key) bound as a key")
      default: break
      }
    }
  }

  @Test("a binding is one line; the first binding of a key counts")
  func customKeymap() {
    let keymap = Keymap([
      Keymap.Binding(.control("a"), .choose, "choose"),
      Keymap.Binding(.control("a"), .interrupt, "leave"),
      Keymap.Binding(typing: { .paste($0) }, "typing pastes"),
    ])
    #expect(keymap.action(for: .control("a")) == .choose)
    #expect(keymap.action(for: .text("x")) == .paste("x"))
    #expect(keymap.action(for: .paste("x")) == nil)
    #expect(keymap.action(for: .enter) == nil)
  }

  @Test("key names are README's")
  func names() {
    let names = [Key.enter, .tab, .escape, .backspace, .up, .down, .pageUp, .pageDown]
      .map(\.name)
    #expect(names == ["Enter", "Tab", "Esc", "Backspace", "Up", "Down", "Page Up", "Page Down"])
    #expect(Key.control("p").name == "Ctrl-P")
    #expect(Keymap.Trigger.typing.name == "typing")
    #expect(Keymap.Trigger.pasting.name == "paste")
  }

  /// The rows of README's live-mode key table (`| key | does |`): the keys each row names
  /// ("Up/Down, Ctrl-P/Ctrl-N" names four) and what it says they do.
  static func readmeRows() throws -> [(keys: [String], does: String)] {
    let url = TestPaths.packageRoot.appendingPathComponent("README.md")
    let lines = try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let section = try #require(lines.firstIndex(of: "### Live mode"), "no Live mode section")
    let header = try #require(
      lines[section...].firstIndex { $0.hasPrefix("| key | does |") }, "no key table")
    return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let keys = cells[1].split(separator: ",").flatMap { $0.split(separator: "/") }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      return (keys, cells.dropFirst(2).dropLast().joined(separator: "|"))
    }
  }

  @Test("README's key table and the keymap agree, both ways")
  func readmeTable() throws {
    let rows = try Self.readmeRows()
    #expect(rows.count >= 5, "README's key table not found whole: \(rows)")
    let bound = Dictionary(
      Keymap.standard.bindings.map { ($0.trigger.name, $0) }, uniquingKeysWith: { a, _ in a })
    // Every key README names is bound.
    for row in rows {
      for name in row.keys where bound[name] == nil {
        Issue.record("README names \"\(name)\", which the keymap does not bind")
      }
    }
    // Every binding is in exactly one row, which says what the binding's description says.
    for binding in Keymap.standard.bindings {
      let name = binding.trigger.name
      let found = rows.filter { $0.keys.contains(name) }
      guard found.count == 1, let row = found.first else {
        Issue.record("\(name) is in \(found.count) rows of README's key table, not 1")
        continue
      }
      #expect(
        row.does.contains(binding.description),
        "README's row for \(name) does not say \"\(binding.description)\"")
    }
  }
}
