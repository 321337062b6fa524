extension StringProtocol {
  /// The text without the white space at its start and end, scalar by scalar, as
  /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` trims: scalars with
  /// Unicode's White_Space property, and U+200B ZERO WIDTH SPACE (in Foundation's set, not
  /// in White_Space). A space that carries a combining mark keeps the mark and is not
  /// trimmed past.
  ///
  /// - Complexity: O(n) in the white space trimmed.
  func trimmingWhiteSpace() -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value == 0x200B || scalar.properties.isWhitespace
    }
    let scalars = unicodeScalars
    let start = scalars.firstIndex { !isSpace($0) } ?? scalars.endIndex
    let end = scalars[start...].lastIndex { !isSpace($0) }.map(scalars.index(after:)) ?? start
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }
}
