#!/usr/bin/env python3
"""Make the Latin-ASCII reference table of the `--fold all` test.

The test (Tests/NamesSearchTests/FullFoldingTests.swift) reads only the committed table
Tests/Fixtures/unicode/latin-ascii.tsv, never the sources below. It folds each letter with
`MatchOptions.Folding.all` and compares with the spelling here.

Rows: every letter (General_Category L*) of U+00C0...U+024F (Latin-1 Supplement, Latin
Extended-A and -B) that has no decomposition in Python's `unicodedata` (so NFD and the
diacritic step leave it whole: ø, æ, ł, đ, þ, ı, ŋ, ħ, ...), with its ASCII spelling by
PyPI's Unidecode (an independent transliteration table, not ICU's Latin-ASCII that the
code uses). A letter Unidecode spells with anything but ASCII letters, or not at all, is
written with an empty spelling: the test then only checks that folding keeps it a
single non-ASCII letter or spells it in ASCII letters.

Columns, tab-separated: code point (hex), the letter, its Unicode name, its spelling.
Lines starting with # are comments.

Needs (only to run this script, not for the tests):
    pip install Unidecode==1.4.0

Usage: python3 Scripts/make-latin-ascii-reference.py [OUTPUT]
(default Tests/Fixtures/unicode/latin-ascii.tsv). Running it twice gives the same bytes.
"""
import pathlib
import sys
import unicodedata

import unidecode

UNIDECODE_VERSION = "1.4.0"


def main():
    from importlib.metadata import version

    if version("unidecode") != UNIDECODE_VERSION:
        sys.exit(f"need Unidecode {UNIDECODE_VERSION}, have {version('unidecode')}")
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Tests/Fixtures/unicode/latin-ascii.tsv")
    lines = [
        "# Latin letters of U+00C0...U+024F without a decomposition, and their ASCII spelling",
        f"# by Unidecode {UNIDECODE_VERSION} (Python {sys.version_info.major}.{sys.version_info.minor}"
        f" unicodedata {unicodedata.unidata_version}).",
        "# Made by Scripts/make-latin-ascii-reference.py; columns: code point, letter, name, spelling.",
    ]
    for v in range(0x00C0, 0x0250):
        c = chr(v)
        if not unicodedata.category(c).startswith("L") or unicodedata.decomposition(c):
            continue
        spelled = unidecode.unidecode(c)
        if not spelled or not all(("a" <= s <= "z") or ("A" <= s <= "Z") for s in spelled):
            spelled = ""
        lines.append(f"{v:04X}\t{c}\t{unicodedata.name(c)}\t{spelled}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{out}: {len(lines) - 3} letters")


main()
