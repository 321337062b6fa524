// Writes Sources/NamesSearch/Text/FoundationUnicodeTables.swift: the per-scalar Unicode
// mappings the library folds and sections with, as Foundation on this machine computes them,
// so that the library and the executable need not link Foundation (issue 14: Foundation's
// start-up, CoreFoundation's initializer and relocations, cost every run about a millisecond).
//
// - canonical decomposition: `decomposedStringWithCanonicalMapping` of the scalar alone (NFD);
// - compatibility decomposition: `decomposedStringWithCompatibilityMapping` (NFKD);
// - case folding: `folding(options: .caseInsensitive, locale: nil)` (CoreFoundation's case
//   tables: Cherokee folds to its lowercase, unlike Unicode's CaseFolding.txt);
// - primary composites: the pairs NFC composes into one scalar (Unicode UAX #15), found from
//   each scalar whose full canonical decomposition `precomposedStringWithCanonicalMapping`
//   composes back to it: the decomposition's last scalar and the composition of the ones
//   before it;
// - Latin-ASCII: `applyingTransform(StringTransform("Latin-ASCII"), reverse: false)` of each
//   scalar of the Latin blocks `FullFolding.latinASCII(of:)` asks about, when it is ASCII
//   letters only.
//
// Hangul syllables are left out of the decomposition and composition tables: their
// decomposition is arithmetic (Unicode 15.0, section 3.12), which `UnicodeMappings` does.
//
// Run: swift Scripts/make-foundation-unicode-tables.swift \
//   | swift format - --assume-filename Sources/NamesSearch/Text/FoundationUnicodeTables.swift \
//   > Sources/NamesSearch/Text/FoundationUnicodeTables.swift
// Running it twice gives the same bytes.
import Foundation

func isHangulSyllable(_ v: UInt32) -> Bool { (0xAC00...0xD7A3).contains(v) }

var canonical: [(UInt32, [UInt32])] = []
var compatibility: [(UInt32, [UInt32])] = []
var caseFolding: [(UInt32, [UInt32])] = []
var composites: [(UInt64, UInt32)] = []
var latinASCII: [(UInt32, [UInt32])] = []

func values(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

var v: UInt32 = 0
while v <= 0x10_FFFF {
  if v == 0xD800 { v = 0xE000 }
  let scalar = Unicode.Scalar(v)!
  let s = String(scalar)
  if !isHangulSyllable(v) {
    let nfd = values(s.decomposedStringWithCanonicalMapping)
    if nfd != [v] { canonical.append((v, nfd)) }
    let nfkd = values(s.decomposedStringWithCompatibilityMapping)
    if nfkd != [v] { compatibility.append((v, nfkd)) }
    if nfd.count >= 2 {
      let head = String(String.UnicodeScalarView(nfd.dropLast().map { Unicode.Scalar($0)! }))
        .precomposedStringWithCanonicalMapping
      let first = values(head)
      if first.count == 1 {
        // The pair composes to the scalar when the NFC of its full decomposition is the
        // scalar (it is not excluded from composition). Foundation's NFC of the pair as
        // written is not asked: it leaves a composite followed by a mark that composes with
        // it apart (U+0CCA U+0CD5, which is U+0CCB; a Hangul syllable and a trailing jamo).
        let whole = String(String.UnicodeScalarView(nfd.map { Unicode.Scalar($0)! }))
        if values(whole.precomposedStringWithCanonicalMapping) == [v] {
          composites.append((UInt64(first[0]) << 32 | UInt64(nfd.last!), v))
        }
      }
    }
  }
  let folded = values(s.folding(options: .caseInsensitive, locale: nil))
  if folded != [v] { caseFolding.append((v, folded)) }
  let latin =
    (0x00C0...0x024F).contains(v) || (0x0250...0x02AF).contains(v)
    || (0x1D00...0x1DBF).contains(v) || (0x1E00...0x1EFF).contains(v)
    || (0x2C60...0x2C7F).contains(v) || (0xA720...0xA7FF).contains(v)
    || (0xAB30...0xAB6F).contains(v)
  if latin, let spelled = s.applyingTransform(StringTransform("Latin-ASCII"), reverse: false),
    !spelled.isEmpty, spelled.utf8.allSatisfy({ $0 &- 0x61 < 26 || $0 &- 0x41 < 26 })
  {
    latinASCII.append((v, values(spelled)))
  }
  v += 1
}
composites.sort { $0.0 < $1.0 }
// Foundation's Unicode version: the newest age (the standard library's DerivedAge) of a
// scalar any of its mappings changes. Marks newer than that are unassigned to Foundation.
var newest = (major: 0, minor: 0)
for (value, _) in canonical + compatibility + caseFolding {
  if let age = Unicode.Scalar(value)!.properties.age, (age.major, age.minor) > newest {
    newest = (age.major, age.minor)
  }
}

func hex(_ n: UInt32) -> String { String(format: "0x%X", n) }
func rows(_ items: [String], indent: String = "    ") -> String {
  var lines: [String] = []
  var line = indent
  for item in items {
    if line.count + item.count + 2 > 100 {
      lines.append(line)
      line = indent
    }
    line += item + ", "
  }
  if line != indent { lines.append(line) }
  return lines.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }.joined(separator: "\n")
}

