#!/usr/bin/env python3
"""Baseline: Python's plistlib loads the list, then CONTAINS[cd]-like filtering.

Usage: python3 Benchmarks/plistlib_baseline.py FILE TERM
Folding: NFD, combining marks removed, casefold() — close to names-search's rule.
"""
import plistlib
import sys
import unicodedata


def fold(text):
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def main():
    with open(sys.argv[1], "rb") as f:
        sections = plistlib.load(f)
    term = fold(sys.argv[2])
    out = []
    for title in sorted(sections):
        names = [n for n in sections[title] if term in fold(n)]
        if names:
            out.append(title + "\n" + "".join("  " + n + "\n" for n in names))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
