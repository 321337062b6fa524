#!/usr/bin/env python3
"""Reference digests for the index cache's checksum, from xxHash's own command-line tool.

Writes vectors.tsv beside this script. Run it once after changing the inputs below; the
tests (Tests/NamesSearchTests/IndexChecksumTests.swift) read the committed table and never
run xxhsum themselves.

Needs: apt-get install xxhash   (xxhsum, the reference implementation, Debian package 0.8.1)

Rows (tab-separated, digests as 16 lowercase hex digits):
  xxh64   LENGTH  DIGEST     XXH64, seed 0, of sample(LENGTH, 1)
  xxh3    LENGTH  DIGEST     XXH3-64, seed 0, of sample(LENGTH, 1)
  index   LENGTH  DIGEST     IndexChecksum of a 128-byte header sample(128, 2) (its bytes
                             72..<80 zeroed) and a body sample(LENGTH, 3): the body cut
                             into 8 pieces of LENGTH // 8 bytes (the last takes the rest),
                             each piece's XXH3-64, then XXH3-64 of the header followed by
                             the 8 digests as little-endian 64-bit words

sample(n, k): byte i is (i * 167 + k * 59 + (i >> 8)) mod 256.
"""
import pathlib
import subprocess
import tempfile

LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
           239, 240, 241, 255, 256, 257, 511, 512, 1023, 1024, 1025, 4095, 4096, 100_003]
INDEX_LENGTHS = [0, 5, 8, 64, 100, 1000, 4096, 65_537]
PIECES = 8


def sample(n, k):
    return bytes((i * 167 + k * 59 + (i >> 8)) % 256 for i in range(n))


def xxhsum(algorithm, data):
    """The digest xxhsum prints for `data` (-H1 is XXH64, -H3 is XXH3-64)."""
    with tempfile.NamedTemporaryFile() as f:
        f.write(data)
        f.flush()
        out = subprocess.run(["xxhsum", algorithm, f.name], check=True, capture_output=True,
                             text=True).stdout
    # "<hex>  <file>" for XXH64, "XXH3 (<file>) = <hex>" for XXH3.
    token = out.split()[0] if algorithm == "-H1" else out.split()[-1]
    assert len(token) == 16, out
    return token


def index_checksum(header, body):
    size = len(body) // PIECES
    digests = b""
    for piece in range(PIECES):
        end = len(body) if piece == PIECES - 1 else (piece + 1) * size
        digest = int(xxhsum("-H3", body[piece * size:end]), 16)
        digests += digest.to_bytes(8, "little")
    header = header[:72] + bytes(8) + header[80:]
    return xxhsum("-H3", header + digests)


def main():
    rows = []
    for n in LENGTHS:
        rows.append(("xxh64", n, xxhsum("-H1", sample(n, 1))))
        rows.append(("xxh3", n, xxhsum("-H3", sample(n, 1))))
    for n in INDEX_LENGTHS:
        rows.append(("index", n, index_checksum(sample(128, 2), sample(n, 3))))
    out = pathlib.Path(__file__).resolve().parent / "vectors.tsv"
    out.write_text("".join(f"{kind}\t{n}\t{digest}\n" for kind, n, digest in rows))
    print(f"{out}: {len(rows)} rows")


if __name__ == "__main__":
    main()
