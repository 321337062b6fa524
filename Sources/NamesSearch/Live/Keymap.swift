/// The live mode's key bindings: one table, each binding one line (a key, the action it
/// triggers, a short description), as fzf's default keymap is one table of key → action.
/// The terminal layer decodes bytes into keys (`KeyDecoder`), the keymap turns keys into
/// actions, and `LiveSearchState` carries the actions out; a new binding is one more line
/// in `standard`. README's key table is checked against `standard` (KeymapTests): each
/// binding's description appears in the README row that names its key.
///
/// ```swift
/// Keymap.standard.action(for: .control("p"))   // .moveUp
/// Keymap.standard.action(for: .text("an"))     // .insert("an")
/// Keymap.standard.action(for: .control("a"))   // nil: not bound, ignored
/// ```
public struct Keymap: Sendable {
  /// What a binding answers to.
  public enum Trigger: Sendable, Hashable {
    /// One key. (Never `.text` or `.paste`, which carry what was typed or pasted: those
    /// only `.typing` and `.pasting` bind.)
    case key(Key)
    /// Any printable text typed.
    case typing
    /// Any bracketed paste.
    case pasting

    /// The trigger's name as README's key table writes it: the key's name ("Ctrl-P",
    /// "Page Up"), "typing" or "paste".
    public var name: String {
      switch self {
      case .key(let key): key.name
      case .typing: "typing"
      case .pasting: "paste"
      }
    }
  }

  /// One line of the table: a trigger, its action, and what it does in a few words.
  public struct Binding: Sendable {
    /// What the binding answers to.
    public let trigger: Trigger
    /// What it does in a few words, as README's key table says it.
    public let description: String
    /// The action, given the text typed or pasted (empty for other keys).
    private let makeAction: @Sendable (String) -> Action

    /// Binds `key` to `action`.
    public init(_ key: Key, _ action: Action, _ description: String) {
      self.trigger = .key(key)
      self.description = description
      self.makeAction = { _ in action }
    }

    /// Binds typed text to the action `action` makes of it (`Action.insert`).
    public init(typing action: @escaping @Sendable (String) -> Action, _ description: String) {
      self.trigger = .typing
      self.description = description
      self.makeAction = action
    }

    /// Binds pasted text to the action `action` makes of it (`Action.paste`).
    public init(pasting action: @escaping @Sendable (String) -> Action, _ description: String) {
      self.trigger = .pasting
      self.description = description
      self.makeAction = action
    }

    /// The action for `key` if this binding answers to it, else `nil`.
    public func action(for key: Key) -> Action? {
      switch (trigger, key) {
      case (.typing, .text(let text)), (.pasting, .paste(let text)):
        makeAction(text)
      case (.key(let bound), _) where bound == key:
        makeAction("")
      default:
        nil
      }
    }
  }

  /// The bindings, in the order given.
  public let bindings: [Binding]
  /// Where each trigger's binding is in `bindings`.
  private let positions: [Trigger: Int]

  /// A keymap of `bindings`; when two bind the same trigger, the first one counts.
  ///
  /// - Complexity: O(n) in the number of bindings.
  public init(_ bindings: [Binding]) {
    self.bindings = bindings
    var positions: [Trigger: Int] = [:]
    for (position, binding) in bindings.enumerated() where positions[binding.trigger] == nil {
      positions[binding.trigger] = position
    }
    self.positions = positions
  }

  /// The action `key` triggers, or `nil` when nothing is bound to it (the key is ignored).
  ///
  /// - Complexity: O(1) expected, plus the hashing of the key (O(n) in a text's length).
  public func action(for key: Key) -> Action? {
    let trigger: Trigger =
      switch key {
      case .text: .typing
      case .paste: .pasting
      default: .key(key)
      }
    return positions[trigger].flatMap { bindings[$0].action(for: key) }
  }

  /// The live mode's keys, as README's key table lists them.
  public static let standard: Keymap = {
    let move = "move the selection over names, skipping titles"
    return Keymap([
      Binding(typing: Action.insert, "edit the term"),
      Binding(.backspace, .deleteBackward, "edit the term"),
      Binding(.enter, .choose, "choose the selected name"),
      Binding(.up, .moveUp, move),
      Binding(.down, .moveDown, move),
      Binding(.control("p"), .moveUp, move),
      Binding(.control("n"), .moveDown, move),
      Binding(.pageUp, .pageUp, move),
      Binding(.pageDown, .pageDown, move),
      Binding(.tab, .toggleIndexFocus, "move focus to the section index and back"),
      Binding(.control("u"), .clearTerm, "clear the term (reset)"),
      Binding(pasting: Action.paste, "the pasted text is one edit of the term"),
      Binding(.escape, .clearOrLeave, "clear the term; on an empty term, leave"),
      Binding(.control("c"), .interrupt, "leave"),
      Binding(.control("z"), .suspend, "suspend"),
    ])
  }()
}
