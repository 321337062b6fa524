#!/usr/bin/env python3
"""Make the reference tables that VisibleTextTests reads, from the Unicode Character
Database as Debian's `unicode-data` package ships it (`apt-get install unicode-data`,
version 15.0.0-1, files in /usr/share/unicode). The tests never read /usr/share.

Tests/Fixtures/unicode/escaped-alone.txt
    The scalars that VisibleText must escape when one stands alone between two ASCII
    letters, as ranges: General_Category Cc, Zl or Zp (extracted/DerivedGeneralCategory.txt),
    Bidi_Control (PropList.txt) or Default_Ignorable_Code_Point (DerivedCoreProperties.txt).
    Every other scalar must be shown as it is there.
Tests/Fixtures/unicode/emoji-sequences.txt
    Every recommended emoji (RGI_Emoji: emoji/emoji-sequences.txt and
    emoji/emoji-zwj-sequences.txt, ranges expanded) and every emoji variation sequence
    (emoji/emoji-variation-sequences.txt), one a line: the scalars in hex, then the kind.
    VisibleText must show each as it is.

Made independently of VisibleText's own data (which comes from Swift's
Unicode.Scalar.Properties, Scripts.txt, the joining types and StandardizedVariants.txt).
Python's unicodedata (Unicode 14.0 in Python 3.11) is not used: it has neither
Default_Ignorable_Code_Point nor Bidi_Control. Running it twice gives the same bytes.

Usage: python3 Scripts/make-escape-reference.py [UCD-FOLDER] [OUTPUT-FOLDER]
       (defaults /usr/share/unicode and Tests/Fixtures/unicode)
"""
import pathlib
import re
import sys

UCD = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode")
OUT = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "Tests/Fixtures/unicode")


def lines(name):
    """The fields of each data line of a UCD file, comments removed."""
    for line in (UCD / name).read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            yield [f.strip() for f in line.split(";")]


def code_points(field):
    first, _, last = field.partition("..")
    return range(int(first, 16), int(last or first, 16) + 1)


readme = (UCD / "ReadMe.txt").read_text(encoding="utf-8")
version = re.search(r"Version (\d+\.\d+\.\d+)", readme).group(1)

escaped = set()
for fields in lines("extracted/DerivedGeneralCategory.txt"):
    if fields[1] in ("Cc", "Zl", "Zp"):
        escaped.update(code_points(fields[0]))
for fields in lines("PropList.txt"):
    if fields[1] == "Bidi_Control":
        escaped.update(code_points(fields[0]))
for fields in lines("DerivedCoreProperties.txt"):
    if fields[1] == "Default_Ignorable_Code_Point":
        escaped.update(code_points(fields[0]))

ranges = []
for cp in sorted(escaped):
    if ranges and ranges[-1][1] == cp - 1:
        ranges[-1][1] = cp
    else:
        ranges.append([cp, cp])
text = [
    "# Scalars escaped when alone between two ASCII letters: Cc, Zl, Zp, Bidi_Control,",
    f"# Default_Ignorable_Code_Point (Unicode {version}). Made by",
    "# Scripts/make-escape-reference.py; one range a line, first..last in hex.",
]
text += [f"{a:04X}..{b:04X}" for a, b in ranges]
(OUT / "escaped-alone.txt").write_text("\n".join(text) + "\n", encoding="utf-8")

sequences = []
for name in ("emoji/emoji-sequences.txt", "emoji/emoji-zwj-sequences.txt"):
    for fields in lines(name):
        if ".." in fields[0]:
            sequences += [(f"{cp:04X}", fields[1]) for cp in code_points(fields[0])]
        else:
            sequences.append((fields[0], fields[1]))
for fields in lines("emoji/emoji-variation-sequences.txt"):
    sequences.append((fields[0], "Emoji_Variation_Sequence"))
text = [
    "# Every RGI emoji and emoji variation sequence (Unicode Emoji " + version + "), one a line:",
    "# scalars in hex; kind. Made by Scripts/make-escape-reference.py.",
]
text += [f"{seq}; {kind}" for seq, kind in sequences]
(OUT / "emoji-sequences.txt").write_text("\n".join(text) + "\n", encoding="utf-8")
print(f"{OUT}: {len(ranges)} escaped ranges ({len(escaped)} scalars), "
      f"{len(sequences)} emoji sequences")
