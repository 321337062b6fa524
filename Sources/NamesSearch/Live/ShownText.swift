/// The start of a text that the live mode can show, taken without reading the rest: a row
/// costs in proportion to the window's width, not to the length of the name, title or term
/// it shows (a 50 MB name draws as fast as a short one).
///
/// At most `bytesPerColumn` bytes of UTF-8 are read per display column. Ordinary text
/// needs at most 4 bytes a column, and a long emoji sequence about 30 for two; a text
/// heavier than that (dozens of combining marks on each letter) is cut early, with "…".
enum ShownText {
  /// UTF-8 bytes read per display column.
  static let bytesPerColumn = 64

  /// The length of the longest prefix of `utf8` that has at most `limit` bytes and ends
  /// between two scalars.
  ///
  /// - Complexity: O(1) (at most 3 bytes are looked at).
  static func boundary(in utf8: UnsafeBufferPointer<UInt8>, atMost limit: Int) -> Int {
    guard limit < utf8.count else { return utf8.count }
    var end = max(limit, 0)
    while end > 0 && utf8[end] & 0xC0 == 0x80 { end -= 1 }
    return end
  }

  /// `text` escaped (`VisibleText`) and cut to `columns` display columns, ending with "…"
  /// when cut.
  ///
  /// - Complexity: O(min(n, columns × bytesPerColumn)).
  static func fitted(_ text: String, columns: Int) -> String {
    guard columns > 0 else { return "" }
    var text = text
    let (prefix, isCut) = text.withUTF8 { utf8 in
      let end = boundary(in: utf8, atMost: (columns + 1) * bytesPerColumn)
      return (
        String(decoding: UnsafeBufferPointer(rebasing: utf8[..<end]), as: UTF8.self),
        end < utf8.count
      )
    }
    let shown = VisibleText.escaped(prefix)
    if isCut && DisplayWidth.of(shown) <= columns - 1 { return shown + "…" }
    return DisplayWidth.truncate(shown, to: columns)
  }
}
