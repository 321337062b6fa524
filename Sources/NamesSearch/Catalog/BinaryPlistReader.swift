/// Reads a binary sortednames list (`bplist00`, Apple's binary property-list format)
/// directly, without Foundation: the trailer, the offset table, then the root dictionary,
/// its arrays and their strings, every offset, length and reference checked against the
/// file before use.
///
/// The shapes it accepts: a root dictionary of title → array (sections) or a root array (a
/// flat list, filed by `SectionsBuilder`), whose items are strings (names) or dictionaries
/// (records). Names are read without recursion; a record is decoded whole into a
/// `RecordValue` (nested dictionaries and arrays, strings, integers and reals as number
/// text, booleans, dates as ISO 8601 text, data) at most `PlistScalar.maximumRecordDepth` levels deep,
/// so a reference cycle ends in an error, and every object decoded is counted against an
/// `ExpansionLimit`, so records that share objects cannot expand without bound. Anything
/// else is a `LoadError` naming the object and its byte offset. It exists because Foundation's `PropertyListSerialization` crashes on some
/// damaged binary lists (found by fuzzing: a set where a string belongs), and because it is
/// several times faster.
///
/// Format (from Apple's CFBinaryPList.c, public): 8-byte header `bplist00`; objects, each a
/// marker byte (type in the high nibble, a count in the low nibble, 0xF meaning "an integer
/// object with the count follows"); an offset table; a 32-byte trailer with the offset and
/// reference sizes, the object count, the top object and the table's offset, big-endian.
struct BinaryPlistReader {
  private let bytes: FrozenArray<UInt8>
  private let source: String
  /// The most UTF-8 the names may decode to: a small file whose strings are referenced
  /// many times must not expand without bound.
  private let maximumSize: Int
  private let fields: RecordFields
  private let keepsRecords: Bool
  /// Files a flat list's names into sections.
  private let maker: any SectionMaker
  /// What decoding records costs: each object decoded counts, however often it is shared.
  private var recordExpansion: ExpansionLimit
  private var offsetSize = 0
  private var referenceSize = 0
  private var objectCount = 0
  private var tableOffset = 0

  init(
    bytes: FrozenArray<UInt8>, source: String, maximumSize: Int, fields: RecordFields = .none,
    keepsRecords: Bool = true, maker: any SectionMaker = FirstLetterSections()
  ) {
    self.bytes = bytes
    self.maker = maker
    self.source = source
    self.maximumSize = maximumSize
    self.fields = fields
    self.keepsRecords = keepsRecords
    self.recordExpansion = ExpansionLimit(
      inputSize: bytes.count, maximumSize: maximumSize, source: source)
  }

  /// The titles, names and section ranges of the list, in file order.
  ///
  /// - Throws: `LoadError` for a damaged file or a shape that is not a sortednames list, or
  ///   `memoryRefused` when the system refuses memory for the names.
  mutating func read() throws(LoadError) -> SectionedNames {
    guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else {
      throw damaged("the header or the trailer is missing")
    }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw damaged("offset size \(offsetSize) or reference size \(referenceSize) is not 1 to 8")
    }
    let count = bigEndian(at: trailer + 8, size: 8)
    let top = bigEndian(at: trailer + 16, size: 8)
    let table = bigEndian(at: trailer + 24, size: 8)
    guard count > 0, count <= UInt64(bytes.count), top < count, table >= 8,
      table <= UInt64(trailer), UInt64(trailer) - table >= count * UInt64(offsetSize)
    else {
      throw damaged(
        "the trailer's counts do not fit the file "
          + "(\(Plural.counted(count, "object")), table at byte \(table))")
    }
    objectCount = Int(count)
    tableOffset = Int(table)

