import Foundation

/// Where the package and its committed test data are, found from this file's own path
/// (`#filePath`), so the suites read only what is in the package, whatever the working folder.
public enum TestPaths {
  /// The package root: the nearest folder above this file that holds `Package.swift`
  /// (`<root>/Tests/TestSupport/TestPaths.swift` → `<root>`). Found once, O(depth) lookups.
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
      url.path != "/"
    {
      url.deleteLastPathComponent()
    }
    return url.standardizedFileURL
  }()

  /// `<root>/<relative>`, for a path given relative to the package root.
  public static func file(_ relative: String) -> URL {
    packageRoot.appendingPathComponent(relative)
  }

  /// `Tests/Fixtures/sortednames.plist`: the 2,000-name list of the iOS "Sections" example
  /// (see `Tests/Fixtures/README.md` for where it came from), as a path.
  public static let fixture = file("Tests/Fixtures/sortednames.plist").path

  /// `Resources/sortednames.plist`: the source of the built-in list, as a path.
  public static let builtInSource = file("Resources/sortednames.plist").path
}
