import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The streaming libxml2 reader against Foundation's `PropertyListSerialization` (the core
/// path), on the real fixture and on generated lists.
@Suite("XMLPlistReader")
struct XMLPlistReaderTests {
  func streamed(_ data: Data) throws(LoadError) -> Catalog {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "xml-\(UUID().uuidString).plist"
    ).path
    _ = FileManager.default.createFile(atPath: path, contents: data)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try CatalogLoader.load(contentsOfFile: path)
  }

  func reason(_ xml: String) -> LoadError.Reason? {
    do {
      _ = try streamed(Data(xml.utf8))
      return nil
    } catch { return error.reason }
  }

  @Test("the fixture streams to the same catalog as Foundation reads")
  func fixture() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture))
    let slow = try FoundationReference.catalog(fromPropertyList: data, source: "f")
    let fast = try streamed(data)
    #expect(fast.sections == slow.sections)
  }

  @Test("generated lists with entities, CDATA, comments and UTF-16", arguments: 0..<10)
  func generated(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var object: [String: [String]] = [:]
    for s in 0..<Int.random(in: 1...6, using: &random) {
      object["T\(s)\(RandomList.pieces.randomElement(using: &random)!)"] =
        (0..<Int.random(
          in: 0...30, using: &random)).map { _ in
          (0..<Int.random(in: 0...4, using: &random)).map { _ in
            (RandomList.pieces + ["&", "<", ">", "\"", "'", "  ", "\t"]).randomElement(
              using: &random)!
          }.joined()
        }
    }
    let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    var text = String(decoding: xml, as: UTF8.self)
    text = text.replacingOccurrences(of: "<dict>", with: "<dict><!-- a comment -->")
    text = text.replacingOccurrences(of: "<string>T", with: "<string><![CDATA[T]]>")
    let expected = try FoundationReference.catalog(fromPropertyList: Data(text.utf8), source: "x")
      .sections
    #expect(try streamed(Data(text.utf8)).sections == expected)
    let utf16 = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
    var bom = Data([0xFF, 0xFE])
    bom.append(utf16.data(using: .utf16LittleEndian)!)
    #expect(try streamed(bom).sections == expected)
  }

  @Test("the same messages as the core for wrong shapes")
  func shapes() {
    #expect(reason("<plist><string>x</string></plist>") == .rootNotDictionary(found: "a string"))
    #expect(
      reason("<plist><dict><key>B</key><string>x</string></dict></plist>")
        == .sectionNotArray(title: "B", found: "a string"))
    #expect(
      reason("<plist><dict><key>B</key><array><string>a</string><true/></array></dict></plist>")
        == .nameNotString(title: "B", position: 2, found: "a boolean"))
    #expect(
      reason("<plist><dict><key>A</key><array/><key>A</key><array/></dict></plist>")
        == .duplicateTitle("A"))
  }

  @Test("a misplaced <key> is named as one, not as a string")
  func misplacedKey() {
    #expect(
      reason("<dict><key>A</key><array><key>Ann</key></array></dict>")
        == .nameNotString(title: "A", position: 1, found: "a <key> element"))
    #expect(
      reason("<dict><key>A</key><key>B</key></dict>")
        == .sectionNotArray(title: "A", found: "a <key> element"))
    #expect(reason("<plist><key>A</key></plist>") == .rootNotDictionary(found: "a <key> element"))
  }

  /// A small list with a DOCTYPE, a comment, an entity, CDATA, a two-byte character and an
  /// empty section, so its prefixes cut every kind of markup and text.
  static let smallList = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <!-- names -->
    <dict>
    \t<key>A</key>
    \t<array>
    \t\t<string>Ann &amp; Åsa</string>
    \t\t<string><![CDATA[Abe]]></string>
    \t</array>
    \t<key>B</key>
    \t<array/>
    </dict>
    </plist>

    """

  /// `smallList` in UTF-8, UTF-16LE after its byte-order mark, or UTF-16BE without one.
  enum Encoding: String, CaseIterable, CustomTestStringConvertible {
    case utf8, utf16LittleEndian, utf16BigEndian

    var testDescription: String { rawValue }

    /// Bytes per code unit.
    var width: Int { self == .utf8 ? 1 : 2 }

    /// The list's bytes, its declaration naming the encoding.
    var bytes: [UInt8] {
      let utf16 = XMLPlistReaderTests.smallList.replacingOccurrences(
        of: "UTF-8", with: "UTF-16")
      switch self {
      case .utf8: return Array(XMLPlistReaderTests.smallList.utf8)
      case .utf16LittleEndian:
        return [0xFF, 0xFE] + utf16.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      case .utf16BigEndian:
        return utf16.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      }
    }

    /// Whether the code unit at `i` is a line feed.
    func isLineFeed(_ bytes: ArraySlice<UInt8>, at i: Int) -> Bool {
      switch self {
      case .utf8: bytes[i] == 0x0A
      case .utf16LittleEndian: bytes[i] == 0x0A && bytes[i + 1] == 0
      case .utf16BigEndian: bytes[i] == 0 && bytes[i + 1] == 0x0A
      }
    }
  }

  @Test(
    "every cut of a list ends early on the line where it stops, or loads once complete",
    arguments: Encoding.allCases)
  func everyCut(encoding: Encoding) throws {
    let bytes = encoding.bytes
    let width = encoding.width
    // Complete from "</plist>" on: only the last line feed may be missing.
    #expect(encoding.isLineFeed(bytes[...], at: bytes.count - width))
    let complete = bytes.count - width
    let expected = [
      Section(title: "A", names: ["Ann & \u{C5}sa", "Abe"]), Section(title: "B", names: []),
    ]
    #expect(try streamed(Data(bytes)).sections == expected)
    // Under 3 bytes, a UTF-16 list is only a byte-order mark or half a "<": the format is
    // not told yet (`FormatSniffer`'s message).
    for length in (encoding == .utf8 ? 1 : 3)..<bytes.count {
      let prefix = bytes[..<length]
      do {
        let catalog = try streamed(Data(prefix))
        #expect(length >= complete, "\(length) bytes loaded")
        #expect(catalog.sections == expected)
      } catch {
        // The line where the input stops, counted here: 1 plus the line feeds before it
        // (whole code units only; the byte-order mark keeps UTF-16LE units at even offsets).
        let units = stride(from: 0, to: length - width + 1, by: width)
        let line = 1 + units.count { encoding.isLineFeed(prefix, at: $0) }
        #expect(
          length < complete && error.reason == .notAList("line \(line): the document ends early"),
          "\(length) bytes: \(error)")
      }
    }
  }

  @Test("no entity declarations, no external entities, no undefined entities")
  func entities() {
    let xxe = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <plist><dict><key>A</key><array><string>&xxe;</string></array></dict></plist>
      """
    guard case .notAList(let why)? = reason(xxe) else {
      Issue.record("expected a refusal")
      return
    }
    #expect(why.contains("entity declarations are not allowed"))
    guard
      case .notAList? = reason(
        "<plist><dict><key>A</key><array><string>&nope;</string></array></dict></plist>")
    else {
      Issue.record("expected a refusal")
      return
    }
  }

  @Test("malformed XML names the line")
  func malformed() {
    guard
      case .notAList(let why)? = reason(
        "<plist><dict>\n<key>A</key>\n<array><string>x</array></dict></plist>")
    else {
      Issue.record("expected a refusal")
      return
    }
    #expect(why.hasPrefix("line 3: "))
  }
}
