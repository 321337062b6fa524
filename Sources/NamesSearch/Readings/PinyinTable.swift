/// The Mandarin readings table decoded from `PinyinTableData`'s string literals into flat
/// buffers: a two-level table (256-code-point pages, then one slot per code point of a page
/// that has readings) whose slots index a pool of syllable numbers.
///
/// The buffers are allocated once and never freed: the table lives as long as the process
/// (`PinyinReadings` makes one, in a static `let`), so a lookup hands out a view of them
/// with no allocation and no reference counting. Memory: 4 bytes a slot (the pages holding
/// Han characters, 80,641 slots, 323 KB) plus 2 bytes a reading (50,030 readings, 100 KB).
/// Decoding reads each digit of the data once: O(n) in its length, about 2 ms.
struct PinyinTable: Sendable {
  /// The character-to-readings part of the table: three buffers and no reference-counted
  /// storage, so copying it (from a static `let`, on every lookup) costs nothing.
  struct Lookup: @unchecked Sendable {  // Immutable after init; the buffers are never freed.
    /// For each 256-code-point page, the first slot of its 256 slots, or -1 when no code
    /// point of the page has a reading.
    let pageBase: UnsafeBufferPointer<Int32>
    /// Slot `s`'s readings are `pool[offsets[s]..<offsets[s + 1]]`.
    let offsets: UnsafeBufferPointer<UInt32>
    /// The syllable numbers of every reading, slot after slot.
    let pool: UnsafeBufferPointer<UInt16>

    /// The syllable numbers of `scalar`'s readings, empty when it has none. O(1): two loads.
    @inline(__always)
    func readings(of scalar: UInt32) -> UnsafeBufferPointer<UInt16> {
      let page = Int(scalar >> 8)
      guard page < pageBase.count else { return UnsafeBufferPointer(start: nil, count: 0) }
      let base = pageBase[page]
      guard base >= 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
      let slot = Int(base) + Int(scalar & 255)
      return UnsafeBufferPointer(rebasing: pool[Int(offsets[slot])..<Int(offsets[slot + 1])])
    }
  }

  /// Every toneless syllable, ascending.
  let syllables: [String]
  /// Each character's readings.
  let lookup: Lookup
  /// The surname characters, ascending; `surnamePool[surnameOffsets[i]..<surnameOffsets[i + 1]]`
  /// are the readings of `surnameScalars[i]` as a family name.
  let surnameScalars: [UInt32]
  let surnameOffsets: [UInt32]
  let surnamePool: [UInt16]

  /// Decodes the table from the generated data (format: Scripts/make-pinyin-table.py).
  /// The data are compiled in, so malformed data are a build defect: it stops with a
  /// precondition failure rather than returning a partial table.
  init(
    syllables syllableText: String = PinyinTableData.syllables,
    readings readingText: String = PinyinTableData.readings,
    surnames surnameText: String = PinyinTableData.surnames
  ) {
    syllables = syllableText.split(separator: " ").map(String.init)
    let syllableCount = syllables.count
    var pageBase: [Int32] = []
    var offsets: [UInt32] = []
    var pool: [UInt16] = []
    var text = readingText
    text.withUTF8 { bytes in
      var reader = DigitReader(bytes: bytes)
      offsets.reserveCapacity(bytes.count / 3)
      pool.reserveCapacity(bytes.count / 3)
      var codePoint = -1
      var allocatedSlots = 0
      while !reader.atEnd {
        let header = reader.digits(1)
        let count = header & 31
        precondition(count > 0, "PinyinTableData.readings: empty entry")
        codePoint += 1 + (header & 32 != 0 ? reader.digits(4) : 0)
        precondition(codePoint <= 0x10_FFFF, "PinyinTableData.readings: code point past U+10FFFF")
        let page = codePoint >> 8
        if page >= pageBase.count {
          pageBase.append(contentsOf: repeatElement(-1, count: page + 1 - pageBase.count))
        }
        if pageBase[page] < 0 {
          pageBase[page] = Int32(allocatedSlots)
          allocatedSlots += 256
        }
        let slot = Int(pageBase[page]) + (codePoint & 255)
        // Slots before this one (empty) start and end where this one starts.
        offsets.append(
          contentsOf: repeatElement(UInt32(pool.count), count: slot + 1 - offsets.count))
        for _ in 0..<count {
          let syllable = reader.digits(2)
          precondition(
            syllable < syllableCount, "PinyinTableData.readings: no syllable \(syllable)")
          pool.append(UInt16(syllable))
        }
      }
      offsets.append(
        contentsOf: repeatElement(UInt32(pool.count), count: allocatedSlots + 1 - offsets.count))
    }
    lookup = Lookup(
      pageBase: Self.permanent(pageBase), offsets: Self.permanent(offsets),
      pool: Self.permanent(pool))

    var surnameScalars: [UInt32] = []
    var surnameOffsets: [UInt32] = [0]
    var surnamePool: [UInt16] = []
    text = surnameText
    text.withUTF8 { bytes in
      var reader = DigitReader(bytes: bytes)
      while !reader.atEnd {
        let scalar = UInt32(reader.digits(4))
        precondition(
          surnameScalars.last.map { $0 < scalar } ?? true, "PinyinTableData.surnames: not ascending"
        )
        surnameScalars.append(scalar)
        for _ in 0..<reader.digits(1) {
          let syllable = reader.digits(2)
          precondition(
            syllable < syllableCount, "PinyinTableData.surnames: no syllable \(syllable)")
          surnamePool.append(UInt16(syllable))
        }
        surnameOffsets.append(UInt32(surnamePool.count))
      }
    }
    self.surnameScalars = surnameScalars
    self.surnameOffsets = surnameOffsets
    self.surnamePool = surnamePool
  }

  /// A copy of `array` in memory that is never freed.
  private static func permanent<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
    _ = buffer.initialize(from: array)
    return UnsafeBufferPointer(buffer)
  }

  /// The syllable numbers of `scalar`'s readings as a family name, empty when it has none
  /// listed. O(log n) in the number of surname characters (under 100).
  func surnameReadings(of scalar: UInt32) -> [UInt16] {
    var low = 0
    var high = surnameScalars.count
    while low < high {
      let middle = (low + high) / 2
      if surnameScalars[middle] < scalar { low = middle + 1 } else { high = middle }
    }
    guard low < surnameScalars.count, surnameScalars[low] == scalar else { return [] }
    return Array(surnamePool[Int(surnameOffsets[low])..<Int(surnameOffsets[low + 1])])
  }
}

/// Reads base-64 digits ("0-9A-Za-z-_", most significant first) from ASCII bytes.
private struct DigitReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var atEnd: Bool { position >= bytes.count }

  /// The value of the next `width` digits; a precondition failure on a byte outside the
  /// alphabet or past the end.
  mutating func digits(_ width: Int) -> Int {
    var value = 0
    for _ in 0..<width {
      precondition(position < bytes.count, "PinyinTableData: truncated")
      let byte = bytes[position]
      position += 1
      let digit: Int
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte) - 48
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte) - 65 + 10
      case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte) - 97 + 36
      case UInt8(ascii: "-"): digit = 62
      case UInt8(ascii: "_"): digit = 63
      default: preconditionFailure("PinyinTableData: byte \(byte) is not a digit")
      }
      value = value << 6 | digit
    }
    return value
  }
}
