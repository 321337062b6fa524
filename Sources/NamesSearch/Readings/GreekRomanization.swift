/// Greek names romanized the ways people type them (issue 12).
///
/// The base is ELOT 743 / ISO 843 (type 2, transcription), written in ASCII; letters also take
/// the spellings people commonly use instead, and those of ISO 843 type 1 and PyPI's
/// `unidecode` (η `e`, υ `u`, χ `kh`): β `v`/`b`, γ `g`/`gh`/`y`, δ `d`/`dh`, ζ `z`, η `i`/`e`,
/// θ `th`, κ `k`/`c`, ξ `x`/`ks`, ρ `r`/`rh`, υ `y`/`i`/`u`, φ `f`/`ph`, χ `ch`/`kh`/`h`, ψ `ps`,
/// ω `o`; final ς is σ `s`. Tonos and dialytika are not typed.
///
/// Pairs typed as one unit: ου `ou`/`u`, αι `ai`/`e`, ει `ei`/`i`, οι `oi`/`i`, υι `yi`/`i`/`ui`,
/// αυ `av`/`af`/`au`, ευ `ev`/`ef`/`eu`, ηυ `iv`/`if`/`ev`/`ef`/`eu`/`iu`, μπ `b`/`mb`/`mp`,
/// ντ `d`/`nt`/`nd`, γγ `ng`/`gg`, γκ `g`/`gk`/`nk`/`ng`, γχ `nch`/`nkh`/`nh`/`gch`/`gkh`,
/// γξ `nx`/`gx`/`nks`/`gks`, and γι before a vowel `gi`/`yi`/`ghi`/`y` (Γιάννης "Yannis").
/// A vowel pair is one unit only when its first letter has no tonos and its second no
/// dialytika (αϊ and άι are two vowels, as in ELOT 743). Tables are hand-written from those
/// systems and built once; `units(of:)` uses no Foundation.
package enum GreekRomanization {
  /// The units of `run`: lowercase NFC Greek letters (U+03AC…U+03CE and ΐ U+0390, tonos and
  /// dialytika allowed). Units cover the run in order with no gaps; a scalar outside those is
  /// a unit of its own with no spellings. O(`run.count`) time and memory.
  package static func units(of run: [Unicode.Scalar]) -> [RomanizedUnit] {
    var units: [RomanizedUnit] = []
    units.reserveCapacity(run.count)
    var index = 0
    while index < run.count {
      let current = letter(run[index].value)
      let next = index + 1 < run.count ? letter(run[index + 1].value) : Letter.none
      if current.base != 0, next.base != 0,
        let pair = pair(current, next, after: index + 2 < run.count ? run[index + 2].value : 0)
      {
        units.append(RomanizedUnit(range: index..<index + 2, spellings: pair))
        index += 2
        continue
      }
      let spellings =
        current.base == 0 ? [] : single[Int(current.base - alpha)]
      units.append(RomanizedUnit(range: index..<index + 1, spellings: spellings))
      index += 1
    }
    return units
  }

  /// The spellings of `first` and `second` typed as one unit, or nil if they are two;
  /// `after` is the scalar after them (0 at the end).
  private static func pair(_ first: Letter, _ second: Letter, after: UInt32) -> [String]? {
    switch (first.base, second.base) {
    case (mu, pi): return ["b", "mb", "mp"]
    case (nu, tau): return ["d", "nt", "nd"]
    case (gamma, gamma): return ["ng", "gg"]
    case (gamma, kappa): return ["g", "gk", "nk", "ng"]
    case (gamma, chi): return ["nch", "nkh", "nh", "gch", "gkh"]
    case (gamma, xi): return ["nx", "gx", "nks", "gks"]
    case (gamma, iota):
      guard !second.tonos, !second.dialytika, isVowel(letter(after).base) else { return nil }
      return ["gi", "yi", "ghi", "y"]
    default: break
    }
    guard !first.tonos, !first.dialytika, !second.dialytika else { return nil }
    switch (first.base, second.base) {
    case (omicron, upsilon): return ["ou", "u"]
    case (alpha, iota): return ["ai", "e"]
    case (epsilon, iota): return ["ei", "i"]
    case (omicron, iota): return ["oi", "i"]
    case (upsilon, iota): return ["yi", "i", "ui"]
    case (alpha, upsilon): return ["av", "af", "au"]
    case (epsilon, upsilon): return ["ev", "ef", "eu"]
    case (eta, upsilon): return ["iv", "if", "ev", "ef", "eu", "iu"]
    default: return nil
    }
  }

  private static func isVowel(_ base: UInt32) -> Bool {
    switch base {
    case alpha, epsilon, eta, iota, omicron, upsilon, omega: return true
    default: return false
    }
  }

  /// A scalar as its unaccented lowercase letter (0 if not a Greek letter of the table) and
  /// its marks.
  private struct Letter {
    var base: UInt32
    var tonos = false
    var dialytika = false
    static let none = Letter(base: 0)
  }

  private static func letter(_ code: UInt32) -> Letter {
    switch code {
    case alpha...omega: return Letter(base: code)
    case 0x03AC: return Letter(base: alpha, tonos: true)
    case 0x03AD: return Letter(base: epsilon, tonos: true)
    case 0x03AE: return Letter(base: eta, tonos: true)
    case 0x03AF: return Letter(base: iota, tonos: true)
    case 0x03CC: return Letter(base: omicron, tonos: true)
    case 0x03CD: return Letter(base: upsilon, tonos: true)
    case 0x03CE: return Letter(base: omega, tonos: true)
    case 0x03CA: return Letter(base: iota, dialytika: true)
    case 0x03CB: return Letter(base: upsilon, dialytika: true)
    case 0x0390: return Letter(base: iota, tonos: true, dialytika: true)
    case 0x03B0: return Letter(base: upsilon, tonos: true, dialytika: true)
    default: return .none
    }
  }

  private static let alpha: UInt32 = 0x03B1
  private static let gamma: UInt32 = 0x03B3
  private static let epsilon: UInt32 = 0x03B5
  private static let eta: UInt32 = 0x03B7
  private static let iota: UInt32 = 0x03B9
  private static let kappa: UInt32 = 0x03BA
  private static let mu: UInt32 = 0x03BC
  private static let nu: UInt32 = 0x03BD
  private static let xi: UInt32 = 0x03BE
  private static let omicron: UInt32 = 0x03BF
  private static let pi: UInt32 = 0x03C0
  private static let tau: UInt32 = 0x03C4
  private static let upsilon: UInt32 = 0x03C5
  private static let chi: UInt32 = 0x03C7
  private static let omega: UInt32 = 0x03C9

  /// α…ω (U+03B1…U+03C9), in order: the spellings of each letter, ELOT 743 first.
  private static let single: [[String]] = [
    ["a"], ["v", "b"], ["g", "gh", "y"], ["d", "dh"], ["e"], ["z"], ["i", "e"],  // α β γ δ ε ζ η
    ["th"], ["i"], ["k", "c"], ["l"], ["m"], ["n"], ["x", "ks"], ["o"],  // θ ι κ λ μ ν ξ ο
    ["p"], ["r", "rh"], ["s"], ["s"], ["t"], ["y", "i", "u"],  // π ρ ς σ τ υ
    ["f", "ph"], ["ch", "kh", "h"], ["ps"], ["o"],  // φ χ ψ ω
  ]
}
