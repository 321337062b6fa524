import Glibc

// The libFuzzer entry points of the one fuzzing binary that Fuzz/build.sh compiles (the
// library and every harness, whole-module, once): Fuzz/bin/loader, cache, query, json, csv
// and openstep are hard links to it, and the name it was started by picks the harness, once,
// in `LLVMFuzzerInitialize` (libFuzzer calls it before any input, with its own argv). A
// binary per harness compiled the library six times, the longest step of CI.

/// A harness: the bytes of one input, and libFuzzer's result (0: keep going).
typealias FuzzHarness = (UnsafePointer<UInt8>, Int) -> Int32

/// The harnesses by the names of their links in Fuzz/bin.
let fuzzHarnesses: [String: FuzzHarness] = [
  "loader": loaderFuzzer, "cache": cacheFuzzer, "query": queryFuzzer, "json": jsonFuzzer,
  "csv": csvFuzzer, "openstep": openStepFuzzer,
]

/// The harness chosen at start; set once, before libFuzzer runs any input.
nonisolated(unsafe) var chosenHarness: FuzzHarness?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> Int32 {
  let path = argv.pointee[0].map { String(cString: $0) } ?? ""
  let name = String(path.split(separator: "/").last ?? "")
  guard let harness = fuzzHarnesses[name] else {
    let known = fuzzHarnesses.keys.sorted().joined(separator: ", ")
    fputs("fuzz: started as '\(name)'; run it through a link named one of: \(known)\n", stderr)
    exit(2)
  }
  chosenHarness = harness
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  chosenHarness!(data, size)
}
