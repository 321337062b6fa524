#!/usr/bin/env python3
"""Make the record and flat-list fixtures from the international name lists.

Source: Tests/Fixtures/international/<locale>.txt (150 names each, sampled from the Faker
project's per-locale name tables, MIT licence; see Tests/Fixtures/README.md). Needs only
the Python standard library (plistlib); the same input always gives the same bytes.

Writes, in Tests/Fixtures/records/:
  flat.plist            an XML property list whose root is an array of every name, the
                        locales interleaved (first name of each locale, then the second…),
                        so the list is neither sorted nor grouped: a flat list.
  records.plist         an XML property list of sections, one per locale (its code as the
                        title, in the order below), each an array of dictionaries
                        {name, description, image} in file order, the shape of real
                        sortednames files with records.
  records-binary.plist  the same object as a binary property list.

Usage: python3 Scripts/make-record-fixtures.py
"""
import pathlib
import plistlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = ROOT / "Tests/Fixtures/international"
OUT = ROOT / "Tests/Fixtures/records"
LOCALES = ["cs_CZ", "da_DK", "de_DE", "el_GR", "en_US", "es_ES", "fr_FR", "ja_JP", "ko_KR",
           "pl_PL", "ru_RU", "sv_SE", "tr_TR", "zh_CN", "zh_TW"]


def names(locale):
    text = (SOURCE / f"{locale}.txt").read_text(encoding="utf-8")
    return [line for line in text.split("\n") if line]


def main():
    OUT.mkdir(exist_ok=True)
    lists = [names(locale) for locale in LOCALES]
    flat = [row[i] for i in range(max(map(len, lists))) for row in lists if i < len(row)]
    (OUT / "flat.plist").write_bytes(plistlib.dumps(flat, fmt=plistlib.FMT_XML))
    sections = {}
    for locale, row in zip(LOCALES, lists):
        sections[locale] = [
            {"name": name,
             "description": f"Name {i + 1} of the {locale} list",
             "image": f"images/{locale}/{i + 1:03}.png"}
            for i, name in enumerate(row)]
    # sort_keys=False keeps the sections and each record's fields in the order above.
    (OUT / "records.plist").write_bytes(
        plistlib.dumps(sections, fmt=plistlib.FMT_XML, sort_keys=False))
    (OUT / "records-binary.plist").write_bytes(
        plistlib.dumps(sections, fmt=plistlib.FMT_BINARY, sort_keys=False))


if __name__ == "__main__":
    main()
