#!/usr/bin/env python3
"""Make the reference table that PathNameTests reads: byte strings that mix valid UTF-8
with ill-formed bytes, and how a message must show them (VisibleText.escaped(utf8:) and
PathName.description): each byte that is not part of a well-formed UTF-8 sequence as
\\xHH (hex in upper case), the rest as it is.

The expected text comes from Python's own UTF-8 decoder (bytes.decode("utf-8",
"backslashreplace")), which follows Unicode's "U+FFFD substitution of maximal subparts"
(The Unicode Standard, section 3.9), with its \\xhh escapes put in upper case. Only
printable characters that VisibleText shows as they are (ASCII letters, digits and
punctuation other than the backslash, the space, and a few letters and symbols outside
ASCII, U+FFFD among them) appear
as valid text, so the table checks which bytes are well-formed, not the escaping of
controls (VisibleTextTests does that). Needs only the Python standard library; the
random part is seeded, so running it twice gives the same bytes.

Tests/Fixtures/paths/utf8-display.tsv: one case a line, the bytes in hex, a tab, the
display.

Usage: python3 Scripts/make-utf8-display-reference.py [OUTPUT-FILE]
       (default Tests/Fixtures/paths/utf8-display.tsv)
"""
import pathlib
import random
import re
import sys

OUT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Tests/Fixtures/paths/utf8-display.tsv")

# Valid text that VisibleText shows as it is.
WIDE = ["é", "ß", "€", "中", "𝄞", "😀", "Ω", "ж", "\ufffd"]
SHOWN = set(chr(c) for c in range(0x20, 0x7F) if chr(c) != "\\") | set(WIDE)

# Hand-picked cases in the spirit of Markus Kuhn's UTF-8 decoder stress test.
FIXED = [
    b"",
    b"n\xff.plist",
    b"d\xef\xbf\xbd/list.plist",  # U+FFFD itself is valid
    b"\xff\xfe\xfd",
    b"\x80", b"\xbf", b"\x80\x80\x80",  # lone continuation bytes
    b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\xaf", b"\xf0\x80\x80\xaf",  # overlong forms
    b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\xa0\x80\xed\xb0\x80",  # surrogates
    b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xf8\x88\x80\x80\x80",  # beyond U+10FFFF
    b"\xe2\x82A", b"\xe2A", b"\xf0\x9f\x98A", b"\xf0\x9fA",  # truncated, then ASCII
    b"a\xe2\x82", b"a\xf0\x9f\x98",  # truncated at the end
    b"\xc3", b"\xc3\xc3\xa9", b"\xe2\x82\xe2\x82\xac",  # a lead byte, then a good sequence
    b"/tmp/x\xff/names-search",
    "é€中𝄞".encode(),
]

ALPHABET = [c.encode() for c in "abcXYZ09./-_ "] + [c.encode() for c in WIDE]
BROKEN = [
    b"\x80", b"\xbf", b"\xc0", b"\xc1", b"\xc2", b"\xc3", b"\xdf", b"\xe0", b"\xe2",
    b"\xed", b"\xef", b"\xf0", b"\xf4", b"\xf5", b"\xf8", b"\xfe", b"\xff",
    b"\xe2\x82", b"\xf0\x9f", b"\xf0\x9f\x98", b"\xed\xa0", b"\xe0\x9f", b"\xf4\x90",
]


def display(data: bytes):
    text = data.decode("utf-8", "backslashreplace")
    plain = re.sub(r"\\x[0-9a-f]{2}", "", text)
    if any(ch not in SHOWN for ch in plain):
        return None
    return re.sub(r"\\x([0-9a-f]{2})", lambda m: "\\x" + m.group(1).upper(), text)


def main():
    rng = random.Random(9)
    cases = list(FIXED)
    while len(cases) < len(FIXED) + 400:
        pieces = [rng.choice(ALPHABET if rng.random() < 0.6 else BROKEN)
                  for _ in range(rng.randint(1, 10))]
        data = b"".join(pieces)
        if data not in cases and display(data) is not None:
            cases.append(data)
    lines = []
    for data in cases:
        shown = display(data)
        assert shown is not None, data
        lines.append(data.hex() + "\t" + shown)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


main()
