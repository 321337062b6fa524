// libFuzzer target: any bytes as a sortednames list, through the same path as `-f FILE`
// (`CatalogLoader.load(from:)`): `FormatSniffer` (the `ListFormat` from the first significant
// byte), then that format's `ListReader` (`ListReaders.standard`): for XML `XMLProlog`,
// `XMLMarkupGuard` and libxml2's SAX2 push parser (`XMLPlistReader`), for binary lists
// `BinaryPlistReader`, both building through `SectionsBuilder` (no Foundation on this path);
// and a search of what loaded. Must never crash, hang or leak; errors are fine.
func loaderFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let reader = FileReader(bytes: bytes, source: "fuzz", maximumSize: 1 << 22)
  if let catalog = try? CatalogLoader.load(from: reader) {
    let result = Searcher().search(Query(term: "a"), in: catalog)
    _ = result.sections
  }
  return 0
}
