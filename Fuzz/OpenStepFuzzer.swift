// libFuzzer target: any bytes as an OpenStep (old-style ASCII) property list, read four
// ways: whole in memory (`OpenStepPlistReader.read(bytes:source:fields:)`), streamed in
// chunks of 1 to 16 bytes (`read(_:chunkSize:)`, a chunk boundary inside every kind of
// token), and through the
// same path as `-f FILE` (`CatalogLoader.load(from:options:)` over `FileReader(bytes:)`:
// `WideText` decoding of UTF-16 and UTF-32 told by a byte-order mark, `FormatSniffer` and
// `OpenStepText`, then `OpenStepScanner` streaming its input), once with the format forced
// to OpenStep and once sniffed; names and records (`--key n --search-key s --section-key
// g`) alike, and a search of what loaded. Must never crash, hang or leak, and:
//
// - what loads is consistent: one range per title, the ranges adjacent and covering every
//   name, titles neither empty nor repeated, every name and title valid UTF-8, records and
//   search keys owned by names that exist;
// - an error's description is one line (no line break, no control character), names the
//   source, and a syntax error names a line and a column inside the input;
// - UTF-8 input (no wide byte-order mark) reads exactly the same whole and in chunks;
// - UTF-8 input reads the same in memory and through the loader
//   with the format forced: both load the same sections (the loader puts them in
//   `SectionOrder`), or both fail with the same message; except where the loader refuses
//   the input before the reader sees it (an empty or blank file, one of zero bytes or with
//   no significant byte: `empty`, `blank`, `notAList`);
// - UTF-16 and UTF-32 decode (`WideText.Decoder`) to the same UTF-8, or the same error,
//   whole and in pieces of 1 to 7 bytes (units cut between reads), and to valid UTF-8.
func openStepFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let records = RecordFields(
    name: RecordKeyPath("n"), search: [RecordKeyPath("s")!], section: RecordKeyPath("g"))
  let wide = WideText.Encoding.marked(bytes) != nil
  if let encoding = WideText.Encoding.marked(bytes) { checkPieces(bytes, encoding) }
  for fields in [RecordFields.none, records] {
    let memory: Result<SectionedNames, LoadError>
    do {
      let sections = try OpenStepPlistReader.read(bytes: bytes, source: "fuzz", fields: fields)
      checkConsistent(sections)
      memory = .success(sections)
    } catch {
      checkOneLine(error, bytes, inMemory: !wide)
      memory = .failure(error)
    }
    if !wide { checkChunked(memory, bytes, fields) }
    for format in [ListFormat.openStepPropertyList, nil] {
      let reader = FileReader(bytes: bytes, source: "fuzz", maximumSize: 1 << 22)
      let options = LoadOptions(format: format, fields: fields)
      let loaded: Result<Catalog, LoadError>
      do {
        let catalog = try CatalogLoader.load(from: reader, options: options)
        checkConsistent(catalog)
        _ = Searcher().search(Query(term: "a"), in: catalog).sections
        loaded = .success(catalog)
      } catch {
        checkOneLine(error, bytes, inMemory: false)
        loaded = .failure(error)
      }
      if format != nil && !wide { checkSame(memory, loaded) }
    }
  }
  return 0
}

/// What `OpenStepPlistReader` read holds together.
func checkConsistent(_ sections: SectionedNames) {
  let names = sections.names
  check(sections.titles.count == sections.ranges.count, "one range per title")
  checkRanges(sections.ranges, count: names.count)
  checkTitles(sections.titles)
  for i in 0..<names.count { checkUTF8(names.utf8(of: i), "a name") }
  if let records = sections.records {
    check(records.count == names.count, "one record per name")
    for i in 0..<records.count { checkUTF8(records.utf8(of: i), "a record") }
  }
  if let keys = sections.searchKeys {
    check(keys.texts.count == keys.owners.count, "one owner per search key")
    check(zip(keys.owners, keys.owners.dropFirst()).allSatisfy { $0 <= $1 }, "owners in order")
    check(keys.owners.allSatisfy { Int($0) < names.count }, "owners are names")
  }
}

/// What `CatalogLoader` loaded holds together.
func checkConsistent(_ catalog: Catalog) {
  check(catalog.titles.count == catalog.sectionRanges.count, "one range per title")
  checkRanges(catalog.sectionRanges, count: catalog.nameCount)
  checkTitles(catalog.titles)
  if let records = catalog.records { check(records.count == catalog.nameCount, "records") }
}

/// Disjoint ranges that together cover `0..<count` (in any order: made sections).
func checkRanges(_ ranges: [Range<Int>], count: Int) {
  var next = 0
  for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
    check(range.lowerBound == next, "the ranges are adjacent")
    next = range.upperBound
  }
  check(next == count, "the ranges cover every name")
}

func checkTitles(_ titles: [String]) {
  check(!titles.contains(""), "no empty title")
  check(Set(titles).count == titles.count, "no title twice")
}

func checkUTF8(_ utf8: UnsafeBufferPointer<UInt8>, _ what: String) {
  check(String(validating: utf8, as: UTF8.self) != nil, "\(what) is valid UTF-8")
}

