/// A record's value as a reader decodes it: a property-list or JSON value, nested. Readers
/// hand each record (an item that is a dictionary) to `SectionsBuilder.appendRecord`, which
/// takes its name and search keys by key path and keeps the record as JSON text.
public indirect enum RecordValue: Sendable, Equatable {
  /// Text.
  case string(String)
  /// A number, as its text: JSON's digits as written, a plist integer or real printed
  /// (`42`, `-1.5`, `1e+300`).
  case number(String)
  /// `true` or `false`.
  case boolean(Bool)
  /// A plist date, as ISO 8601 text in UTC (`2024-05-01T12:00:00Z`).
  case date(String)
  /// Plist data.
  case data([UInt8])
  /// JSON's `null`.
  case null
  /// An array, in order.
  case array([RecordValue])
  /// A dictionary (a JSON object), its fields in file order, no key twice.
  case dictionary([RecordField])

  /// The value at `path`, following one dictionary per key; `nil` when a key is missing or
  /// a value on the way is not a dictionary.
  ///
  /// - Complexity: O(n) in the fields of each dictionary on the way.
  public func value(at path: RecordKeyPath) -> RecordValue? {
    var value = self
    for key in path.keys {
      guard case .dictionary(let fields) = value,
        let field = fields.first(where: { $0.key == key })
      else { return nil }
      value = field.value
    }
    return value
  }

  /// The keys of a dictionary, in order; empty for any other value.
  public var keys: [String] {
    guard case .dictionary(let fields) = self else { return [] }
    return fields.map(\.key)
  }

  /// The value's type in words, for messages: "a string", "a number", "a boolean",
  /// "a date", "data", "null", "an array", "a dictionary".
  public var typeDescription: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .boolean: "a boolean"
    case .date: "a date"
    case .data: "data"
    case .null: "null"
    case .array: "an array"
    case .dictionary: "a dictionary"
    }
  }

  /// Appends the value as compact JSON (RFC 8259) to `json`: dates as their ISO 8601
  /// strings, data as base64 strings (RFC 4648), strings escaped as `JSONPrinter` does.
  ///
  /// - Complexity: O(n) in the value's size.
  public func appendJSON(to json: inout [UInt8]) {
    switch self {
    case .string(let text), .date(let text): Self.appendJSONString(text, to: &json)
    case .number(let text): json.append(contentsOf: text.utf8)
    case .boolean(let flag): json.append(contentsOf: (flag ? "true" : "false").utf8)
    case .data(let bytes): Self.appendJSONString(Self.base64(bytes), to: &json)
    case .null: json.append(contentsOf: "null".utf8)
    case .array(let items):
      json.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { json.append(UInt8(ascii: ",")) }
        item.appendJSON(to: &json)
      }
      json.append(UInt8(ascii: "]"))
    case .dictionary(let fields):
      json.append(UInt8(ascii: "{"))
      for (i, field) in fields.enumerated() {
        if i > 0 { json.append(UInt8(ascii: ",")) }
        Self.appendJSONString(field.key, to: &json)
        json.append(UInt8(ascii: ":"))
        field.value.appendJSON(to: &json)
      }
      json.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `text` as a JSON string: `"` and `\` escaped, controls as `\n`, `\t` or
  /// `\u00XX`, everything else as its UTF-8 (RFC 8259 section 7).
  static func appendJSONString(_ text: String, to json: inout [UInt8]) {
    appendJSONString(utf8: text.utf8, to: &json)
  }

  /// `appendJSONString(_:to:)` for text given as UTF-8 (a CSV field read in place); text
  /// with nothing to escape is copied whole.
  static func appendJSONString(utf8 text: some Collection<UInt8>, to json: inout [UInt8]) {
    json.append(UInt8(ascii: "\""))
    guard text.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      json.append(contentsOf: text)
      json.append(UInt8(ascii: "\""))
      return
    }
    let hex = Array("0123456789abcdef".utf8)
    for byte in text {
      switch byte {
      case UInt8(ascii: "\""): json.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): json.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: json.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: json.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: json.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        json.append(contentsOf: Array("\\u00".utf8))
        json.append(hex[Int(byte >> 4)])
        json.append(hex[Int(byte & 0xF)])
      default: json.append(byte)
      }
    }
    json.append(UInt8(ascii: "\""))
  }

  /// `bytes` in base64 with padding (RFC 4648 section 4).
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let b0 = UInt32(bytes[i])
      let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
      let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
      let triple = b0 << 16 | b1 << 8 | b2
      out.append(alphabet[Int(triple >> 18 & 63)])
      out.append(alphabet[Int(triple >> 12 & 63)])
      out.append(i + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
      out.append(i + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
      i += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// One field of a `RecordValue.dictionary`: its key and value.
public struct RecordField: Sendable, Equatable {
  /// The field's key.
  public var key: String
  /// The field's value.
  public var value: RecordValue

  /// A field.
  public init(key: String, value: RecordValue) {
    self.key = key
    self.value = value
  }
}
