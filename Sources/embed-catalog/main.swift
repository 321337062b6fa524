// Build-time tool run by the EmbedBuiltInCatalog plugin:
//   embed-catalog INPUT.plist OUTPUT.swift
// Loads INPUT with the library's own loader (so the built-in list passes the same checks as
// any user file) and writes its sections as Swift literals: titles, section sizes, and the
// names joined by newlines in one string literal (fast to type-check).
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
  for s in 0..<catalog.sectionCount {
    for i in catalog.nameRange(ofSection: s) {
      let name = catalog.names[i]
      guard !name.contains("\n") else {
        throw LoadError(
          source: arguments[1],
          reason: .notAList("the built-in list cannot hold a name with a newline"))
      }
      joined += name + "\n"
    }
  }
  let sizes = (0..<catalog.sectionCount).map { catalog.nameRange(ofSection: $0).count }
  let source = """
    // Generated at build time by embed-catalog from \(URL(fileURLWithPath: arguments[1]).lastPathComponent).
    // Do not edit: change Resources/sortednames.plist instead.

    enum BuiltInCatalogData {
      /// Section titles, in `SectionOrder`.
      static let titles: [String] = [\(catalog.titles.map(literal).joined(separator: ", "))]
      /// The number of names in each section.
      static let sectionSizes: [Int] = [\(sizes.map(String.init).joined(separator: ", "))]
      /// Every name followed by a newline, section after section.
      static let names: StaticString = \(literal(joined))
    }

    """
  try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("embed-catalog: \(error)\n".utf8))
  exit(1)
}
