// Build-time tool run by the EmbedBuiltInCatalog plugin:
//   embed-catalog INPUT.plist OUTPUT.swift
// Loads INPUT with the library's own loader (so the built-in list passes the same checks as
// any user file) and writes its sections as Swift literals: titles, section sizes, the names
// back to back in one string literal (fast to type-check) with their end offsets, and their
// search keys under the default options (`SearchKeys.folding`) the same way, so that a run
// does not fold the 2,000 names at start (issue 14: 0.59M of the 2.27M instructions of a
// query of the built-in list).
import Foundation
import NamesSearch

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: embed-catalog INPUT.plist OUTPUT.swift\n".utf8))
  exit(64)
}

func literal(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      out += "\\u{\(String(scalar.value, radix: 16))}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

do {
  let catalog = try CatalogLoader.load(contentsOfFile: arguments[1])
  var joined = ""
  var nameEnds: [UInt32] = []
  for s in 0..<catalog.sectionCount {
    for i in catalog.nameRange(ofSection: s) {
      joined += catalog.names[i]
      nameEnds.append(UInt32(joined.utf8.count))
    }
  }
  let sizes = (0..<catalog.sectionCount).map { catalog.nameRange(ofSection: $0).count }
  // The keys a run would fold: those of the names in this order, under the default options.
  let keys = SearchKeys(
    names: NameStore(bytes: FrozenArray(Array(joined.utf8)), ends: FrozenArray(nameEnds)),
    options: .default)
  guard keys.owners.isEmpty, keys.mappings.isEmpty, keys.dropsPunctuation,
    let keyText = String(validating: Array(keys.bytes), as: UTF8.self)
  else {
    throw LoadError(
      source: arguments[1], reason: .notAList("the built-in list's keys cannot be embedded"))
  }
  let source = """
    // Generated at build time by embed-catalog from \(URL(fileURLWithPath: arguments[1]).lastPathComponent).
    // Do not edit: change Resources/sortednames.plist instead.

    enum BuiltInCatalogData {
      /// Section titles, in `SectionOrder`.
      static let titles: [String] = [\(catalog.titles.map(literal).joined(separator: ", "))]
      /// The number of names in each section.
      static let sectionSizes: [Int] = [\(sizes.map(String.init).joined(separator: ", "))]
      /// Every name's UTF-8, back to back, section after section.
      static let names: StaticString = \(literal(joined))
      /// The end offset of each name in `names` (`NameStore.ends`).
      static let nameEnds: [UInt32] = [\(nameEnds.map(String.init).joined(separator: ", "))]
      /// The names' search keys under `MatchOptions.default` (`SearchKeys.folding`), back
      /// to back.
      static let keys: StaticString = \(literal(keyText))
      /// The end offset of each key in `keys` (`SearchKeys.ends`).
      static let keyEnds: [UInt32] = [\(keys.ends.map(String.init).joined(separator: ", "))]
    }

    """
  try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("embed-catalog: \(error)\n".utf8))
  exit(1)
}
