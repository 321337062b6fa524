/// The reader for each `ListFormat`: `CatalogLoader` hands a sniffed list to the one its
/// format names.
///
/// `standard` is what the tool reads with: XML property lists streamed through libxml2
/// (`XMLPlistReader`), binary ones read directly (`BinaryPlistReader`), OpenStep text by our
/// own streaming scanner (`OpenStepPlistReader`), JSON by our own
/// parser (`JSONReader`), CSV (`CSVReader`) and plain text (`TextListReader`) split byte by
/// byte, SQLite databases through the SQLite C library (`SQLiteReader`). Tests may put
/// another reader in a format's place.
struct ListReaders {
  private var readers: [ListFormat: any ListReader.Type]

  /// The tool's readers, one for every format.
  static var standard: ListReaders {
    ListReaders(readers: [
      .xmlPropertyList: XMLPlistReader.self,
      .binaryPropertyList: BinaryPlistReader.self,
      .openStepPropertyList: OpenStepPlistReader.self,
      .sqlite: SQLiteReader.self,
      .csv: CSVReader.self,
      .text: TextListReader.self,
      .json: JSONReader.self,
    ])
  }

  /// The reader for `format`, or `nil` when none was given for it.
  subscript(format: ListFormat) -> (any ListReader.Type)? {
    get { readers[format] }
    set { readers[format] = newValue }
  }
}
