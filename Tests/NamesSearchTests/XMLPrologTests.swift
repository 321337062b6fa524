import Foundation
import Testing

@testable import NamesSearch

/// What may stand before the root element of an XML list, compared with Foundation's
/// `PropertyListSerialization` on this machine (the reference): where it reads a variant,
/// names-search reads the same sections; where it refuses one, names-search refuses too,
/// except for the differences listed in `deliberateDifferences`.
@Suite("XML prolog")
struct XMLPrologTests {
  static let body =
    "<plist version=\"1.0\"><dict><key>A</key><array><string>Ann</string></array>"
    + "<key>B</key><array><string>Bob</string><string>Bea</string></array></dict></plist>"
  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
  static let doctype =
    "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\""
    + " \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
  static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Prolog variants: a name and the document's bytes.
  static let variants: [(String, [UInt8])] = {
    let (d, t, b) = (declaration, doctype, body)
    func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
    func utf16(_ text: String, _ encoding: String.Encoding) -> [UInt8] {
      Array(text.replacingOccurrences(of: "UTF-8", with: "UTF-16").data(using: encoding)!)
    }
    return [
      ("declaration first", utf8(d + b)),
      ("a newline before the declaration", utf8("\n" + d + b)),
      ("white space of every kind before it", utf8(" \t\r\n \n" + d + "\n" + t + "\n" + b)),
      ("CRLF lines before it", utf8("\r\n\r\n" + d + "\r\n" + b)),
      ("a byte-order mark, then a newline", bom + utf8("\n" + d + b)),
      ("a byte-order mark, then the declaration", bom + utf8(d + b)),
      ("a newline, then a byte-order mark", utf8("\n") + bom + utf8(d + b)),
      ("a comment before the declaration", utf8("<!-- made by hand -->\n" + d + b)),
      ("a comment after it", utf8(d + "<!-- c -->" + b)),
      ("a processing instruction before it", utf8("<?app x?>" + d + b)),
      ("the declaration twice", utf8(d + "\n" + d + b)),
      ("a DOCTYPE and no declaration, after a newline", utf8("\n" + t + b)),
      ("declaration, DOCTYPE, newlines between", utf8("\n" + d + "\n" + t + "\n" + b)),
      ("a declaration in single quotes", utf8("\n<?xml version='1.0'?>" + b)),
      ("a declaration across lines", utf8("\n<?xml version=\"1.0\"\n encoding=\"UTF-8\"?>" + b)),
      ("no prolog at all", utf8(b)),
      ("a no-break space before it", utf8("\u{A0}" + d + b)),
      ("a form feed before it", utf8("\u{0C}" + d + b)),
      ("text before the root", utf8("x" + b)),
      ("UTF-16 with its byte-order mark", utf16(d + b, .utf16)),
      ("UTF-16 with its byte-order mark, then a newline", utf16("\n" + d + b, .utf16)),
      (
        "UTF-16 little-endian, a newline, no byte-order mark",
        utf16("\n" + d + b, .utf16LittleEndian)
      ),
      ("UTF-16 big-endian, a newline, no byte-order mark", utf16("\n" + d + b, .utf16BigEndian)),
      ("UTF-16 little-endian, no byte-order mark", utf16(d + b, .utf16LittleEndian)),
      ("UTF-16 big-endian, no byte-order mark", utf16(d + b, .utf16BigEndian)),
    ]
  }()

  /// Variants that names-search reads differently from Foundation: whether it reads them,
  /// and why. Foundation guesses UTF-16 without a byte-order mark by accident of its
  /// encoding sniffing (on this machine it reads little-endian after a newline, but neither
  /// byte order when "<" comes first, nor big-endian after a newline); names-search follows
  /// XML 1.0 Appendix F: UTF-16 with no byte-order mark is told by its zero bytes, in
  /// either byte order, with or without white space before the first markup.
  /// Variants Foundation refuses that are text lists (CSV and text, issue 11): one line,
  /// read as one name; the title it is filed under.
  static let readAsText: [String: String] = [
    "a no-break space before it": "#", "a form feed before it": "#", "text before the root": "X",
  ]