/// An error is one line about "fuzz"; a syntax error's place is inside the input (for
/// the in-memory reader, whose lines are the input's own: CR, LF and CRLF end one).
func checkOneLine(_ error: LoadError, _ bytes: [UInt8], inMemory: Bool) {
  let description = error.description
  check(description.hasPrefix("fuzz: "), "the error names its source: \(description)")
  let controls = description.unicodeScalars.filter {
    $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}"
  }
  check(controls.isEmpty, "the error is one line: \(description.debugDescription)")
  guard inMemory, case .invalid(.openStepPropertyList, let why) = error.reason else { return }
  let words = why.split(separator: " ", maxSplits: 4)
  guard words.count == 5, words[0] == "line", words[2] == "column",
    let line = Int(words[1].dropLast()), let column = Int(words[3].dropLast()),
    words[1].last == ",", words[3].last == ":"
  else { fatalError("a syntax error names no place: \(description.debugDescription)") }
  var lines = 1
  for (i, byte) in bytes.enumerated()
  where byte == 0x0D || (byte == 0x0A && (i == 0 || bytes[i - 1] != 0x0D)) {
    lines += 1
  }
  check(line >= 1 && line <= lines, "line \(line) of \(lines): \(description)")
  check(column >= 1 && column <= bytes.count + 1, "column \(column): \(description)")
}

/// The in-memory reader and the loader, the format forced, agree.
func checkSame(_ memory: Result<SectionedNames, LoadError>, _ loaded: Result<Catalog, LoadError>) {
  switch (memory, loaded) {
  case (.success(let sections), .success(let catalog)):
    func byTitle(_ titles: [String], _ ranges: [Range<Int>], _ names: NameStore)
      -> [String: [String]]
    {
      Dictionary(uniqueKeysWithValues: zip(titles, ranges.map { $0.map { names[$0] } }))
    }
    check(
      byTitle(sections.titles, sections.ranges, sections.names)
        == byTitle(catalog.titles, catalog.sectionRanges, catalog.names),
      "the same sections")
  case (_, .failure(let error)) where refusedBeforeReading(error):
    break
  case (.failure(let a), .failure(let b)):
    check(a.description == b.description, "the same error: \(a) | \(b)")
  case (.success, .failure(let error)):
    fatalError("read in memory, refused by the loader: \(error)")
  case (.failure(let error), .success):
    fatalError("refused in memory, loaded by the loader: \(error)")
  }
}

/// The scanner streaming `bytes` a few at a time reads what it read whole, to the byte.
func checkChunked(
  _ memory: Result<SectionedNames, LoadError>, _ bytes: [UInt8], _ fields: RecordFields
) {
  let input = ListInput(
    file: FileReader(bytes: bytes, source: "fuzz"), prefix: [], droppedLines: 0,
    options: LoadOptions(fields: fields), progress: nil)
  let chunkSize = 1 + Int(bytes.last ?? 0) % 16
  do {
    let chunked = try OpenStepPlistReader.read(input, chunkSize: chunkSize)
    guard case .success(let whole) = memory else {
      fatalError("refused whole, read in chunks of \(chunkSize)")
    }
    func strings(_ store: NameStore?) -> [String]? {
      store.map { s in (0..<s.count).map { s[$0] } }
    }
    check(chunked.titles == whole.titles, "the same titles in chunks of \(chunkSize)")
    check(chunked.ranges == whole.ranges, "the same ranges in chunks of \(chunkSize)")
    check(strings(chunked.names) == strings(whole.names), "the same names in chunks")
    check(strings(chunked.records) == strings(whole.records), "the same records in chunks")
    check(
      strings(chunked.searchKeys?.texts) == strings(whole.searchKeys?.texts)
        && chunked.searchKeys?.owners == whole.searchKeys?.owners, "the same search keys")
  } catch {
    guard case .failure(let wholeError) = memory else {
      fatalError("read whole, refused in chunks of \(chunkSize): \(error)")
    }
    check(error == wholeError, "the same error in chunks of \(chunkSize): \(error) | \(wholeError)")
  }
}

/// Whether the loader refused the input before the reader read it (`FormatSniffer`).
func refusedBeforeReading(_ error: LoadError) -> Bool {
  switch error.reason {
  case .empty, .blank, .notAList: true
  default: false
  }
}

/// Decoding `bytes` (after their byte-order mark) whole and in pieces agrees.
func checkPieces(_ bytes: [UInt8], _ encoding: WideText.Encoding) {
  let text = bytes[encoding.unitSize...]
  func decode(pieceSize: Int) -> (out: [UInt8], error: WideText.DecodingError?) {
    var decoder = WideText.Decoder(encoding)
    var out: [UInt8] = []
    do {
      var start = text.startIndex
      while start < text.endIndex {
        let end = min(start + pieceSize, text.endIndex)
        try text[start..<end].withUnsafeBufferPointer { (piece) throws(WideText.DecodingError) in
          try decoder.decode(piece, into: &out)
        }
        start = end
      }
      try decoder.finish()
      return (out, nil)
    } catch {
      return (out, error)
    }
  }
  let whole = decode(pieceSize: max(text.count, 1))
  check(String(validating: whole.out, as: UTF8.self) != nil, "decoded to valid UTF-8")
  let pieces = decode(pieceSize: 1 + Int(bytes.last! % 7))
  check(pieces.out == whole.out && pieces.error == whole.error, "decoded alike in pieces")
}

func check(_ condition: Bool, _ what: @autoclosure () -> String) {
  if !condition { fatalError(what()) }
}
