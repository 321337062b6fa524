import Glibc

// libFuzzer target: any bytes as an index cache file, read as `IndexCache.read` reads a mapped
// one, with the block digests (XXH3-64 of each 1 KiB of the index part) and the checksum
// over the header and the digests verified on every core, and as `IndexedQuery` reads one
// (checking only the names it reads), and the records part (its own XXH3-64) for half the reads. The header's stamp and version are taken as matching. The list's path comes from the
// bytes, and its first byte is made a zero byte, so that when the reader compares a recent
// list's contents (racy timestamps) the path names no file. Whatever the bytes, reading must
// not crash or read out of bounds, and a header that `CacheHeader.decode` accepts must be
// encoded back to the same bytes.
//
// Half the inputs (the low bit of the header's creation time) get correct digests and
// checksums (`IndexCache.seal`), and the cache writer's streaming block hasher, fed in parts
// whose sizes come from the data, must agree with the one-shot digests. Those inputs reach
// the structure checks behind the checksum; the others test its refusal.
func cacheFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= IndexCache.headerSize,
    let copy = malloc(size)
  else { return 0 }
  copy.copyMemory(from: data, byteCount: size)
  let region = StorageRegion(base: copy, byteCount: size, kind: .heap)
  let bytes = UnsafeRawBufferPointer(start: copy, count: size)
  func word(_ at: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
  let stamp = SourceStamp(
    size: word(16), modifiedSeconds: Int64(bitPattern: word(24)),
    modifiedNanoseconds: Int64(bitPattern: word(32)),
    changedSeconds: Int64(bitPattern: word(112)), changedNanoseconds: Int64(bitPattern: word(120)),
    inode: word(40), device: word(48))
  let pathLength = Int(bytes.loadUnaligned(fromByteOffset: 108, as: UInt32.self))
  if pathLength > 0 && size > IndexCache.headerSize {
    copy.storeBytes(of: 0, toByteOffset: IndexCache.headerSize, as: UInt8.self)
  }
  let path =
    pathLength <= size - IndexCache.headerSize
    ? String(
      decoding: bytes[IndexCache.headerSize..<IndexCache.headerSize + pathLength], as: UTF8.self)
    : ""

  // The block digests cover the index part (the body up to the records), the checksum
  // the header and the digests, when the header's counts describe this file; the records
  // part has its own digest in the header.
  let version = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
  let decoded = try? CacheHeader.decode(bytes, version: UInt32(littleEndian: version))
  if word(56) & 1 == 0, let layout = decoded?.layout {
    let records = IndexChecksum.ofRecords(
      UnsafeRawBufferPointer(rebasing: bytes[layout.indexEnd..<layout.recordsEnd]))
    copy.storeBytes(of: records.littleEndian, toByteOffset: 168, as: UInt64.self)
    // The writer's way: the index part streamed in parts of 1 to 256 bytes (sizes from its
    // own bytes); it must give the one-shot digests.
    let body = UnsafeRawBufferPointer(rebasing: bytes[IndexCache.headerSize..<layout.indexEnd])
    var hasher = BlockChecksums.Hasher()
    var offset = 0
    while offset < body.count {
      let part = min(body.count - offset, Int(body[offset]) + 1)
      hasher.update(UnsafeRawBufferPointer(rebasing: body[offset..<offset + part]))
      offset += part
    }
    if hasher.finish() != BlockChecksums.digests(of: [body]) {
      fatalError("streamed block digests differ from the one-shot ones")
    }
    guard IndexCache.seal(UnsafeMutableRawBufferPointer(start: copy, count: size)) else {
      fatalError("seal refused a file whose header decodes")
    }
  }

  // The header's one decode and one encode agree: a header that decode accepts is written
  // back by encode byte for byte (every one of its bytes is a named field).
  if let fields = try? CacheHeader.decode(bytes, version: UInt32(littleEndian: version)) {
    if !fields.encode().elementsEqual(bytes[..<CacheHeader.size]) {
      fatalError("CacheHeader.encode does not give back the bytes decode accepted")
    }
    if fields.layout.end != size { fatalError("decode accepted a layout that is not the file") }
  }

  var reader = CacheReader(bytes: bytes)
  // Half the reads want the records (`--json`), which checks the records part too.
  let identity = CacheIdentity(
    options: LoadOptions(keepsRecords: word(56) & 2 == 0), companionStamp: word(144))
  if let catalog = reader.catalog(
    region: region, absolutePath: path, stamp: stamp, identity: identity,
    version: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
  {
    _ = Searcher().search(Query(term: "e"), in: catalog).sections
  }
  // The reader that checks only what a query reads (`IndexedQuery`): names whose offsets
  // and blocks check are read, the others are not.
  if let (catalog, blocks, layout) = reader.lazyCatalog(
    region: region, absolutePath: PathName(path) ?? PathName("/")!, stamp: stamp,
    identity: CacheIdentity(options: LoadOptions(keepsRecords: false), companionStamp: word(144)),
    version: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
  {
    for name in 0..<min(catalog.nameCount, 64)
    where IndexedQuery.itemsHold(
      [UInt32(name)], ends: layout.nameEnds, bytes: layout.names,
      total: catalog.names.bytes.count, in: bytes, blocks: blocks)
    {
      _ = catalog.names[name]
    }
  }
  return 0
}