  static let deliberateDifferences: [String: Bool] = [
    "UTF-16 big-endian, a newline, no byte-order mark": true,
    "UTF-16 little-endian, no byte-order mark": true,
    "UTF-16 big-endian, no byte-order mark": true,
  ]

  /// Foundation's reading of `bytes` as sections (title → names), or nil if it refuses.
  static func foundationSections(_ bytes: [UInt8]) -> [String: [String]]? {
    guard
      let root = try? PropertyListSerialization.propertyList(
        from: Data(bytes), options: [], format: nil),
      let dictionary = root as? [String: [String]]
    else { return nil }
    return dictionary
  }

  /// names-search's reading of `bytes`, or nil if it refuses.
  static func ourSections(_ bytes: [UInt8]) -> [String: [String]]? {
    guard
      let catalog = try? CatalogLoader.load(from: FileReader(bytes: bytes, source: "t.plist"))
    else { return nil }
    return Dictionary(uniqueKeysWithValues: catalog.sections.map { ($0.title, $0.names) })
  }

  @Test("every variant reads as Foundation reads it", arguments: variants.map(\.0))
  func agreesWithFoundation(name: String) {
    let bytes = Self.variants.first { $0.0 == name }!.1
    let reference = Self.foundationSections(bytes)
    let ours = Self.ourSections(bytes)
    if let reads = Self.deliberateDifferences[name] {
      #expect((reference != nil) != reads, "no longer a difference: take it off the list")
      #expect(ours == (reads ? ["A": ["Ann"], "B": ["Bob", "Bea"]] : nil))
    } else if let title = Self.readAsText[name] {
      // Not a property list to the sniffer (its first byte is not "<"): a text list of one
      // line, which is one name, filed under its first letter or "#".
      let line = String(decoding: bytes, as: UTF8.self)
      #expect(reference == nil)
      #expect(ours == [title: [line]])
    } else {
      #expect(ours == reference, "Foundation: \(String(describing: reference))")
    }
  }

  @Test("the variants cover both answers: some read, some refused")
  func variantsCoverBothAnswers() {
    let answers = Self.variants.map { Self.foundationSections($0.1) != nil }
    #expect(answers.contains(true) && answers.contains(false))
    // The written-out sections, by hand: what every variant that reads must give.
    #expect(Self.foundationSections(Self.variants[0].1) == ["A": ["Ann"], "B": ["Bob", "Bea"]])
  }

  @Test("line numbers in messages stay the file's after leading white space is dropped")
  func lineNumbers() {
    // Line 4 holds the declaration, line 5 the broken tag (counted by hand).
    let text = "\n\n\n" + Self.declaration + "\n<plist><dict><key>A</key><array><string>Ann</strin>"
    #expect(throws: LoadError.self) {
      _ = try CatalogLoader.load(from: FileReader(bytes: Array(text.utf8), source: "t.plist"))
    }
    do {
      _ = try CatalogLoader.load(from: FileReader(bytes: Array(text.utf8), source: "t.plist"))
    } catch {
      #expect(error.message.hasPrefix("not a property list: line 5: "))
      #expect(error.message.contains("string line 5"))
    }
  }

  @Test("a prolog cut anywhere asks for more, or gives the whole document's answer")
  func cutAnywhere() {
    for (name, bytes) in Self.variants {
      let whole = XMLProlog.scan(bytes, atEnd: true)
      for cut in 0..<bytes.count {
        let part = XMLProlog.scan(Array(bytes[..<cut]), atEnd: false)
        #expect(part == .needsMore || part == whole, "\(name), cut at \(cut)")
      }
    }
  }

  @Test("a prolog longer than the limit is refused, not parsed")
  func tooLong() {
    let comment = "<!--" + String(repeating: "x", count: XMLProlog.maximumLength) + "-->"
    let bytes = Array((Self.declaration + comment + Self.body).utf8)
    #expect(XMLProlog.scan(bytes, atEnd: true) == .tooLong)
    // An unterminated one too, as soon as the limit is passed.
    #expect(
      XMLProlog.scan(Array(bytes.dropLast(Self.body.utf8.count + 3)), atEnd: false) == .tooLong)
  }
}
