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
    #expect(reason("<plist><array/></plist>") == .rootNotDictionary(found: "an array"))
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
