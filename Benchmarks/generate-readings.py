#!/usr/bin/env python3
"""The lists of the "Readings (issue 12)" section of Benchmarks/run.sh: N Chinese names and N
names in mixed scripts, as text, one name a line (LF), in a seeded random order.

  OUT/names-zh-N.txt     N Chinese full names of 2-4 Han characters: a surname and a given
                         name of one or two characters.
  OUT/names-mixed-N.txt  N names in the 15 scripts and languages of the test fixtures
                         (Latin, Cyrillic, Greek, Han, kana and kanji, Hangul).

Where the characters come from (all real names, none invented here):

- Single surnames, and their weights: the surname (first character) of every name in
  Tests/Fixtures/international/zh_CN.txt (simplified) or zh_TW.txt (traditional), weighted
  by how many of that file's 150 names carry it; half the names come from each file, and a
  name takes all its characters from one. The fixtures are Faker's zh_CN and zh_TW person
  providers (MIT licence), whose surname lists are the common Chinese family names, most
  frequent first (王 李 张 刘 陈 …), so the weights follow real frequency roughly.
- Compound surnames (复姓), one name in a hundred: COMPOUND_SURNAMES below, the best known
  two-character surnames of the Hundred Family Surnames (百家姓, Song dynasty), which make the
  list's three- and four-character names.
- Given-name characters, and their weights: every character after the surname in the same
  150 fixture names, weighted by occurrences. A given name has one character or two in the
  proportion the fixtures have (a third of them one).

The mixed names: for each name a fixture is drawn (uniformly, among all 15 files
Tests/Fixtures/international/*.txt, themselves Faker's providers for cs_CZ da_DK de_DE el_GR
en_US es_ES fr_FR ja_JP ko_KR pl_PL ru_RU sv_SE tr_TR zh_CN zh_TW), then two of its names: the
first word of one (the given name; the family name in Korean, Chinese and Japanese order) and
the rest of the other. Names without spaces (Chinese, Korean) split after their first
character (the family name). So a name stays in one script and one order, as real ones do,
and 1M names come out of 150 per locale with repeats, as a real contacts list has.

Python standard library only; the same N always gives the same bytes.

Usage: python3 Benchmarks/generate-readings.py N [OUT]   (OUT defaults to Benchmarks/data)
"""
import collections
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "Fixtures" / "international"

# Compound surnames of the Hundred Family Surnames (百家姓), in simplified and in traditional
# characters (for the zh_CN and the zh_TW names).
COMPOUND_SURNAMES = {
    "zh_CN.txt": ["欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐",
                  "夏侯", "长孙", "宇文", "司徒", "端木"],
    "zh_TW.txt": ["歐陽", "司馬", "上官", "諸葛", "東方", "皇甫", "尉遲", "公孫", "慕容", "令狐",
                  "夏侯", "長孫", "宇文", "司徒", "端木"],
}


def fixture(name):
    with open(FIXTURES / name, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def chinese_names(count, rng):
    # One table per fixture, so a name keeps to simplified (zh_CN) or traditional (zh_TW)
    # characters; each fixture gives half the names.
    tables = []
    for locale in ("zh_CN.txt", "zh_TW.txt"):
        names = fixture(locale)
        surnames = collections.Counter(name[0] for name in names)
        given = collections.Counter(c for name in names for c in name[1:])
        one_character = sum(1 for name in names if len(name) == 2) / len(names)
        tables.append((*zip(*sorted(surnames.items())), *zip(*sorted(given.items())),
                       one_character, COMPOUND_SURNAMES[locale]))
    out = []
    for _ in range(count):
        (surname_list, surname_weights, given_list, given_weights, one_character,
         compound) = rng.choice(tables)
        if rng.random() < 0.01:
            surname = rng.choice(compound)
        else:
            surname = rng.choices(surname_list, surname_weights)[0]
        length = 1 if rng.random() < one_character else 2
        out.append(surname + "".join(rng.choices(given_list, given_weights, k=length)))
    return out


def mixed_names(count, rng):
    locales = sorted(path.name for path in FIXTURES.glob("*.txt"))
    assert len(locales) == 15, locales
    split = {}
    for locale in locales:
        parts = []
        for name in fixture(locale):
            words = name.split(" ")
            if len(words) > 1:
                parts.append((words[0], " " + " ".join(words[1:])))
            else:
                parts.append((name[0], name[1:]))
        split[locale] = parts
    out = []
    for _ in range(count):
        parts = split[rng.choice(locales)]
        out.append(rng.choice(parts)[0] + rng.choice(parts)[1])
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python3 Benchmarks/generate-readings.py N [OUT]")
    count = int(sys.argv[1])
    out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "Benchmarks/data")
    out.mkdir(parents=True, exist_ok=True)
    for stem, make, seed in (("zh", chinese_names, 20261201), ("mixed", mixed_names, 20261202)):
        names = make(count, random.Random(seed))
        with open(out / f"names-{stem}-{count}.txt", "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(name + "\n" for name in names))


if __name__ == "__main__":
    main()
