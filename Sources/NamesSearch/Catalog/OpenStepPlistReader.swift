/// Reads an OpenStep (old-style ASCII) property list as a stream, with this project's own
/// scanner (`OpenStepScanner`), into the sections the other formats give:
///
/// - a dictionary of section title → array, sections in file order:
///   `{ A = (Ann, "Anna Lee"); B = (Bob); }`, or the same without its braces (the form of a
///   `.strings` file, which Foundation also reads: `A = (Ann); B = (Bob);`);
/// - an array at the root, a flat list filed into sections by `SectionsBuilder`:
///   `(Ann, Bob)`;
/// - items that are strings (names) or dictionaries (records, decoded into `RecordValue`:
///   strings, arrays, dictionaries and data, since OpenStep text has no numbers, dates or
///   booleans, and handed to `SectionsBuilder.appendRecord`).
///
/// It reads what Foundation's `PropertyListSerialization` reads for this shape (the grammar
/// of CoreFoundation's `CFOldStylePList.c`: comments, quoted and unquoted strings, escapes,
/// `<hex data>`, a `;` or `,` where Foundation wants one) but refuses what Foundation drops
/// silently: a section title written twice (Foundation keeps the last section) is an error
/// naming the title and both places, and so is a key written twice in one record. Titles
/// are otherwise checked by `SectionsBuilder` (not empty, no two canonically equivalent).
///
/// Errors: syntax as `LoadError.invalid(format: .openStepPropertyList, "line L, column C:
/// …")`, lines and columns 1-based, columns in Unicode scalars; shapes as
/// `rootNotDictionary` (a root that is a string or data), `sectionNotArray`,
/// `nameNotString`, `itemNotNameOrRecord`, and the builder's errors. Nesting is bounded
/// (`maximumDepth`), so recursion is too.
///
/// The text is UTF-8 (a byte-order mark allowed); UTF-16 and UTF-32 with a byte-order mark
/// arrive transcoded to UTF-8 by `FileReader` (`WideText`), as Foundation reads those too.
enum OpenStepPlistReader: ListReader {
  static var access: ListAccess { .stream }

  /// How deep arrays and dictionaries may nest (the root is depth 1), as `JSONParser`.
  static let maximumDepth = JSONParser.maximumDepth

