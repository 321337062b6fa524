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

  /// `bytes` as text.
  ///
  /// - Parameter what: the argument, as the message names it ("The term", "The value for
  ///   '--color <when>'").
  /// - Throws: `UsageError` "`what` is not valid UTF-8 (byte 0xFF at 4)." when `bytes` are
  ///   not valid UTF-8, naming the first byte of the first ill-formed sequence and its
  ///   position in the argument, counted from 1.
  static func decode(_ bytes: [UInt8], naming what: String) throws(UsageError) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
      offset += encoded.count
    }
    let hex = String(bytes[offset], radix: 16, uppercase: true)
    throw UsageError(
      message: "\(what) is not valid UTF-8 (byte 0x\(hex.count < 2 ? "0" : "")\(hex) at "
        + "\(offset + 1)).")
  }

  /// `bytes` for a message: bytes that are not UTF-8 as `\xFF`, controls escaped
  /// (`VisibleText.escaped(utf8:)`).
  static func shown(_ bytes: [UInt8]) -> String {
    VisibleText.escaped(utf8: bytes)
  }
}
