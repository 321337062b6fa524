#!/usr/bin/env python3
"""Deterministic benchmark data for names-search.

Makes N names from the built-in list (Resources/sortednames.plist) and syllables with
accented letters, e.g. "Annabelle Lavrènko", grouped in sections by first letter and sorted
within each section, then writes them three ways:

  OUT/names-N.xml.plist   XML property list (what names-search -f reads)
  OUT/names-N.bin.plist   binary property list
  OUT/names-N.txt         one name a line, for grep, rg and fzf

The same N always gives the same bytes (seeded PRNG, no dependence on time or locale).

Usage: python3 Benchmarks/generate.py N [OUT]   (OUT defaults to Benchmarks/data)
"""
import pathlib
import plistlib
import random
import sys

ONSETS = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "ch", "sh",
          "br", "tr", "st", "h", "j", "y", "w", ""]
VOWELS = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ä", "é", "è", "ö", "ü", "å", "ø",
          "í", "ó", "ú", "ñ", "ç", "ã", "õ"]
CODAS = ["", "", "", "n", "r", "l", "s", "k", "t", "m", "č", "š", "ž", "ł"]


def syllables(rng, count):
    return "".join(rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS)
                   for _ in range(count))


def make_sections(count):
    """The N names as {section title: names sorted}, titles the names' first letters; the
    same count always gives the same names (Benchmarks/generate-formats.py reuses them)."""
    root = pathlib.Path(__file__).resolve().parent.parent
    with open(root / "Resources/sortednames.plist", "rb") as f:
        given = [n for names in plistlib.load(f).values() for n in names]
    rng = random.Random(20261129)
    sections = {}
    for _ in range(count):
        if rng.random() < 0.6:
            first = rng.choice(given)
        else:
            first = syllables(rng, rng.randint(2, 3)).capitalize()
        name = first + " " + syllables(rng, rng.randint(1, 3)).capitalize()
        sections.setdefault(name[0].upper(), []).append(name)
    for names in sections.values():
        names.sort()
    return sections


def main():
    count = int(sys.argv[1])
    out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "Benchmarks/data")
    out.mkdir(parents=True, exist_ok=True)
    sections = make_sections(count)
    stem = out / f"names-{count}"
    with open(f"{stem}.xml.plist", "wb") as f:
        plistlib.dump(sections, f, fmt=plistlib.FMT_XML, sort_keys=True)
    with open(f"{stem}.bin.plist", "wb") as f:
        plistlib.dump(sections, f, fmt=plistlib.FMT_BINARY, sort_keys=True)
    with open(f"{stem}.txt", "w", encoding="utf-8") as f:
        for title in sorted(sections):
            f.write("".join(n + "\n" for n in sections[title]))
    print(f"{stem}.*: {count} names in {len(sections)} sections", file=sys.stderr)


if __name__ == "__main__":
    main()
