import CLibXML2
import CLibXML2Shims

/// Reads an XML sortednames list as a stream with libxml2's SAX2 push parser, appending
/// names straight into a `NameStore` without building a tree or one object per name.
///
/// Shapes: a root `<dict>` of title → `<array>` (sections), or a root `<array>` (a flat
/// list, filed by `SectionsBuilder`); items are `<string>` names or `<dict>` records, each
/// record decoded whole into a `RecordValue` (nested `<dict>` and `<array>`, `<string>`,
/// `<integer>` and `<real>` as number text, `<true/>`, `<false/>`, `<date>` as ISO 8601
/// text, `<data>` decoded from base64) and handed to `SectionsBuilder.appendRecord`.
///
/// It accepts what Foundation accepts for this shape (`<plist>` around a `<dict>` of
/// `<key>` and `<array>` of `<string>`, any encoding libxml2 detects, entities and
/// character references, CDATA) and answers with the same `LoadError`s, plus the title
/// errors of `SectionsBuilder` (`duplicateTitle`, `equivalentTitles`). For safety it never fetches anything (`XML_PARSE_NONET`, no DTD
/// loading) and refuses entity declarations, so no external entity is read (XXE) and no
/// entity expansion can blow up ("billion laughs").
final class XMLPlistReader {
  /// What the reader expects next.
  private enum State {
    case start, inPlist, inRoot, inKey, afterKey, inSection, inName, inRecord, done
  }

  /// A container of the record being decoded: a dictionary (its fields so far and the key
  /// read that awaits its value) or an array.
  private enum RecordFrame {
    case dictionary([RecordField], key: String?)
    case array([RecordValue])
  }

  private let source: String
  // The properties the callbacks touch for every name are `@exclusivity(unchecked)`: the
  // run-time exclusivity check (a thread-local access set, `swift_beginAccess`) cost ~250
  // instructions a name. No access to them can overlap: libxml2 calls back only from inside
  // `xmlParseChunk`, which `read` calls holding none of them, one thread, and no callback
  // calls libxml2 back but `xmlStopParser`, which calls no callback.
  @exclusivity(unchecked) private var state = State.start
  /// The sections read; it checks the titles and what the list costs (`ExpansionLimit`).
  @exclusivity(unchecked) private var sections: SectionsBuilder
  @exclusivity(unchecked) private var keyText: [UInt8] = []
  /// Whether the root is an array: a flat list, its items in `.inSection` too.
  @exclusivity(unchecked) private var isFlat = false
  /// The containers of the record being decoded, outermost first (empty between records).
  private var recordStack: [RecordFrame] = []
  /// The leaf element of a record whose text is being read (`<key>`, `<string>`, …).
  @exclusivity(unchecked) private var leaf: Element?
  @exclusivity(unchecked) private var leafText: [UInt8] = []
  @exclusivity(unchecked) private var error: LoadError?
  private var parserError: (message: String, line: Int)?
  /// Elements started and not yet ended: the root is closed when `state` is `.done` and
  /// this is 0 again (`<plist>` closed too).
  @exclusivity(unchecked) private var depth = 0
  private var context: xmlParserCtxtPtr?
  /// Lines before the bytes libxml2 is given (white space dropped by `XMLProlog`).
  private let lineOffset: Int
  /// Whether the encoding the XML declaration names is ignored: the bytes are UTF-8
  /// decoded from another encoding.
  private let ignoresDeclaredEncoding: Bool

  /// Creates a reader; `expectedSize`, the document's size when known, bounds the names'
  /// total size, so their buffers are reserved once and never copied. `lineOffset` is added
  /// to libxml2's line numbers in messages.
  init(
    source: String, expectedSize: Int?, maximumSize: Int = FileReader.defaultMaximumSize,
    lineOffset: Int = 0, fields: RecordFields = .none, keepsRecords: Bool = true,
    maker: any SectionMaker = FirstLetterSections(), ignoresDeclaredEncoding: Bool = false
  ) {
    self.source = source
    self.lineOffset = lineOffset
    self.ignoresDeclaredEncoding = ignoresDeclaredEncoding
    let size = min(expectedSize ?? 0, FileReader.defaultMaximumSize)
    sections = SectionsBuilder(
      source: source,
      expansion: ExpansionLimit(
        inputSize: expectedSize ?? Int.max, maximumSize: maximumSize, source: source),
      names: max(size / 17, 1024), bytes: max(size, 1 << 16), fields: fields,
      keepsRecords: keepsRecords, maker: maker)
  }

