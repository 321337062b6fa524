/// The leaf values of a property list as a record keeps them (`RecordValue`), from the
/// text of an XML element or the value of a binary object. The rules follow Apple's
/// property-list DTD (`http://www.apple.com/DTDs/PropertyList-1.0.dtd`) and CFBinaryPList.c.
enum PlistScalar {
  /// Why a leaf's text is not a value of its element, in words for a message.
  struct Invalid: Error, CustomStringConvertible {
    var description: String
  }

  /// How deep a record's dictionaries and arrays may nest (128): deeper is refused, so a
  /// binary reference cycle ends and no recursion over a record (`RecordValue.appendJSON`)
  /// can exhaust the stack.
  static let maximumRecordDepth = 128

  /// The value of the XML leaf element named `element` ("string", "integer", "real",
  /// "true", "false", "date" or "data") whose text (UTF-8) is `text`.
  ///
  /// - `<integer>`: optional sign, decimal digits or `0x` hex, within Int64…UInt64; kept as
  ///   its decimal text.
  /// - `<real>`: as Swift's `Double(_:)` reads it, kept as Swift prints it (`-1.5`,
  ///   `1e+300`); NaN and infinities become `.null` (JSON has no such numbers).
  /// - `<date>`: `YYYY-MM-DDTHH:MM:SSZ` (ISO 8601 in UTC, as plists write it), kept as is.
  /// - `<data>`: base64 (RFC 4648), white space ignored, `=` padding only at the end.
  ///
  /// - Returns: the value, or `Invalid` naming the element and its text.
  /// - Complexity: O(n) in the text's length.
  static func value(of element: String, text: [UInt8]) -> Result<RecordValue, Invalid> {
    let string = String(decoding: text, as: UTF8.self)
    let trimmed = String(string.trimmingWhiteSpace())
    func invalid(_ what: String) -> Result<RecordValue, Invalid> {
      .failure(
        Invalid(
          description: "<\(element)> \(LoadError.quoted(String(trimmed.prefix(40)))) is not \(what)"
        ))
    }
    switch element {
    case "string": return .success(.string(string))
    case "true": return .success(.boolean(true))
    case "false": return .success(.boolean(false))
    case "integer":
      guard let number = integerText(trimmed) else { return invalid("an integer") }
      return .success(.number(number))
    case "real":
      guard let real = Double(trimmed) else { return invalid("a number") }
      return .success(number(real: real))
    case "date":
      guard isISODate(trimmed) else { return invalid("a date (YYYY-MM-DDTHH:MM:SSZ)") }
      return .success(.date(trimmed))
    case "data":
      guard
        trimmed.allSatisfy({
          $0.isWhitespace || $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0))
        }),
        let data = Base64.decode(trimmed.utf8.filter { Base64.isAlphabet($0) || $0 == 0x3D })
      else { return invalid("base64 data") }
      return .success(.data(data))
    default: return invalid("a value")
    }
  }

  /// A real as a record keeps it: its Swift text, or `.null` when it is not finite.
  static func number(real: Double) -> RecordValue {
    real.isFinite ? .number("\(real)") : .null
  }

  /// The decimal text of an integer written with an optional sign in decimal or `0x` hex,
  /// or `nil` when it is not one or lies outside Int64.min…UInt64.max.
  static func integerText(_ text: String) -> String? {
    var digits = Substring(text)
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    var radix = 10
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      radix = 16
      digits = digits.dropFirst(2)
    }
    guard !digits.isEmpty, let magnitude = UInt64(digits, radix: radix) else { return nil }
    if !negative || magnitude == 0 { return String(magnitude) }
    guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
    return "-" + String(magnitude)
  }

  /// Whether `text` is `YYYY-MM-DDTHH:MM:SSZ` with a month 01–12, a day 01–31, hours
  /// 00–23, minutes and seconds 00–59.
  static func isISODate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 else { return false }
    let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
    for (byte, want) in zip(bytes, pattern) {
      if want == UInt8(ascii: "d") {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
      } else if byte != want {
        return false
      }
    }
    func field(_ at: Int) -> Int { Int(bytes[at] - 48) * 10 + Int(bytes[at + 1] - 48) }
    return (1...12).contains(field(5)) && (1...31).contains(field(8)) && field(11) < 24
      && field(14) < 60 && field(17) < 60
  }

  /// A binary plist date (seconds since 2001-01-01T00:00:00Z, Apple's reference date) as
  /// ISO 8601 text in UTC, whole seconds (rounded down), or `nil` when it is not finite or
  /// lies outside years 1…9999.
  ///
  /// Days to a civil date by Howard Hinnant's `civil_from_days` (public domain).
  static func isoDate(secondsSinceReferenceDate seconds: Double) -> String? {
    // 1970-01-01 is 978,307,200 s before the reference date.
    let unix = (seconds + 978_307_200).rounded(.down)
    guard unix.isFinite, unix >= -62_135_596_800, unix < 253_402_300_800 else { return nil }
    let total = Int64(unix)
    var days = total / 86_400
    var rest = total % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return
      "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
  }
}
