#!/usr/bin/env python3
"""Make Tests/Fixtures/readings/romanized-ru-el.tsv, the reference of the Cyrillic and Greek
romanization tests (Tests/NamesSearchTests/CyrillicRomanizationTests.swift and
GreekRomanizationTests.swift). The tests read only the committed table.

Every word of the Russian and Greek name lists (Tests/Fixtures/international/ru_RU.txt and
el_GR.txt; a word is a run of letters, lowercased with Python's str.lower, which writes a
final sigma as ς) is romanized independently of names-search by:

- unidecode: PyPI's Unidecode 1.4.0 (BGN/PCGN-like ASCII: Щукин "Shchukin", Юлия "Iuliia";
  Greek η "e", υ "u", χ "kh"), for both lists;
- icu: Foundation's String.applyingTransform("Any-Latin; Latin-ASCII") (ICU's Greek-Latin,
  ISO 843-like: φ "ph", υ "y", γγ "ng"), run by a small Swift program with the machine's
  Swift toolchain, for the Greek list only. For Cyrillic, ICU's Cyrillic-Latin is ISO 9
  (Щукин "Sukin", Чернышёв "Cernysev" once the diacritics are stripped), which is not a
  spelling names-search takes; so it is not a reference there.

Each romanization is lowercased and kept to its letters ("Pod'iachev" -> "podiachev").
Rows: locale, word, source, romanization, sorted; duplicates removed.

Needs (only to run this script, not for the tests):
    pip install Unidecode==1.4.0
    a Swift toolchain with Foundation (`swift` on PATH)

Usage: python3 Scripts/make-romanized-reference.py [OUTPUT]
(default Tests/Fixtures/readings/romanized-ru-el.tsv). Running it twice gives the same bytes.
"""
import importlib.metadata
import pathlib
import re
import subprocess
import sys
import tempfile
import unicodedata

from unidecode import unidecode

UNIDECODE_VERSION = "1.4.0"
ROOT = pathlib.Path(__file__).resolve().parent.parent
LISTS = {"ru": ROOT / "Tests/Fixtures/international/ru_RU.txt",
         "el": ROOT / "Tests/Fixtures/international/el_GR.txt"}
OUT = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else (
    ROOT / "Tests/Fixtures/readings/romanized-ru-el.tsv")

ICU_PROGRAM = r"""
import Foundation
while let line = readLine() {
  let latin = line.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false)
  print(latin ?? "")
}
"""


def words(path):
    """The distinct lowercase NFC words (runs of letters) of a name list, sorted."""
    text = unicodedata.normalize("NFC", path.read_text(encoding="utf-8"))
    return sorted({w.lower() for w in re.findall(r"[^\W\d_]+", text)})


def letters(text):
    return "".join(c for c in text.lower() if "a" <= c <= "z")


def icu(items):
    """ICU's Any-Latin; Latin-ASCII of each item, through Foundation."""
    with tempfile.TemporaryDirectory() as folder:
        program = pathlib.Path(folder) / "icu.swift"
        program.write_text(ICU_PROGRAM)
        result = subprocess.run(["swift", str(program)], input="\n".join(items) + "\n",
                                capture_output=True, text=True, check=True)
    out = result.stdout.split("\n")[:len(items)]
    if len(out) != len(items):
        sys.exit("the Swift program printed %d lines for %d words" % (len(out), len(items)))
    return out


def main():
    if importlib.metadata.version("Unidecode") != UNIDECODE_VERSION:
        sys.exit("needs Unidecode " + UNIDECODE_VERSION)
    rows = set()
    for locale, path in LISTS.items():
        items = words(path)
        for word in items:
            rows.add((locale, word, "unidecode", letters(unidecode(word))))
        if locale == "el":
            for word, latin in zip(items, icu(items)):
                rows.add((locale, word, "icu", letters(latin)))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT, "w", encoding="utf-8", newline="\n") as out:
        out.write("# locale\tword\tsource\tromanization  (made by Scripts/make-romanized-reference.py)\n")
        for row in sorted(rows):
            out.write("\t".join(row) + "\n")
    print("%d rows -> %s" % (len(rows), OUT))


if __name__ == "__main__":
    main()
