import Glibc

// libFuzzer target: any bytes as an index cache file. The header's stamp and version are
// taken as matching and the checksum is skipped, so the structure checks behind them are what is
// fuzzed: whatever the bytes, reading must not crash or read out of bounds.
@_cdecl("LLVMFuzzerTestOneInput")
public func cacheFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= IndexCache.headerSize,
    let copy = malloc(size)
  else { return 0 }
  copy.copyMemory(from: data, byteCount: size)
  let bytes = UnsafeRawBufferPointer(start: copy, count: size)
  func word(_ at: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
  let stamp = SourceStamp(
    size: word(16), modifiedSeconds: Int64(bitPattern: word(24)),
    modifiedNanoseconds: Int64(bitPattern: word(32)), inode: word(40), device: word(48))
  let pathLength = Int(bytes.loadUnaligned(fromByteOffset: 108, as: UInt32.self))
  let path =
    pathLength <= size - IndexCache.headerSize
    ? String(
      decoding: bytes[IndexCache.headerSize..<IndexCache.headerSize + pathLength], as: UTF8.self)
    : ""
  let region = StorageRegion(base: copy, byteCount: size, kind: .heap)
  var reader = CacheReader(bytes: bytes)
  if let catalog = reader.catalog(
    region: region, absolutePath: path, stamp: stamp,
    version: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self), verifiesChecksum: false)
  {
    _ = Searcher().search(Query(term: "e"), in: catalog).sections
  }
  return 0
}
