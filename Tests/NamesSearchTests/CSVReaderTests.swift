import Testing

@testable import NamesSearch

/// Sniffs `bytes` and reads them with the reader of the format found (CSV or text),
/// `chunkSize` bytes at a time.
func readList(
  _ bytes: [UInt8], source: String = "t.csv", options: LoadOptions = .default,
  chunkSize: Int = 1 << 20
) throws(LoadError) -> (format: ListFormat, sections: SectionedNames) {
  let file = FileReader(bytes: bytes, source: source)
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  let sniffed = try FormatSniffer.sniff(file, chunk: &chunk, format: options.format, progress: nil)
  let input = ListInput(
    file: file, prefix: sniffed.prefix, droppedLines: sniffed.droppedLines, options: options,
    progress: nil)
  switch sniffed.format {
  case .csv: return (.csv, try CSVReader.read(input, chunkSize: chunkSize))
  case .text: return (.text, try TextListReader.read(input, chunkSize: chunkSize))
  default: throw LoadError(source: source, reason: .notAList("sniffed \(sniffed.format)"))
  }
}

extension SectionedNames {
  /// Each section's title and names, for comparing with values written by hand.
  var listed: [(String, [String])] {
    zip(titles, ranges).map { title, range in (title, range.map { names[$0] }) }
  }
}

func fields(
  name: String? = nil, search: [String] = [], section: String? = nil, format: ListFormat? = nil
) -> LoadOptions {
  LoadOptions(
    format: format,
    fields: RecordFields(
      name: name.flatMap(RecordKeyPath.init), search: search.compactMap(RecordKeyPath.init),
      section: section.flatMap(RecordKeyPath.init)))
}

/// `CSVReader`: header, chosen columns, records and errors, expected values by hand.
@Suite("CSVReader")
struct CSVReaderTests {
  static let contacts = Array(
    ("\u{FEFF}Full Name,Nickname,Group\r\n"
      + "\"Lovelace, Ada\",\"\"\"Countess\"\"\",Friends\r\n"
      + ",Nobody,Work\r\n"
      + "Bob,,Work\r\n"
      + "\"Ann\nMarie\",Annie,Friends\r\n").utf8)

