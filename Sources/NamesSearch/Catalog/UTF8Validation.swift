/// Checks that bytes are well-formed UTF-8 (Unicode 15, section 3.9, table 3-7: no overlong
/// forms, no surrogates U+D800–U+DFFF, nothing past U+10FFFF, no truncated sequences), as
/// the text and CSV readers need it before their bytes become names.
enum UTF8Validation {
  /// The offset of the first byte of the first ill-formed sequence in `bytes`, or `nil` when
  /// all of `bytes` is well-formed UTF-8.
  ///
  /// - Complexity: O(n); runs of ASCII are checked eight bytes at a time.
  static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var i = 0
    while i < count {
      // ASCII eight bytes at a time.
      while i + 8 <= count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        i += 8
      }
      guard i < count else { break }
      let lead = base[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      guard let (length, second) = sequence(leadBy: lead), i + length <= count,
        second.contains(base[i + 1])
      else { return i }
      for k in 2..<length where base[i + k] & 0xC0 != 0x80 { return i }
      i += length
    }
    return nil
  }

  /// The length of the well-formed sequence that `lead` starts, and the range its second
  /// byte must be in (every later byte is 0x80...0xBF); `nil` for a byte no sequence starts
  /// with (ASCII included: it is a sequence of its own). Table 3-7 of Unicode 15, section 3.9.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func sequence(leadBy lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
    switch lead {
    case 0xC2...0xDF: (2, 0x80...0xBF)
    case 0xE0: (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
    case 0xED: (3, 0x80...0x9F)
    case 0xF0: (4, 0x90...0xBF)
    case 0xF1...0xF3: (4, 0x80...0xBF)
    case 0xF4: (4, 0x80...0x8F)
    default: nil
    }
  }

  /// Whether all of `bytes` is well-formed UTF-8 and, when `rejectingZero`, holds no zero
  /// byte; the same answer as `firstInvalid(in:) == nil` (and no `0` among the bytes), for
  /// a whole buffer at once. Where it answers `false`, `firstInvalid(in:)` finds the place.
  ///
  /// A deterministic automaton over table 3-7's states, kept as shifts (each byte's row
  /// packs the next state of every state, six bits each, the state being its own shift):
  /// a step is a load that does not wait for the state and one shift, with no branch to
  /// mispredict on text that mixes ASCII and other letters; runs of 16 ASCII bytes are
  /// skipped at once.
  ///
  /// - Complexity: O(n), about 3 instructions a byte (1.5 for ASCII).
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, rejectingZero: Bool = false) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    let rows = rejectingZero ? ShiftAutomaton.rowsRejectingZero : ShiftAutomaton.rows
    return rows.withUnsafeBufferPointer { rows in
      let rows = rows.baseAddress!
      var state: UInt64 = 0
      var i = 0
      while i + 16 <= count {
        let low = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let high = UnsafeRawPointer(base + i + 8).loadUnaligned(as: UInt64.self)
        if state & 63 == 0 && (low | high) & 0x8080_8080_8080_8080 == 0
          && (!rejectingZero || !hasZeroByte(low) && !hasZeroByte(high))
        {
          i += 16
          continue
        }
        for k in 0..<16 { state = rows[Int(base[i + k])] &>> state }
        i += 16
      }
      while i < count {
        state = rows[Int(base[i])] &>> state
        i += 1
      }
      return state & 63 == ShiftAutomaton.accept
    }
  }

  /// Whether one of the eight bytes of `word` is zero.
  @inline(__always)
  private static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
  }

  /// The automaton of `isValid(_:rejectingZero:)`: its states are table 3-7's places
  /// within a sequence, numbered by the shift that finds their field in a row.
  private enum ShiftAutomaton {
    /// Between sequences (the start, and the only accepting state).
    static let accept: UInt64 = 0
    /// An ill-formed sequence was seen: every byte keeps it here.
    static let error: UInt64 = 6
    /// One, two or three continuation bytes (0x80...0xBF) still due.
    static let tail1: UInt64 = 12
    static let tail2: UInt64 = 18
    static let tail3: UInt64 = 24
    /// After the leads whose second byte has a narrower range: E0, ED, F0, F4.
    static let afterE0: UInt64 = 30
    static let afterED: UInt64 = 36
    static let afterF0: UInt64 = 42
    static let afterF4: UInt64 = 48

    static let rows = makeRows(rejectingZero: false)
    static let rowsRejectingZero = makeRows(rejectingZero: true)

    /// The state after `byte` in `state`.
    static func next(_ state: UInt64, _ byte: UInt8, rejectingZero: Bool) -> UInt64 {
      let continuation = (0x80...0xBF).contains(byte)
      switch state {
      case accept:
        if byte < 0x80 { return byte == 0 && rejectingZero ? error : accept }
        guard let (length, second) = sequence(leadBy: byte) else { return error }
        if second != 0x80...0xBF {
          switch byte {
          case 0xE0: return afterE0
          case 0xED: return afterED
          case 0xF0: return afterF0
          default: return afterF4
          }
        }
        return [tail1, tail2, tail3][length - 2]
      case tail1: return continuation ? accept : error
      case tail2: return continuation ? tail1 : error
      case tail3: return continuation ? tail2 : error
      case afterE0: return (0xA0...0xBF).contains(byte) ? tail1 : error
      case afterED: return (0x80...0x9F).contains(byte) ? tail1 : error
      case afterF0: return (0x90...0xBF).contains(byte) ? tail2 : error
      case afterF4: return (0x80...0x8F).contains(byte) ? tail2 : error
      default: return error
      }
    }

    /// Per byte, the next state of every state, each in the six bits its state shifts by.
    static func makeRows(rejectingZero: Bool) -> [UInt64] {
      let states = [accept, error, tail1, tail2, tail3, afterE0, afterED, afterF0, afterF4]
      return (0..<256).map { byte in
        states.reduce(0) { row, state in
          row | next(state, UInt8(byte), rejectingZero: rejectingZero) << state
        }
      }
    }
  }
}