    let root = try object(top)
    guard root.type == 0xD || root.type == 0xA else {
      throw LoadError(source: source, reason: .rootNotDictionary(found: typeName(root.type)))
    }
    // Checks each title and counts what the list costs (`ExpansionLimit`) as it goes.
    var sections = SectionsBuilder(
      source: source,
      expansion: ExpansionLimit(inputSize: bytes.count, maximumSize: maximumSize, source: source),
      names: 1024, bytes: bytes.count, fields: fields, keepsRecords: keepsRecords,
      maker: maker)
    if root.type == 0xA {
      try checkExpansionBeforeCopying(arrays: [top])
      try readItems(of: root, object: top, title: nil, into: &sections)
      if sections.isOutOfMemory { throw LoadError.memoryRefused(source: source) }
      return try sections.finish()
    }
    let entries = try elements(of: root, object: top)
    try checkExpansionBeforeCopying(arrays: Array(entries[(entries.count / 2)...]))
    for i in 0..<entries.count / 2 {
      let keyIndex = entries[i]
      let key = try object(keyIndex)
      guard let titleBytes = try string(key, object: keyIndex) else {
        throw LoadError(source: source, reason: .titleNotString(found: typeName(key.type)))
      }
      let title = String(decoding: titleBytes, as: UTF8.self)
      try sections.beginSection(title)
      let valueIndex = entries[entries.count / 2 + i]
      let value = try object(valueIndex)
      guard value.type == 0xA else {
        throw LoadError(
          source: source, reason: .sectionNotArray(title: title, found: typeName(value.type)))
      }
      try readItems(of: value, object: valueIndex, title: title, into: &sections)
      if sections.isOutOfMemory { throw LoadError.memoryRefused(source: source) }
      sections.endSection()
    }
    return try sections.finish()
  }

  /// Appends the items of the array `array` (object `index`): strings as names,
  /// dictionaries as records. `title` is the section's, or `nil` in a flat list.
  ///
  /// - Throws: `LoadError` `nameNotString` (in a section) or `itemNotNameOrRecord` (in a
  ///   flat list) for any other item; what `record(_:depth:)` and the builder throw.
  private mutating func readItems(
    of array: Object, object index: UInt64, title: String?,
    into sections: inout SectionsBuilder
  ) throws(LoadError) {
    // References are read one at a time: a section of a million names needs no array.
    let references = try referenceRange(of: array, object: index)
    for position in 0..<references.count {
      let itemIndex = reference(references.start, position)
      let item = try object(itemIndex)
      if let name = try string(item, object: itemIndex) {
        try name.withUnsafeBufferPointer { (utf8) throws(LoadError) in
          try sections.appendName(utf8: utf8)
        }
      } else if item.type == 0xD {
        try sections.appendRecord(record(itemIndex, depth: 0))
      } else if let title {
        throw LoadError(
          source: source,
          reason: .nameNotString(title: title, position: position + 1, found: typeName(item.type)))
      } else {
        throw LoadError(
          source: source,
          reason: .itemNotNameOrRecord(position: position + 1, found: typeName(item.type)))
      }
    }
  }

  /// The value of object `index` inside a record, decoded whole, `depth` containers deep.
  ///
  /// - Throws: `LoadError` `notAList` for a damaged object, a dictionary key that is not a
  ///   string or appears twice, a UID or a set (no record value holds one), or nesting
  ///   deeper than `PlistScalar.maximumRecordDepth`; `namesTooLarge` or `expandsTooMuch` when the
  ///   objects decoded pass the `ExpansionLimit`.
  /// - Complexity: O(n) in the objects decoded.
  private mutating func record(_ index: UInt64, depth: Int) throws(LoadError) -> RecordValue {
    guard depth < PlistScalar.maximumRecordDepth else {
      throw damaged(
        "a record nests deeper than \(PlistScalar.maximumRecordDepth) levels (a reference cycle?)")
    }
    let item = try object(index)
    try recordExpansion.addName(byteCount: 0)
    func content(_ size: Int) throws(LoadError) -> Int {
      guard item.contentOffset + size <= tableOffset else {
        throw damaged("object \(index) at byte \(item.offset) runs past the objects")
      }
      return item.contentOffset
    }
    let marker = item.count
    switch item.type {
    case 0x0:
      switch marker {
      case 0x0: return .null
      case 0x8: return .boolean(false)
      case 0x9: return .boolean(true)
      default: throw damaged("object \(index) at byte \(item.offset) has an unknown marker")
      }
    case 0x1:
      guard marker <= 4 else {
        throw damaged("integer object \(index) at byte \(item.offset) is wider than 16 bytes")
      }
      let size = 1 << marker
      let start = try content(size)
      if size == 16 {
        // CFBinaryPList writes integers past Int64.max as 16 bytes, the high 8 zero.
        let high = bigEndian(at: start, size: 8)
        let low = bigEndian(at: start + 8, size: 8)
        if high == 0 { return .number(String(low)) }
        guard high == UInt64.max, Int64(bitPattern: low) < 0 else {
          throw damaged("integer object \(index) at byte \(item.offset) is out of range")
        }
        return .number(String(Int64(bitPattern: low)))
      }
      let value = bigEndian(at: start, size: size)
      return .number(size == 8 ? String(Int64(bitPattern: value)) : String(value))
    case 0x2, 0x3:
      let size = item.type == 0x3 ? 8 : 1 << marker
      guard size == 4 || size == 8, item.type == 0x2 || marker == 3 else {
        throw damaged("object \(index) at byte \(item.offset) is not a 4- or 8-byte real")
      }
      let start = try content(size)
      let real =
        size == 4
        ? Double(Float(bitPattern: UInt32(bigEndian(at: start, size: 4))))
        : Double(bitPattern: bigEndian(at: start, size: 8))
      guard item.type == 0x3 else { return PlistScalar.number(real: real) }
      guard let date = PlistScalar.isoDate(secondsSinceReferenceDate: real) else {
        throw damaged("date object \(index) at byte \(item.offset) is out of range")
      }
      return .date(date)
    case 0x4:
      let start = try content(item.count)
      try recordExpansion.addName(byteCount: item.count)
      return .data(Array(UnsafeBufferPointer(rebasing: bytes.buffer[start..<start + item.count])))
    case 0x5, 0x6, 0x7:
      try recordExpansion.addName(byteCount: item.count)
      let utf8 = try string(item, object: index) ?? []
      return .string(String(decoding: utf8, as: UTF8.self))
    case 0xA:
      let references = try referenceRange(of: item, object: index)
      var items: [RecordValue] = []
      for i in 0..<references.count {
        items.append(try record(reference(references.start, i), depth: depth + 1))
      }
      return .array(items)
    case 0xD:
      let references = try referenceRange(of: item, object: index)
      let count = references.count / 2
      var fields: [RecordField] = []
      for i in 0..<count {
        let keyIndex = reference(references.start, i)
        let key = try object(keyIndex)
        guard let keyBytes = try string(key, object: keyIndex) else {
          throw damaged(
            "dictionary object \(index) at byte \(item.offset) has a key that is "
              + typeName(key.type))
        }
        let name = String(decoding: keyBytes, as: UTF8.self)
        guard !fields.contains(where: { $0.key == name }) else {
          throw damaged(
            "dictionary object \(index) at byte \(item.offset) has the key "
              + "\(LoadError.quoted(name)) twice")
        }
        try recordExpansion.addName(byteCount: keyBytes.count)
        let value = try record(reference(references.start, count + i), depth: depth + 1)
        fields.append(RecordField(key: name, value: value))
      }
      return .dictionary(fields)
    default:
      throw LoadError(
        source: source,
        reason: .notAList(
          "object \(index) at byte \(item.offset) is \(typeName(item.type)), "
            + "which a record cannot hold"))
    }
  }

  /// Counts what the names in `arrays` (object indices; other objects are skipped) would
  /// expand to from the objects' headers alone, before any
  /// string is copied, so a file that references one long string many times is refused in
  /// time and memory proportional to its size. Each string counts its length in code
  /// units: a lower bound of its UTF-8 length, so this never refuses a list that the exact
  /// count while copying would accept. Damaged objects are left to that pass to report.
  ///
  /// - Throws: `LoadError` (`namesTooLarge`, `expandsTooMuch`).
  /// - Complexity: O(n) in the number of references.
  private func checkExpansionBeforeCopying(arrays: [UInt64]) throws(LoadError) {
    var expansion = ExpansionLimit(
      inputSize: bytes.count, maximumSize: maximumSize, source: source)
    for array in arrays {
      guard let value = try? object(array), value.type == 0xA,
        let items = try? elements(of: value, object: array)
      else { continue }
      for reference in items {
        guard let item = try? object(reference), [0x5, 0x6, 0x7].contains(item.type) else {
          continue
        }
        try expansion.addName(byteCount: item.count)
      }
    }
  }

  // MARK: - Objects

  /// An object's type (marker's high nibble), its count, and where its content starts.
  private struct Object {
    var type: UInt8
    var count: Int
    var contentOffset: Int
    var offset: Int
  }

  private func object(_ reference: UInt64) throws(LoadError) -> Object {
    // Checked before any conversion: a reference can be up to 2^64 - 1.
    guard reference < UInt64(objectCount) else {
      throw damaged("a reference to object \(reference), past the last object \(objectCount - 1)")
    }
    let index = Int(reference)
    guard index < objectCount else {
      throw damaged("a reference to object \(index), past the last object \(objectCount - 1)")
    }
    let rawOffset = bigEndian(at: tableOffset + index * offsetSize, size: offsetSize)
    guard rawOffset >= 8, rawOffset < UInt64(tableOffset) else {
      throw damaged("object \(index) is said to be at byte \(rawOffset), outside the objects")
    }
    let offset = Int(rawOffset)
    let marker = bytes[offset]
    let type = marker >> 4
    var count = Int(marker & 0x0F)
    var content = offset + 1
    if count == 0x0F, [0x4, 0x5, 0x6, 0x7, 0xA, 0xB, 0xC, 0xD].contains(type) {
      guard content < tableOffset, bytes[content] >> 4 == 0x1 else {
        throw damaged("object \(index) at byte \(offset) has a malformed length")
      }
      let size = 1 << Int(bytes[content] & 0x0F)
      guard size <= 8, content + 1 + size <= tableOffset else {
        throw damaged("object \(index) at byte \(offset) has a malformed length")
      }
      let length = bigEndian(at: content + 1, size: size)
      guard length <= UInt64(bytes.count) else {
        throw damaged("object \(index) at byte \(offset) is longer than the file")
      }
      count = Int(length)
      content += 1 + size
    }
    return Object(type: type, count: count, contentOffset: content, offset: offset)
  }

  /// The object indices an array (count refs) or a dictionary (keys, then values) holds.
  private func elements(of container: Object, object index: UInt64) throws(LoadError) -> [UInt64] {
    let references = try referenceRange(of: container, object: index)
    return (0..<references.count).map { reference(references.start, $0) }
  }

  /// Where the references of an array (count refs) or a dictionary (keys, then values)
  /// start, and how many there are, checked to lie before the offset table.
  private func referenceRange(of container: Object, object index: UInt64) throws(LoadError) -> (
    start: Int, count: Int
  ) {
    let references = container.type == 0xD ? container.count * 2 : container.count
    guard container.contentOffset + references * referenceSize <= tableOffset else {
      throw damaged("object \(index) at byte \(container.offset) runs past the objects")
    }
    return (container.contentOffset, references)
  }

  /// Reference `i` of those starting at byte `start`.
  private func reference(_ start: Int, _ i: Int) -> UInt64 {
    bigEndian(at: start + i * referenceSize, size: referenceSize)
  }

  /// The UTF-8 of a string object, or `nil` if the object is not a string: ASCII (type 5,
  /// every byte below 0x80) and UTF-8 (type 7, bplist 1.5, well-formed: `UTF8Validation`)
  /// copied after checking; UTF-16 big-endian (type 6) transcoded, a surrogate that is not
  /// one of a pair an error (Unicode 15, section 3.9, D91).
  ///
  /// - Complexity: O(n) in the string's length, one allocation: each UTF-16 unit is
  ///   written as its one to three bytes (a pair as four) straight into the result.
  private func string(_ item: Object, object index: UInt64) throws(LoadError) -> [UInt8]? {
    switch item.type {
    case 0x5, 0x7:
      let end = item.contentOffset + item.count
      guard end <= tableOffset else {
        throw damaged("string object \(index) at byte \(item.offset) runs past the objects")
      }
      let source = UnsafeBufferPointer(rebasing: bytes.buffer[item.contentOffset..<end])
      guard item.type == 0x7 ? UTF8Validation.isValid(source) : source.allSatisfy({ $0 < 0x80 })
      else {
        throw damaged("string object \(index) at byte \(item.offset) is not valid text")
      }
      return Array(source)
    case 0x6:
      let end = item.contentOffset + item.count * 2
      guard end <= tableOffset else {
        throw damaged("string object \(index) at byte \(item.offset) runs past the objects")
      }
      let source = UnsafeBufferPointer(rebasing: bytes.buffer[item.contentOffset..<end])
      let units = item.count
      var isValid = true
      let utf8 = [UInt8](unsafeUninitializedCapacity: 3 * units) { out, written in
        func unit(_ i: Int) -> UInt32 { UInt32(source[2 * i]) << 8 | UInt32(source[2 * i + 1]) }
        var n = 0
        var i = 0
        while i < units {
          var value = unit(i)
          i += 1
          if value < 0x80 {
            out[n] = UInt8(value)
            n += 1
          } else if value < 0x800 {
            out[n] = UInt8(0xC0 | value >> 6)
            out[n + 1] = UInt8(0x80 | value & 0x3F)
            n += 2
          } else if value & 0xF800 != 0xD800 {
            out[n] = UInt8(0xE0 | value >> 12)
            out[n + 1] = UInt8(0x80 | value >> 6 & 0x3F)
            out[n + 2] = UInt8(0x80 | value & 0x3F)
            n += 3
          } else {
            // A surrogate: a high one followed by a low one is a pair.
            guard value < 0xDC00, i < units, unit(i) & 0xFC00 == 0xDC00 else {
              isValid = false
              break
            }
            value = 0x10000 + ((value - 0xD800) << 10 | (unit(i) - 0xDC00))
            i += 1
            out[n] = UInt8(0xF0 | value >> 18)
            out[n + 1] = UInt8(0x80 | value >> 12 & 0x3F)
            out[n + 2] = UInt8(0x80 | value >> 6 & 0x3F)
            out[n + 3] = UInt8(0x80 | value & 0x3F)
            n += 4
          }
        }
        written = n
      }
      guard isValid else {
        throw damaged("string object \(index) at byte \(item.offset) is not valid UTF-16")
      }
      return utf8
    default:
      return nil
    }
  }

  /// How errors name an object's type, as the tests' `FoundationReference.describeType(of:)` does.
  private func typeName(_ type: UInt8) -> String {
    switch type {
    case 0x0: "a boolean or null"
    case 0x1, 0x2: "a number"
    case 0x3: "a date"
    case 0x4: "data"
    case 0x5, 0x6, 0x7: "a string"
    case 0x8: "a UID"
    case 0xA: "an array"
    case 0xB, 0xC: "a set"
    case 0xD: "a dictionary"
    default: "an object of unknown type 0x\(String(type, radix: 16))"
    }
  }

  private func bigEndian(at offset: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
    return value
  }

  private func damaged(_ why: String) -> LoadError {
    LoadError(source: source, reason: .notAList("damaged binary property list: \(why)"))
  }
}

extension BinaryPlistReader: ListReader {
  static var access: ListAccess { .stream }

  /// Reads the rest of the binary list `input` streams into one buffer (its size reserved
  /// once for a file), then parses it; the file's bytes are released before the names are
  /// folded.
  ///
  /// - Throws: `LoadError` as `read()`, or `memoryRefused` when the buffer cannot grow.
  static func read(_ input: ListInput) throws(LoadError) -> SectionedNames {
    let file = input.file
    let bytes = try input.readAll()
    var binary = BinaryPlistReader(
      bytes: bytes.freeze(), source: file.source, maximumSize: file.maximumSize,
      fields: input.options.fields, keepsRecords: input.options.keepsRecords,
      maker: input.options.sectionMaker)
    return try binary.read()
  }
}