  /// Parses the whole document, given in pieces by `nextChunk` (an empty piece ends it).
  ///
  /// - Throws: `LoadError` for malformed XML, a shape that is not a sortednames list, a
  ///   duplicate section title, or an entity declaration; `notAList("line N: the document
  ///   ends early")` when the input ends before the root element does (even inside a tag),
  ///   N the line where it ends; `memoryRefused` when the system refuses memory (to the
  ///   names or to libxml2); or what `nextChunk` throws.
  func read(
    firstChunk: ArraySlice<UInt8>,
    nextChunk: (inout [UInt8]) throws(LoadError) -> Int
  ) throws(LoadError) -> SectionedNames {
    var markup = XMLMarkupGuard(forDocumentStartingWith: firstChunk, firstLine: 1 + lineOffset)
    if let message = firstChunk.withUnsafeBytes({ markup.scan($0) }) {
      throw LoadError(source: source, reason: .notAList(message))
    }
    var handler = xmlSAXHandler()
    Self.install(on: &handler)
    let me = Unmanaged.passUnretained(self).toOpaque()
    // Errors libxml2 raises outside the parser context (encoding conversion) go to the
    // same handler; those it would print itself are dropped: one line, always ours.
    xmlSetStructuredErrorFunc(me, handler.serror)
    names_search_xml_drop_generic_errors()
    defer { xmlSetStructuredErrorFunc(nil, nil) }
    let created = firstChunk.withUnsafeBytes {
      xmlCreatePushParserCtxt(
        &handler, me, $0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32($0.count), nil)
    }
    guard let context = created else {
      throw LoadError(source: source, reason: .notAList("cannot start the XML parser"))
    }
    self.context = context
    defer {
      // libxml2 may make a document to hold a DOCTYPE's declarations even with SAX
      // callbacks; the context does not free it.
      if let document = context.pointee.myDoc {
        xmlFreeDoc(document)
        context.pointee.myDoc = nil
      }
      xmlFreeParserCtxt(context)
      self.context = nil
    }
    // Text decoded to UTF-8 (UTF-32 with a byte-order mark, `WideText`) keeps its XML
    // declaration, which names the encoding it was in: libxml2 must not switch to it.
    var options = XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOCDATA.rawValue
    if ignoresDeclaredEncoding { options |= XML_PARSE_IGNORE_ENC.rawValue }
    xmlCtxtUseOptions(context, Int32(options))
    var chunks = [[UInt8](repeating: 0, count: 1 << 20), [UInt8](repeating: 0, count: 1 << 20)]
    var piece = [UInt8](repeating: 0, count: 1 << 16)
    var endedEarly = false
    /// Fills `chunk` with the next bytes: whole chunks, however the input arrives (a pipe
    /// gives 64 KiB at a time), since libxml2 rescans unfinished markup once per chunk. The
    /// first read goes straight into the chunk (a regular file fills it at once); only the
    /// rest of a short read is copied from `piece`.
    func fill(_ chunk: inout [UInt8]) throws(LoadError) -> Int {
      var count = try nextChunk(&chunk)
      while count > 0 && count < chunk.count {
        if piece.count > chunk.count - count {
          piece = [UInt8](repeating: 0, count: chunk.count - count)
        }
        let read = try nextChunk(&piece)
        if read == 0 { break }
        chunk.withUnsafeMutableBytes { target in
          piece.withUnsafeBytes { source in
            (target.baseAddress! + count).copyMemory(from: source.baseAddress!, byteCount: read)
          }
        }
        count += read
      }
      return count
    }
    // The markup guard runs one chunk ahead, on another core (`MarkupScanAhead`): the next
    // chunk is read and scanned while libxml2 parses this one. What is read and scanned,
    // and in what order errors are reported, is what one chunk after another gives: a
    // chunk's guard message before libxml2 sees it, a read's error only once the chunk
    // before it parsed without one.
    let ahead = MarkupScanAhead(markup)
    // The first pass parses the first chunk, which the context holds: not as the end, so
    // that what libxml2 parses when told the input ends is only what it held back. Under 4
    // bytes libxml2 cannot tell the encoding and takes a UTF-16 zero byte for the end
    // ("Document is empty"): such a chunk waits for the next (no complete list is so short).
    var firstPass = firstChunk.count >= 4
    var current = 0
    var count = firstPass ? 0 : try fill(&chunks[0])
    var message = chunks[0].withUnsafeBytes {
      ahead.markup.scan(UnsafeRawBufferPointer(rebasing: $0[..<count]))
    }
    while error == nil && parserError == nil {
      if let message { throw LoadError(source: source, reason: .notAList(message)) }
      let atEnd = !firstPass && count == 0
      firstPass = false
      let next = 1 - current
      var nextCount = 0
      var readError: LoadError? = nil
      if !atEnd {
        do {
          nextCount = try fill(&chunks[next])
        } catch {
          readError = error
        }
      }
      var status: Int32 = 0
      chunks[next].withUnsafeBytes { nextBytes in
        if !atEnd && readError == nil {
          ahead.start(UnsafeRawBufferPointer(rebasing: nextBytes[..<nextCount]))
        }
        status = chunks[current].withUnsafeBytes {
          xmlParseChunk(
            context, $0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(count),
            atEnd ? 1 : 0)
        }
        // Waited for here, while the next chunk's bytes are lent.
        message = ahead.wait()
      }
      // Names the system refused memory for were dropped: stop here.
      if sections.isOutOfMemory { fail(LoadError.memoryRefused(source: source).reason) }
      if status != 0 && parserError == nil && error == nil {
        parserError = (
          "malformed XML (libxml2 error \(status))", lineNumber()
        )
      }
      if atEnd {
        // libxml2 holds back an unfinished tag, comment, DOCTYPE… and the text after the
        // last tag until it is told the input ends; what goes wrong then, with the root
        // still open, is that the input ends ("Extra content at the end of the document",
        // "Couldn't find end of Start Tag", or a tag cut to `<stri` taken for an element).
        if !rootClosed && (parserError != nil || (error.map { !Self.isMemory($0) } ?? false)) {
          endedEarly = true
        }
        break
      }
      if error == nil && parserError == nil, let readError { throw readError }
      current = next
      count = nextCount
    }
    markup = ahead.markup
    if endedEarly || (error == nil && parserError == nil && !rootClosed) {
      throw LoadError(
        source: source, reason: .notAList("line \(markup.line): the document ends early"))
    }
    if let error { throw error }
    if let parserError {
      throw LoadError(
        source: source,
        reason: .notAList(
          parserError.line > 0
            ? "line \(parserError.line): \(parserError.message)" : parserError.message)
      )
    }
    var finished = SectionsBuilder(source: source, expansion: nil, names: 0, bytes: 0)
    swap(&finished, &sections)
    return try finished.finish()
  }

