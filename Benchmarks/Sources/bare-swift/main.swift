// The start-up baseline (issue 14): a Swift program that links the standard library and
// nothing else, built as names-search is (release, the Swift runtime linked statically), and
// prints one line as `names-search --version` does. Benchmarks/run.sh --startup times it beside
// names-search.
print("0.1.0")
