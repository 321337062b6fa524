extension String {
  /// The text with every occurrence of `target`'s UTF-8 bytes replaced by `replacement`,
  /// from left to right without overlaps. Bytes, not characters, are compared, so a quote
  /// followed by a combining mark is still a quote (what shells and roff read).
  ///
  /// - Complexity: O(n × m) for n bytes of text and m of `target`.
  func replacingBytes(of target: String, with replacement: String) -> String {
    let bytes = Array(utf8)
    let pattern = Array(target.utf8)
    guard !pattern.isEmpty else { return self }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == pattern[0], i + pattern.count <= bytes.count,
        bytes[i..<i + pattern.count].elementsEqual(pattern)
      {
        out.append(contentsOf: replacement.utf8)
        i += pattern.count
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
