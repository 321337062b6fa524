// The baseline for the JSON reader: Foundation's `JSONSerialization` reading a sortednames
// list written as JSON (an object of title → array of names), cast to Swift types as an
// app would, and the names counted.
//
//   json-foundation-baseline FILE
//
// Prints the number of names and, on standard error, the time the parse and cast took
// (monotonic clock, in seconds), so it can be set beside
// `names-search --count -f FILE --no-cache a`, which does more (loads, folds, searches).
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: json-foundation-baseline FILE\n".utf8))
  exit(64)
}
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let start = DispatchTime.now().uptimeNanoseconds
let object = try JSONSerialization.jsonObject(with: data)
guard let sections = object as? [String: [String]] else {
  FileHandle.standardError.write(Data("not an object of title → array of names\n".utf8))
  exit(2)
}
let count = sections.values.reduce(0) { $0 + $1.count }
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
print(count)
FileHandle.standardError.write(Data("parse and cast: \(seconds) s\n".utf8))
