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
    /// Once loaded, the list would take more than the size limit in bytes (see
    /// `ExpansionLimit`).
    case namesTooLarge(limit: Int)
    /// A file of `size` bytes would expand past `limit` bytes once loaded (a binary list
    /// that references the same strings over and over; see `ExpansionLimit`).
    case expandsTooMuch(size: Int, limit: Int)
    /// The process's memory limits (`ulimit -v`, `ulimit -d`) cannot hold the list or
    /// the search: about `needed` bytes, estimated beforehand (`LoadMemory`,
    /// `SearchMemory`), and the `available` bytes the limits leave (`AddressSpace`).
    case outOfMemory(needed: Int, available: Int)
    /// The system refused memory as the list loaded; `underLimit` when a memory limit is
    /// set (then it is the likely cause).
    case memoryRefused(underLimit: Bool)
    /// The bytes are not a list in a format the loader reads, or a damaged one; the
    /// reader's words. (The message still says "not a property list", the only kind of
    /// list read so far.)
    case notAList(String)
    /// The root object is not a dictionary; what was found ("an array").
    case rootNotDictionary(found: String)
    /// A section key is not a string; what was found.
    case titleNotString(found: String)
    /// A section's value is not an array; the section title and what was found.
    case sectionNotArray(title: String, found: String)
    /// Two sections have the same title.
    case duplicateTitle(String)
    /// Two section titles are canonically equivalent but spelled with different code
    /// points (U+00C9 and U+0045 U+0301): the first title and the second, as written.
    case equivalentTitles(String, String)
    /// A section's item is not a string; the section title, the item's 1-based position,
    /// and what was found.
    case nameNotString(title: String, position: Int, found: String)
    /// The input is not valid in its format; the reader's words, with the place first
    /// ("line 3, column 7: expected ',' or '}'", "line 4: a quoted field never ends").
    case invalid(format: ListFormat, String)
    /// The items are records and no field was chosen as their name; the fields of the first
    /// record, in order.
    case recordsNeedKey(fields: [String])
    /// A record (item `position`, 1-based, of section `title`, or of the flat list when
    /// `nil`) lacks the field `field`.
    case fieldMissing(title: String?, position: Int, field: String)
    /// A record's field holds something that is not a string (`found`, as "a number").
    case fieldNotString(title: String?, position: Int, field: String, found: String)
    /// An item of a flat list (1-based `position`) is neither a name nor a record.
    case itemNotNameOrRecord(position: Int, found: String)
    /// A field was chosen but the list holds names, not records.
    case notRecords(field: String)
    /// A field was chosen but item `position` (1-based) of section `title` (or of the flat
    /// list when `nil`) is not a record (`found`, as "a string").
    case itemNotRecord(title: String?, position: Int, field: String, found: String)
    /// A table was chosen but the list is not an SQLite database (`format`).
    case tableNotDatabase(format: ListFormat)
    /// No field, column or table `name` exists; `available` lists those that do, in order.
    case noSuchField(String, available: [String])
    /// No table `name` exists; `available` lists the tables.
    case noSuchTable(String, available: [String])
    /// The database holds several tables and none was chosen; `available` lists them.
    case chooseTable(available: [String])
    /// The table holds several text columns and none was chosen as the name; `available`
    /// lists them.
    case chooseColumn(available: [String])
    /// The root of a list that may be flat (JSON) is neither an object of sections nor an
    /// array; what was found ("a string").
    case rootNotList(found: String)
  }

  /// The file the error is about, as the user named it, in the display form of a path
  /// (`PathName.description`: one line, bytes that are not UTF-8 shown as `\xFF`, controls
  /// escaped), or `<stdin>` for standard input.
  public var source: String
  /// What is wrong.
  public var reason: Reason

  /// Creates an error about `source`.
  public init(source: String, reason: Reason) {
    self.source = source
    self.reason = reason
  }

  /// The reason in words, without the source. It names no command-line option: a tool
  /// built on the library adds its own hint (names-search adds "(see --max-size)" to
  /// `tooLarge` and `namesTooLarge`).
  public var message: String {
    switch reason {
    case .unreadable(let why): why
    case .isDirectory: "Is a directory"
    case .empty: "file is empty"
    case .blank: "file holds only white space"
    case .emptyTitle: "a section has an empty title"
    case .tooLarge(let limit):
      "file is larger than \(Plural.counted(limit, "byte"))"
    case .namesTooLarge(let limit):
      "once loaded, it would take more than \(Plural.counted(limit, "byte"))"
    case .expandsTooMuch(let size, let limit):
      "a file of \(Plural.counted(size, "byte")) that would expand to more than \(limit) bytes"
        + " once loaded (at most \(ExpansionLimit.ratio) times its size plus"
        + " \(ExpansionLimit.allowance) bytes)"
    case .outOfMemory(let needed, let available):
      "out of memory (about \(AddressSpace.describe(needed, roundingUp: true)) needed,"
        + " \(AddressSpace.describe(available, roundingUp: false)) left under the memory"
        + " limit, ulimit -v or -d)"
    case .memoryRefused(let underLimit):
      underLimit ? "out of memory (under the memory limit, ulimit -v or -d)" : "out of memory"
    case .notAList(let why): "not a property list: \(why)"
    case .rootNotDictionary(let found):
      "expected a dictionary of sections at the root, found \(found)"
    case .titleNotString(let found): "expected a string as section title, found \(found)"
    case .sectionNotArray(let title, let found):
      "section \(Self.quoted(title)): expected an array of names, found \(found)"
    case .duplicateTitle(let title): "section \(Self.quoted(title)) appears twice"
    case .equivalentTitles(let first, let second):
      "sections \(Self.quoted(first)) (\(Self.codePoints(first))) and \(Self.quoted(second))"
        + " (\(Self.codePoints(second))) are the same title written two ways"
    case .nameNotString(let title, let position, let found):
      "section \(Self.quoted(title)), item \(position): expected a string, found \(found)"
    case .invalid(let format, let why): "\(Self.invalidWords(format)): \(why)"
    case .recordsNeedKey(let fields) where fields.isEmpty:
      "the items are records, and the first has no fields to be the name"
    case .recordsNeedKey(let fields):
      "the items are records; choose the field that is the name (fields: "
        + fields.map(Self.quoted).joined(separator: ", ") + ")"
    case .fieldMissing(let title, let position, let field):
      "\(Self.place(title, position)): no field \(Self.quoted(field))"
    case .fieldNotString(let title, let position, let field, let found):
      "\(Self.place(title, position)): field \(Self.quoted(field)) is \(found), not a string"
    case .itemNotNameOrRecord(let position, let found):
      "item \(position): expected a string or a dictionary, found \(found)"
    case .itemNotRecord(let title, let position, let field, let found):
      "\(Self.place(title, position)): expected a record with the field \(Self.quoted(field)),"
        + " found \(found)"
    case .tableNotDatabase(let format):
      "a table was chosen, but the list is \(format.name), not an SQLite database"
    case .notRecords(let field):
      "the list holds names, not records, so it has no field \(Self.quoted(field))"
    case .noSuchField(let name, let available):
      "no field \(Self.quoted(name)) (fields: "
        + available.map(Self.quoted).joined(separator: ", ") + ")"
    case .noSuchTable(let name, let available):
      "no table \(Self.quoted(name)) (tables: "
        + available.map(Self.quoted).joined(separator: ", ") + ")"
    case .chooseTable(let available):
      "the database holds several tables; choose one (tables: "
        + available.map(Self.quoted).joined(separator: ", ") + ")"
    case .chooseColumn(let available):
      "the table holds several text columns; choose the one that is the name (columns: "
        + available.map(Self.quoted).joined(separator: ", ") + ")"
    case .rootNotList(let found):
      "expected an object of sections or an array at the root, found \(found)"
    }
  }

  /// "not valid JSON", "not a valid SQLite database", …
  static func invalidWords(_ format: ListFormat) -> String {
    switch format {
    case .xmlPropertyList, .binaryPropertyList, .openStepPropertyList: "not a property list"
    case .json: "not valid JSON"
    case .csv: "not valid CSV"
    case .text: "not valid text"
    case .sqlite: "not a valid SQLite database"
    }
  }

  /// "section \"A\", item 3", or "item 3" for an item of a flat list.
  static func place(_ title: String?, _ position: Int) -> String {
    guard let title else { return "item \(position)" }
    return "section \(quoted(title)), item \(position)"
  }

  /// A `memoryRefused` error about `source`, after an allocation failed.
  public static func memoryRefused(source: String) -> LoadError {
    LoadError(source: source, reason: .memoryRefused(underLimit: AddressSpace.headroom() != nil))
  }

  /// `"<source>: <message>"`.
  public var description: String { "\(source): \(message)" }

  /// The code points of `text`: "U+0045 U+0301".
  static func codePoints(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined(separator: " ")
  }

  /// A title in double quotes, with quotes and backslashes escaped and every other
  /// character shown as `VisibleText` shows it on a terminal (a line break as `\u{A}`), so
  /// the message stays on one line and cannot drive the terminal.
  static func quoted(_ title: String) -> String {
    VisibleText.quoted(title)
  }
}
