import Foundation
import TestSupport
import Testing

/// `names-search -f DB` on the products fixture (`Tests/Fixtures/records/products.sqlite`,
/// tables `vendors` and `products`): the messages that ask for a choice, with their hints,
/// and a database refused on standard input. Expected lines are written by hand.
@Suite("SQLite input")
struct SQLiteInputTests {
  static let products = TestPaths.file("Tests/Fixtures/records/products.sqlite").path

  @Test("Several tables: one line naming them, exit 2")
  func chooseTable() throws {
    let result = try CLIRunner.run(["--no-cache", "-f", Self.products, "usb"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrText
        == "names-search: \(Self.products): the database holds several tables; choose one"
        + " (tables: \"vendors\", \"products\") (choose it with --table)\n")
  }

  @Test("A database on standard input is refused: it is opened by its path")
  func standardInput() throws {
    let result = try CLIRunner.run(
      ["-f", "-", "usb"], stdin: try Data(contentsOf: URL(fileURLWithPath: Self.products)))
    #expect(result.status == 2)
    #expect(
      result.stderrText
        == "names-search: <stdin>: not a property list: an SQLite database can only be read"
        + " from a regular file\n")
  }
}
