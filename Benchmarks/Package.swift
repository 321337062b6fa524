// swift-tools-version: 6.0
import PackageDescription

// The benchmark executables, in a package of their own (as swift-collections does), so that
// users of the library never build them: `swift build -c release --package-path Benchmarks`.
// Benchmarks/run.sh builds and runs them; see BENCHMARKS.md for what they measure.
let package = Package(
  name: "names-search-benchmarks",
  dependencies: [
    // The root package, whatever its folder is called (its identity comes from the name).
    .package(name: "names-search", path: "..")
  ],
  targets: [
    // In-process figures: loading, the parallel scan, typing through a SearchSession.
    .executableTarget(
      name: "names-search-bench",
      dependencies: [
        .product(name: "NamesSearch", package: "names-search"),
        .product(name: "BuiltInCatalog", package: "names-search"),
      ],
      // Importing NamesSearch imports libxml2's module, whose headers are here (the root
      // package links libxml2 statically, without pkg-config: see its Package.swift).
      swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]
    ),
    // The book's handleSearchForTerm with Foundation's PropertyListSerialization: the baseline.
    .executableTarget(name: "foundation-baseline"),
    // Foundation's JSONSerialization reading a JSON list: the JSON reader's baseline.
    .executableTarget(name: "json-foundation-baseline"),
    // Start-up baselines (issue 14): the standard library alone, and with Foundation.
    .executableTarget(name: "bare-swift"),
    .executableTarget(name: "bare-foundation"),
  ],
  swiftLanguageModes: [.v6]
)
