/// Text in UTF-16 or UTF-32 told by its byte-order mark, decoded to UTF-8 as it is read, so
/// that every reader of this project sees UTF-8: Foundation reads property lists (XML and
/// OpenStep) in these encodings when they start with a byte-order mark (Unicode 15, section
/// 3.10, D98: `FE FF`, `FF FE`, `00 00 FE FF`, `FF FE 00 00`), and refuses UTF-32 without one.
///
/// Each unit must be a scalar: a lone surrogate (UTF-16) or a value that is a surrogate or
/// past U+10FFFF (UTF-32) is an error naming its line, as is input that ends inside a unit.
package enum WideText {
  /// An encoding with units wider than a byte.
  package enum Encoding: Sendable, Equatable {
    case utf16BigEndian, utf16LittleEndian, utf32BigEndian, utf32LittleEndian

    /// Bytes per unit: 2 or 4.
    var unitSize: Int {
      switch self {
      case .utf16BigEndian, .utf16LittleEndian: 2
      case .utf32BigEndian, .utf32LittleEndian: 4
      }
    }

    /// "UTF-16" or "UTF-32", for messages.
    package var name: String { unitSize == 2 ? "UTF-16" : "UTF-32" }

    /// The encoding whose byte-order mark `bytes` start with, UTF-32LE before UTF-16LE
    /// (`FF FE 00 00`), or `nil`.
    static func marked(_ bytes: some Collection<UInt8>) -> Encoding? {
      if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32BigEndian }
      if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return .utf32LittleEndian }
      if bytes.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
      if bytes.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
      return nil
    }

    /// The first unit after the byte-order mark that is not XML white space, if `bytes`
    /// hold one: `<` tells an XML document, which libxml2 reads in UTF-16 itself.
    func firstSignificantUnit(_ bytes: [UInt8]) -> UInt32? {
      var i = unitSize
      while i + unitSize <= bytes.count {
        let unit = self.unit(bytes, at: i)
        if ![0x20, 0x09, 0x0A, 0x0D].contains(unit) { return unit }
        i += unitSize
      }
      return nil
    }

    /// The unit at byte offset `i`.
    @inline(__always)
    func unit(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
      switch self {
      case .utf16BigEndian: UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
      case .utf16LittleEndian: UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
      case .utf32BigEndian:
        UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8
          | UInt32(bytes[i + 3])
      case .utf32LittleEndian:
        UInt32(bytes[i + 3]) << 24 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 1]) << 8
          | UInt32(bytes[i])
      }
    }

    func unit(_ bytes: [UInt8], at i: Int) -> UInt32 {
      bytes.withUnsafeBufferPointer { unit($0, at: i) }
    }
  }

  /// Why wide text could not be decoded, with the line it happened on (1-based).
  struct DecodingError: Error, Equatable {
    var line: Int
    var what: String
  }

  /// Decodes one encoding's bytes, given in pieces of any size, to UTF-8.
  struct Decoder {
    let encoding: Encoding
    /// The bytes of a unit cut by the end of the last piece.
    private var partial: [UInt8] = []
    /// A high surrogate waiting for its low one (UTF-16).
    private var high: UInt32?
    /// The line of the next unit, for messages.
    private var line = 1
    /// Whether no scalar was decoded yet (one right after the byte-order mark must not be
    /// another).
    private var atStart = true

    init(_ encoding: Encoding) { self.encoding = encoding }

    /// Decodes `bytes`, appending UTF-8 to `out`.
    ///
    /// - Throws: `DecodingError` for a unit that is not (part of) a scalar.
    /// - Complexity: O(n) in the bytes.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8])
      throws(DecodingError)
    {
      let size = encoding.unitSize
      var i = 0
      if !partial.isEmpty {
        while partial.count < size && i < bytes.count {
          partial.append(bytes[i])
          i += 1
        }
        guard partial.count == size else { return }
        let unit = partial.withUnsafeBufferPointer { encoding.unit($0, at: 0) }
        partial.removeAll()
        try take(unit, into: &out)
      }
      while i + size <= bytes.count {
        try take(encoding.unit(bytes, at: i), into: &out)
        i += size
      }
      partial.append(contentsOf: bytes[i...])
    }

    /// Ends the text.
    ///
    /// - Throws: `DecodingError` when it ends inside a unit or after a lone high surrogate.
    mutating func finish() throws(DecodingError) {
      if !partial.isEmpty {
        throw DecodingError(
          line: line, what: "the text ends inside a character (\(partial.count) of its bytes)")
      }
      if let high { throw loneSurrogate(high) }
    }

    private func loneSurrogate(_ unit: UInt32) -> DecodingError {
      DecodingError(line: line, what: "a lone surrogate (\(hex(unit)))")
    }

    private func hex(_ value: UInt32) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private mutating func take(_ unit: UInt32, into out: inout [UInt8]) throws(DecodingError) {
      var scalar = unit
      if let pending = high {
        guard (0xDC00...0xDFFF).contains(unit) else { throw loneSurrogate(pending) }
        scalar = 0x10000 + ((pending - 0xD800) << 10 | (unit - 0xDC00))
        high = nil
      } else if (0xD800...0xDFFF).contains(unit) {
        guard encoding.unitSize == 2, unit <= 0xDBFF else { throw loneSurrogate(unit) }
        high = unit
        return
      } else if unit > 0x10FFFF {
        throw DecodingError(line: line, what: "\(hex(unit)) is not a Unicode scalar")
      }
      if scalar == 0x0A { line += 1 }
      if atStart {
        atStart = false
        if scalar == 0xFEFF {
          throw DecodingError(line: line, what: "the byte-order mark is repeated")
        }
      }
      UTF8Encoding.append(scalar, to: &out)
    }
  }
}
