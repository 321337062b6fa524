import Foundation
import Testing

/// Inputs that are clearly not a list are refused from their first bytes, however long
/// they are and however a pipe splits them; white space before a list costs no memory.
/// (Their speed is measured in the benchmark's linearity table, not here.)
@Suite("Input read once")
struct InputLinearityTests {
  /// Runs `producer | names-search --no-cache -f -` in a shell (the producer's complaints
  /// about the pipe closing early are not kept).
  static func pipe(_ producer: String, _ options: String = "") throws -> CLIResult {
    let executable = try CLIRunner.executable().path
    return try CLIRunner.runProgram(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "{ \(producer); } 2>/dev/null | \"$0\" --no-cache \(options) -f -", executable])
  }

  @Test("endless zero bytes through a pipe are refused at once, not at the size limit")
  func endlessZeros() throws {
    let result = try Self.pipe("cat /dev/zero")
    #expect(result.status == 2)
    #expect(
      result.stderrText == "names-search: <stdin>: not a property list: it starts with zero bytes\n"
    )
  }

  @Test("an endless stream of text is a text list, refused once its names pass the size limit")
  func endlessText() throws {
    let result = try Self.pipe("yes", "--max-size 2M")
    #expect(result.status == 2)
    // Each "y" counts 1 byte and 16 of offsets: the 123,362nd passes 2 MiB, long before
    // 2 MiB of input is read.
    #expect(
      result.stderrText
        == "names-search: <stdin>: once loaded, it would take more than 2097152 bytes"
        + " (see --max-size)\n")
  }

  @Test("white space then zero bytes, split over many reads, is refused as zero bytes")
  func spaceThenZeros() throws {
    let result = try Self.pipe("{ printf '\\n\\n  '; sleep 0.1; cat /dev/zero; }")
    #expect(result.status == 2)
    #expect(
      result.stderrText == "names-search: <stdin>: not a property list: it starts with zero bytes\n"
    )
  }

  @Test("a list after 20 MB of white space through a pipe loads, its lines counted")
  func listAfterWhiteSpace() throws {
    let spaces = "head -c 20000000 /dev/zero | tr '\\0' ' '"
    let list =
      "printf '\\n\\n<?xml version=\"1.0\"?>\\n<plist><dict><key>A</key><array><string>Ann</string></array></dict></plist>'"
    let good = try Self.pipe("{ \(spaces); \(list); }")
    #expect(good.status == 0)
    #expect(good.stdoutText == "A\n  Ann\n")
    // The declaration is on line 3, the broken document on line 4 (counted by hand).
    let broken = "printf '\\n\\n<?xml version=\"1.0\"?>\\n<plist><dict><key>A</key></plist>'"
    let bad = try Self.pipe("{ \(spaces); \(broken); }")
    #expect(bad.status == 2)
    #expect(bad.stderrText.hasPrefix("names-search: <stdin>: not a property list: line 4: "))
  }

  @Test("only white space, endless up to the size limit, is refused by the limit")
  func endlessWhiteSpace() throws {
    let result = try Self.pipe("yes ' '", "--max-size 2M")
    #expect(result.status == 2)
    #expect(
      result.stderrText
        == "names-search: <stdin>: file is larger than 2097152 bytes (see --max-size)\n")
  }
}

extension InputLinearityTests {
  @Test("a comment of 2 MB before the root element is refused once the prolog passes 1 MiB")
  func longProlog() throws {
    let result = try Self.pipe("printf '<!--'; head -c 2000000 /dev/zero | tr '\\0' 'x'")
    #expect(result.status == 2)
    #expect(
      result.stderrText
        == "names-search: <stdin>: not a property list: the XML before the root element"
        + " (comments, processing instructions, DOCTYPE) is longer than 1048576 bytes\n")
  }
}

/// Markup that a list never needs long, held to limits so libxml2's push parser (which
/// rescans unfinished markup with every chunk) stays linear.
extension InputLinearityTests {
  static let body = "<dict><key>A</key><array><string>Ann</string></array></dict></plist>"

  @Test(
    "long markup is refused at its limit, with its line",
    arguments: [
      // 160,000 attributes on <plist> (1.8 MB): a tag over 64 KiB.
      (
        "printf '<plist'; seq -f ' a%g=\"1\"' 1 160000 | tr -d '\\n'; printf '>\(body)'",
        "line 1: a tag longer than 65536 bytes"
      ),
      (
        "printf '<plist\\n\\n'; head -c 3000000 /dev/zero | tr '\\0' ' '; printf '>\(body)'",
        "line 1: a tag longer than 65536 bytes"
      ),
      (
        "printf '<plist>\\n<!--'; head -c 3000000 /dev/zero | tr '\\0' 'x'; printf -- '-->\(body)'",
        "line 2: a comment longer than 1048576 bytes"
      ),
      (
        "printf '<plist>\\n\\n<?pi '; head -c 3000000 /dev/zero | tr '\\0' 'x'; printf '?>\(body)'",
        "line 3: a processing instruction longer than 1048576 bytes"
      ),
      (
        "printf '<plist><dict><key>A</key><array><string><![CDATA['; head -c 3000000 /dev/zero"
          + " | tr '\\0' 'x'; printf ']]></string></array></dict></plist>'",
        "line 1: a CDATA section longer than 1048576 bytes"
      ),
    ])
  func longMarkup(producer: String, message: String) throws {
    let result = try Self.pipe(producer)
    #expect(result.status == 2)
    #expect(result.stderrText == "names-search: <stdin>: not a property list: \(message)\n")
  }

  @Test("markup just under the limits loads, in a file and through a pipe")
  func markupUnderLimits() throws {
    let comment = "<!--" + String(repeating: "x", count: 1_000_000) + "-->"
    let cdata = "<![CDATA[" + String(repeating: "y", count: 1_000_000) + "]]>"
    let list =
      "<plist version=\"1.0\">\(comment)<dict><key>A</key><array><string>\(cdata)</string>"
      + "</array></dict></plist>"
    let result = try CLIRunner.run(["--no-cache", "-f", "-", "--count"], stdin: Data(list.utf8))
    #expect(result.stdoutText == "1\n")
    #expect(result.status == 0)
  }
}