  // MARK: - Events

  /// Whether the root element (and `<plist>` around it) has ended.
  private var rootClosed: Bool { state == .done && depth == 0 }

  private static func isMemory(_ error: LoadError) -> Bool {
    if case .memoryRefused = error.reason { return true }
    return false
  }

  private func fail(_ reason: LoadError.Reason) {
    guard error == nil else { return }
    error = LoadError(source: source, reason: reason)
    if let context { xmlStopParser(context) }
  }

  private func lineNumber() -> Int {
    context.map { Int(xmlSAX2GetLineNumber($0)) + lineOffset } ?? 0
  }

  private func start(_ element: Element) {
    depth += 1
    switch state {
    case .start:
      if element == .plist {
        state = .inPlist
      } else {
        startRoot(element)
      }
    case .inPlist:
      startRoot(element)
    case .inRoot:
      guard element == .key else {
        fail(.notAList("line \(lineNumber()): expected <key>, found <\(element.name)>"))
        return
      }
      keyText.removeAll(keepingCapacity: true)
      state = .inKey
    case .afterKey:
      guard element == .array else {
        fail(.sectionNotArray(title: sections.title, found: element.typeDescription))
        return
      }
      state = .inSection
    case .inSection:
      if element == .string {
        state = .inName
      } else if element == .dict {
        state = .inRecord
        recordStack.append(.dictionary([], key: nil))
      } else if isFlat {
        fail(
          .itemNotNameOrRecord(
            position: sections.itemPosition, found: element.typeDescription))
      } else {
        fail(
          .nameNotString(
            title: sections.title, position: sections.itemPosition,
            found: element.typeDescription))
      }
    case .inRecord:
      startInRecord(element)
    case .inKey, .inName, .done:
      fail(.notAList("line \(lineNumber()): unexpected <\(element.name)>"))
    }
  }

  private func startRoot(_ element: Element) {
    if case .other(let name) = element {
      fail(.notAList("line \(lineNumber()): expected <plist> or <dict>, found <\(name)>"))
      return
    }
    if element == .array {
      isFlat = true
      state = .inSection
      return
    }
    guard element == .dict else {
      fail(.rootNotDictionary(found: element.typeDescription))
      return
    }
    state = .inRoot
  }