  /// Reads the whole list from `input`.
  ///
  /// - Throws: `LoadError` as the type's documentation says, `memoryRefused`, or what
  ///   reading throws.
  /// - Complexity: O(n) in the input's size.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    try read(input, chunkSize: 1 << 20)
  }

  /// `read(_:)` asking for `chunkSize` bytes a read (the tests try every chunk boundary).
  ///
  /// - Throws: `LoadError` as `read(_:)`.
  static func read(_ input: ListInput, chunkSize: Int) throws(LoadError) -> SectionedNames {
    // Records nest up to `maximumDepth` deep, each level a few frames: on a stack of its own.
    try DeepStack.run { () throws(LoadError) -> SectionedNames in
      let reader = Reader(
        scanner: OpenStepScanner(input, chunkSize: chunkSize), source: input.source,
        builder: SectionsBuilder(for: input, bytesPerName: 12))
      return try reader.readList()
    }
  }

  /// `read(_:)` over a whole document in memory (the tests' and the fuzzer's entry).
  ///
  /// - Throws: `LoadError` as `read(_:)`.
  static func read(
    bytes: [UInt8], source: String, fields: RecordFields = .none
  ) throws(LoadError) -> SectionedNames {
    try DeepStack.run { () throws(LoadError) -> SectionedNames in
      let reader = Reader(
        scanner: OpenStepScanner(bytes: bytes, source: source), source: source,
        builder: SectionsBuilder(
          source: source,
          expansion: ExpansionLimit(
            inputSize: bytes.count, maximumSize: FileReader.defaultMaximumSize, source: source),
          fields: fields))
      return try reader.readList()
    }
  }

  /// The grammar over one scanner, feeding one builder.
  private struct Reader: ~Copyable {
    var scanner: OpenStepScanner
    let source: String
    var builder: SectionsBuilder
    /// Where each section title was read, to name both places of a title written twice.
    var titlePlaces: [String: (line: Int, column: Int)] = [:]

    init(scanner: OpenStepScanner, source: String, builder: consuming SectionsBuilder) {
      self.scanner = scanner
      self.source = source
      self.builder = builder
    }

    var position: (line: Int, column: Int) { (scanner.line, scanner.column) }

    consuming func readList() throws(LoadError) -> SectionedNames {
      try scanner.skipByteOrderMark()
      guard try scanner.skipSpace(), let first = try scanner.peek() else {
        // Only white space and comments: Foundation reads an empty dictionary.
        return try builder.finish()
      }
      switch first {
      case UInt8(ascii: "{"):
        scanner.advance()
        try readSections(firstTitle: nil, braced: true)
      case UInt8(ascii: "("):
        scanner.advance()
        try readItems(title: nil)
      case UInt8(ascii: "<"):
        var none: [UInt8]? = nil
        try scanner.readData(into: &none)
        try expectEnd()
        throw LoadError(source: source, reason: .rootNotDictionary(found: "data"))
      case _ where OpenStepScanner.startsString(first):
        // A string at the root: the whole list, or the first title of a list without
        // braces (a `.strings` file's form).
        let place = position
        try scanner.readString()
        let title = scanner.text
        guard try scanner.skipSpace(), let next = try scanner.peek() else {
          throw LoadError(source: source, reason: .rootNotDictionary(found: "a string"))
        }
        guard next == UInt8(ascii: "=") || next == UInt8(ascii: ";") else {
          throw scanner.error(
            "expected '=' after the section title"
              + " \(LoadError.quoted(String(decoding: title, as: UTF8.self))), found \(describe(next))"
          )
        }
        try readSections(firstTitle: (title, place), braced: false)
      default:
        throw scanner.error("expected '{' or '(' to start the list, found \(describe(first))")
      }
      try expectEnd()
      return try builder.finish()
    }

    /// Refuses anything but white space and comments after the root.
    mutating func expectEnd() throws(LoadError) {
      if try scanner.skipSpace(), let byte = try scanner.peek() {
        throw scanner.error("\(describe(byte)) after the end of the list")
      }
    }

    func describe(_ byte: UInt8) -> String { scanner.describe(byte) }

    /// The next byte in words, or "the end of the list".
    mutating func foundText() throws(LoadError) -> String {
      guard let byte = try scanner.peek() else { return "the end of the list" }
      return describe(byte)
    }

    /// Reads `title = (items);` pairs up to the closing `}` (after the `{` when `braced`),
    /// or to the end of the input (a list without braces, whose first title was read).
    mutating func readSections(
      firstTitle: (text: [UInt8], place: (line: Int, column: Int))?, braced: Bool
    ) throws(LoadError) {
      var pending = firstTitle
      while true {
        let titleBytes: [UInt8]
        let place: (line: Int, column: Int)
        if let given = pending {
          (titleBytes, place) = given
          pending = nil
        } else {
          guard try scanner.skipSpace(), let byte = try scanner.peek() else {
            if braced { throw scanner.error("the list ends before its closing '}'") }
            return
          }
          if braced && byte == UInt8(ascii: "}") {
            scanner.advance()
            return
          }
          guard OpenStepScanner.startsString(byte) else {
            throw scanner.error(
              "expected a section title (a string)\(braced ? " or '}'" : ""), found \(describe(byte))"
            )
          }
          place = position
          try scanner.readString()
          titleBytes = scanner.text
        }
        let title = String(decoding: titleBytes, as: UTF8.self)
        guard try scanner.skipSpace(), let byte = try scanner.peek() else {
          throw scanner.error("the list ends after the section title \(LoadError.quoted(title))")
        }
        if byte == UInt8(ascii: ";") {
          // `A;` is Foundation's shortcut for `A = A;`: a string, not an array.
          throw LoadError(
            source: source, reason: .sectionNotArray(title: title, found: "a string"))
        }
        guard byte == UInt8(ascii: "=") else {
          throw scanner.error(
            "expected '=' after the section title \(LoadError.quoted(title)), found \(describe(byte))"
          )
        }
        scanner.advance()
        guard try scanner.skipSpace(), let value = try scanner.peek() else {
          throw scanner.error("the list ends before the section \(LoadError.quoted(title))")
        }
        guard value == UInt8(ascii: "(") else {
          let found = try skipValue(depth: 2)
          guard let found else {
            throw scanner.error(
              "expected the section's array after '=', found \(describe(value))")
          }
          throw LoadError(source: source, reason: .sectionNotArray(title: title, found: found))
        }
        try beginSection(title, at: place)
        scanner.advance()
        try readItems(title: title)
        if builder.isOutOfMemory { throw LoadError.memoryRefused(source: source) }
        builder.endSection()
        guard try scanner.skipSpace(), try scanner.peek() == UInt8(ascii: ";") else {
          let found = try foundText()
          throw scanner.error(
            "expected ';' after the section \(LoadError.quoted(title)), found \(found)")
        }
        scanner.advance()
      }
    }

    /// Begins a section, a title written twice (or canonically equivalent to an earlier one)
    /// refused with both places.
    mutating func beginSection(_ title: String, at place: (line: Int, column: Int))
      throws(LoadError)
    {
      do {
        try builder.beginSection(title)
      } catch {
        let earlier: String? =
          switch error.reason {
          case .duplicateTitle(let first): first
          case .equivalentTitles(let first, _): first
          default: nil
          }
        guard let earlier, let first = titlePlaces[earlier] else { throw error }
        throw scanner.error(
          "\(error.message) (first at line \(first.line), column \(first.column))", at: place)
      }
      titlePlaces[title] = place
    }

    /// Reads the items of the array whose `(` was just read, up to its `)`: strings as
    /// names, dictionaries as records. `title` is the section's (`nil` in a flat list).
    mutating func readItems(title: String?) throws(LoadError) {
      let depth = title == nil ? 1 : 2
      var position = 1
      guard try scanner.skipSpace(), let first = try scanner.peek() else {
        throw endsInArray(title)
      }
      if first == UInt8(ascii: ")") {
        scanner.advance()
        return
      }
      while true {
        guard try scanner.skipSpace(), let byte = try scanner.peek() else {
          throw endsInArray(title)
        }
        if OpenStepScanner.startsString(byte) {
          try scanner.readString()
          try scanner.text.withUnsafeBufferPointer { (utf8) throws(LoadError) in
            try builder.appendName(utf8: utf8)
          }
        } else if byte == UInt8(ascii: "{") {
          scanner.advance()
          try builder.appendRecord(readDictionary(depth: depth + 1))
        } else {
          guard let found = try skipValue(depth: depth + 1) else {
            throw scanner.error(
              "expected a name, a record or ')' in \(arrayName(title)), found \(describe(byte))")
          }
          if let title {
            throw LoadError(
              source: source,
              reason: .nameNotString(title: title, position: position, found: found))
          }
          throw LoadError(
            source: source, reason: .itemNotNameOrRecord(position: position, found: found))
        }
        position += 1
        guard try scanner.skipSpace(), let next = try scanner.peek() else {
          throw endsInArray(title)
        }
        if next == UInt8(ascii: ")") {
          scanner.advance()
          return
        }
        guard next == UInt8(ascii: ",") else {
          throw scanner.error(
            "expected ',' or ')' after item \(position - 1) of \(arrayName(title)), found \(describe(next))"
          )
        }
        scanner.advance()
        // A comma may end the array: `(Ann, Bob, )`.
        if try scanner.skipSpace(), try scanner.peek() == UInt8(ascii: ")") {
          scanner.advance()
          return
        }
      }
    }

    func arrayName(_ title: String?) -> String {
      title.map { "the section \(LoadError.quoted($0))" } ?? "the list"
    }

    func endsInArray(_ title: String?) -> LoadError {
      scanner.error("the list ends inside \(arrayName(title)), before its ')'")
    }

    /// Reads the value at the next byte whole, for a place where a value of another kind
    /// was expected; answers its kind ("a string", "an array", "a dictionary", "data"), or
    /// `nil` when no value starts there (nothing is read then).
    mutating func skipValue(depth: Int) throws(LoadError) -> String? {
      guard let byte = try scanner.peek() else { return nil }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"):
        let value = try readValue(depth: depth)
        return value.typeDescription
      case _ where OpenStepScanner.startsString(byte):
        try scanner.readString()
        return "a string"
      default:
        return nil
      }
    }

    /// Reads the value at the next byte (after white space): a string, an array, a
    /// dictionary or data, `depth` deep.
    mutating func readValue(depth: Int) throws(LoadError) -> RecordValue {
      guard try scanner.skipSpace(), let byte = try scanner.peek() else {
        throw scanner.error("the list ends where a value was expected")
      }
      switch byte {
      case UInt8(ascii: "{"):
        try checkDepth(depth)
        scanner.advance()
        return try readDictionary(depth: depth)
      case UInt8(ascii: "("):
        try checkDepth(depth)
        scanner.advance()
        return try readArray(depth: depth)
      case UInt8(ascii: "<"):
        var bytes: [UInt8]? = []
        try scanner.readData(into: &bytes)
        return .data(bytes ?? [])
      case _ where OpenStepScanner.startsString(byte):
        try scanner.readString()
        return .string(String(decoding: scanner.text, as: UTF8.self))
      default:
        throw scanner.error("expected a value, found \(describe(byte))")
      }
    }

    func checkDepth(_ depth: Int) throws(LoadError) {
      guard depth <= maximumDepth else {
        throw scanner.error("nesting deeper than \(maximumDepth) arrays and dictionaries")
      }
    }

    /// The array whose `(` was just read.
    mutating func readArray(depth: Int) throws(LoadError) -> RecordValue {
      var items: [RecordValue] = []
      while true {
        guard try scanner.skipSpace(), let byte = try scanner.peek() else {
          throw scanner.error("the list ends inside an array, before its ')'")
        }
        if byte == UInt8(ascii: ")") {
          scanner.advance()
          return .array(items)
        }
        items.append(try readValue(depth: depth + 1))
        guard try scanner.skipSpace(), let next = try scanner.peek() else {
          throw scanner.error("the list ends inside an array, before its ')'")
        }
        if next == UInt8(ascii: ")") { continue }
        guard next == UInt8(ascii: ",") else {
          throw scanner.error("expected ',' or ')' in an array, found \(describe(next))")
        }
        scanner.advance()
      }
    }

    /// The dictionary whose `{` was just read: `key = value;` pairs (or `key;`, the key as
    /// its own value), no key twice.
    mutating func readDictionary(depth: Int) throws(LoadError) -> RecordValue {
      try checkDepth(depth)
      var fields: [RecordField] = []
      var places: [String: (line: Int, column: Int)] = [:]
      while true {
        guard try scanner.skipSpace(), let byte = try scanner.peek() else {
          throw scanner.error("the list ends inside a dictionary, before its '}'")
        }
        if byte == UInt8(ascii: "}") {
          scanner.advance()
          return .dictionary(fields)
        }
        guard OpenStepScanner.startsString(byte) else {
          throw scanner.error("expected a key (a string) or '}', found \(describe(byte))")
        }
        let place = position
        try scanner.readString()
        let key = String(decoding: scanner.text, as: UTF8.self)
        if let first = places[key] {
          throw scanner.error(
            "the key \(LoadError.quoted(key)) appears twice in one dictionary (first at line"
              + " \(first.line), column \(first.column))", at: place)
        }
        places[key] = place
        guard try scanner.skipSpace(), let next = try scanner.peek() else {
          throw scanner.error("the list ends inside a dictionary, before its '}'")
        }
        let value: RecordValue
        if next == UInt8(ascii: ";") {
          value = .string(key)
        } else if next == UInt8(ascii: "=") {
          scanner.advance()
          value = try readValue(depth: depth + 1)
          guard try scanner.skipSpace(), try scanner.peek() == UInt8(ascii: ";") else {
            let found = try foundText()
            throw scanner.error(
              "expected ';' after the value of \(LoadError.quoted(key)), found \(found)")
          }
        } else {
          throw scanner.error(
            "expected '=' after the key \(LoadError.quoted(key)), found \(describe(next))")
        }
        scanner.advance()
        fields.append(RecordField(key: key, value: value))
      }
    }
  }
}
