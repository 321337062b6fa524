#!/usr/bin/env python3
"""Make the Damerau-Levenshtein reference table of the typo tests (issue 13).

The test (Tests/NamesSearchTests/DamerauLevenshteinTests.swift) reads only the committed
table Tests/Fixtures/typos/damerau-levenshtein.tsv, never the packages below. It computes
each pair's distance with `DamerauLevenshtein` and compares with the distance here.

Pairs: every word of the name lists Tests/Fixtures/international/*.txt (split at white
space) with a copy corrupted by one to three random edits (a substitution, an insertion,
a deletion or a swap of two neighbours, letters drawn from the word's own and from
"aeiouy"), and with another word of the same list drawn at random; then random strings
over a small alphabet, where transpositions that overlap other edits are common (the
case where the unrestricted distance and the optimal string alignment differ). Seeded:
running it twice gives the same bytes.

The distance is the unrestricted Damerau-Levenshtein distance (Lowrance and Wagner, 1975)
over Unicode code points, as PyPI's jellyfish computes it
(`jellyfish.damerau_levenshtein_distance`); rapidfuzz's
`rapidfuzz.distance.DamerauLevenshtein.distance`, an independent implementation, must
agree on every pair, and the script stops if it does not.

Columns, tab-separated: the first word, the second, the distance. Lines starting with #
are comments.

Needs (only to run this script, not for the tests):
    pip install jellyfish==1.3.0 rapidfuzz==3.14.6

Usage: python3 Scripts/make-damerau-levenshtein-reference.py [OUTPUT]
"""
import pathlib
import random
import sys
from importlib.metadata import version

import jellyfish
from rapidfuzz.distance import DamerauLevenshtein

VERSIONS = {"jellyfish": "1.3.0", "rapidfuzz": "3.14.6"}


def corrupt(word, rng):
    letters = list(word)
    alphabet = sorted(set(word)) + list("aeiouy")
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(4)
        if kind == 0 and letters:
            letters[rng.randrange(len(letters))] = rng.choice(alphabet)
        elif kind == 1:
            letters.insert(rng.randrange(len(letters) + 1), rng.choice(alphabet))
        elif kind == 2 and letters:
            del letters[rng.randrange(len(letters))]
        elif kind == 3 and len(letters) > 1:
            i = rng.randrange(len(letters) - 1)
            letters[i], letters[i + 1] = letters[i + 1], letters[i]
    return "".join(letters)


def main():
    for name, wanted in VERSIONS.items():
        if version(name) != wanted:
            sys.exit(f"need {name} {wanted}, have {version(name)}")
    root = pathlib.Path(__file__).resolve().parent.parent
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "Tests/Fixtures/typos/damerau-levenshtein.tsv"
    rng = random.Random(20261201)
    pairs = []
    for path in sorted((root / "Tests/Fixtures/international").glob("*.txt")):
        words = sorted({w for line in path.read_text(encoding="utf-8").splitlines() for w in line.split()})
        for word in words:
            pairs.append((word, corrupt(word, rng)))
            pairs.append((word, rng.choice(words)))
    for _ in range(3000):
        a = "".join(rng.choice("abcd") for _ in range(rng.randint(0, 7)))
        b = "".join(rng.choice("abcd") for _ in range(rng.randint(0, 7)))
        pairs.append((a, b))
    lines = [
        "# Unrestricted Damerau-Levenshtein distances over code points: jellyfish "
        f"{VERSIONS['jellyfish']} (rapidfuzz {VERSIONS['rapidfuzz']} agrees on every row).",
        "# Made by Scripts/make-damerau-levenshtein-reference.py; columns: a, b, distance.",
    ]
    for a, b in pairs:
        d = jellyfish.damerau_levenshtein_distance(a, b)
        if DamerauLevenshtein.distance(a, b) != d:
            sys.exit(f"jellyfish and rapidfuzz disagree on {a!r} {b!r}")
        if "\t" in a + b or "\n" in a + b:
            continue
        lines.append(f"{a}\t{b}\t{d}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines) - 2} pairs -> {out}")


if __name__ == "__main__":
    main()