  /// An element starts inside a record: a key where a dictionary awaits one, a value where
  /// a dictionary's key or an array awaits one.
  private func startInRecord(_ element: Element) {
    if let leaf {
      fail(.notAList("line \(lineNumber()): unexpected <\(element.name)> in <\(leaf.name)>"))
      return
    }
    if case .dictionary(_, nil)? = recordStack.last {
      guard element == .key else {
        fail(.notAList("line \(lineNumber()): expected <key>, found <\(element.name)>"))
        return
      }
      leaf = element
      leafText.removeAll(keepingCapacity: true)
      return
    }
    if element == .dict || element == .array,
      recordStack.count >= PlistScalar.maximumRecordDepth
    {
      fail(
        .notAList(
          "line \(lineNumber()): a record nests deeper than "
            + "\(PlistScalar.maximumRecordDepth) levels"))
      return
    }
    switch element {
    case .dict: recordStack.append(.dictionary([], key: nil))
    case .array: recordStack.append(.array([]))
    case .string, .integer, .real, .true, .false, .date, .data:
      leaf = element
      leafText.removeAll(keepingCapacity: true)
    case .key, .plist, .other:
      fail(.notAList("line \(lineNumber()): expected a value, found <\(element.name)>"))
    }
  }

  /// An element ends inside a record: a leaf's value or a container is complete.
  private func endInRecord() {
    if let element = leaf {
      leaf = nil
      if element == .key {
        let key = String(decoding: leafText, as: UTF8.self)
        guard case .dictionary(let fields, nil)? = recordStack.last else { return }
        if fields.contains(where: { $0.key == key }) {
          fail(.notAList("line \(lineNumber()): the key \(LoadError.quoted(key)) appears twice"))
          return
        }
        recordStack[recordStack.count - 1] = .dictionary(fields, key: key)
        return
      }
      switch PlistScalar.value(of: element.name, text: leafText) {
      case .success(let value): add(value)
      case .failure(let why): fail(.notAList("line \(lineNumber()): \(why)"))
      }
      return
    }
    switch recordStack.removeLast() {
    case .array(let items): add(.array(items))
    case .dictionary(let fields, nil): add(.dictionary(fields))
    case .dictionary(_, let key?):
      fail(.notAList("line \(lineNumber()): the key \(LoadError.quoted(key)) has no value"))
    }
  }

  /// Puts a complete value in its container, or hands a complete record to the builder.
  private func add(_ value: RecordValue) {
    switch recordStack.last {
    case nil:
      do { try sections.appendRecord(value) } catch {
        fail(error.reason)
        return
      }
      state = .inSection
    case .array(var items)?:
      recordStack[recordStack.count - 1] = .array([])
      items.append(value)
      recordStack[recordStack.count - 1] = .array(items)
    case .dictionary(var fields, let key?)?:
      recordStack[recordStack.count - 1] = .array([])
      fields.append(RecordField(key: key, value: value))
      recordStack[recordStack.count - 1] = .dictionary(fields, key: nil)
    case .dictionary(_, nil)?:
      break  // `startInRecord` lets only a <key> start here.
    }
  }

  private func end() {
    depth -= 1
    switch state {
    case .inKey:
      do { try sections.beginSection(String(decoding: keyText, as: UTF8.self)) } catch {
        fail(error.reason)
        return
      }
      state = .afterKey
    case .inName:
      do { try sections.endName() } catch {
        fail(error.reason)
        return
      }
      state = .inSection
    case .inSection:
      sections.endSection()
      state = isFlat ? .done : .inRoot
    case .inRecord:
      endInRecord()
    case .inRoot:
      state = .done
    case .afterKey:
      fail(.sectionNotArray(title: sections.title, found: "nothing"))
    case .inPlist, .done, .start:
      break
    }
  }

