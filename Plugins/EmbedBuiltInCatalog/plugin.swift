import PackagePlugin

/// Turns `Resources/sortednames.plist` into a Swift source file at build time, so the
/// built-in list is inside the binary and a copied `names-search` needs no resource bundle.
@main
struct EmbedBuiltInCatalog: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL.appending(path: "Resources/sortednames.plist")
    let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInCatalogData.swift")
    return [
      .buildCommand(
        displayName: "Embedding the built-in list \(input.lastPathComponent)",
        executable: try context.tool(named: "embed-catalog").url,
        arguments: [input.path(), output.path()],
        inputFiles: [input],
        outputFiles: [output]
      )
    ]
  }
}
