#!/usr/bin/env python3
"""Writes the CSV and text fixtures from the international name fixtures:

- Tests/Fixtures/contacts.csv: a contacts export as an address book writes one, written by
  Python's csv module (CRLF line ends, minimal quoting) after a UTF-8 byte-order mark, with
  columns "Full Name", "Nickname", "Email", "Group", "Notes". The hard cases are there on
  purpose: names written "Last, First" (a comma in a field), nicknames in quotes (doubled
  quotes), notes over several lines (line breaks inside quotes), empty nicknames, and one
  row with an empty "Full Name" (no name: skipped by the reader, as a NULL).
- Tests/Fixtures/names.txt: a plain list, one name a line (LF), with one blank line and one
  line of spaces between the locales' blocks (skipped by the reader).

Names are the first 6 of each Tests/Fixtures/international/<locale>.txt (Faker, MIT). Needs
only Python 3's standard library. Run from the package root:
    python3 Scripts/make-list-fixtures.py
"""
import csv
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/Fixtures"
GROUPS = ["Family", "Friends", "Work", "Neighbours"]

blocks = []
for path in sorted((FIXTURES / "international").glob("*.txt")):
    blocks.append((path.stem, path.read_text(encoding="utf-8").splitlines()[:6]))

rows = [["Full Name", "Nickname", "Email", "Group", "Notes"]]
n = 0
for locale, names in blocks:
    for name in names:
        n += 1
        parts = name.split(" ")
        full = name
        if locale.startswith(("en", "de", "fr")) and n % 3 == 0 and len(parts) == 2:
            full = f"{parts[1]}, {parts[0]}"
        nickname = ""
        if n % 4 == 1:
            nickname = parts[0]
        elif n % 4 == 2:
            nickname = f'"{parts[0][:3]}"'
        notes = ""
        if n % 5 == 0:
            notes = f"Met at the {locale} office.\nCall after 6, not before."
        elif n % 7 == 0:
            notes = 'Says "hi", always'
        rows.append([full, nickname, f"contact{n}@example.org", GROUPS[n % len(GROUPS)], notes])
rows.insert(7, ["", "NoName", "nobody@example.org", "Work", "a row without a name"])

with open(FIXTURES / "contacts.csv", "w", encoding="utf-8-sig", newline="") as f:
    csv.writer(f).writerows(rows)

lines = []
for i, (_, names) in enumerate(blocks):
    lines += names
    if i == 4:
        lines.append("")
    if i == 9:
        lines.append("   ")
(FIXTURES / "names.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
print(f"contacts.csv: {len(rows) - 1} rows; names.txt: {len(lines)} lines")
