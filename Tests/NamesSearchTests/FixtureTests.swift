import Foundation
import TestSupport
import Testing

@testable import BuiltInCatalog
@testable import NamesSearch

/// The real input: `Tests/Fixtures/sortednames.plist`, the 2,000-name list of the iOS
/// "Sections" example, checked against values computed another way (FoundationXML's parser
/// and Foundation's `range(of:options:)`).
@Suite("Real lists")
struct FixtureTests {
  @Test("the fixture loads: 26 sections, 2,000 names, Addison twice")
  func fixtureShape() throws {
    let catalog = try CatalogLoader.load(contentsOfFile: TestPaths.fixture)
    #expect(catalog.titles == (65...90).map { String(UnicodeScalar(UInt8($0))) })
    #expect(catalog.nameCount == 2_000)
    #expect(catalog.sections.flatMap(\.names).filter { $0 == "Addison" }.count == 2)
    #expect(Set(catalog.sections.flatMap(\.names)).count == 1_938)
  }

  @Test("every two-letter term finds what Foundation finds")
  func everyTwoLetterTerm() throws {
    let reference = try ReferencePlist.sections(atPath: TestPaths.fixture).sorted {
      $0.title < $1.title
    }
    let catalog = try CatalogLoader.load(contentsOfFile: TestPaths.fixture)
    let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
    var terms = ["", "ann", "ANN", "jose", "Zoë", "qu"]
    for a in letters { for b in letters { terms.append(a + b) } }
    for term in terms {
      let expected = reference.compactMap { section -> Section? in
        let names = section.names.filter {
          term.isEmpty
            || $0.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        return names.isEmpty ? nil : Section(title: section.title, names: names)
      }
      #expect(Searcher().search(Query(term: term), in: catalog).sections == expected, "\(term)")
    }
  }

  @Test("the built-in list is Resources/sortednames.plist, 2,000 names in A-Z, sorted")
  func builtIn() throws {
    let reference = try ReferencePlist.sections(atPath: TestPaths.builtInSource)
    let catalog = try BuiltInCatalog.load()
    #expect(catalog.sections.map(\.title) == reference.map(\.title))
    #expect(catalog.sections.map(\.names) == reference.map(\.names))
    #expect(catalog.nameCount == 2_000)
    #expect(catalog.titles.count == 26)
    for section in catalog.sections {
      #expect(section.names == section.names.sorted())
      #expect(section.names.allSatisfy { $0.hasPrefix(section.title) })
    }
  }

  /// The keys the build tool laid out (`embed-catalog`) are the keys folding the names gives
  /// now: a stale or wrongly copied table would make the built-in list miss names.
  @Test("the built-in list's embedded keys are the names folded now, key for key")
  func builtInKeys() throws {
    let catalog = try BuiltInCatalog.load()
    let folded = SearchKeys(names: catalog.names, options: .default)
    #expect(catalog.defaultKeys.options == folded.options)
    #expect(catalog.defaultKeys.dropsPunctuation == folded.dropsPunctuation)
    #expect(Array(catalog.defaultKeys.ends) == Array(folded.ends))
    #expect(Array(catalog.defaultKeys.bytes) == Array(folded.bytes))
    #expect(catalog.defaultKeys.owners.isEmpty && catalog.defaultKeys.ends.count == 2_000)
    // By hand: "Adrianne" folds to "adrianne" (case only; ASCII).
    let index = try #require((0..<catalog.nameCount).first { catalog.names[$0] == "Adrianne" })
    let start = index == 0 ? 0 : Int(catalog.defaultKeys.ends[index - 1])
    let key = Array(catalog.defaultKeys.bytes[start..<Int(catalog.defaultKeys.ends[index])])
    #expect(key == Array("adrianne".utf8))
  }
}
