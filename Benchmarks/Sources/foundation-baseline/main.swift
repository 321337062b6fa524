// The baseline: what the book's `handleSearchForTerm:` does, with Foundation.
//
//   foundation-baseline FILE TERM
//
// Loads the plist with PropertyListSerialization into a dictionary of arrays, makes a
// deep mutable copy (the book's `mutableDeepCopy` reset), removes every name that does not
// contain TERM (`range(of:options: [.caseInsensitive, .diacriticInsensitive])`), removes
// the sections left empty, and prints the result as names-search's plain output does.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: foundation-baseline FILE TERM\n".utf8))
  exit(64)
}
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let allNames =
  try PropertyListSerialization.propertyList(from: data, format: nil) as! [String: [String]]
let term = arguments[2]

// resetSearch: a deep mutable copy of allNames (Swift arrays are values: the copy is deep),
// and the sorted keys.
var names = allNames
var keys = names.keys.sorted()

// handleSearchForTerm: remove the names that do not contain the term, then the sections
// left empty.
var sectionsToRemove: [String] = []
for key in keys {
  var array = names[key]!
  var toRemove = IndexSet()
  for (index, name) in array.enumerated()
  where name.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) == nil {
    toRemove.insert(index)
  }
  if array.count == toRemove.count { sectionsToRemove.append(key) }
  for index in toRemove.reversed() { array.remove(at: index) }
  names[key] = array
}
keys.removeAll { sectionsToRemove.contains($0) }

var output = ""
for key in keys {
  output += key + "\n"
  for name in names[key]! { output += "  " + name + "\n" }
}
FileHandle.standardOutput.write(Data(output.utf8))
