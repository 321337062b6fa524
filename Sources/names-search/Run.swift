import BuiltInCatalog
import Foundation
import NamesSearch

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
    let catalog: Catalog
    do {
      catalog = try load(options.file)
    } catch {
      StandardStreams.writeError("names-search: \(error)\n")
      return .failure
    }
    let result = Searcher().search(options.query, in: catalog)
    let printer: any ResultPrinter =
      switch options.output {
      case .sections:
        PlainTextPrinter(
          style: TerminalStyle.usesColor(options.color, environment: environment)
            ? TerminalStyle.ansi : .plain)
      case .index: IndexPrinter()
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

  /// The catalog named by `-f`: a file, standard input (`-`), or the built-in list.
  static func load(_ file: String?) throws(LoadError) -> Catalog {
    switch file {
    case nil:
      return BuiltInCatalog.load()
    case "-":
      let source = "<stdin>"
      let data = try FileReader.contents(ofDescriptor: STDIN_FILENO, source: source)
      return try CatalogLoader.catalog(fromPropertyList: data, source: source)
    case let path?:
      return try CatalogLoader.load(contentsOfFile: path)
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