  @Test("the name, search keys, section and record of each row, however the input is cut")
  func contactsByColumn() throws {
    let options = fields(name: "Full Name", search: ["Nickname"], section: "Group")
    for chunkSize in [1 << 20, 1, 5] {
      let (format, sections) = try readList(Self.contacts, options: options, chunkSize: chunkSize)
      #expect(format == .csv)
      #expect(sections.titles == ["Friends", "Work"])
      #expect(sections.listed.map(\.1) == [["Lovelace, Ada", "Ann\nMarie"], ["Bob"]])
      let keys = try #require(sections.searchKeys)
      #expect((0..<keys.texts.count).map { keys.texts[$0] } == ["\"Countess\"", "Annie"])
      #expect(keys.owners == [0, 1])
      let records = try #require(sections.records)
      #expect(
        (0..<records.count).map { records[$0] } == [
          #"{"Full Name":"Lovelace, Ada","Nickname":"\"Countess\"","Group":"Friends"}"#,
          #"{"Full Name":"Ann\nMarie","Nickname":"Annie","Group":"Friends"}"#,
          #"{"Full Name":"Bob","Nickname":"","Group":"Work"}"#,
        ])
    }
  }

  @Test("without a section column, names get made sections; empty names are skipped")
  func madeSections() throws {
    let (_, sections) = try readList(
      Array("Name,Mail\nann,a@x\nAbe,b@x\n,c@x\nbob,d@x\n".utf8), options: fields(name: "Name"))
    #expect(sections.listed.map(\.0) == ["A", "B"])
    #expect(sections.listed.map(\.1) == [["Abe", "ann"], ["bob"]])
  }

  @Test("a file of one column needs no key; several columns need one")
  func choosingTheName() throws {
    // One column and no quote in the header: text to the sniffer, CSV when told.
    let (_, one) = try readList(
      Array("Name\nAnn\n\"Al, Jr\"\n".utf8), options: fields(format: .csv))
    #expect(one.listed.map(\.1) == [["Al, Jr", "Ann"]])
    let (_, quoted) = try readList(Array("\"Name\"\nAnn\n\"Al, Jr\"\n".utf8))
    #expect(quoted.listed.map(\.1) == [["Al, Jr", "Ann"]])
    #expect(
      throws: LoadError(
        source: "t.csv", reason: .recordsNeedKey(fields: ["Full Name", "Nickname", "Group"]))
    ) { try readList(Self.contacts) }
    #expect(
      throws: LoadError(
        source: "t.csv",
        reason: .noSuchField("Name", available: ["Full Name", "Nickname", "Group"]))
    ) { try readList(Self.contacts, options: fields(name: "Name")) }
    #expect(
      throws: LoadError(
        source: "t.csv",
        reason: .noSuchField("Mail", available: ["Full Name", "Nickname", "Group"]))
    ) { try readList(Self.contacts, options: fields(name: "Full Name", search: ["Mail"])) }
    #expect(
      throws: LoadError(
        source: "t.csv",
        reason: .noSuchField("group", available: ["Full Name", "Nickname", "Group"]))
    ) { try readList(Self.contacts, options: fields(name: "Full Name", section: "group")) }
  }

  @Test("a column with a dot in its name is named whole, not as a key path")
  func dottedColumn() throws {
    let (_, sections) = try readList(
      Array("e.mail,x\nann@x,1\n".utf8), options: fields(name: "e.mail"))
    #expect(sections.listed.map(\.1) == [["ann@x"]])
  }

  @Test("leading blank lines and spaces stay the file's: the header keeps them, lines count them")
  func leadingWhiteSpace() throws {
    let input = Array("\n\r\n  Name,E\nAnn,x\n\"b\n".utf8)
    #expect(
      throws: LoadError(
        source: "t.csv", reason: .invalid(format: .csv, "line 5: a quoted field never ends"))
    ) {
      try readList(input, options: fields(name: "  Name"))
    }
    let (_, sections) = try readList(Array(input.dropLast(3)), options: fields(name: "  Name"))
    #expect(sections.listed.map(\.1) == [["Ann"]])
  }

  @Test("rows that do not fit the header are errors naming the line")
  func badRows() {
    func invalid(_ text: String) -> LoadError {
      LoadError(source: "t.csv", reason: .invalid(format: .csv, text))
    }
    let name = fields(name: "a")
    #expect(throws: invalid("line 3: 1 field, but the header has 2")) {
      try readList(Array("a,b\n1,2\n3\n".utf8), options: name)
    }
    #expect(throws: invalid("line 2: 3 fields, but the header has 2")) {
      try readList(Array("a,b\n1,2,\n".utf8), options: name)
    }
    #expect(throws: invalid("line 3: not valid UTF-8 (bytes 0xFF)")) {
      try readList(Array("a,b\n\"x\ny".utf8) + [0xFF] + Array("\",z\n".utf8), options: name)
    }
    #expect(throws: invalid("line 1: not valid UTF-8 (bytes 0xC3)")) {
      try readList(Array("a,b".utf8) + [0xC3] + Array("\n1,2\n".utf8), options: name)
    }
    #expect(throws: invalid("line 1: the header names the column \"a\" twice")) {
      try readList(Array("a,b,a\n1,2,3\n".utf8), options: name)
    }
    #expect(throws: invalid("line 3: the section field \"b\" is empty")) {
      try readList(Array("a,b\n1,2\n3,\n".utf8), options: fields(name: "a", section: "b"))
    }
  }

  @Test("a header alone is a list with no names")
  func headerOnly() throws {
    let (_, sections) = try readList(Array("Name,Email\r\n".utf8), options: fields(name: "Name"))
    #expect(sections.names.count == 0 && sections.titles.isEmpty)
  }

  @Test("plain rows read in place: fields split at commas, CRLF and LF, blank lines skipped")
  func plainRowsInPlace() throws {
    let text =
      "name,group,note\r\nAnn,\u{C9},x\nBob,E\u{301},\r\n   \n\t\r\n,\u{C9},y\nCy,\u{C9},\"q\"\n"
    for chunkSize in [1 << 20, 1, 7] {
      let (_, sections) = try readList(
        Array(text.utf8), options: fields(name: "name", section: "group"), chunkSize: chunkSize)
      // "É" precomposed and decomposed are one title (String equality), as first spelled.
      #expect(sections.titles == ["\u{C9}"])
      #expect(sections.listed.map(\.1) == [["Ann", "Bob", "Cy"]])
      let records = try #require(sections.records)
      #expect(
        (0..<records.count).map { records[$0] } == [
          "{\"name\":\"Ann\",\"group\":\"\u{C9}\",\"note\":\"x\"}",
          "{\"name\":\"Bob\",\"group\":\"E\u{301}\",\"note\":\"\"}",
          "{\"name\":\"Cy\",\"group\":\"\u{C9}\",\"note\":\"q\"}",
        ])
    }
  }

  @Test("a bad field of a plain row names its line and bytes, whichever column it is in")
  func badFieldInPlainRow() {
    let expected = LoadError(
      source: "t.csv", reason: .invalid(format: .csv, "line 3: not valid UTF-8 (bytes 0xFF 0x41)"))
    for chunkSize in [1 << 20, 1] {
      #expect(throws: expected) {
        try readList(
          Array("a,b,c\n1,2,3\nx,y".utf8) + [0xFF] + Array("A,z\n".utf8),
          options: fields(name: "a"), chunkSize: chunkSize)
      }
    }
  }

  @Test("plain rows checked for UTF-8 in one pass read as rows read byte by byte")
  func plainRowsCheckedWhole() {
    // Each body follows the header "a,b,c"; a chunk of one byte reads every row with the
    // state machine, field by field, the other method.
    let bad: [[UInt8]] = [
      [0xFF], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x80], [0xE2, 0x82, 0xAC, 0xBF],
    ]
    let good = Array("né€😀".utf8)
    var bodies: [[UInt8]] = []
    for bytes in bad {
      for column in 0..<3 {
        var fields = [Array("1".utf8), good, Array("x".utf8)]
        fields[column] += bytes
        bodies.append(Array("é,b,c\n".utf8) + Array(fields.joined(separator: [0x2C])) + [0x0A])
        fields[column] = bytes + Array("z".utf8)
        bodies.append(Array(fields.joined(separator: [0x2C])) + Array("\r\nq,r,s\n".utf8))
      }
    }
    bodies.append(Array("1,ann,x\n2,Émile,y\n".utf8))
    for body in bodies {
      let bytes = Array("a,b,c\n".utf8) + body
      func outcome(_ chunkSize: Int) -> String {
        do {
          return "\(try readList(bytes, options: fields(name: "b"), chunkSize: chunkSize).1.listed)"
        } catch {
          return error.description
        }
      }
      #expect(outcome(1 << 20) == outcome(1), "\(body)")
    }
    // By hand: the first bad byte is in the third column of line 2, after valid UTF-8.
    let expected = LoadError(
      source: "t.csv", reason: .invalid(format: .csv, "line 2: not valid UTF-8 (bytes 0xE2 0x82)"))
    #expect(throws: expected) {
      try readList(
        Array("a,b,c\n1,né€,é".utf8) + [0xE2, 0x82] + Array("\n".utf8), options: fields(name: "b"))
    }
  }

  @Test("a bad or zero byte in any column of any row names its line, however the input is cut")
  func badByteAnywhere() {
    // 30 rows under the header, fields of 0-11 characters ("é" among them) so that bytes
    // land at every word offset, some quoted; row 12's middle field spans two lines. The
    // bad bytes end one field; its line is counted here as the rows are written.
    let kinds: [([UInt8], String)] = [
      ([0xFF], "not valid UTF-8 (bytes 0xFF)"),
      ([0xE2, 0x82], "not valid UTF-8 (bytes 0xE2 0x82)"),
      ([0x00], "a zero byte (the file is not text)"),
    ]
    for target in 1...30 {
      for column in 0..<3 {
        for (bad, what) in kinds {
          var bytes = Array("a,b,c\r\n".utf8)
          var line = 2
          var badLine = 0
          for row in 1...30 {
            var fields: [[UInt8]] = []
            var rowLines = 0
            for c in 0..<3 {
              var text = Array(String("n\u{E9}Abcdefghijk".prefix((row * 3 + c * 5) % 12)).utf8)
              if row == 12 && c == 1 { text += Array("two\nlines".utf8) }
              let linesBefore = rowLines + text.filter { $0 == 0x0A }.count
              if row == target && c == column {
                text += bad
                badLine = line + linesBefore
              }
              rowLines = linesBefore
              let quoted = (row + c) % 4 == 0 || text.contains(0x0A)
              fields.append(quoted ? [0x22] + text + [0x22] : text)
            }
            bytes +=
              Array(fields.joined(separator: [0x2C])) + (row % 2 == 0 ? [0x0A] : [0x0D, 0x0A])
            line += 1 + rowLines
          }
          for chunkSize in [1 << 20, 64, 8, 1] {
            let expected = LoadError(
              source: "t.csv", reason: .invalid(format: .csv, "line \(badLine): \(what)"))
            #expect(throws: expected, "row \(target), column \(column), chunks of \(chunkSize)") {
              try readList(bytes, options: fields(name: "a"), chunkSize: chunkSize)
            }
          }
        }
      }
    }
  }
}
