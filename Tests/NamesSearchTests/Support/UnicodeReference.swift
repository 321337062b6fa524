import Foundation
import TestSupport

/// The committed Unicode reference tables in `Tests/Fixtures/unicode`, made once by
/// `Scripts/make-unicode-tables.py` (from Scripts.txt 18.0 via fonttools, and Debian's
/// DerivedCoreProperties-15.0.0.txt). Tests read these, never the system's Unicode files.
enum UnicodeReference {
  /// `Tests/Fixtures/unicode`.
  static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/unicode")

  /// Every script of Unicode 18.0 and its code point ranges, in the file's (name) order.
  static let scripts: [(name: String, ranges: [ClosedRange<UInt32>])] = {
    lines(of: "scripts.txt").map { line in
      let fields = line.split(separator: "\t")
      precondition(fields.count == 2, "scripts.txt: bad line \(line)")
      return (String(fields[0]), fields[1].split(separator: " ").map(range(of:)))
    }
  }()

  /// One base per script: the first scalar of the script, in code point order, that the
  /// toolchain's Unicode knows as a letter standing alone (general category Lu, Ll, Lt or
  /// Lo, else Lm; combining class 0; not Grapheme_Extend; its own NFD), else, for scripts
  /// with no letter (Braille, SignWriting), the first symbol or number standing alone.
  /// Scripts with neither (Inherited, scripts newer than the toolchain) are left out.
  static let scriptBases: [(script: String, base: Unicode.Scalar)] = {
    scripts.compactMap { script in
      var modifier: Unicode.Scalar? = nil
      var symbol: Unicode.Scalar? = nil
      for range in script.ranges {
        for value in range {
          guard let scalar = Unicode.Scalar(value), standsAlone(scalar) else { continue }
          switch scalar.properties.generalCategory {
          case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter:
            return (script.name, scalar)
          case .modifierLetter:
            if modifier == nil { modifier = scalar }
          case .otherSymbol, .mathSymbol, .currencySymbol, .modifierSymbol, .decimalNumber,
            .letterNumber, .otherNumber:
            if symbol == nil { symbol = scalar }
          default:
            continue
          }
        }
      }
      return (modifier ?? symbol).map { (script.name, $0) }
    }
  }()

  /// The Grapheme_Extend scalars of Unicode 15.0, the version of Foundation's own tables.
  static let graphemeExtend15: Set<UInt32> = Set(
    lines(of: "grapheme-extend-15.0.txt").map(range(of:)).joined())

  /// Whether `scalar` was Grapheme_Extend in Unicode 15.0.
  static func isGraphemeExtend15(_ scalar: Unicode.Scalar) -> Bool {
    graphemeExtend15.contains(scalar.value)
  }

  private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.age != nil && properties.canonicalCombiningClass.rawValue == 0
      && !properties.isGraphemeExtend
      && Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars) == [scalar]
  }

  private static func lines(of file: String) -> [Substring] {
    let url = folder.appendingPathComponent(file)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      fatalError("\(url.path): cannot read the reference table")
    }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
  }

  private static func range(of text: Substring) -> ClosedRange<UInt32> {
    let bounds = text.split(separator: ".", omittingEmptySubsequences: true)
    guard let first = UInt32(bounds[0], radix: 16), let last = UInt32(bounds.last!, radix: 16)
    else { fatalError("bad range \(text)") }
    return first...last
  }
}
