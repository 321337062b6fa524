#!/usr/bin/env python3
"""Writes Tests/Fixtures/csv/python-csv-boundaries.jsonl: CSV inputs whose commas, quotes,
CRs and LFs fall at every offset of an 8-byte word, and the rows (with the 1-based line each
begins on) that Python's own csv module reads from them. CSVParserBoundaryTests checks
CSVParser against it with the input cut at every byte, so that the plain-row path (special
bytes found 8 at a time in a chunk checked at once) and the byte-by-byte state machine are
both checked at every word and chunk boundary.

Each line is a JSON object {"input": text, "rows": [[field, ...], ...], "lines": [n, ...]}.
Fields are runs of 0-17 ASCII letters (so that what follows them lands at every offset),
sometimes with a comma, quote, CRLF, LF, "é" (2 bytes) or "😀" (4 bytes) inside, written by
csv.writer with CRLF or LF line ends, minimal or full quoting, sometimes with blank lines
between rows and without the last line break. The rows are what csv.reader(strict=True)
reads back, blank lines left out; a row's line is one more than reader.line_num before it
(a CRLF counts once, as CSVParser counts line feeds; no lone CR is written). A case is kept
only when Python reads back exactly the rows written.

Needs only Python 3's standard library. Run from the package root:
    python3 Scripts/make-csv-boundary-reference.py
"""
import csv
import io
import json
import pathlib
import random

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests/Fixtures/csv/python-csv-boundaries.jsonl"

PIECES = [",", '"', "\r\n", "\n", "é", "😀", " "]


def field(rng):
    text = "".join(rng.choice("abcdefghXYZ") for _ in range(rng.randint(0, 17)))
    while rng.random() < 0.3:
        at = rng.randrange(len(text) + 1)
        if text[at - 1 : at + 1] == "\r\n":
            continue  # a CR alone would end a line for Python, not for CSVParser
        text = text[:at] + rng.choice(PIECES) + text[at:]
    return text


def case(rng):
    columns = rng.randint(1, 4)
    rows = []
    for _ in range(rng.randint(1, 7)):
        row = [field(rng) for _ in range(columns)]
        if len(row) == 1 and row[0].strip(" \t") == "":
            row = ["x" + row[0]]
        rows.append(row)
    terminator = rng.choice(["\r\n", "\n"])
    out = io.StringIO(newline="")
    writer = csv.writer(
        out, lineterminator=terminator,
        quoting=rng.choice([csv.QUOTE_MINIMAL, csv.QUOTE_MINIMAL, csv.QUOTE_ALL]))
    for row in rows:
        writer.writerow(row)
        if rng.random() < 0.1:
            out.write(terminator)
    text = out.getvalue()
    if rng.random() < 0.3:
        text = text[: -len(terminator)]
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    read, lines = [], []
    while True:
        before = reader.line_num
        try:
            row = next(reader)
        except StopIteration:
            break
        if row:
            read.append(row)
            lines.append(before + 1)
    return text, read, lines, rows


def main():
    rng = random.Random(8)
    out = []
    while len(out) < 300:
        text, read, lines, written = case(rng)
        if read != written:
            continue
        out.append(
            json.dumps({"input": text, "rows": read, "lines": lines}, ensure_ascii=False))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{len(out)} cases")


main()
