/// Why a list could not be loaded: the file and what is wrong with it, in words a user can
/// act on.
///
/// `description` is the one-line message, `"<source>: <reason>"`, for instance
/// `names.plist: section "B", item 4: expected a string, found a dictionary`.
public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// The file could not be opened or read; the system's words (`strerror`).
    case unreadable(String)
    /// The path names a directory.
    case isDirectory
    /// The file has no bytes.
    case empty
    /// The file holds only white space.
    case blank
    /// A section's title is empty.
    case emptyTitle
    /// The file is larger than the size limit, in bytes.
    case tooLarge(limit: Int)
    /// The names decode to more than the size limit (a binary list that references one
    /// string many times).
    case namesTooLarge(limit: Int)
    /// The bytes are not a property list; the parser's words.
    case notPropertyList(String)
    /// The root object is not a dictionary; what was found ("an array").
    case rootNotDictionary(found: String)
    /// A section key is not a string; what was found.
    case titleNotString(found: String)
    /// A section's value is not an array; the section title and what was found.
    case sectionNotArray(title: String, found: String)
    /// Two sections have the same title.
    case duplicateTitle(String)
    /// A section's item is not a string; the section title, the item's 1-based position,
    /// and what was found.
    case nameNotString(title: String, position: Int, found: String)
  }

  /// The file the error is about, as the user named it (`<stdin>` for standard input).
  public var source: String
  /// What is wrong.
  public var reason: Reason

  /// Creates an error about `source`.
  public init(source: String, reason: Reason) {
    self.source = source
    self.reason = reason
  }

  /// The reason in words, without the source.
  public var message: String {
    switch reason {
    case .unreadable(let why): why
    case .isDirectory: "Is a directory"
    case .empty: "file is empty"
    case .blank: "file holds only white space"
    case .emptyTitle: "a section has an empty title"
    case .tooLarge(let limit):
      "file is larger than \(Plural.counted(limit, "byte")) (see --max-size)"
    case .namesTooLarge(let limit):
      "its names add up to more than \(Plural.counted(limit, "byte")) (see --max-size)"
    case .notPropertyList(let why): "not a property list: \(why)"
    case .rootNotDictionary(let found):
      "expected a dictionary of sections at the root, found \(found)"
    case .titleNotString(let found): "expected a string as section title, found \(found)"
    case .sectionNotArray(let title, let found):
      "section \(Self.quoted(title)): expected an array of names, found \(found)"
    case .duplicateTitle(let title): "section \(Self.quoted(title)) appears twice"
    case .nameNotString(let title, let position, let found):
      "section \(Self.quoted(title)), item \(position): expected a string, found \(found)"
    }
  }

  /// `"<source>: <message>"`.
  public var description: String { "\(source): \(message)" }

  /// A title in double quotes, with quotes, backslashes and control characters escaped so
  /// the message stays on one line.
  static func quoted(_ title: String) -> String {
    var out = "\""
    for scalar in title.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
