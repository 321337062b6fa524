import Glibc

// libFuzzer target: any bytes as an index cache file, read as `IndexCache.read` reads a mapped
// one, with the checksum (XXH3-64 over the header and the body's pieces up to the records)
// verified on every core, and the records part (its own XXH3-64) for half the reads. The header's stamp and version are taken as matching. The list's path comes from the
// bytes, and its first byte is made a zero byte, so that when the reader compares a recent
// list's contents (racy timestamps) the path names no file. Whatever the bytes, reading must
// not crash or read out of bounds, and a header that `CacheHeader.decode` accepts must be
// encoded back to the same bytes.
//
// Half the inputs (the low bit of the header's creation time) get correct checksums, made
// by the cache writer's streaming hasher (`IndexPieceHasher`) fed in parts whose sizes come
// from the data; it must agree with the reader's one-shot `IndexChecksum.of`. Those inputs
// reach the structure checks behind the checksum; the others test its refusal.
@_cdecl("LLVMFuzzerTestOneInput")
public func cacheFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
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

  // The checksum covers the header and the body up to the records part, when the header's
  // counts describe this file; the records part has its own digest in the header.
  let version = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
  let decoded = try? CacheHeader.decode(bytes, version: UInt32(littleEndian: version))
  let indexEnd = decoded?.layout.indexEnd ?? size
  let header = UnsafeRawBufferPointer(rebasing: bytes[..<IndexCache.headerSize])
  let body = UnsafeRawBufferPointer(rebasing: bytes[IndexCache.headerSize..<indexEnd])
  if word(56) & 1 == 0 {
    let records = IndexChecksum.ofRecords(UnsafeRawBufferPointer(rebasing: bytes[indexEnd...]))
    copy.storeBytes(of: records.littleEndian, toByteOffset: 168, as: UInt64.self)
    // The writer's way: the body streamed in parts of 1 to 256 bytes (sizes from the body's
    // own bytes), then the pieces' digests combined with the header.
    guard var hasher = IndexPieceHasher(bodySize: body.count) else { return 0 }
    var offset = 0
    while offset < body.count {
      let part = min(body.count - offset, Int(body[offset]) + 1)
      hasher.update(UnsafeRawBufferPointer(rebasing: body[offset..<offset + part]))
      offset += part
    }
    guard let digests = hasher.finish() else { fatalError("the piece hasher lost bytes") }
    let streamed = IndexChecksum.combine(header: header, digests: digests)
    let whole = IndexChecksum.of(header: header, body: body)
    if streamed != whole {
      fatalError("streamed checksum \(streamed) differs from the one-shot \(whole)")
    }
    copy.storeBytes(
      of: whole.littleEndian, toByteOffset: IndexCache.checksumOffset, as: UInt64.self)
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
  return 0
}
