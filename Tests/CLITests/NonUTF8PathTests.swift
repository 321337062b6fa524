import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths are bytes: `-f`, the working folder, `XDG_CACHE_HOME` and `HOME` reach the system
/// calls unchanged, messages show bad bytes as `\xFF`, and a term or value that is not
/// UTF-8 is a usage error. Files with such names are made with POSIX calls (`BytePath`) and
/// the tool is run with byte arguments (`ByteCommand`); the expected text is written out
/// by hand.
@Suite("Paths that are not UTF-8")
struct NonUTF8PathTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  static let right = PlistFile.xml([("R", ["Right"])])
  static let wrong = PlistFile.xml([("W", ["Wrong"])])

  /// Runs `body` with a fresh folder (bytes), removed afterwards.
  static func inFolder<T>(_ body: ([UInt8]) throws -> T) throws -> T {
    let folder = try BytePath.temporaryFolder()
    defer { BytePath.removeTree(folder) }
    return try body(folder)
  }

  /// The `.idx` files in `folder`.
  static func indexFiles(in folder: [UInt8]) -> Set<[UInt8]> {
    BytePath.entries(of: folder).filter { $0.count > 4 && $0.suffix(4) == bytes(".idx")[...] }
  }

  /// The inode of the file at `path`, or `nil`.
  static func inode(_ path: [UInt8]) -> UInt64? {
    var info = stat()
    return stat(BytePath.cString(path), &info) == 0 ? UInt64(info.st_ino) : nil
  }

  @Test("a file named n\\xFF.plist is found and read, in every spelling of -f")
  func fileNamedWithBadByte() throws {
    try Self.inFolder { folder in
      let name = Self.bytes("n") + [0xFF] + Self.bytes(".plist")
      try BytePath.write(Self.right, to: folder + [0x2F] + name)
      let cache = Self.bytes("XDG_CACHE_HOME=") + folder + Self.bytes("/cache")
      let spellings: [[[UInt8]]] = [
        [Self.bytes("-f"), name], [Self.bytes("--file"), name], [Self.bytes("--file=") + name],
        [Self.bytes("-f") + name], [Self.bytes("-f"), folder + [0x2F] + name],
      ]
      for arguments in spellings {
        for environment in [[], [cache], [cache]] {
          let result = try ByteCommand.run(
            arguments + [Self.bytes("ri")], environment: environment, currentDirectory: folder)
          #expect(result.stdoutText == "R\n  Right\n", "\(arguments) \(environment)")
          #expect(result.stderrText == "")
          #expect(result.status == 0)
        }
      }
    }
  }

  @Test("d\\xFF/list.plist is not d\\u{FFFD}/list.plist, with a fresh cache and a cached one")
  func folderBesideItsRepair() throws {
    try Self.inFolder { folder in
      let good = Self.bytes("d") + [0xFF]
      let repaired = Self.bytes("d") + [0xEF, 0xBF, 0xBD]  // U+FFFD
      try BytePath.makeFolder(folder + [0x2F] + good)
      try BytePath.makeFolder(folder + [0x2F] + repaired)
      try BytePath.write(Self.right, to: folder + [0x2F] + good + Self.bytes("/list.plist"))
      try BytePath.write(Self.wrong, to: folder + [0x2F] + repaired + Self.bytes("/list.plist"))
      BytePath.age(folder + [0x2F] + good + Self.bytes("/list.plist"))
      BytePath.age(folder + [0x2F] + repaired + Self.bytes("/list.plist"))
      let cacheFolder = folder + Self.bytes("/cache/names-search")
      let environment = [Self.bytes("XDG_CACHE_HOME=") + folder + Self.bytes("/cache")]
      func run(_ list: [UInt8], _ extra: [[UInt8]] = []) throws -> CLIResult {
        try ByteCommand.run(
          [Self.bytes("-f"), list + Self.bytes("/list.plist")] + extra,
          environment: environment, currentDirectory: folder)
      }

      let fresh = try run(good)
      #expect(fresh.stdoutText == "R\n  Right\n")
      #expect(fresh.status == 0)
      let indexes = Self.indexFiles(in: cacheFolder)
      #expect(indexes.count == 1)
      let index = try #require(indexes.first)
      let inode = Self.inode(cacheFolder + [0x2F] + index)

      // A cache hit leaves the index as it is (a miss replaces it: a new inode).
      let cached = try run(good)
      #expect(cached.stdoutText == "R\n  Right\n")
      #expect(cached.stderrText == "")
      #expect(Self.inode(cacheFolder + [0x2F] + index) == inode)
      #expect(Self.indexFiles(in: cacheFolder) == indexes)

      let sibling = try run(repaired)
      #expect(sibling.stdoutText == "W\n  Wrong\n")
      #expect(Self.indexFiles(in: cacheFolder).count == 2)
      #expect(try run(repaired).stdoutText == "W\n  Wrong\n")
      #expect(try run(good).stdoutText == "R\n  Right\n")
      #expect(try run(good, [Self.bytes("--no-cache")]).stdoutText == "R\n  Right\n")
    }
  }

  @Test("XDG_CACHE_HOME=<folder>/x\\xFF makes exactly that folder")
  func cacheHomeWithBadByte() throws {
    try Self.inFolder { folder in
      try BytePath.write(Self.right, to: folder + Self.bytes("/list.plist"))
      let cacheHome = Self.bytes("x") + [0xFF]
      let result = try ByteCommand.run(
        [Self.bytes("-f"), folder + Self.bytes("/list.plist")],
        environment: [Self.bytes("XDG_CACHE_HOME=") + folder + [0x2F] + cacheHome])
      #expect(result.stdoutText == "R\n  Right\n")
      #expect(BytePath.entries(of: folder) == [Self.bytes("list.plist"), cacheHome])
      #expect(BytePath.entries(of: folder + [0x2F] + cacheHome) == [Self.bytes("names-search")])
      #expect(
        Self.indexFiles(in: folder + [0x2F] + cacheHome + Self.bytes("/names-search")).count == 1)
    }
  }

  @Test("HOME=<folder>/h\\xFF, without XDG_CACHE_HOME, makes exactly that folder's cache")
  func homeWithBadByte() throws {
    try Self.inFolder { folder in
      try BytePath.write(Self.right, to: folder + Self.bytes("/list.plist"))
      let home = Self.bytes("h") + [0xFF]
      try BytePath.makeFolder(folder + [0x2F] + home)
      let result = try ByteCommand.run(
        [Self.bytes("-f"), folder + Self.bytes("/list.plist")],
        environment: [Self.bytes("HOME=") + folder + [0x2F] + home])
      #expect(result.stdoutText == "R\n  Right\n")
      #expect(BytePath.entries(of: folder) == [Self.bytes("list.plist"), home])
      #expect(BytePath.entries(of: folder + [0x2F] + home) == [Self.bytes(".cache")])
      #expect(
        Self.indexFiles(in: folder + [0x2F] + home + Self.bytes("/.cache/names-search")).count
          == 1)
    }
  }

  @Test("messages show the path escaped, on one line")
  func messages() throws {
    try Self.inFolder { folder in
      try BytePath.write([], to: folder + Self.bytes("/n") + [0xFF] + Self.bytes(".plist"))
      try BytePath.makeFolder(folder + Self.bytes("/d") + [0xFF])
      let cases: [([UInt8], String)] = [
        (
          Self.bytes("m") + [0xFF] + Self.bytes(".plist"), "m\\xFF.plist: No such file or directory"
        ),
        (Self.bytes("n") + [0xFF] + Self.bytes(".plist"), "n\\xFF.plist: file is empty"),
        (Self.bytes("d") + [0xFF], "d\\xFF: Is a directory"),
        (Self.bytes("m\nx.plist"), "m\\u{A}x.plist: No such file or directory"),
        (Self.bytes("\u{1B}[31m") + [0xFF, 0xC3], "\\e[31m\\xFF\\xC3: No such file or directory"),
        (
          Self.bytes("a\u{202E}b") + [0xED, 0xA0, 0x80],
          "a\\u{202E}b\\xED\\xA0\\x80: No such file or directory"
        ),
      ]
      for (path, message) in cases {
        for cache in [[], [Self.bytes("XDG_CACHE_HOME=") + folder + Self.bytes("/cache")]] {
          let result = try ByteCommand.run(
            [Self.bytes("-f"), path], environment: cache, currentDirectory: folder)
          #expect(result.stderrText == "names-search: \(message)\n", "\(path)")
          #expect(result.stderrLines.count == 1)
          #expect(result.stdout.isEmpty)
          #expect(result.status == 2)
        }
      }
    }
  }

  @Test("a term or a value that is not UTF-8 is a usage error naming the byte")
  func usageErrors() throws {
    let cases: [([[UInt8]], String)] = [
      ([Self.bytes("abc") + [0xFF]], "The term is not valid UTF-8 (byte 0xFF at 4)."),
      ([[0xC3, 0x28]], "The term is not valid UTF-8 (byte 0xC3 at 1)."),
      ([Self.bytes("ok") + [0xED, 0xA0, 0x80]], "The term is not valid UTF-8 (byte 0xED at 3)."),
      ([Self.bytes("\u{E9}") + [0xC0, 0x80]], "The term is not valid UTF-8 (byte 0xC0 at 3)."),
      (
        [Self.bytes("--"), Self.bytes("-") + [0x80]],
        "The term is not valid UTF-8 (byte 0x80 at 2)."
      ),
      (
        [Self.bytes("--color"), [0xFF], Self.bytes("x")],
        "The value for '--color <when>' is not valid UTF-8 (byte 0xFF at 1)."
      ),
      (
        [Self.bytes("--max-size=1") + [0xC0, 0x80]],
        "The value for '--max-size <bytes>' is not valid UTF-8 (byte 0xC0 at 2)."
      ),
      (
        [Self.bytes("--debounce"), Self.bytes("1") + [0xF5]],
        "The value for '--debounce <ms>' is not valid UTF-8 (byte 0xF5 at 2)."
      ),
      ([Self.bytes("--c") + [0xFF]], "Unknown option '--c\\xFF'"),
      ([Self.bytes("-") + [0xFF]], "Unknown option '-\\xFF'"),
      ([Self.bytes("a"), Self.bytes("b") + [0xFF]], "Unexpected argument 'b\\xFF'"),
    ]
    for (arguments, message) in cases {
      let result = try ByteCommand.run(arguments)
      UsageErrorShape.check(result, message: "Error: " + message)
    }
    // Help still wins over the rest, as for any other term.
    let help = try ByteCommand.run([Self.bytes("--help"), Self.bytes("x") + [0xFF]])
    #expect(help.status == 0)
    #expect(help.stdoutText.hasPrefix("OVERVIEW: "))
  }
}