/// One mapping as two arrays: `entries` (key << 32 | start << 8 | count, ascending by key)
/// and `scalars`.
func mapping(_ name: String, _ doc: String, _ table: [(UInt32, [UInt32])]) -> String {
  var entries: [String] = []
  var scalars: [String] = []
  var start: UInt64 = 0
  for (key, value) in table {
    precondition(value.count < 256 && start < 1 << 24)
    entries.append(String(format: "0x%llX", UInt64(key) << 32 | start << 8 | UInt64(value.count)))
    scalars.append(contentsOf: value.map(hex))
    start += UInt64(value.count)
  }
  return """
      /// \(doc) (\(table.count) scalars).
      /// Each entry: the scalar << 32 | where its mapping starts in the scalars below << 8 |
      /// its length, ascending by scalar.
      static let \(name)Entries: [UInt64] = [
    \(rows(entries))
      ]
      /// The scalars `\(name)Entries` point into.
      static let \(name)Scalars: [UInt32] = [
    \(rows(scalars))
      ]

    """
}

print(
  """
  // Generated by Scripts/make-foundation-unicode-tables.swift from Foundation's Unicode
  // mappings (swift-corelibs-foundation of the Swift 6.3 toolchain, its ICU and
  // CoreFoundation's case tables). Do not edit.
  // \(canonical.count) canonical decompositions, \(compatibility.count) compatibility
  // decompositions, \(caseFolding.count) case foldings, \(composites.count) primary composites,
  // \(latinASCII.count) Latin-ASCII spellings.

  /// Per-scalar Unicode mappings as Foundation computes them (see
  /// Scripts/make-foundation-unicode-tables.swift), read by `UnicodeMappings`.
  enum FoundationUnicodeTables {
    /// The Unicode version of Foundation's data: the newest age of a scalar its mappings
    /// change. Scalars assigned since are unassigned to it (combining class 0).
    static let unicodeVersion = (major: \(newest.major), minor: \(newest.minor))

  """)
print(
  mapping(
    "canonicalDecomposition", "The NFD of each scalar that it changes, Hangul syllables aside",
    canonical))
print(
  mapping(
    "compatibilityDecomposition", "The NFKD of each scalar that it changes, Hangul syllables aside",
    compatibility))
print(
  mapping("caseFolding", "The case-insensitive folding of each scalar that it changes", caseFolding)
)
print(
  mapping(
    "latinASCII", "The Latin-ASCII spelling of each Latin scalar spelled in ASCII letters",
    latinASCII))
print(
  """
    /// The primary composites (Hangul syllables aside): the first scalar << 32 | the second,
    /// ascending, and in `primaryComposites` at the same index the scalar they compose to.
    static let primaryCompositePairs: [UInt64] = [
  \(rows(composites.map { String(format: "0x%llX", $0.0) }))
    ]
    /// The composite of each pair of `primaryCompositePairs`.
    static let primaryComposites: [UInt32] = [
  \(rows(composites.map { hex($0.1) }))
    ]
  }
  """)
