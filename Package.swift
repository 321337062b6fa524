// swift-tools-version: 6.0
import PackageDescription

// Start-up (issue 14): the system C libraries are linked from their static archives (the
// Debian -dev packages ship them), so the executable loads no libxml2, ICU or SQLite shared
// object when it starts. Loading and relocating those objects (and the ICU that Debian's
// libxml2 pulls in) cost about 1 ms of every run, a query on a cached index included, and
// 2.9M of the 7.2M instructions of `--version` (callgrind). libxxhash stays shared: its
// archive lacks the dispatching XXH3 entry points, and it costs little.
// `-l:NAME` asks the linker for that file exactly. Without `pkgConfig` (whose `-lxml2` would
// bring the shared object back), libxml2's header folder is named here, as pkg-config gives
// it on Linux; every Swift target that imports the library (and so, through it, libxml2's
// module) needs it.
let libxml2IncludeFlag = "-I/usr/include/libxml2"
let libxml2Headers: [SwiftSetting] = [.unsafeFlags(["-Xcc", libxml2IncludeFlag])]
let staticSystemLibraries: [LinkerSetting] = [
  // The order is the linker's: each archive before those it calls (libxml2 calls ICU, zlib and
  // liblzma), the C++ runtime and libm shared.
  .linkedLibrary(":libxml2.a"), .linkedLibrary(":libsqlite3.a"), .linkedLibrary(":libicui18n.a"),
  .linkedLibrary(":libicuuc.a"), .linkedLibrary(":libicudata.a"), .linkedLibrary(":libz.a"),
  .linkedLibrary(":liblzma.a"), .linkedLibrary("stdc++"), .linkedLibrary("m"),
]

// This manifest's folder. The executable's link searches its `Linker` folder first, where
// `libstdc++.so` is a linker script naming the C++ runtime's static archive (`INPUT`): SwiftPM
// passes `-lstdc++` for the C++ target (ICU's AlphabeticIndex) before any flag of ours, and
// the dynamic libstdc++ cost every start its loading and about 1,850 symbol lookups,
// 1.87M of the 3.69M instructions of `--version` (callgrind; issue 14).
let packageRoot = #filePath.split(separator: "/").dropLast().map { "/" + $0 }.joined()

let package = Package(
  // Linux only: the library calls Glibc and Linux's mmap flags (README, "Set-up").
  name: "names-search",
  products: [
    .executable(name: "names-search", targets: ["names-search"]),
    .library(name: "NamesSearch", targets: ["NamesSearch"]),
    // The built-in list as a library, for the benchmark package (Benchmarks/Package.swift).
    .library(name: "BuiltInCatalog", targets: ["BuiltInCatalog"]),
  ],
  targets: [
    // The library: catalog, loading, folding, search and printers. No terminal, no argv.
    .target(
      name: "NamesSearch",
      dependencies: [
        "CLibXML2", "CLibXML2Shims", "CXXHash", "CSQLite", "CICUCollation", "CKeyScan",
        "CBitCount",
      ],
      swiftSettings: libxml2Headers),
    // The key scanner's inner loop, in C for SSE2's movemask, which Swift lacks (issue 14).
    .target(name: "CKeyScan"),
    // Bit counts of whole arrays with POPCNT when the processor has it (issue 14: the
    // reading keys' checks), which Swift cannot choose at run time.
    .target(name: "CBitCount"),
    // libxml2's SAX2 parser, for the streaming XML reader (linked statically: see above).
    .systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2-dev"])]),
    // The one libxml2 callback Swift cannot write: a variadic error handler.
    .target(
      name: "CLibXML2Shims", dependencies: ["CLibXML2"],
      cSettings: [.unsafeFlags([libxml2IncludeFlag])]),
    // xxHash (Debian libxxhash-dev): XXH3-64 for the index cache checksum, XXH64 for list hashes.
    .systemLibrary(
      name: "CXXHash",
      pkgConfig: "libxxhash",
      providers: [.apt(["libxxhash-dev"])]
    ),
    // SQLite 3 (Debian libsqlite3-dev): the SQLite reader opens databases read-only with it.
    // (Linked statically: see above.)
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // The system ICU (Debian libicu-dev 72) for `--locale`: a locale's alphabetic index
    // (icu::AlphabeticIndex, which only ICU's C++ API has) and collation, behind a C API.
    // Every static archive is linked here, the one target every program of the package links.
    .target(name: "CICUCollation", linkerSettings: staticSystemLibraries),
    // The built-in list, compiled into the binary from Resources/sortednames.plist.
    .target(
      name: "BuiltInCatalog",
      dependencies: ["NamesSearch"],
      swiftSettings: libxml2Headers,
      plugins: ["EmbedBuiltInCatalog"]
    ),
    // Build-time tool: validates the built-in plist with the library's loader and writes it
    // out as Swift source.
    .executableTarget(
      name: "embed-catalog", dependencies: ["NamesSearch"], swiftSettings: libxml2Headers),
    .plugin(
      name: "EmbedBuiltInCatalog",
      capability: .buildTool(),
      dependencies: ["embed-catalog"]
    ),
    // The live mode's terminal layer: raw mode, key decoding, frame painting.
    .target(
      name: "NamesSearchTerminal", dependencies: ["NamesSearch"], swiftSettings: libxml2Headers),
    // The command line: a thin layer over the library. Linked by the toolchain's lld with
    // its relative relocations packed (DT_RELR, glibc 2.36 and later): the dynamic loader
    // applies the executable's 84,000 of them as bitmaps instead of one entry each, 0.39M
    // fewer instructions at every start (callgrind, `--version` 4.28M → 3.89M: issue 14);
    // and with the C++ runtime from its static archive (`Linker/libstdc++.so`, above).
    .executableTarget(
      name: "names-search", dependencies: ["NamesSearch", "NamesSearchTerminal", "BuiltInCatalog"],
      swiftSettings: libxml2Headers,
      linkerSettings: [
        .unsafeFlags([
          "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
          "-L\(packageRoot)/Linker",  // libstdc++ from its archive (above)
        ])
      ]),
    // The library as a program uses it: load a list, search it, print the result, search
    // as the user types (README, "Library"; the DocC catalog's "Getting started").
    .executableTarget(
      name: "search-as-you-type", dependencies: ["NamesSearch"],
      path: "Examples/SearchAsYouType", swiftSettings: libxml2Headers),
    // Helpers more than one test target uses.
    .target(
      name: "TestSupport", dependencies: ["NamesSearch", "CSQLite"], path: "Tests/TestSupport",
      swiftSettings: libxml2Headers),
    .testTarget(
      name: "NamesSearchTests", dependencies: ["NamesSearch", "BuiltInCatalog", "TestSupport"],
      swiftSettings: libxml2Headers),
    .testTarget(
      name: "NamesSearchTerminalTests", dependencies: ["NamesSearchTerminal"],
      swiftSettings: libxml2Headers),
    .testTarget(
      name: "CLITests", dependencies: ["names-search", "TestSupport"],
      swiftSettings: libxml2Headers),
  ],
  swiftLanguageModes: [.v6]
)
