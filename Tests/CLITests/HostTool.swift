import Foundation

/// Programs of the machine some tests drive (zsh, fish, mandoc, man).
enum HostTool {
  /// Whether `/usr/bin/<program>` is there to run. CI (`.ci/run`, which installs them) runs
  /// every such test, so a missing program fails there instead of skipping.
  static func runs(_ program: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)")
      || ProcessInfo.processInfo.environment["NAMES_SEARCH_CI_ISOLATED"] != nil
  }
}
