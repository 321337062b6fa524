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
}
