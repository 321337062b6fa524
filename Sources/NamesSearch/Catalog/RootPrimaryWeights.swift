/// The primary weights of ICU's root collation (the one `SectionOrder` compares letter
/// titles with) for ASCII and the Latin letters and combining marks (U+0000–U+024F,
/// U+0300–U+036F, U+1E00–U+1EFF), as a table, so that names written with them get a sort
/// key without a collation call.
///
/// Under the Unicode Collation Algorithm (UTS #10 section 4) two strings whose primary
/// weights differ compare as their primary weights do, whatever their accents and case;
/// only strings with equal primary weights need the secondary and tertiary levels, and
/// those are left to `RootCollation`. The weights are not written down here but asked of
/// the collation itself once, on first use, by comparisons whose first position ties at the
/// primary level exactly when two characters share a primary weight:
///
/// - the ASCII characters with a weight are sorted by the collation, and neighbours `c < d`
///   share a weight exactly when `c + "b"` sorts after `d + "a"`; a control is *ignorable*
///   (UCA section 3.6) and not in the table;
/// - a combining mark `m` has no primary weight when `"a" + m + "b"` sorts before `"ac"`
///   and `"a" + m + "c"` after `"ab"`;
/// - another letter `c` has the weights of the ASCII letters `s` (its base letter by
///   canonical decomposition, or one of a few expansions such as "ae", "ss", "dz") when
///   `c + "b"` sorts after `s + "a"` and `c + "a"` before `s + "b"`.
///
/// - a letter of Latin-1 or Latin Extended-A with a primary weight of its own between
///   two of ASCII's (ø, ı, ð, ŋ, þ) gets one of two weights left free between them
///   (`addOwnWeights`).
///
/// A character none of these fits is not in the table. `FirstLetterSectionsTests` checks
/// the table against another implementation of the root collation (Foundation's, with its
/// own copy of ICU, which agrees on these letters) on pairs of characters and on names.
struct RootPrimaryWeights: Sendable {
  /// The scalars the table covers are below this.
  static let limit = 0x1F00
  /// Per scalar below `limit`: 0xFF when not covered, else the count of weights (0…2) in
  /// the low byte and the weights in the next two bytes.
  private let entries: [UInt32]

  /// Zeros that make room for a key, copied as one block.
  private static let zeros = [UInt8](repeating: 0, count: 256)

  /// The table, derived from `RootCollation` once.
  static let root = RootPrimaryWeights()

  private init() {
    let order = RootCollation.compare as (String, String) -> Int
    var entries = [UInt32](repeating: 0xFF, count: Self.limit)
    // ASCII: sorted, then grouped by primary weight.
    let ascii = (0..<128).map { UnicodeScalar(UInt8($0)) }.filter {
      let c = String($0)
      return Character($0).isLetter
        || !(order(c + "b", "a") > 0 && order(c + "a", "b") < 0)
    }.sorted { order(String($0), String($1)) < 0 }
    // The first character of each group, in order: group g (from 0) has weight 3(g + 1),
    // leaving two weights between groups for letters of their own (below).
    var groups: [String] = []
    var previous: UnicodeScalar?
    for scalar in ascii {
      if previous == nil
        || order(String(previous!) + "b", String(scalar) + "a") <= 0
      {
        groups.append(String(scalar))
      }
      previous = scalar
    }
    let spacing: UInt32 = 3 * groups.count + 2 <= 255 ? 3 : 1
    var group = 0
    for scalar in ascii {
      if group < groups.count - 1 && String(scalar) == groups[group + 1] { group += 1 }
      entries[Int(scalar.value)] = 1 | spacing * UInt32(group + 1) << 8
    }
    func weights(_ text: String) -> UInt32? {
      var packed: UInt32 = 0
      var count: UInt32 = 0
      for byte in text.utf8 {
        let entry = entries[Int(byte)]
        guard entry & 0xFF == 1, count < 2 else { return nil }
        packed |= (entry >> 8 & 0xFF) << (8 + 8 * count)
        count += 1
      }
      return packed | count
    }
    let expansions = ["ae", "oe", "ss", "ij", "dz", "lj", "nj", "o", "l", "d", "h", "i", "t", "j"]
    let ranges = [0x80..<0x250, 0x300..<0x370, 0x1E00..<0x1F00]
    for value in ranges.joined() {
      guard let scalar = UnicodeScalar(UInt32(value)) else { continue }
      let c = String(scalar)
      if scalar.properties.generalCategory == .nonspacingMark {
        if order("a" + c + "b", "ac") < 0
          && order("a" + c + "c", "ab") > 0
        {
          entries[value] = 0
        }
        continue
      }
      guard scalar.properties.isAlphabetic else { continue }
      let base = String(
        String(UnicodeMappings.canonicalDecomposition(of: scalar)[0]).lowercased())
      for candidate in [base] + expansions
      where candidate.allSatisfy(\.isASCII) && candidate.allSatisfy(\.isLetter) {
        guard let packed = weights(candidate) else { continue }
        if order(c + "b", candidate + "a") > 0
          && order(c + "a", candidate + "b") < 0
        {
          entries[value] = packed
          break
        }
      }
    }
    if spacing == 3 {
      Self.addOwnWeights(to: &entries, groups: groups, ranges: ranges, order: order)
    }
    self.entries = entries
  }

