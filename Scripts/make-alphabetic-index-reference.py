#!/usr/bin/env python3
"""Writes Tests/Fixtures/locale/: what ICU's AlphabeticIndex and Collator (through PyICU, an
implementation independent of names-search's C++ target) say about the international name
fixtures, the reference LocaleSectionsTests checks `--locale` against.

For each list L in Tests/Fixtures/international (L.txt, one name a line; and the katakana
readings column of ja_JP_readings.tsv as "ja_JP_readings", filed with locale ja_JP):

- locale/L-buckets.tsv: one line per name, "title<TAB>name", in the order the list is shown
  when loaded flat with --locale L: sections in the index's bucket order, each bucket's
  label as title except ICU's underflow, inflow and overflow buckets ("…"), which
  names-search merges into one "#" section shown last; names within a section sorted by
  the locale's collation sort key (Collator.getSortKey), names with equal keys in list order.
- locale/L-titles.txt: one title a line, a fixed set of titles (every letter label of every
  locale's index used here, plus "#", "0", "…") in names-search's title order for L:
  the index's letter labels and titles starting with a letter (str.isalpha on the first
  character) by the index bucket they fall in (a label's own bucket), then the locale's
  collation, then code points; then the other titles by code points, "#" last.

Needs PyICU built against the system ICU 72 (Debian):
    apt-get install libicu-dev pkg-config python3-venv
    python3 -m venv /tmp/pyicu && /tmp/pyicu/bin/pip install PyICU
Run from the package root:
    /tmp/pyicu/bin/python Scripts/make-alphabetic-index-reference.py
Tests read only the files written; they never need PyICU.
"""
import os
import sys

import icu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "Tests", "Fixtures", "international")
TARGET = os.path.join(ROOT, "Tests", "Fixtures", "locale")
LISTS = [
    "cs_CZ", "da_DK", "de_DE", "el_GR", "en_US", "es_ES", "fr_FR", "ja_JP", "ko_KR",
    "pl_PL", "ru_RU", "sv_SE", "tr_TR", "zh_CN", "zh_TW",
]


def names_of(name):
    if name == "ja_JP_readings":
        with open(os.path.join(SOURCE, "ja_JP_readings.tsv"), encoding="utf-8") as f:
            rows = [line.rstrip("\n").split("\t") for line in f][1:]
        return "ja_JP", [row[1] for row in rows if len(row) > 1 and row[1]]
    with open(os.path.join(SOURCE, name + ".txt"), encoding="utf-8") as f:
        return name, [line.rstrip("\n") for line in f if line.rstrip("\n")]


def buckets(locale, names):
    index = icu.AlphabeticIndex(icu.Locale(locale)).buildImmutableIndex()
    collator = icu.Collator.createInstance(icu.Locale(locale))
    labels = [index.getBucket(b) for b in range(index.bucketCount)]
    members = {}
    for position, name in enumerate(names):
        label, kind = labels[index.getBucketIndex(name)]
        title = label if kind == 0 else "#"
        members.setdefault(title, []).append(position)
    order = [label for label, kind in labels if kind == 0] + ["#"]
    rows = []
    for title in order:
        for position in sorted(
            members.get(title, []), key=lambda p: (collator.getSortKey(names[p]), p)
        ):
            rows.append((title, names[position]))
    return rows, [label for label, kind in labels if kind == 0]


def title_order(locale, titles):
    collator = icu.Collator.createInstance(icu.Locale(locale))
    index = icu.AlphabeticIndex(icu.Locale(locale)).buildImmutableIndex()
    own = {}
    for b in range(index.bucketCount):
        label, kind = index.getBucket(b)
        if kind == 0:
            own[label] = b

    def key(title):
        if title in own or title[:1].isalpha():
            bucket = own.get(title, index.getBucketIndex(title))
            return (0, bucket, collator.getSortKey(title), [ord(c) for c in title])
        return (1 if title != "#" else 2, 0, b"", [ord(c) for c in title])

    return sorted(titles, key=key)


def main():
    os.makedirs(TARGET, exist_ok=True)
    all_labels = set()
    results = {}
    for name in LISTS + ["ja_JP_readings"]:
        locale, names = names_of(name)
        rows, labels = buckets(locale, names)
        all_labels.update(labels)
        results[name] = (locale, rows)
    for name, (locale, rows) in results.items():
        with open(os.path.join(TARGET, name + "-buckets.tsv"), "w", encoding="utf-8") as f:
            for title, person in rows:
                f.write(f"{title}\t{person}\n")
    titles = sorted(all_labels) + ["#", "0", "…"]
    for name in LISTS:
        with open(os.path.join(TARGET, name + "-titles.txt"), "w", encoding="utf-8") as f:
            for title in title_order(name, titles):
                f.write(title + "\n")
    print(f"wrote {len(results)} bucket files and {len(LISTS)} title files to {TARGET}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
