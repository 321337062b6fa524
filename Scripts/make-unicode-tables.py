#!/usr/bin/env python3
"""Make the two Unicode reference tables of the diacritic differential test.

The test (Tests/NamesSearchTests/DiacriticDifferentialTests.swift) reads only these
committed tables, never the sources below:

- Tests/Fixtures/unicode/scripts.txt: every script of Unicode 18.0 with the code point
  ranges assigned to it (Scripts.txt, as shipped in PyPI's fonttools 4.68.0, module
  fontTools.unicodedata.Scripts). The test takes from each script the first letter that
  the toolchain's Unicode knows, as a base for every combining mark and format character.
  Unicode 18 is newer than the Swift toolchain's (17.0): letters the toolchain does not
  know are skipped there, so no script of the toolchain is missed.
- Tests/Fixtures/unicode/grapheme-extend-15.0.txt: the Grapheme_Extend ranges of Unicode
  15.0 (DerivedCoreProperties.txt from Debian's unicode-data 15.0.0-1). Foundation on
  this machine ignores exactly the Grapheme_Extend scalars of its own tables, which are
  Unicode 15; the test uses this table to tell a difference of Unicode version (a scalar
  whose Grapheme_Extend changed in 16.0 or 17.0, or that is new) from a real one.

Needs (only to run this script, not for the tests):
    apt-get install unicode-data            # /usr/share/unicode/DerivedCoreProperties.txt
    pip install fonttools==4.68.0

Usage: python3 Scripts/make-unicode-tables.py [OUTPUT-FOLDER]
(default Tests/Fixtures/unicode). Running it twice gives the same bytes.
"""
import collections
import pathlib
import sys

import fontTools
from fontTools.unicodedata import Scripts

FONTTOOLS_VERSION = "4.68.0"
DERIVED_CORE_PROPERTIES = pathlib.Path("/usr/share/unicode/DerivedCoreProperties.txt")
DERIVED_VERSION = "# DerivedCoreProperties-15.0.0.txt"


def script_ranges():
    """{long script name: [(first, last), ...]} from fontTools' copy of Scripts.txt."""
    if fontTools.version != FONTTOOLS_VERSION:
        sys.exit(f"need fonttools {FONTTOOLS_VERSION}, have {fontTools.version}")
    ranges = collections.defaultdict(list)
    starts = Scripts.RANGES
    for i, start in enumerate(starts):
        end = (starts[i + 1] if i + 1 < len(starts) else 0x110000) - 1
        code = Scripts.VALUES[i]
        if code == "Zzzz":  # unassigned
            continue
        ranges[Scripts.NAMES[code]].append((start, end))
    return ranges


def grapheme_extend_ranges():
    """[(first, last), ...] of Grapheme_Extend in Debian's DerivedCoreProperties.txt."""
    lines = DERIVED_CORE_PROPERTIES.read_text(encoding="utf-8").splitlines()
    if lines[0].strip() != DERIVED_VERSION:
        sys.exit(f"{DERIVED_CORE_PROPERTIES}: expected {DERIVED_VERSION}, got {lines[0]}")
    result = []
    for line in lines:
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        field, prop = (part.strip() for part in data.split(";"))
        if prop != "Grapheme_Extend":
            continue
        first, _, last = field.partition("..")
        result.append((int(first, 16), int(last or first, 16)))
    result.sort()
    return result


def text_of_range(first, last):
    return f"{first:04X}" if first == last else f"{first:04X}..{last:04X}"


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Tests/Fixtures/unicode")
    out.mkdir(parents=True, exist_ok=True)

    scripts = script_ranges()
    lines = [
        "# Scripts of Unicode 18.0 (Scripts.txt via fonttools 4.68.0), one a line:",
        "# the script's long name, a tab, its code point ranges (hex, first..last).",
        "# Made by Scripts/make-unicode-tables.py; do not edit.",
    ]
    for name in sorted(scripts):
        ranges = " ".join(text_of_range(a, b) for a, b in scripts[name])
        lines.append(f"{name}\t{ranges}")
    (out / "scripts.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")

    extend = grapheme_extend_ranges()
    lines = [
        "# Grapheme_Extend of Unicode 15.0 (DerivedCoreProperties-15.0.0.txt, Debian",
        "# unicode-data 15.0.0-1), one range a line (hex, first..last).",
        "# Made by Scripts/make-unicode-tables.py; do not edit.",
    ]
    lines += [text_of_range(a, b) for a, b in extend]
    (out / "grapheme-extend-15.0.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(scripts)} scripts, {len(extend)} Grapheme_Extend ranges -> {out}")


if __name__ == "__main__":
    main()
