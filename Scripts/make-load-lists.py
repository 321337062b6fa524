#!/usr/bin/env python3
"""Writes the lists issue 11's load target is measured on (not committed: ~37 MB):
1,000,000 names, as `1m.csv` (header `name,group`, seven groups) and `1m.txt` (one name
a line), made of random syllables (some non-ASCII) with a fixed seed, so every run writes
the same bytes.

Usage: python3 Scripts/make-load-lists.py DIR
Then, with a release build:
  .build/release/names-search --no-cache --count -f DIR/1m.csv --key name --section-key group a
  .build/release/names-search --no-cache --count -f DIR/1m.txt a
Needs only Python 3.
"""
import os
import random
import sys

SYLLABLES = ["an", "be", "ca", "do", "el", "fi", "ga", "ha", "io", "ju", "ka", "li", "mo", "na",
             "or", "pe", "qu", "ra", "si", "to", "ul", "vi", "wa", "xe", "yo", "za", "é", "ñu",
             "ø"]
GROUPS = ["Family", "Friends", "Work", "School", "Club", "Neighbours", "Other"]


def word(rng, low, high):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(low, high))).capitalize()


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "."
    rng = random.Random(11)
    with open(os.path.join(directory, "1m.csv"), "w", encoding="utf-8", newline="") as csv, \
            open(os.path.join(directory, "1m.txt"), "w", encoding="utf-8", newline="") as text:
        csv.write("name,group\n")
        for _ in range(1_000_000):
            name = word(rng, 2, 4) + " " + word(rng, 2, 5)
            csv.write(f"{name},{rng.choice(GROUPS)}\n")
            text.write(name + "\n")


if __name__ == "__main__":
    main()
