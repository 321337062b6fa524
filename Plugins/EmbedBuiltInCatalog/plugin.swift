import PackagePlugin

/// Turns `Resources/sortednames.plist` into a Swift source file at build time, so the
/// built-in list is inside the binary and a copied `names-search` needs no resource bundle.
@main
struct EmbedBuiltInCatalog: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL.appending(path: "Resources/sortednames.plist")
    let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInCatalogData.swift")
    let tool = try context.tool(named: "embed-catalog").url
    return [
      .buildCommand(
        displayName: "Embedding the built-in list \(input.lastPathComponent)",
        executable: tool,
        arguments: [input.path(), output.path()],
        // The tool too: the keys it writes are the library's folding, made again whenever
        // the library (and so the tool) changes.
        inputFiles: [input, tool],
        outputFiles: [output]
      )
    ]
  }
}
