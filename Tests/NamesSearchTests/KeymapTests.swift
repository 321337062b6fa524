import Testing

@testable import NamesSearch

/// The live mode's keymap: what each key does.
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
}
