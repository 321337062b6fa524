extension String {
  /// The string padded with spaces to `width` display columns.
  func padding(toWidth width: Int) -> String {
    self + String(repeating: " ", count: max(width - DisplayWidth.of(self), 0))
  }
}
