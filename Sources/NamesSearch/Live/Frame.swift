/// What the live mode shows, as text and styles only: the terminal layer paints it.
///
/// Row 0 is the search field, the last row the status line, the rows between the culled
/// sections; the section index runs down the right edge. Every line fits the width in
/// display columns (`DisplayWidth`), names already escaped (`VisibleText`).
public struct Frame: Sendable, Hashable {
  /// How a piece of text is drawn.
  public enum Style: Sendable, Hashable {
    case plain, prompt, title, match, selected, selectedMatch, index, indexSelected, status
    /// A part of a name that matched a word with typos (`MatchKind.approximate`), and the
    /// same on the selected row.
    case approximateMatch, selectedApproximateMatch
    /// A part of a name that sounds like a word (`MatchKind.soundsLike`), and the same on
    /// the selected row.
    case soundsLikeMatch, selectedSoundsLikeMatch
  }

  /// A run of text in one style.
  public struct Span: Sendable, Hashable {
    /// The text.
    public var text: String
    /// Its style.
    public var style: Style

    /// Creates a span.
    public init(_ text: String, _ style: Style = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The lines, top to bottom, one per terminal row.
  public var lines: [[Span]]
  /// Where the cursor goes: row and column (0-based, in display columns).
  public var cursor: (row: Int, column: Int)

  /// Creates a frame.
  public init(lines: [[Span]], cursor: (row: Int, column: Int)) {
    self.lines = lines
    self.cursor = cursor
  }

  public static func == (a: Frame, b: Frame) -> Bool {
    a.lines == b.lines && a.cursor == b.cursor
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(lines)
    hasher.combine(cursor.row)
    hasher.combine(cursor.column)
  }

  /// The text of row `row`, without styles (for tests).
  public func text(ofRow row: Int) -> String {
    lines[row].map(\.text).joined()
  }
}
