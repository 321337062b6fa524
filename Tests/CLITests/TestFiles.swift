import Foundation

/// A fresh folder for one test's input files, removed afterwards.
enum TemporaryDirectory {
  /// Calls `body` with a new, empty folder, and removes the folder when `body` returns.
  static func with<T>(_ body: (URL) throws -> T) throws -> T {
    let files = FileManager.default
    let folder = files.temporaryDirectory
      .appendingPathComponent("names-search-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try files.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? files.removeItem(at: folder) }
    return try body(folder)
  }
}

/// Writes sortednames property lists for tests.
enum PlistFile {
  /// An XML property list whose `<dict>` body is `body`, verbatim.
  static func xml(body: String) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      \(body)
      </plist>

      """.utf8)
  }

  /// An XML sortednames list with `sections` in the given order, names escaped for XML.
  static func xml(_ sections: [(title: String, names: [String])]) -> Data {
    var body = "<dict>\n"
    for section in sections {
      body += "  <key>\(escaped(section.title))</key>\n  <array>\n"
      for name in section.names {
        body += "    <string>\(escaped(name))</string>\n"
      }
      body += "  </array>\n"
    }
    body += "</dict>"
    return xml(body: body)
  }

  /// Writes `data` to `name` inside `folder` and returns the file's URL.
  @discardableResult
  static func write(_ data: Data, named name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return url
  }

  /// `text` with XML's special characters escaped.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

extension CLIRunner {
  /// Writes `catalog` as an XML plist in a fresh folder and runs
  /// `names-search -f <that file> <arguments…>`.
  static func run(
    _ arguments: [String], catalog: [(title: String, names: [String])],
    environment: [String: String]? = nil
  ) throws -> CLIResult {
    try TemporaryDirectory.with { folder in
      let file = try PlistFile.write(PlistFile.xml(catalog), named: "names.plist", in: folder)
      return try run(["-f", file.path] + arguments, environment: environment)
    }
  }
}
