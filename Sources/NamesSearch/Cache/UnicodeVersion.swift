/// A version of the Unicode Standard, `major.minor` ("17.0").
///
/// ```swift
/// UnicodeVersion.ofStandardLibrary()   // 17.0 with Swift 6.3
/// ```
package struct UnicodeVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The major version (17 in 17.0).
  package var major: UInt8
  /// The minor version (1 in 15.1).
  package var minor: UInt8

  /// The version `major.minor`.
  package init(major: UInt8, minor: UInt8) {
    self.major = major
    self.minor = minor
  }

  /// Parses `"major.minor"` (decimal numbers below 256), or `nil` for anything else.
  package init?(_ text: Substring) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let major = UInt8(parts[0]), let minor = UInt8(parts[1])
    else { return nil }
    self.init(major: major, minor: minor)
  }

  /// `"major.minor"`.
  package var description: String { "\(major).\(minor)" }

  package static func < (a: UnicodeVersion, b: UnicodeVersion) -> Bool {
    (a.major, a.minor) < (b.major, b.minor)
  }

  /// The Unicode version of the character data in the running Swift standard library (the
  /// properties, normalization and case tables that `TextFolder` folds with): the newest
  /// `Unicode.Scalar.Properties.age` (DerivedAge.txt) over every scalar. Read from the
  /// library that is loaded, not from the toolchain the program was built with.
  ///
  /// - Complexity: one age lookup per scalar, 1,112,064 in all (about 50 ms); see
  ///   `ToolchainUnicodeVersion` for the remembered value.
  package static func ofStandardLibrary() -> UnicodeVersion {
    var newest = (major: 0, minor: 0)
    var value: UInt32 = 0
    while value <= 0x10_FFFF {
      if value == 0xD800 { value = 0xE000 }  // surrogates are not scalars
      if let age = Unicode.Scalar(value)!.properties.age, (age.major, age.minor) > newest {
        newest = (age.major, age.minor)
      }
      value += 1
    }
    return UnicodeVersion(
      major: UInt8(clamping: newest.major), minor: UInt8(clamping: newest.minor))
  }
}