  /// Gives the letters of Latin-1 and Latin Extended-A (U+0080…U+017F, the letters of
  /// European names) not yet covered that have a primary weight of their own between two
  /// of ASCII's (ø after o, ı after i, ð after d, ŋ after n, þ after z) one of the two
  /// weights `3g + 1` and `3g + 2` between groups g and g + 1.
  ///
  /// A letter `c` lies strictly between groups g and g + 1 when `r + "\u{FFFD}"` sorts
  /// before `c + "a"` for group g's first character `r`, and `c + "\u{FFFD}"` before
  /// `s + "a"` for group g + 1's `s` (U+FFFD has the highest primary weight of CLDR's root
  /// collation, so nothing `r` or `c` continues with can decide otherwise). In each gap the
  /// letters are sorted by the collation; neighbours that tie at the primary level (as for
  /// the ASCII groups) share a weight, and each new weight must likewise lie wholly after
  /// the one before (`last + "\u{FFFD}"` before `c + "a"`), so a letter that expands to
  /// several weights is never taken for one. At most two weights a gap: the letters after
  /// those stay uncovered (collated whole).
  ///
  /// - Complexity: about ten collations a letter (a binary search among the
  ///   groups).
  private static func addOwnWeights(
    to entries: inout [UInt32], groups: [String], ranges: [Range<Int>],
    order: (String, String) -> Int
  ) {
    var gaps: [Int: [String]] = [:]
    for value in ranges.joined() where value < 0x180 && entries[value] == 0xFF {
      guard let scalar = UnicodeScalar(UInt32(value)), scalar.properties.isAlphabetic else {
        continue
      }
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: break
      default: continue
      }
      let c = String(scalar)
      // How many groups lie wholly before c.
      var low = 0
      var high = groups.count
      while low < high {
        let middle = (low + high) / 2
        if order(groups[middle] + "\u{FFFD}", c + "a") < 0 {
          low = middle + 1
        } else {
          high = middle
        }
      }
      guard low == groups.count || order(c + "\u{FFFD}", groups[low] + "a") < 0
      else { continue }
      gaps[low, default: []].append(c)
    }
    for (gap, letters) in gaps {
      var weights: [[String]] = []
      for c in letters.sorted(by: { order($0, $1) < 0 }) {
        if let last = weights.last?.last,
          order(last + "b", c + "a") > 0,
          order(last + "a", c + "b") < 0
        {
          weights[weights.count - 1].append(c)
          continue
        }
        if let last = weights.last?.last, order(last + "\u{FFFD}", c + "a") >= 0 {
          break
        }
        guard weights.count < 2 else { break }
        weights.append([c])
      }
      for (k, letters) in weights.enumerated() {
        for c in letters {
          entries[Int(c.unicodeScalars.first!.value)] = 1 | UInt32(3 * gap + 1 + k) << 8
        }
      }
    }
  }

  /// Appends the primary weights of `utf8` (one byte each, 1…) to `key` and answers
  /// whether the table covers every character; when not, `key` holds part of them.
  ///
  /// The weights are written by `writeKey(of:to:)` into room made once (at most two
  /// weights a character, so twice the name's bytes), not appended one at a time.
  ///
  /// - Complexity: O(n) in the length.
  func appendKey(of utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Bool {
    let start = key.count
    let room = 2 * utf8.count
    if room <= Self.zeros.count {
      // Copied as one block: appending a repeated element goes one element at a time.
      Self.zeros.withUnsafeBufferPointer {
        key.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<room]))
      }
    } else {
      key.append(contentsOf: repeatElement(0, count: room))
    }
    let written = key.withUnsafeMutableBufferPointer { out in
      writeKey(of: utf8, to: out.baseAddress! + start)
    }
    key.removeLast(room - (written ?? 0))
    return written != nil
  }

  /// Writes the primary weights of `utf8` (one byte each, 1…) from `out` on and answers how
  /// many it wrote, or nil when the table does not cover every character (what `out` holds
  /// then is unspecified).
  ///
  /// - Precondition: `out` has room for `2 * utf8.count` bytes (at most two weights a
  ///   character).
  /// - Complexity: O(n) in the length; an ASCII byte costs one table look-up.
  func writeKey(of utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
    guard let bytes = utf8.baseAddress else { return 0 }
    let end = utf8.count
    return entries.withUnsafeBufferPointer { table -> Int? in
      let table = table.baseAddress!
      var written = 0
      var i = 0
      while i < end {
        let lead = bytes[i]
        if lead < 0x80 {
          // ASCII has one weight or none (a control, not covered).
          let entry = table[Int(lead)]
          guard entry & 0xFF == 1 else { return nil }
          out[written] = UInt8(truncatingIfNeeded: entry >> 8)
          written += 1
          i += 1
          continue
        }
        var value: Int
        var length: Int
        switch lead {
        case 0xC0..<0xE0: (value, length) = (Int(lead & 0x1F), 2)
        case 0xE0..<0xF0: (value, length) = (Int(lead & 0x0F), 3)
        default: return nil
        }
        guard i + length <= end else { return nil }
        for k in 1..<length { value = value << 6 | Int(bytes[i + k] & 0x3F) }
        guard value < Self.limit else { return nil }
        let entry = table[value]
        let count = entry & 0xFF
        if count == 0xFF { return nil }
        if count >= 1 {
          out[written] = UInt8(truncatingIfNeeded: entry >> 8)
          written += 1
        }
        if count == 2 {
          out[written] = UInt8(truncatingIfNeeded: entry >> 16)
          written += 1
        }
        i += length
      }
      return written
    }
  }
}
