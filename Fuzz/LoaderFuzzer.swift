// libFuzzer target: any bytes as a sortednames list, through the same path as `-f FILE`
// (`CatalogLoader.load(from:)`): `FormatSniffer` (format from the first significant byte),
// then for XML `XMLProlog`, `XMLMarkupGuard` and libxml2's SAX2 push parser
// (`XMLPlistReader`), for binary lists `BinaryPlistReader` (no Foundation on this path), and
// a search of what loaded. Must never crash, hang or leak; errors are fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func loaderFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let reader = FileReader(bytes: bytes, source: "fuzz", maximumSize: 1 << 22)
  if let catalog = try? CatalogLoader.load(from: reader) {
    let result = Searcher().search(Query(term: "a"), in: catalog)
    _ = result.sections
  }
  return 0
}
