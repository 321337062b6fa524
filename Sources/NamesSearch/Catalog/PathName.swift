/// A file system path as the exact bytes the system takes: what `argv`, `getenv` and
/// `realpath` give, kept byte for byte up to the system call, so a name that is not UTF-8
/// (`n\xFF.plist`) opens that very file, never a "repaired" one (`n\xEF\xBF\xBD.plist`).
///
/// POSIX paths are bytes: any byte but NUL (IEEE Std 1003.1, 3.271 Pathname); Linux gives
/// them no encoding. A Swift `String` holds only valid Unicode, so it cannot carry such a
/// name: `init(_:)` takes text for the paths it can carry (every valid UTF-8 name); argv and
/// the environment must be read as bytes (`init(cString:)`), not through
/// `CommandLine.arguments` or `ProcessInfo.environment`, which replace bad bytes by U+FFFD.
///
/// ```swift
/// let path = PathName(bytes: [0x6E, 0xFF, 0x2E, 0x70])!   // "n", 0xFF, ".p"
/// let fd = path.withCString { open($0, O_RDONLY) }
/// print(path)                                             // n\xFF.p
/// ```
///
/// `description` is the form for messages: one line, safe on a terminal
/// (`VisibleText.escaped(utf8:)`: bytes that are not UTF-8 as `\xFF`, controls such as a
/// newline as `\u{A}`). A backslash is shown as itself, as `VisibleText` shows it, so the
/// display of a name that holds the four characters `\xFF` is the same: `bytes` is exact.
public struct PathName: Sendable, Hashable, CustomStringConvertible {
  /// The path's bytes, without a terminating NUL; never holds a NUL.
  public let bytes: [UInt8]

  /// The path made of `bytes`, or `nil` if they hold a NUL (no system call can name it).
  ///
  /// - Complexity: O(n) in `bytes`.
  public init?(bytes: some Sequence<UInt8>) {
    let bytes = Array(bytes)
    guard !bytes.contains(0) else { return nil }
    self.bytes = bytes
  }

  /// The path whose bytes are `text`'s UTF-8, or `nil` if it holds U+0000. Lossless: a
  /// `String` is always valid Unicode, so this names every path whose bytes are valid UTF-8
  /// (and no other).
  public init?(_ text: String) {
    self.init(bytes: text.utf8)
  }

  /// The path in the NUL-terminated C string `cString` (an `argv` entry, a `getenv` value,
  /// what `realpath` returns), byte for byte.
  public init(cString: UnsafePointer<CChar>) {
    bytes = Array(UnsafeRawBufferPointer(start: cString, count: RawBytes.cStringLength(cString)))
  }

  /// The path as text when its bytes are valid UTF-8, else `nil`.
  public var string: String? { String(validating: bytes, as: UTF8.self) }

  /// Whether the path starts with `/`.
  public var isAbsolute: Bool { bytes.first == 0x2F }

  /// This path, a `/`, then `component` (a relative path such as `names-search` or
  /// `.cache/names-search`).
  ///
  /// - Precondition: `component` holds no NUL.
  public func appending(_ component: String) -> PathName {
    precondition(!component.utf8.contains(0), "a path component holds a NUL")
    return PathName(uncheckedBytes: bytes + [0x2F] + Array(component.utf8))
  }

  /// Calls `body` with the path as a NUL-terminated C string, for a system call; the
  /// pointer is valid only during the call.
  ///
  /// - Complexity: O(n): one copy of the bytes.
  public func withCString<Result, Failure: Error>(
    _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var terminated = bytes.map { CChar(bitPattern: $0) }
    terminated.append(0)
    return try terminated.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
      try body(buffer.baseAddress!)
    }
  }

  /// The path for a message: bytes that are not UTF-8 as `\xFF`, the rest as
  /// `VisibleText.escaped(_:)` shows it (controls escaped, so it is one line).
  public var description: String { VisibleText.escaped(utf8: bytes) }

  private init(uncheckedBytes: [UInt8]) {
    bytes = uncheckedBytes
  }
}
