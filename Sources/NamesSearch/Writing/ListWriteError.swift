/// Why a result cannot be written in a format, said before anything is written.
public struct ListWriteError: Error, Sendable, Equatable {
  /// The format that cannot carry the text.
  public let format: ListFormat
  /// The section holding the text.
  public let title: String
  /// The name's 1-based position in its section, or `nil` when the title itself is it.
  public let position: Int?
  /// The character the format cannot carry.
  public let character: Unicode.Scalar

  /// Creates the error.
  public init(format: ListFormat, title: String, position: Int?, character: Unicode.Scalar) {
    self.format = format
    self.title = title
    self.position = position
    self.character = character
  }

  /// One line, without the destination: `the name at position 3 of section "A" holds
  /// U+0001, which an XML property list cannot carry (XML 1.0, section 2.2)`.
  public var message: String {
    let hex = String(character.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let place =
      position.map { "the name at position \($0) of section \"\(title)\"" }
      ?? "the title of section \"\(title)\""
    return "\(place) holds \(code), which \(format.name) cannot carry (XML 1.0, section 2.2)"
  }
}
