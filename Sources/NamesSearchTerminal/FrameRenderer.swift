import NamesSearch

/// Paints `Frame`s with ANSI escape sequences (ECMA-48), rewriting only the rows that
/// changed since the last frame: no full clear per keystroke, no flicker.
///
/// Without colors (`--color never`, `NO_COLOR`), styles use only bold, dim and reverse video.
public struct FrameRenderer {
  private var previous: [String] = []
  private let colors: Bool

  /// Creates a renderer; the first frame paints every row.
  public init(colors: Bool = true) {
    self.colors = colors
  }

  /// Forgets what is on screen (after a resize), so the next frame paints every row.
  public mutating func invalidate() {
    previous = []
  }

  /// The bytes that turn the screen from the previous frame into `frame`.
  public mutating func render(_ frame: Frame) -> String {
    var out = "\u{1B}[?25l"
    if previous.isEmpty { out += "\u{1B}[H\u{1B}[2J" }
    var lines: [String] = []
    for (row, spans) in frame.lines.enumerated() {
      let line = spans.map { Self.styled($0, colors: colors) }.joined()
      lines.append(line)
      if row >= previous.count || previous[row] != line {
        out += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
      }
    }
    previous = lines
    out += "\u{1B}[\(frame.cursor.row + 1);\(frame.cursor.column + 1)H\u{1B}[?25h"
    return out
  }

  static func styled(_ span: Frame.Span, colors: Bool = true) -> String {
    let code: String
    switch span.style {
    case .plain: return span.text
    case .prompt: code = "1"
    case .title: code = "1"
    case .match: code = colors ? "1;31" : "1;4"
    case .selected: code = "7"
    case .selectedMatch: code = colors ? "7;1;31" : "7;1;4"
    case .approximateMatch: code = colors ? "4;31" : "4"
    case .selectedApproximateMatch: code = colors ? "7;4;31" : "7;4"
    case .soundsLikeMatch: code = colors ? "4;35" : "3;4"
    case .selectedSoundsLikeMatch: code = colors ? "7;4;35" : "7;3;4"
    case .index: code = colors ? "36" : "2"
    case .indexSelected: code = colors ? "7;36" : "7"
    case .status: code = "2"
    }
    return "\u{1B}[\(code)m" + span.text + "\u{1B}[0m"
  }
}
