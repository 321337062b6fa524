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

  @Test("an endless stream of text is refused at its first byte")
  func endlessText() throws {
    let result = try Self.pipe("yes")
    #expect(result.status == 2)
    #expect(
      result.stderrText
        == "names-search: <stdin>: not a property list: expected an XML or a binary property list\n"
    )
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
