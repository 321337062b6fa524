// The second start-up baseline (issue 14): a Swift program that imports Foundation but uses
// little of it (the arguments' count through ProcessInfo), built as names-search is (release,
// the Swift runtime and Foundation linked statically). Benchmarks/run.sh --startup times it
// beside names-search and bare-swift.
import Foundation

print(ProcessInfo.processInfo.arguments.count)
