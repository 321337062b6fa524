import CXXHash
import Foundation
import TestSupport
import Testing

@testable import NamesSearch

/// The index cache's checksum (`IndexChecksum`, XXH3-64) and the list's content hash
/// (`FastHash`, XXH64): digests against xxHash's own tool, and systematic multi-byte damage.
@Suite("IndexChecksum")
struct IndexChecksumTests {
  /// `sample(n, k)` of `Tests/Checksum/make-vectors.py`.
  static func sample(_ count: Int, _ k: Int) -> [UInt8] {
    (0..<count).map { UInt8((($0 * 167) + k * 59 + ($0 >> 8)) % 256) }
  }

  /// The rows of `Tests/Checksum/vectors.tsv` (made by xxhsum, see make-vectors.py).
  static func vectors() throws -> [(kind: String, length: Int, digest: UInt64)] {
    let url = TestPaths.packageRoot.appendingPathComponent("Tests/Checksum/vectors.tsv")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
      let fields = line.split(separator: "\t")
      return (String(fields[0]), Int(fields[1])!, UInt64(fields[2], radix: 16)!)
    }
  }

  /// The checksum as the reader computes it, one piece after another.
  static func checksum(header: [UInt8], body: UnsafeRawBufferPointer) -> UInt64 {
    let digests = (0..<IndexChecksum.pieceCount).map { IndexChecksum.pieceDigest(body, piece: $0) }
    return header.withUnsafeBytes { IndexChecksum.combine(header: $0, digests: digests) }
  }

  @Test("XXH64, XXH3-64 and the index checksum agree with xxhsum")
  func referenceVectors() throws {
    let rows = try Self.vectors()
    #expect(rows.count == 78)
    for row in rows {
      switch row.kind {
      case "xxh64":
        let bytes = Self.sample(row.length, 1)
        #expect(bytes.withUnsafeBytes { FastHash.hash($0) } == row.digest, "\(row.length)")
        var streamed = FastHash()
        bytes.withUnsafeBytes { all in
          for start in stride(from: 0, to: all.count, by: 37) {
            streamed.combine(
              UnsafeRawBufferPointer(rebasing: all[start..<min(all.count, start + 37)]))
          }
        }
        #expect(streamed.finalize() == row.digest, "\(row.length) streamed")
      case "xxh3":
        // A body of eight copies of the input: each piece is the input, whose XXH3-64 is
        // the reference digest, in the reader's one-shot pieces and the writer's streamed ones.
        let bytes = Self.sample(row.length, 1)
        let body = Array(repeating: bytes, count: 8).flatMap { $0 }
        for piece in 0..<8 {
          #expect(
            body.withUnsafeBytes { IndexChecksum.pieceDigest($0, piece: piece) } == row.digest,
            "\(row.length) piece \(piece)")
        }
        guard var hasher = IndexPieceHasher(bodySize: body.count) else {
          Issue.record("no hasher state")
          return
        }
        body.withUnsafeBytes { hasher.update($0) }
        #expect(hasher.finish() == Array(repeating: row.digest, count: 8), "\(row.length)")
      case "index":
        let body = Self.sample(row.length, 3)
        var header = Self.sample(128, 2)
        #expect(body.withUnsafeBytes { Self.checksum(header: header, body: $0) } == row.digest)
        // The stored checksum field does not take part.
        header[IndexCache.checksumOffset] ^= 0xFF
        #expect(body.withUnsafeBytes { Self.checksum(header: header, body: $0) } == row.digest)
        #expect(
          header.withUnsafeBytes { h in
            body.withUnsafeBytes { IndexChecksum.of(header: h, body: $0) }
          }
            == row.digest)
      default:
        Issue.record("unknown row \(row.kind)")
      }
    }
  }

  @Test("a block table's checksum is XXH3-64 of the header, its field zeroed, then the table")
  func blockTableChecksum() {
    // The reference is the one-shot XXH3-64 (checked against xxhsum above) of a copy of
    // both, the field zeroed by hand; the checksum streams the table where it lies. Headers
    // and fields as the index's and the n-gram index's; totals about XXH3's own boundaries
    // (240 and 256 bytes, 1 KiB stripes) and a million-name index's table.
    for (headerSize, offset) in [
      (IndexCache.headerSize, IndexCache.checksumOffset),
      (TrigramCache.headerSize, TrigramCache.checksumOffset),
    ] {
      for total in [240, 241, 256, 257, 1024, 1032, 8192, 300_000] where total > headerSize {
        let tableSize = total - headerSize
        let header = Self.sample(headerSize, 4)
        let table = Self.sample(tableSize, 5)
        var input = header
        for k in offset..<offset + 8 { input[k] = 0 }
        input += table
        let expected = input.withUnsafeBytes { names_search_xxh3_64($0.baseAddress, $0.count) }
        let got = header.withUnsafeBytes { h in
          table.withUnsafeBytes {
            BlockChecksums.checksum(header: h, checksumOffset: offset, digests: $0)
          }
        }
        #expect(got == expected, "header \(headerSize), table \(tableSize)")
      }
    }
  }

  @Test("the writer's streamed pieces equal the reader's, however the body is cut")
  func streamedPieces() throws {
    for length in Array(0..<80) + [1_000, 4_099, 65_541] {
      let body = Self.sample(length, 5)
      let expected = (0..<8).map { piece in
        body.withUnsafeBytes { IndexChecksum.pieceDigest($0, piece: piece) }
      }
      for cut in [1, 3, 8, 13, 64, 1_000] {
        guard var hasher = IndexPieceHasher(bodySize: length) else {
          Issue.record("no hasher state")
          return
        }
        body.withUnsafeBytes { all in
          for start in stride(from: 0, to: all.count, by: cut) {
            hasher.update(
              UnsafeRawBufferPointer(rebasing: all[start..<min(all.count, start + cut)]))
          }
        }
        #expect(hasher.finish() == expected, "length \(length), cut \(cut)")
      }
      // A body of another size than announced is refused.
      guard var short = IndexPieceHasher(bodySize: length + 1) else {
        Issue.record("no hasher state")
        return
      }
      body.withUnsafeBytes { short.update($0) }
      #expect(short.finish() == nil)
      guard var long = IndexPieceHasher(bodySize: max(0, length - 1)) else {
        Issue.record("no hasher state")
        return
      }
      body.withUnsafeBytes { long.update($0) }
      #expect(long.finish() == nil || length == 0)
    }
  }

  /// Damage at byte `i` and `i + d` (and `i + 2d`) of a body, for every `i` below 256 (every
  /// byte lane of four 64-byte stripes) and every distance 1...1024, in patterns that sums
  /// cancel: +1/−1, −1/+1, +1/−2/+1, the same bit flipped twice (bits 0 and 7), and two 8-byte
  /// words swapped. Every one must change the checksum.
  @Test(
    "systematic multi-byte damage is always detected",
    arguments: ["mixed", "structured"])
  func systematicDamage(kind: String) {
    // "mixed": sample bytes; "structured": what an index holds, ascending little-endian
    // offsets and ASCII names, with zero padding.
    var body: [UInt8]
    if kind == "mixed" {
      body = Self.sample(256 + 2 * 1024 + 8, 7)
    } else {
      body = []
      var end: UInt32 = 0
      while body.count < 1_200 {
        end += 11
        withUnsafeBytes(of: end.littleEndian) { body += $0 }
      }
      while body.count < 256 + 2 * 1024 + 8 { body += Array("Avag Bellamy ".utf8) + [0, 0, 0] }
    }
    let original0 = body
    let header = Self.sample(128, 2)
    let original = body.withUnsafeBytes { Self.checksum(header: header, body: $0) }
    var missed: [String] = []
    var tried = 0
    // Each change is made in place, checked, and undone.
    func check(_ pattern: String, _ i: Int, _ d: Int, _ change: (inout [UInt8]) -> Void) {
      change(&body)
      tried += 1
      if body.withUnsafeBytes({ Self.checksum(header: header, body: $0) }) == original {
        missed.append("\(pattern) at \(i), distance \(d)")
      }
    }
    for i in 0..<256 {
      for d in 1...1_024 {
        check("+1/-1", i, d) {
          $0[i] &+= 1
          $0[i + d] &-= 1
        }
        body[i] &-= 1
        body[i + d] &+= 1
        check("-1/+1", i, d) {
          $0[i] &-= 1
          $0[i + d] &+= 1
        }
        body[i] &+= 1
        body[i + d] &-= 1
        check("+1/-2/+1", i, d) {
          $0[i] &+= 1
          $0[i + d] &-= 2
          $0[i + 2 * d] &+= 1
        }
        body[i] &-= 1
        body[i + d] &+= 2
        body[i + 2 * d] &-= 1
        for bit: UInt8 in [0x01, 0x80] {
          check("bit \(bit) twice", i, d) {
            $0[i] ^= bit
            $0[i + d] ^= bit
          }
          body[i] ^= bit
          body[i + d] ^= bit
        }
        if d >= 8 && body[i..<i + 8] != body[i + d..<i + d + 8] {
          check("words swapped", i, d) { bytes in
            for k in 0..<8 { bytes.swapAt(i + k, i + d + k) }
          }
          for k in 0..<8 { body.swapAt(i + k, i + d + k) }
        }
      }
    }
    #expect(body == original0)
    #expect(tried > 1_500_000)
    #expect(missed.isEmpty, "\(missed.count) undetected, first: \(missed.prefix(5))")
  }
}
