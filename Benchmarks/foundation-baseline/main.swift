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
let allNames = try PropertyListSerialization.propertyList(from: data, format: nil) as! [String: [String]]
let term = arguments[2]

// resetSearch: names = [allNames mutableDeepCopy]; keys = sorted keys.
let names = NSMutableDictionary()
for (key, value) in allNames { names[key] = NSMutableArray(array: value) }
var keys = (names.allKeys as! [String]).sorted()

// handleSearchForTerm:
var sectionsToRemove: [String] = []
for key in keys {
  let array = names[key] as! NSMutableArray
  let toRemove = NSMutableArray()
  for case let name as String in array
  where name.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) == nil {
    toRemove.add(name)
  }
  if array.count == toRemove.count { sectionsToRemove.append(key) }
  array.removeObjects(in: toRemove as! [Any])
}
keys.removeAll { sectionsToRemove.contains($0) }

var output = ""
for key in keys {
  output += key + "\n"
  for case let name as String in names[key] as! NSMutableArray { output += "  " + name + "\n" }
}
FileHandle.standardOutput.write(Data(output.utf8))
