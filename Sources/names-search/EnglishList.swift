/// Words joined as an English list, for messages that name several options or values:
/// "a", "a and b", "a, b and c" (no serial comma, as the rest of the messages write).
enum EnglishList {
  /// `words` joined so; "" for none. O(total length).
  static func joined(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    let rest = words.dropLast()
    return rest.isEmpty ? last : "\(rest.joined(separator: ", ")) and \(last)"
  }
}
