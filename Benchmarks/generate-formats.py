#!/usr/bin/env python3
"""The benchmark's N names in every format names-search reads (issue 11), for the
"Formats (issue 11)" section of Benchmarks/run.sh.

The names are exactly those of Benchmarks/generate.py N (its make_sections, the same seeded
PRNG), so every file below holds the same N names as OUT/names-N.xml.plist and a search
finds the same matches in each. Written with Python's own json, csv and sqlite3 modules
(standard library; the sqlite3 module needs nothing installed beyond Python itself):

  OUT/names-N.json          JSON sortednames: an object of title -> array of names, titles
                            sorted, names sorted within a section (the plist's shape)
  OUT/names-N.records.json  JSON array of records {"id", "name", "vendor"}, one a line
                            (names-search --key name)
  OUT/names-N.openstep.plist  OpenStep (old-style ASCII) sortednames property list: one
                            section a line, names quoted, as Xcode writes them
  OUT/names-N.csv           CSV (RFC 4180, CRLF): header "id,name,vendor", one row a record;
                            vendors with commas and quotes are quoted (--key name)
  OUT/names-N.flat.txt      plain text, one name a line, LF
  OUT/names-N.sqlite        SQLite 3: products(id INTEGER PRIMARY KEY, name TEXT, vendor TEXT),
                            one row a record, no index on name (--key name)

The records, the CSV rows, the text lines and the table's rows come in one order: the names
shuffled with a seeded PRNG, as a products table or a contacts export holds them (not
sorted), with id 1, 2, 3, … in that order and a vendor drawn from VENDORS. Flat input makes
names-search file the names into sections and sort them, which a sorted file would make
cheaper than real data; OUT/names-N.txt (generate.py) is the same names sorted.

The same N always gives the same bytes, except the SQLite file, whose header records the
library version that wrote it (its rows are always the same).

Usage: python3 Benchmarks/generate-formats.py N [OUT]   (OUT defaults to Benchmarks/data)
"""
import csv
import json
import os
import pathlib
import random
import sqlite3
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.dont_write_bytecode = True  # no __pycache__ beside the benchmark's scripts
from generate import make_sections  # noqa: E402

# Vendors of the products table; two need quoting in CSV (a comma, quotes).
VENDORS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay Industries",
           "Nordisk Möbel AB", "Smith & Sons, Ltd.", 'The "Good" Company', "Ōsaka Shōten",
           "Zürcher Uhren", "Česká Obuv"]


def main():
    count = int(sys.argv[1])
    out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "Benchmarks/data")
    out.mkdir(parents=True, exist_ok=True)
    sections = make_sections(count)
    stem = out / f"names-{count}"

    with open(f"{stem}.json", "w", encoding="utf-8") as f:
        json.dump(sections, f, ensure_ascii=False, sort_keys=True, indent=1)
        f.write("\n")

    rng = random.Random(20261130)
    names = [name for title in sorted(sections) for name in sections[title]]
    rng.shuffle(names)
    rows = [(i + 1, name, rng.choice(VENDORS)) for i, name in enumerate(names)]

    with open(f"{stem}.records.json", "w", encoding="utf-8") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps({"id": i, "name": name, "vendor": vendor}, ensure_ascii=False)
                           for i, name, vendor in rows))
        f.write("\n]\n")

    with open(f"{stem}.csv", "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\r\n")
        writer.writerow(["id", "name", "vendor"])
        writer.writerows(rows)

    # OpenStep (old-style ASCII) property list, as Xcode writes them: one section a line,
    # names quoted (they hold spaces and accented letters), `"` and `\` escaped.
    def quoted(text):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    with open(f"{stem}.openstep.plist", "w", encoding="utf-8") as f:
        f.write("// names-search benchmark list\n{\n")
        for title in sorted(sections):
            f.write(f"  {quoted(title)} = ({', '.join(quoted(n) for n in sections[title])});\n")
        f.write("}\n")

    with open(f"{stem}.flat.txt", "w", encoding="utf-8") as f:
        f.write("".join(name + "\n" for name in names))

    database = f"{stem}.sqlite"
    for leftover in (database, database + "-journal", database + "-wal"):
        if os.path.exists(leftover):
            os.remove(leftover)
    db = sqlite3.connect(database)
    db.execute("CREATE TABLE products(id INTEGER PRIMARY KEY, name TEXT, vendor TEXT)")
    db.executemany("INSERT INTO products VALUES (?, ?, ?)", rows)
    db.commit()
    db.close()

    print(f"{stem}.{{json,records.json,openstep.plist,csv,flat.txt,sqlite}}: {count} names",
          file=sys.stderr)


if __name__ == "__main__":
    main()
