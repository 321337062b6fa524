// swift-tools-version: 6.0
import PackageDescription

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
      dependencies: ["CLibXML2", "CLibXML2Shims", "CXXHash", "CSQLite", "CICUCollation"]),
    // libxml2's SAX2 parser, for the streaming XML reader.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // The one libxml2 callback Swift cannot write: a variadic error handler.
    .target(name: "CLibXML2Shims", dependencies: ["CLibXML2"]),
    // xxHash (Debian libxxhash-dev): XXH3-64 for the index cache checksum, XXH64 for list hashes.
    .systemLibrary(
      name: "CXXHash",
      pkgConfig: "libxxhash",
      providers: [.apt(["libxxhash-dev"])]
    ),
    // SQLite 3 (Debian libsqlite3-dev): the SQLite reader opens databases read-only with it.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // The system ICU (Debian libicu-dev 72) for `--locale`: a locale's alphabetic index
    // (icu::AlphabeticIndex, which only ICU's C++ API has) and collation, behind a C API.
    .target(
      name: "CICUCollation",
      linkerSettings: [
        .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
      ]
    ),
    // The built-in list, compiled into the binary from Resources/sortednames.plist.
    .target(
      name: "BuiltInCatalog",
      dependencies: ["NamesSearch"],
      plugins: ["EmbedBuiltInCatalog"]
    ),
    // Build-time tool: validates the built-in plist with the library's loader and writes it
    // out as Swift source.
    .executableTarget(name: "embed-catalog", dependencies: ["NamesSearch"]),
    .plugin(
      name: "EmbedBuiltInCatalog",
      capability: .buildTool(),
      dependencies: ["embed-catalog"]
    ),
    // The live mode's terminal layer: raw mode, key decoding, frame painting.
    .target(name: "NamesSearchTerminal", dependencies: ["NamesSearch"]),
    // The command line: a thin layer over the library.
    .executableTarget(
      name: "names-search", dependencies: ["NamesSearch", "NamesSearchTerminal", "BuiltInCatalog"]),
    // Helpers more than one test target uses.
    .target(
      name: "TestSupport", dependencies: ["NamesSearch", "CSQLite"], path: "Tests/TestSupport"),
    .testTarget(
      name: "NamesSearchTests", dependencies: ["NamesSearch", "BuiltInCatalog", "TestSupport"]),
    .testTarget(name: "NamesSearchTerminalTests", dependencies: ["NamesSearchTerminal"]),
    .testTarget(name: "CLITests", dependencies: ["names-search", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