  private func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    switch state {
    case .inKey: keyText.append(contentsOf: bytes)
    case .inName: sections.appendPart(utf8: bytes)
    case .inRecord where leaf != nil: leafText.append(contentsOf: bytes)
    default:
      // Between elements only white space may stand (Foundation refuses text there too).
      guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
        return
      }
      let text = String(decoding: bytes[first...].prefix(160), as: UTF8.self)
        .trimmingWhiteSpace().prefix(40)
      // libxml2 hands text over at the next tag: count back to where it starts.
      let line = lineNumber() - bytes[first...].count { $0 == 0x0A }
      fail(
        .notAList(
          "line \(line): text outside <key> and <string>: \(LoadError.quoted(String(text)))"))
    }
  }

  /// libxml2's `message` with the line numbers it quotes ("tag mismatch: string line 2")
  /// made the file's, when white space before the prolog was dropped.
  private func shiftingLineNumbers(in message: String) -> String {
    guard lineOffset > 0 else { return message }
    var out = ""
    var rest = message[...]
    while let range = rest.firstRange(of: "line ") {
      out += rest[..<range.upperBound]
      rest = rest[range.upperBound...]
      let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
      if let number = Int(digits) {
        out += String(number + lineOffset)
        rest = rest.dropFirst(digits.count)
      }
    }
    return out + rest
  }

  // MARK: - libxml2 callbacks

  /// Runs `body` on the reader behind libxml2's context pointer without retaining it: the
  /// reader outlives the parse (`read(firstChunk:nextChunk:)` holds it), so a callback need
  /// not keep it alive, and a retain and release per callback (three per name) is spared.
  @inline(__always)
  private static func withReader(
    _ context: UnsafeMutableRawPointer?, _ body: (XMLPlistReader) -> Void
  ) {
    Unmanaged<XMLPlistReader>.fromOpaque(context!)._withUnsafeGuaranteedRef(body)
  }

  private static func install(on handler: inout xmlSAXHandler) {
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { context, localName, prefix, _, _, _, _, _, _ in
      // <x:string> is not a plist <string>.
      let element =
        prefix == nil
        ? XMLPlistReader.Element(localName)
        : .other(String(cString: prefix!) + ":" + (localName.map { String(cString: $0) } ?? ""))
      XMLPlistReader.withReader(context) { $0.start(element) }
    }
    handler.endElementNs = { context, _, _, _ in
      XMLPlistReader.withReader(context) { $0.end() }
    }
    handler.characters = { context, text, length in
      XMLPlistReader.withReader(context) {
        $0.text(UnsafeBufferPointer(start: text, count: Int(length)))
      }
    }
    handler.cdataBlock = handler.characters
    handler.entityDecl = { context, name, _, _, _, _ in
      let entity = name.map { String(cString: $0) } ?? ""
      XMLPlistReader.withReader(context) {
        $0.fail(.notAList("entity declarations are not allowed (<!ENTITY \(entity)>)"))
      }
    }
    handler.reference = { context, name in
      let entity = name.map { String(cString: $0) } ?? ""
      XMLPlistReader.withReader(context) { $0.fail(.notAList("undefined entity &\(entity);")) }
    }
    handler.serror = { context, error in
      guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      XMLPlistReader.withReader(context) { me in
        guard me.parserError == nil else { return }
        if error.pointee.code == Int32(XML_ERR_NO_MEMORY.rawValue) {
          me.fail(LoadError.memoryRefused(source: me.source).reason)
          return
        }
        let text = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        // One line: libxml2 sometimes adds a second line ("Bytes: 0xFF 0xFE …").
        var message = text.split(whereSeparator: \.isNewline).map {
          $0.trimmingWhiteSpace()
        }.filter { !$0.isEmpty }.joined(separator: "; ")
        // Name the cause in a reader's words where libxml2's are an implementation's.
        if error.pointee.domain == Int32(XML_FROM_I18N.rawValue),
          let bytes = message.firstRange(of: "bytes ")
        {
          message =
            "a character not valid in the document's encoding (\(message[bytes.lowerBound...]))"
        } else if message.hasPrefix("Input is not proper UTF-8"),
          let bytes = message.firstRange(of: "Bytes: ")
        {
          message =
            "not valid UTF-8, and no other encoding is declared (bytes \(message[bytes.upperBound...]))"
        }
        // Errors raised outside the parser (encoding conversion) carry no line.
        let line =
          error.pointee.line > 0 ? Int(error.pointee.line) + me.lineOffset : me.lineNumber()
        me.parserError = (me.shiftingLineNumbers(in: message), line)
      }
    }
  }

  /// The elements of the plist DTD, recognised by name.
  private enum Element: Equatable {
    case plist, dict, key, array, string, integer, real, `true`, `false`, date, data
    case other(String)

    init(_ name: UnsafePointer<xmlChar>?) {
      guard let name else {
        self = .other("")
        return
      }
      let length = RawBytes.cStringLength(name)
      func equals(_ text: StaticString) -> Bool {
        text.utf8CodeUnitCount == length && RawBytes.equal(name, text.utf8Start, count: length)
      }
      switch name[0] {
      case UInt8(ascii: "s") where equals("string"): self = .string
      case UInt8(ascii: "k") where equals("key"): self = .key
      case UInt8(ascii: "a") where equals("array"): self = .array
      case UInt8(ascii: "d") where equals("dict"): self = .dict
      case UInt8(ascii: "d") where equals("date"): self = .date
      case UInt8(ascii: "d") where equals("data"): self = .data
      case UInt8(ascii: "p") where equals("plist"): self = .plist
      case UInt8(ascii: "i") where equals("integer"): self = .integer
      case UInt8(ascii: "r") where equals("real"): self = .real
      case UInt8(ascii: "t") where equals("true"): self = .true
      case UInt8(ascii: "f") where equals("false"): self = .false
      default: self = .other(String(cString: name))
      }
    }

    var name: String {
      switch self {
      case .other(let name): name
      default: "\(self)"
      }
    }

    /// How errors name what was found, as the tests' `FoundationReference.describeType(of:)` does.
    var typeDescription: String {
      switch self {
      case .string: "a string"
      case .key: "a <key> element"
      case .integer, .real: "a number"
      case .true, .false: "a boolean"
      case .date: "a date"
      case .data: "data"
      case .array: "an array"
      case .dict: "a dictionary"
      case .plist: "a <plist> element"
      case .other(let name): "an unknown element <\(name)>"
      }
    }
  }
}

