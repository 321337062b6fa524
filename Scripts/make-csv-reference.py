#!/usr/bin/env python3
"""Writes Tests/Fixtures/csv/python-csv-reference.jsonl: CSV inputs and the rows of fields
Python's own csv module reads from them, the reference CSVParserTests checks CSVParser
against.

Each line is a JSON object {"input": text, "rows": [[field, ...], ...]}. The inputs are
seeded random rows (names from Tests/Fixtures/international mixed with commas, quotes, line
breaks, spaces and empty fields) written by csv.writer with CRLF or LF line ends, minimal or
full quoting, with or without a last line break, sometimes with blank lines between rows;
the rows are what csv.reader(strict=True) reads back, empty rows (blank lines) left out.
A case is kept only when Python reads back exactly the rows written, so it is RFC 4180
input both readers must agree on. Rows of one field holding only spaces and tabs are not
generated: CSVParser skips them as blank, by design (see CSVParser.swift).

Needs only Python 3's standard library. Run from the package root:
    python3 Scripts/make-csv-reference.py
"""
import csv
import io
import json
import pathlib
import random

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests/Fixtures/csv/python-csv-reference.jsonl"

names = []
for path in sorted((ROOT / "Tests/Fixtures/international").glob("*.txt")):
    names += path.read_text(encoding="utf-8").splitlines()[:10]

PIECES = [",", '"', '""', "\n", "\r\n", " ", "\t", "'", ";", "é", "\u00a0", "\u200b", "🇸🇪"]


def field(rng):
    kind = rng.random()
    if kind < 0.15:
        return ""
    text = rng.choice(names)
    while rng.random() < 0.5:
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(PIECES) + text[at:]
    return text


def case(rng):
    columns = rng.randint(1, 5)
    rows = []
    for _ in range(rng.randint(1, 6)):
        width = columns if rng.random() < 0.8 else rng.randint(1, 6)
        row = [field(rng) for _ in range(width)]
        if len(row) == 1 and row[0].strip(" \t") == "":
            row = [rng.choice(names)]
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
    read = [r for r in csv.reader(io.StringIO(text, newline=""), strict=True) if r]
    return text, read, rows


def main():
    rng = random.Random(4180)
    lines = []
    while len(lines) < 400:
        text, read, written = case(rng)
        if read != written:
            continue
        lines.append(json.dumps({"input": text, "rows": read}, ensure_ascii=False))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} cases")


main()
