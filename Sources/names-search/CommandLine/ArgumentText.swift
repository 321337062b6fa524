import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Command-line arguments as bytes: read from `argv` as they are (`CommandLine.arguments`
/// would replace bytes that are not UTF-8 by U+FFFD, so `-f` could name another file),
/// turned into text only where text is meant, and shown escaped in messages.
enum ArgumentText {
  /// The program's arguments, without its name, each one's bytes as `argv` holds them.
  static func commandLine() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }

  /// Where bytes stop being UTF-8: the first byte of the first ill-formed sequence and its
  /// position in the argument, counted from 1; shown as "byte 0xFF at 4".
  struct InvalidUTF8: Error, Equatable, CustomStringConvertible {
    /// The first byte of the first ill-formed sequence.
    var byte: UInt8
    /// Its position in the argument, counted from 1.
    var position: Int

    /// "byte 0xFF at 4".
    var description: String {
      let hex = String(byte, radix: 16, uppercase: true)
      return "byte 0x\(hex.count < 2 ? "0" : "")\(hex) at \(position)"
    }
  }

  /// `bytes` as text. O(`bytes.count`).
  ///
  /// - Throws: `InvalidUTF8` when `bytes` are not valid UTF-8 (Unicode §3.9, D92: the first
  ///   ill-formed sequence is found as the standard library's UTF-8 parser finds it).
  static func decode(_ bytes: [UInt8]) throws(InvalidUTF8) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
      offset += encoded.count
    }
    throw InvalidUTF8(byte: bytes[offset], position: offset + 1)
  }

  /// `bytes` for a message: bytes that are not UTF-8 as `\xFF`, controls escaped
  /// (`VisibleText.escaped(utf8:)`).
  static func shown(_ bytes: [UInt8]) -> String {
    VisibleText.escaped(utf8: bytes)
  }
}
