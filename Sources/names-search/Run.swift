import BuiltInCatalog
import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole command: parse, load, search, print; returns the exit status.
enum Run {
  /// Runs with `arguments` (without the program name) and the `environment` variables the
  /// tool reads, both as the bytes the system gave (see `ArgumentText`).
  static func main(arguments: [[UInt8]], environment: EnvironmentVariables) -> ExitStatus {
    let command: ParsedCommand
    do {
      // The defaults a user set once (`DefaultOptions`); an empty NAMES_SEARCH_FILE is unset.
      let defaults = try environment[DefaultOptions.variable].map {
        (value) throws(UsageError) in try DefaultOptions.words(value)
      }
      let file = environment[DefaultOptions.fileVariable].flatMap {
        $0.isEmpty ? nil : PathName(bytes: $0)
      }
      command = try CommandParser.parse(arguments, defaults: defaults ?? [], fileVariable: file)
    } catch {
      // A default that cannot be read never stops --help, --version or the generators
      // (`make install` runs them): they read no defaults, and a mistake in one of them is
      // the command line's own error.
      do throws(UsageError) {
        let plain = try CommandParser.parse(arguments)
        guard plain.isAboutTheTool else {
          StandardStreams.writeError(error.report)
          return .usage
        }
        command = plain
      } catch let own {
        let named = CommandParser.namesOptionAboutTheTool(arguments)
        StandardStreams.writeError((named ? own : error).report)
        return .usage
      }
    }
    switch command {
    case .help: return printing(HelpText.full)
    case .version: return printing(HelpText.version + "\n")
    case .completionScript(let shell): return printing(CompletionScript.text(for: shell))
    case .manual: return printing(ManualPage.text)
    case .search(let options): return search(options, environment: environment)
    }
  }

  static func search(_ options: Options, environment: EnvironmentVariables) -> ExitStatus {
    var options = options
    if !options.localeGiven { options.load.locale = LocaleSetting.fromEnvironment(environment) }
    let loaded: CachedCatalogLoader?
    let catalog: Catalog
    let source =
      options.file.map { $0.bytes == Array("-".utf8) ? "<stdin>" : $0.description }
      ?? BuiltInCatalog.source
    CrashGuard.setActivity("searching the index of \(source)")
    do {
      if let result = try indexedAnswer(options, environment: environment) {
        return printed(result, options: options, environment: environment)
      }
    } catch {
      StandardStreams.writeError(
        LoadErrorLine.text(error, for: options))
      return .failure
    }
    CrashGuard.setActivity("loading \(source)")
    do {
      (catalog, loaded) = try load(options, environment: environment)
    } catch {
      StandardStreams.writeError(
        LoadErrorLine.text(error, for: options))
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
      StandardStreams.writeError(
        LoadErrorLine.text(error, for: options))
      return .failure
    }
    if case .live = options.mode {
      return LiveMode.run(catalog: catalog, options: options, environment: environment)
    }
    let result = Searcher().search(options.query, in: catalog)
    if let path = options.output {
      CrashGuard.setActivity("writing the result to \(path.description)")
      return ListOutput.write(
        result, to: path, format: options.outputFormat, input: options.file)
    }
    return printed(result, options: options, environment: environment)
  }

  /// The answer read from the list's index file, checking only what it touches
  /// (`IndexedQuery`), when the command prints one query's sections, index or count from a
  /// file through the cache; `nil` when it does not, or that path cannot answer.
  static func indexedAnswer(_ options: Options, environment: EnvironmentVariables) throws(LoadError)
    -> SearchResult?
  {
    guard let path = options.file, path.bytes != Array("-".utf8), !options.noCache,
      options.output == nil, case .print(let mode) = options.mode, mode != .json,
      let cacheDirectory = IndexCache.defaultDirectory(
        cacheHome: environment["XDG_CACHE_HOME"].flatMap { PathName(bytes: $0) },
        home: environment["HOME"].flatMap { PathName(bytes: $0) })
    else { return nil }
    // As `load` reads it: no records, which only `--json` prints.
    var load = options.load
    load.keepsRecords = false
    return try IndexedQuery.answer(
      options.query, contentsOfFile: path, cacheDirectory: cacheDirectory, options: load,
      maximumSize: options.maximumSize)
  }

  /// Prints `result` as the command's output mode asks; the exit status.
  static func printed(_ result: SearchResult, options: Options, environment: EnvironmentVariables)
    -> ExitStatus
  {
    guard case .print(let outputMode) = options.mode else { return .failure }
    // On a terminal, names are shown with control characters escaped; into a pipe or a
    // file they are written byte for byte.
    let toTerminal = StandardStreams.isTerminal(STDOUT_FILENO)
    let printer: any ResultPrinter =
      switch outputMode {
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
  /// standard input (`-`), or the built-in list (its titles in the locale's order); a file or
  /// standard input is read with the load options (`--format`, `--table`, `--key`,
  /// `--search-key`, `--section-key`, `--locale`), its records kept only for `--json`. The
  /// file's path and the cache folder (`XDG_CACHE_HOME`, `HOME`) are used byte for byte.
  static func load(_ options: Options, environment: EnvironmentVariables) throws(LoadError) -> (
    Catalog, CachedCatalogLoader?
  ) {
    guard let path = options.file else {
      return (try BuiltInCatalog.load().reordered(for: options.load.locale), nil)
    }
    // Only `--json` prints the records: any other output loads a list of records without
    // making their text, and reads an index of one without checking it.
    var load = options.load
    load.keepsRecords = options.mode == .print(.json)
    if path.bytes == Array("-".utf8) {
      let progress = ProgressReporter(label: "standard input")
      defer { progress.finish() }
      let reader = FileReader(
        descriptor: STDIN_FILENO, source: "<stdin>", maximumSize: options.maximumSize)
      let catalog = try CatalogLoader.load(
        from: reader, options: load, progress: progress.update)
      return (catalog, nil)
    }
    let progress = ProgressReporter(label: path.description)
    defer { progress.finish() }
    let cacheDirectory = IndexCache.defaultDirectory(
      cacheHome: environment["XDG_CACHE_HOME"].flatMap { PathName(bytes: $0) },
      home: environment["HOME"].flatMap { PathName(bytes: $0) })
    let loaded = try CachedCatalogLoader.load(
      contentsOfFile: path, cacheDirectory: options.noCache ? nil : cacheDirectory,
      maximumSize: options.maximumSize, options: load, progress: progress.update)
    return (loaded.catalog, loaded)
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
