import Testing

@testable import NamesSearch

/// `TextListReader` and how the sniffer tells text from CSV; expected values by hand.
@Suite("TextListReader")
struct TextListReaderTests {
  @Test("one name a line, LF or CRLF, trimmed; blank lines skipped; however the input is cut")
  func lines() throws {
    let input = Array("\u{FEFF}Ann\r\nbob\n\n   \n\t Cy  \r\nÉlise\nAbe".utf8)
    for chunkSize in [1 << 20, 1, 2, 3] {
      let (format, sections) = try readList(input, source: "t.txt", chunkSize: chunkSize)
      #expect(format == .text)
      #expect(sections.listed.map(\.0) == ["A", "B", "C", "E"])
      #expect(sections.listed.map(\.1) == [["Abe", "Ann"], ["bob"], ["Cy"], ["Élise"]])
      #expect(sections.records == nil && sections.searchKeys == nil)
    }
  }

  @Test(
    "a first line after blank lines and spaces is read, and lines are counted from the file's start"
  )
  func leadingWhiteSpace() throws {
    let (_, sections) = try readList(Array("\n\n   Ann  \nBob\n".utf8), source: "t.txt")
    #expect(sections.listed.map(\.1) == [["Ann"], ["Bob"]])
    #expect(
      throws: LoadError(
        source: "t.txt",
        reason: .invalid(format: .text, "line 4: not valid UTF-8 (bytes 0xC3 0x28)"))
    ) {
      try readList(Array("\n\n  Ann\nB".utf8) + [0xC3, 0x28] + Array("\n".utf8), source: "t.txt")
    }
  }

  @Test("bytes that are not UTF-8 text are errors naming the line")
  func errors() {
    for chunkSize in [1 << 20, 1] {
      #expect(
        throws: LoadError(
          source: "t.txt",
          reason: .invalid(format: .text, "line 3: not valid UTF-8 (bytes 0xED 0xA0 0x80)"))
      ) {
        try readList(
          Array("Ann\nBob\nx".utf8) + [0xED, 0xA0, 0x80] + Array("\n".utf8), source: "t.txt",
          chunkSize: chunkSize)
      }
      #expect(
        throws: LoadError(
          source: "t.txt",
          reason: .invalid(format: .text, "line 2: a zero byte (the file is not text)"))
      ) {
        try readList(
          Array("Ann\nB".utf8) + [0] + Array("b\n".utf8), source: "t.txt", chunkSize: chunkSize)
      }
    }
  }

  /// Lines are checked a chunk at a time, and one by one only when a chunk fails: the
  /// error must still name the first bad line, wherever the chunks are cut.
  @Test("a bad line among many names the right line, however the input is cut")
  func badLineAmongMany() throws {
    var input: [UInt8] = []
    for k in 1...200 { input += Array("Élise Lavr \(k)\n".utf8) }
    let bad = input + [0x41, 0xC3, 0x28, 0x0A] + input
    let zero = input + [0x41, 0x00, 0x0A] + input
    for chunkSize in [1 << 20, 4096, 64, 7] {
      #expect(
        throws: LoadError(
          source: "t.txt",
          reason: .invalid(format: .text, "line 201: not valid UTF-8 (bytes 0xC3 0x28)"))
      ) {
        try readList(bad, source: "t.txt", chunkSize: chunkSize)
      }
      #expect(
        throws: LoadError(
          source: "t.txt",
          reason: .invalid(format: .text, "line 201: a zero byte (the file is not text)"))
      ) {
        try readList(zero, source: "t.txt", chunkSize: chunkSize)
      }
      let (_, sections) = try readList(input + input, source: "t.txt", chunkSize: chunkSize)
      #expect(sections.listed.map(\.1).joined().count == 400)
    }
  }

  @Test("fields are for records: a text list has none")
  func fieldsRefused() {
    #expect(throws: LoadError(source: "t.txt", reason: .notRecords(field: "name"))) {
      try readList(Array("Ann\n".utf8), source: "t.txt", options: fields(name: "name"))
    }
    #expect(throws: LoadError(source: "t.txt", reason: .notRecords(field: "Group"))) {
      try readList(Array("Ann\n".utf8), source: "t.txt", options: fields(section: "Group"))
    }
  }

  @Test("the sniffer: a comma or a leading quote on the first line means CSV, else text")
  func sniffing() throws {
    #expect(try readList(Array("Name\n\"Al, Jr\"\n".utf8)).format == .text)
    #expect(try readList(Array("\"Name\"\nAl\n".utf8)).format == .csv)
    #expect(
      try readList(Array("  \n Name,E\nAl,x\n".utf8), options: fields(name: " Name")).format == .csv
    )
    let (format, sections) = try readList(
      Array("Doe, Jane\nSmith, John\n".utf8), source: "t.txt", options: fields(format: .text))
    #expect(format == .text)
    #expect(sections.listed.map(\.1) == [["Doe, Jane"], ["Smith, John"]])
  }
}