extension XMLPlistReader: ListReader {
  static var access: ListAccess { .stream }

  /// Reads the XML list `input` streams: its prolog put in the form libxml2 accepts
  /// (`XMLProlog`), then the document in 1 MiB chunks through libxml2's SAX2 parser.
  ///
  /// - Throws: `LoadError` as `read(firstChunk:nextChunk:)`, and `notAList` when the XML
  ///   before the root element is longer than `XMLProlog.maximumLength`, or for a start
  ///   `refusedStart(_:)` names.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    if let why = refusedStart(input.prefix) {
      throw LoadError(source: input.source, reason: .notAList(why))
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var lineOffset = input.droppedLines
    while true {
      switch XMLProlog.scan(input.prefix, atEnd: input.file.reachedEnd) {
      case .needsMore:
        let count = try input.read(into: &chunk)
        input.prefix.append(contentsOf: chunk[..<count])
        continue
      case .tooLong:
        throw LoadError(
          source: input.source,
          reason: .notAList(
            "the XML before the root element (comments, processing instructions, DOCTYPE)"
              + " is longer than \(XMLProlog.maximumLength) bytes"))
      case .rewritten(let bytes, let consumed, let droppedLines):
        if consumed > 0 {
          input.prefix.replaceSubrange(0..<consumed, with: bytes)
          lineOffset += droppedLines
        }
      }
      break
    }
    chunk = []
    let file = input.file
    return try XMLPlistReader(
      source: file.source, expectedSize: file.expectedSize, maximumSize: file.maximumSize,
      lineOffset: lineOffset, fields: input.options.fields,
      keepsRecords: input.options.keepsRecords, maker: input.options.sectionMaker,
      ignoresDeclaredEncoding: file.decodedEncoding != nil
    ).read(firstChunk: input.prefix[...]) { (buffer) throws(LoadError) -> Int in
      try input.read(into: &buffer)
    }
  }

  /// Why a document starting with `prefix` is refused before parsing, or `nil`: starts
  /// libxml2 (2.9) would misname ("Document is empty", or an invalid character).
  ///
  /// - UTF-32LE without a byte-order mark (`<` as `3C 00 00 00`; XML 1.0 Appendix F): not
  ///   read, as Foundation does not read it. UTF-32BE without one starts with zero bytes and
  ///   `FormatSniffer` refuses it. (With a byte-order mark, UTF-32 arrives decoded to UTF-8:
  ///   `WideText`.)
  /// - A byte-order mark repeated right after the first (UTF-8 `EF BB BF`, UTF-16 `FE FF` or
  ///   `FF FE`): an XML document has at most one.
  static func refusedStart(_ prefix: [UInt8]) -> String? {
    if prefix.starts(with: [0x3C, 0x00, 0x00, 0x00]) {
      return "UTF-32 without a byte-order mark is not supported"
    }
    for mark in [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE]] as [[UInt8]]
    where prefix.starts(with: mark) && prefix.dropFirst(mark.count).starts(with: mark) {
      return "the byte-order mark is repeated"
    }
    return nil
  }
}
