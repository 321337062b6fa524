// search-as-you-type: the NamesSearch library used as a program would use it, and the code
// of the "Getting started" article (Sources/NamesSearch/NamesSearch.docc).
//
// It loads a sectioned list of names (the file given as the first argument, in any format
// the loader reads, or a small JSON list written below), searches it once for a word and
// prints the result as the command line does, then types that word one key at a time into
// a SearchSession, as a search field would, printing each step's count and section index.
//
//   swift run search-as-you-type                          # the list below, the word "anna"
//   swift run search-as-you-type names.txt jose           # a list of names of your own
import Foundation
import NamesSearch

/// A small list: section titles and their names (a "sortednames" list, as JSON).
let json = """
  {"A": ["Ann", "Anna", "Annika", "Anton", "Åsa"],
   "J": ["Joanna", "José", "Julian"],
   "M": ["Marianne", "Max", "Søren Mann"],
   "Z": ["Zoë", "张安娜"]}
  """

let arguments = Array(CommandLine.arguments.dropFirst())
let word = arguments.count > 1 ? arguments[1] : "anna"

// Everything goes through one buffer, flushed to standard output.
let output = OutputBuffer { bytes in FileHandle.standardOutput.write(Data(bytes)) }

do {
  // Load: a file's format is told from its first bytes; the list below is read from memory.
  let catalog =
    if let path = arguments.first {
      try CatalogLoader.load(contentsOfFile: path)
    } else {
      try CatalogLoader.load(from: FileReader(bytes: Array(json.utf8), source: "example list"))
    }
  try output.write("\(catalog.nameCount) names in \(catalog.sectionCount) sections\n\n")

  // Search: names that do not match are culled, then the sections left empty.
  let result = Searcher().search(Query(term: word), in: catalog)

  // Print: the sections and their names, then the section index.
  try PlainTextPrinter().print(result, to: output)
  try IndexPrinter().print(result, to: output)

  // Search as the user types: each term narrows the last one's hits, a backspace is
  // answered from the session's cache.
  let session = SearchSession(catalog: catalog)
  var typed = (1...max(word.count, 1)).map { String(word.prefix($0)) }
  typed.append(String(word.dropLast()))
  try output.write("\n")
  for term in typed {
    // `nil` only when a newer call overtook this one (a search field typing on
    // another thread); here every call is the newest.
    guard let step = session.search(term) else { continue }
    let index = step.index.joined(separator: " ")
    try output.write("\(term.debugDescription): \(step.total) names, sections [\(index)]\n")
  }
  try output.flush()
} catch let error as LoadError {
  FileHandle.standardError.write(Data("search-as-you-type: \(error)\n".utf8))
  exit(1)
}
