import Foundation

/// ICU's root collation (the one `SectionOrder` compares letter titles with) restricted to
/// printable ASCII and the white-space controls, as tables, so that names made only of those
/// characters are compared without calling Foundation.
///
/// For these characters the root collation (CLDR root, `alternate=non-ignorable`) has no
/// contractions and no expansions: each character is one collation element, every one with
/// the common secondary weight. Two such strings compare as their sequences of primary
/// weights, then of tertiary weights (UTS #10 section 4). The weights are not written down
/// here but asked of Foundation itself once, on first use:
///
/// - a character is *ignorable* (the controls, UCA section 3.6) when `c + "b"` sorts after
///   `"a"` and `c + "a"` before `"b"`, as `"b"` and `"a"` do; strings holding one are left
///   to Foundation;
/// - the other characters are sorted by Foundation's comparison; two neighbours `c < d`
///   share a primary weight exactly when `c + "b"` sorts after `d + "a"` (the first
///   position ties at the primary level, so the second decides);
/// - within a primary weight, the order of the single characters is the tertiary order
///   (`a < A`).
///
/// `ASCIICollationTests` checks the result against Foundation on every pair of these
/// characters and on generated strings.
struct ASCIICollation: Sendable {
  /// Each byte's primary weight, 1…; 0 for an ignorable byte and for bytes ≥ 0x80.
  let primary: [UInt8]
  /// Each byte's rank within its primary weight, 0….
  let tertiary: [UInt8]

  /// The tables, derived from Foundation once.
  static let root = ASCIICollation()

  private init() {
    let locale = Locale(identifier: "")
    func order(_ a: String, _ b: String) -> ComparisonResult {
      a.compare(b, options: [], range: nil, locale: locale)
    }
    var primary = [UInt8](repeating: 0, count: 256)
    var tertiary = [UInt8](repeating: 0, count: 256)
    // Foundation breaks collation ties (`"a" < "a\u{0}"`), so an ignorable character is
    // told by the weights around it: with none of its own, "cb" sorts as "b" after "a",
    // and "ca" as "a" before "b"; a non-letter with a weight sorts before the letters.
    let candidates = (0..<128).map { UnicodeScalar(UInt8($0)) }.filter {
      let c = String($0)
      return Character($0).isLetter
        || !(order(c + "b", "a") == .orderedDescending && order(c + "a", "b") == .orderedAscending)
    }
    let sorted = candidates.sorted { order(String($0), String($1)) == .orderedAscending }
    var weight: UInt8 = 0
    var rank: UInt8 = 0
    var previous: UnicodeScalar?
    for scalar in sorted {
      if let previous,
        order(String(previous) + "b", String(scalar) + "a") == .orderedDescending
      {
        if order(String(previous), String(scalar)) != .orderedSame { rank += 1 }
      } else {
        weight += 1
        rank = 0
      }
      primary[Int(scalar.value)] = weight
      tertiary[Int(scalar.value)] = rank
      previous = scalar
    }
    self.primary = primary
    self.tertiary = tertiary
  }

  /// Whether every byte of `utf8` has a primary weight (ASCII, not ignorable).
  ///
  /// - Complexity: O(n) in the length.
  func covers(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    primary.withUnsafeBufferPointer { table in utf8.allSatisfy { table[Int($0)] != 0 } }
  }

  /// The first eight primary weights of `utf8`, big-endian, padded with zeros: comparing
  /// two keys orders the strings as their first eight weights do (a shorter string first).
  ///
  /// - Precondition: `covers(utf8)`.
  func primaryPrefix(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var key: UInt64 = 0
    for i in 0..<8 { key = key << 8 | (i < utf8.count ? UInt64(primary[Int(utf8[i])]) : 0) }
    return key
  }

  /// How `a` and `b` compare under the root collation: primary weights, then tertiary.
  ///
  /// - Precondition: `covers(a)`, `covers(b)`.
  /// - Complexity: O(n) in the shorter length.
  func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> ComparisonResult
  {
    primary.withUnsafeBufferPointer { primary in
      let common = min(a.count, b.count)
      for i in 0..<common where a[i] != b[i] {
        let x = primary[Int(a[i])]
        let y = primary[Int(b[i])]
        if x != y { return x < y ? .orderedAscending : .orderedDescending }
      }
      if a.count != b.count { return a.count < b.count ? .orderedAscending : .orderedDescending }
      return tertiary.withUnsafeBufferPointer { tertiary in
        for i in 0..<common where a[i] != b[i] {
          let x = tertiary[Int(a[i])]
          let y = tertiary[Int(b[i])]
          if x != y { return x < y ? .orderedAscending : .orderedDescending }
        }
        return .orderedSame
      }
    }
  }
}
