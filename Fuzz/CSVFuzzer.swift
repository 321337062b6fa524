// libFuzzer target: any bytes read as CSV (`LoadOptions.format = .csv`), through the same
// path as `-f FILE --format csv`: `FormatSniffer` (which gives CSV its leading white space
// back), then `CSVReader`, splitting with `CSVParser` and checking UTF-8 with
// `UTF8Validation`, building through `SectionsBuilder`; and a search of what loaded. The
// first byte picks the fields chosen (none; name "a"; name "a", search "b", section "c"), so
// the header, ragged-row and missing-column paths are all reached. Must never crash, hang or
// leak; errors are fine.
func csvFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  var fields = RecordFields.none
  switch data[0] % 3 {
  case 1: fields.name = RecordKeyPath("a")
  case 2:
    fields.name = RecordKeyPath("a")
    fields.search = [RecordKeyPath("b")!]
    fields.section = RecordKeyPath("c")
  default: break
  }
  let reader = FileReader(bytes: bytes, source: "fuzz", maximumSize: 1 << 22)
  let options = LoadOptions(format: .csv, fields: fields)
  if let catalog = try? CatalogLoader.load(from: reader, options: options) {
    let result = Searcher().search(Query(term: "a"), in: catalog)
    _ = result.sections
  }
  return 0
}
