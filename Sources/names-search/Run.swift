import BuiltInCatalog
import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole command: parse, load, search, print; returns the exit status.
enum Run {
  static func main(arguments: [String], environment: [String: String]) -> ExitStatus {
    let command: ParsedCommand
    do {
      command = try ArgumentParser.parse(arguments)
    } catch {
      StandardStreams.writeError("Error: \(error.message)\n" + HelpText.usageHint)
      return .usage
    }
    switch command {
    case .help: return printing(HelpText.full)
    case .version: return printing(HelpText.version + "\n")
    case .search(let options): return search(options, environment: environment)
    }
  }

  static func search(_ options: Options, environment: [String: String]) -> ExitStatus {
    let loaded: CachedCatalogLoader?
    let catalog: Catalog
    let source = options.file.map { $0 == "-" ? "<stdin>" : $0 } ?? "the built-in list"
    CrashGuard.setActivity("loading \(source)")
    do {
      (catalog, loaded) = try load(options, environment: environment)
    } catch {
      StandardStreams.writeError("names-search: \(error)\n")
      return .failure
    }
    // The index cache is written once the answer is out, whatever the answer was.
    defer {
      CrashGuard.setActivity("writing the index cache of \(source)")
      CacheWriting.write(loaded)
    }
    CrashGuard.setActivity("searching \(source)")
    // A search that cannot get its memory under `ulimit -v` is refused before it starts.
    if let shortfall = SearchMemory.shortfall(for: options.query.options, in: catalog) {
      let error = LoadError(
        source: source,
        reason: .outOfMemory(needed: shortfall.needed, available: shortfall.available))
      StandardStreams.writeError("names-search: \(error)\n")
      return .failure
    }
    if options.interactive {
      return LiveMode.run(catalog: catalog, options: options, environment: environment)
    }
    let result = Searcher().search(options.query, in: catalog)
    // On a terminal, names are shown with control characters escaped; into a pipe or a
    // file they are written byte for byte.
    let toTerminal = StandardStreams.isTerminal(STDOUT_FILENO)
    let printer: any ResultPrinter =
      switch options.output {
      case .sections:
        PlainTextPrinter(
          style: TerminalStyle.usesColor(options.color, environment: environment)
            ? TerminalStyle.ansi : .plain,
          escapesControls: toTerminal)
      case .index: IndexPrinter(escapesControls: toTerminal)
      case .count: CountPrinter()
      case .json: JSONPrinter()
      }
    let output = standardOutput()
    do {
      try printer.print(result, to: output)
      try output.flush()
    } catch let error as WriteError {
      if error.isBrokenPipe { return .matched }
      StandardStreams.writeError("names-search: write error: \(error.reason)\n")
      return .failure
    } catch {
      StandardStreams.writeError("names-search: \(error)\n")
      return .failure
    }
    return result.isEmpty ? .noMatch : .matched
  }

  /// The catalog named by `-f`: a file (through the index cache unless `--no-cache`),
  /// standard input (`-`), or the built-in list.
  static func load(_ options: Options, environment: [String: String]) throws(LoadError) -> (
    Catalog, CachedCatalogLoader?
  ) {
    switch options.file {
    case nil:
      return (BuiltInCatalog.load(), nil)
    case "-":
      let progress = ProgressReporter(label: "standard input")
      defer { progress.finish() }
      let reader = FileReader(
        descriptor: STDIN_FILENO, source: "<stdin>", maximumSize: options.maximumSize)
      let catalog = try CatalogLoader.load(from: reader, progress: progress.update)
      return (catalog, nil)
    case let path?:
      let progress = ProgressReporter(label: path)
      defer { progress.finish() }
      let loaded = try CachedCatalogLoader.load(
        contentsOfFile: path,
        cacheDirectory: options.noCache
          ? nil : IndexCache.defaultDirectory(environment: environment),
        maximumSize: options.maximumSize, progress: progress.update)
      return (loaded.catalog, loaded)
    }
  }

  static func standardOutput() -> OutputBuffer {
    OutputBuffer { bytes in try StandardStreams.write(bytes, to: STDOUT_FILENO) }
  }

  /// Prints `text` to standard output; help and version exit 0 even into a closed pipe.
  static func printing(_ text: String) -> ExitStatus {
    let output = standardOutput()
    do {
      try output.write(text)
      try output.flush()
    } catch let error as WriteError where !error.isBrokenPipe {
      StandardStreams.writeError("names-search: write error: \(error.reason)\n")
      return .failure
    } catch {}
    return .matched
  }
}
