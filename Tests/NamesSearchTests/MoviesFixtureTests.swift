import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// `Tests/Fixtures/records/movies.json` (3,075 films of ggplot2's IMDb data set, see
/// `Tests/Fixtures/README.md`) read as records named by `movieName`, against Foundation's
/// `JSONSerialization` reading the same file.
@Suite("Movies fixture")
struct MoviesFixtureTests {
  static let path = TestPaths.file("Tests/Fixtures/records/movies.json").path
  static let byName = LoadOptions(fields: RecordFields(name: RecordKeyPath("movieName")))

  /// The films as Foundation reads them, in file order.
  static func reference() throws -> [[String: String]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(JSONSerialization.jsonObject(with: data) as? [[String: String]])
  }

  @Test("every film's name is loaded, filed under its first letter")
  func names() throws {
    let films = try Self.reference()
    #expect(films.count == 3075)
    let catalog = try CatalogLoader.load(contentsOfFile: Self.path, options: Self.byName)
    let loaded = catalog.sections.flatMap(\.names)
    #expect(loaded.sorted() == films.map { $0["movieName"]! }.sorted())
    for section in catalog.sections {
      let titles = Set(section.names.map { FirstLetterSections().title(for: $0) })
      #expect(titles == [section.title])
    }
  }

  @Test("the records are kept whole, field for field, in the names' order")
  func records() throws {
    let films = try Self.reference()
    let padded = Array(try Data(contentsOf: URL(fileURLWithPath: Self.path))) + [0]
    let sections = try padded.withUnsafeBufferPointer { (buffer) throws(LoadError) in
      try JSONReader.read(buffer, source: "movies.json", fields: Self.byName.fields)
    }
    let records = try #require(sections.records)
    #expect(records.count == films.count)
    var expected: [String: [[String: String]]] = [:]
    for film in films { expected[film["movieName"]!, default: []].append(film) }
    for i in 0..<records.count {
      let record = try #require(
        JSONSerialization.jsonObject(with: Data(records[i].utf8)) as? [String: String])
      #expect(record["movieName"] == sections.names[i])
      #expect(expected[sections.names[i]]?.contains(record) == true)
    }
  }

  @Test("searching \"matrix\" finds the three Matrix films")
  func search() throws {
    let catalog = try CatalogLoader.load(contentsOfFile: Self.path, options: Self.byName)
    let result = Searcher().search(Query(term: "matrix"), in: catalog)
    #expect(
      result.sections
        == [
          Section(
            title: "M", names: ["Matrix Reloaded, The", "Matrix Revolutions, The", "Matrix, The"])
        ])
  }

  @Test("without a name field, the error lists the records' fields")
  func needsKey() {
    #expect(
      throws: LoadError(
        source: Self.path,
        reason: .recordsNeedKey(fields: ["movieName", "movieImage", "movieTime"]))
    ) {
      try CatalogLoader.load(contentsOfFile: Self.path)
    }
  }
}
