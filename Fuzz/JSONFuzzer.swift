// libFuzzer target: any bytes as a JSON list (`--format json`), through the same path as
// `-f FILE --format json` (`CatalogLoader.load(from:options:)`: `FormatSniffer`, then
// `JSONReader` and `JSONParser` building through `SectionsBuilder`), once as names and once
// as records (`--key n --search-key s --section-key g`), and a search of what loaded; then
// the same bytes as one JSON value (`JSONReader.value(of:source:)`), whose compact JSON
// must read back to the same value. Must never crash, hang or leak; errors are fine.
func jsonFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let records = RecordFields(
    name: RecordKeyPath("n"), search: [RecordKeyPath("s")!], section: RecordKeyPath("g"))
  for fields in [RecordFields.none, records] {
    let reader = FileReader(bytes: bytes, source: "fuzz", maximumSize: 1 << 22)
    let options = LoadOptions(format: .json, fields: fields)
    if let catalog = try? CatalogLoader.load(from: reader, options: options) {
      let result = Searcher().search(Query(term: "a"), in: catalog)
      _ = result.sections
    }
  }
  if let value = try? JSONReader.value(of: bytes, source: "fuzz") {
    var json: [UInt8] = []
    value.appendJSON(to: &json)
    guard let again = try? JSONReader.value(of: json, source: "fuzz"), again == value else {
      fatalError("the compact JSON of a value does not read back to it")
    }
  }
  return 0
}
