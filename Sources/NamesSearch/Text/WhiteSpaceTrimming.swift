extension StringProtocol {
  /// The text without the white space (Unicode White_Space, `Character.isWhitespace`) at
  /// its start and end.
  ///
  /// - Complexity: O(n) in the white space trimmed.
  func trimmingWhiteSpace() -> SubSequence {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = self[start...].lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
